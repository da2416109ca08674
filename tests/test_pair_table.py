"""The play table's "Deal me a pair" (``PlayTable.deal_pair``): the pair deal of ``bibi.practice.pair_deal`` for the
person's seat, what to look for and, after a pass, why it scores nothing; kept and resumed, reviewed and tried
again on the same deal; in three languages; the ``bibi`` exercise in the practice view."""

from __future__ import annotations

import html
import re

import pytest

pytest.importorskip(
    "ipywidgets", reason="ipywidgets is not installed: pip install 'bibi-kit[notebooks]' (make test installs it)")

from bibi import widgets as views  # noqa: E402  (after the skip: it needs ipywidgets)
from bibi.cards import Rank  # noqa: E402
from bibi.i18n import reading  # noqa: E402
from bibi.practice import PAIR_KIND, pair_deal, pair_missed, pair_note  # noqa: E402

pytestmark = pytest.mark.widgets


def said(view) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", view.message.value.split("<style>")[0]))


def no_errors(view) -> None:
    assert view.errors.outputs == (), view.errors.outputs[0]["text"] if view.errors.outputs else ""


def to_my_turn(table) -> None:
    assert table.deal.to_act == table.seat or table.deal.is_over


@pytest.mark.parametrize("rules", ["russian", "italian"])
def test_the_pair_button_deals_the_pair_deal_for_your_seat_and_says_what_to_look_for(rules):
    table = views.PlayTable(rules, 4, bots="heuristic", seat=2, seed=7, delay=0, keep=False)
    table.pair_button.click()
    no_errors(table)
    deal, pair = pair_deal(rules, 4, 2, 7)
    assert table.deal.deck == deal.deck and table.pair == pair and table.game is None  # one deal
    with reading(2):
        assert pair_note(table.deal.rules, pair) in said(table)
    table.pair_button.click()  # again: the next seed's pair deal
    assert table.seed_box.value == 8 and table.deal.deck == pair_deal(rules, 4, 2, 8)[0].deck
    table.deal_button.click()  # New game: no pair deals any more
    assert table.pair is None and table.game is not None and "practise" not in said(table)


def test_a_pass_with_the_pair_callable_is_told_with_the_rule_and_the_engine_s_refusal():
    table = views.PlayTable("russian", 4, bots="heuristic", seat=0, seed=3, delay=0, keep=False)
    table.deal_pair()
    assert table.pair.when == "dealt" and table.deal.phase == "call" and table.deal.to_act == 0
    table.play("pass")
    no_errors(table)
    to_my_turn(table)
    with reading(0):
        missed = pair_missed(table.deal, 0, table.pair.suit)
    assert missed in said(table) and "(R23)" in missed and "right after drawing (R15" in missed
    table.play(table.deal.legal_actions()[0])
    assert "You did not say" not in said(table)  # told once, after the pass


def test_a_pass_with_a_pair_callable_is_told_in_any_deal_as_bibi_play_tells_it():
    """Not only in a pair deal: the table answers a pass with a pair callable in the words ``bibi play`` says."""
    deal, pair = pair_deal("russian", 4, 0, 3, when="dealt")
    table = views.PlayTable("russian", 4, bots="heuristic", seat=0, deal=deal, delay=0, keep=False)
    assert table.pair is None and table.deal.phase == "call" and table.deal.callable_suits(0) == (pair.suit,)
    table.play("pass")
    no_errors(table)
    to_my_turn(table)
    with reading(0):
        missed = pair_missed(table.deal, 0, pair.suit)
    assert missed in said(table) and "practise" not in said(table)
    table.play(table.deal.legal_actions()[0])
    assert "You did not say" not in said(table)


def test_a_call_ends_the_note_and_the_deal_s_end_offers_another():
    table = views.PlayTable("russian", 4, bots="heuristic", seat=0, seed=3, delay=0, keep=False)
    table.deal_pair()
    suit = table.pair.suit
    table.play(f"bibi {suit.value}")
    assert "practise" not in said(table) and "You say Bi-bi" in html.unescape(table.news.value)
    while not table.deal.is_over:
        table.play(table.deal.legal_actions()[0])
    assert "Press Deal me a pair for another deal with a pair." in said(table)


def test_the_drawn_pair_is_drawn_after_your_first_card():
    for seed in range(1, 30):
        table = views.PlayTable("russian", 4, bots="heuristic", seat=1, seed=seed, delay=0, keep=False)
        table.deal_pair()
        if table.pair.when == "drawn":
            break
    pair = table.pair
    held = next(c for c in table.deal.hand(1) if c.suit == pair.suit and c.rank in (Rank.KING, Rank.QUEEN))
    assert f"keep {held.display()}" in said(table)
    table.play(next(c for c in table.deal.legal_actions() if c != held))
    assert table.deal.phase == "call" and pair.suit in table.deal.callable_suits(1) and pair.drawn in \
        table.deal.hand(1)


def test_a_pair_deal_is_kept_and_resumed_as_the_same_deal(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    first = views.PlayTable("russian", 4, bots="heuristic", seat=0, seed=5, delay=0)
    first._repr_mimebundle_()  # on show: it keeps its game
    first.deal_pair()
    for _ in range(4):
        first.play(first.deal.view(0).legal_actions[-1])
    again = views.PlayTable("russian", 4, bots="heuristic", seat=0, seed=5, delay=0)
    assert again.resume_box.layout.display == "flex" and again.pair is None
    again.resume()
    no_errors(again)
    assert again.deal.record() == first.deal.record() and again.pair == first.pair
    move = again.deal.view(0).legal_actions[0]
    again.play(move)
    first.play(move)
    assert again.deal.record() == first.deal.record()  # the bots answer alike on the pair deal too


def test_review_and_try_again_stay_on_the_pair_deal():
    table = views.PlayTable("italian", 4, bots="heuristic", seat=0, seed=2, delay=0, keep=False, review_worlds=8)
    table.deal_pair()
    deck = table.deal.deck
    while not table.deal.is_over:
        table.play(table.deal.legal_actions()[0])
    table.coach_button.click()
    no_errors(table)
    decision = table.analysis.decisions[0]
    table.try_again(decision.position)
    assert table.deal.deck == deck and len(table.deal.actions) == decision.position
    assert table.pair is not None


@pytest.mark.parametrize(("lang", "words"), [("ru", "Сдача для тренировки «Би-би»"),
                                             ("it", "Una smazzata per esercitarti a dire «bip bip»")])
def test_the_pair_deal_speaks_the_table_s_language(lang, words):
    table = views.PlayTable("russian" if lang == "ru" else "italian", 4, seat=0, seed=4, delay=0, keep=False,
                            lang=lang)
    table.deal_pair()
    assert words in said(table)
    assert table.pair_button.description == {"ru": "Сдать мне пару", "it": "Dammi una coppia"}[lang]
    table.set_language("en")
    assert "A deal to practise" in said(table) and table.pair_button.description == "Deal me a pair"


@pytest.mark.parametrize("rules", ["russian", "italian"])
def test_the_practice_view_asks_the_bibi_kind(rules):
    view = views.Practice(rules, 4, n=3, seed=2, kinds=[PAIR_KIND])
    assert {ex.kind for ex in view.exercises} == {PAIR_KIND}
    assert "Can you call now? What does it score, and what becomes trump?" in view.question.value
    labels = [b.description for b in view.choice_row.children]
    assert labels[0] == "no" and all(label.startswith("+") for label in labels[1:])
    view.choice_row.children[labels.index(view.exercise.answer) if view.exercise.answer != "no" else 0].click()
    no_errors(view)
    assert view.right == 1 and "bibi-right" in view.feedback_html.value and "The sentences:" in \
        view.feedback_html.value


def test_a_pair_deal_the_rules_cannot_give_is_refused_and_nothing_changes():
    table = views.PlayTable("russian:hand_size=1", 4, seat=0, seed=3, delay=0, keep=False)
    deal = table.deal
    table.pair_button.click()
    assert "rules: a hand of 1 card holds no king and queen (hand_size)" in said(table)
    assert table.deal is deal and table.pair is None and not table._pairing and table.seed_box.value == 3


def test_the_app_s_table_deals_a_pair_and_its_end_is_replayed_in_the_explorer():
    app = views.PlayApp("russian", players=3, seat=0, bots="greedy", seed=6, delay=0)
    app.table.deal_pair()
    no_errors(app)
    assert app.table.pair is not None and app.table.deal.deck == pair_deal("russian", 3, 0, 6)[0].deck
    while not app.table.deal.is_over:
        app.table.play(app.table.deal.legal_actions()[0])
    assert app.explorer is not None and app.explorer.final.record() == app.table.deal.record()
    app.table.deal_pair()  # another: the next seed, in the app's seed box too
    assert app.seed_box.value == 7
