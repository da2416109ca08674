"""One word for one thing on one screen: a call action says the word of the rules in force, the word the messages
beside it say (an Italian reader of the Russian rules reads «Bi-bi ♦» on the button and «Bi-bi» in the sentences,
not «bip bip ♦»); rules with changes are named in words in headings and score sheets, never by their label; the
app's greeting names the changes in a sentence of their own, so that a value whose meaning ends in parentheses
nests in none."""

from __future__ import annotations

import html
import random
import re

import pytest

from bibi import render
from bibi.actions import CALLS, Action
from bibi.deal import Deal
from bibi.game import Game
from bibi.i18n import language
from bibi.notation import action_text, read_action
from bibi.play import play_seeded, review, why_move
from bibi.render.names import changes_told, two_titles
from bibi.render.text import deal_text
from bibi.rules import ITALIAN, RUSSIAN, call_said, parse_rules, rules_titled

pytestmark = pytest.mark.fast

QUOTES = "«»"


def at_a_call(rules: str) -> Deal:
    """A deal under ``rules`` at a decision with a call among its legal actions (random play, the first seed that
    reaches one)."""
    for seed in range(100):
        deal, rng = Deal.new(rules, 4, seed=seed), random.Random(seed)
        while not deal.is_over:
            if any(a.kind == Action.CALL for a in deal.legal_actions()):
                return deal
            deal.apply(rng.choice(deal.legal_actions()))
    raise AssertionError("no call decision in 100 seeds")


def word_of(rules, lang: str) -> str:
    """The call's word as the messages write it under ``rules`` for a reader of ``lang``, without their quotes."""
    return call_said(rules, lang).strip(QUOTES)


# -- the call's word -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "rules", "word"), [("it", RUSSIAN, "Bi-bi"), ("ru", RUSSIAN, "Би-би"),
                                                     ("it", ITALIAN, "bip bip"), ("ru", ITALIAN, "bip bip"),
                                                     ("en", ITALIAN, "bip bip"), ("en", RUSSIAN, "Bi-bi")])
def test_a_call_action_says_the_word_the_messages_say(lang, rules, word):
    """``Action.display(rules=…)`` and ``action_text(…, rules=…)`` give the word ``call_said`` gives, unquoted; with
    no rules at hand the language's own word stays (an Italian reader: «bip bip ♥»)."""
    assert word_of(rules, lang) == word
    for call in CALLS:
        shown = f"{word} {call.suit.symbol}"
        assert call.display(lang, rules) == shown
        assert action_text(call, lang, rules) == shown
        assert read_action(shown, lang) is call  # what is shown reads back as the call it is
    assert CALLS[1].display("it") == "bip bip ♥" and CALLS[1].display("ru") == "Би-би ♥"


@pytest.mark.parametrize("lang", ["it", "ru", "en"])
@pytest.mark.parametrize("rules", ["russian", "italian"])
def test_the_legal_actions_of_a_deal_say_the_rules_word(lang, rules):
    """``str(deal)``'s list of legal actions (the terminal's ``legal:``) shows a call in the rules' word."""
    deal = at_a_call(rules)
    with language(lang):
        legal = deal_text(deal).splitlines()[-1]
        word = word_of(deal.rules, None)
    call = next(a for a in deal.legal_actions() if a.kind == Action.CALL)
    assert f"{word} {call.suit.symbol}" in legal, legal


def test_an_italian_reader_of_the_russian_rules_reads_bibi_in_the_bots_reasons():
    """The reasons of a bot's call (``why_move``, ``review``) name it as the messages do: «Bi-bi ♦», not
    «bip bip ♦», for an Italian reader of the Russian rules; the notation in the record stays ``bibi D``."""
    deal = play_seeded("russian", 4, seed=1, bots="heuristic")
    calls = [i for i, a in enumerate(deal.actions) if isinstance(a, Action) and a.kind == Action.CALL]
    assert calls, "the seeded deal has a call"
    made = deal.actions[calls[0]]
    with language("it"):
        reason = why_move(deal, calls[0], "heuristic")
        reviewed = next(r.why for r in review(deal, "heuristic") if r.position == calls[0])
    for said in (reason, reviewed):
        assert said.startswith(f"Bi-bi {made.suit.symbol}"), said
        assert "bip bip" not in said, said
    assert str(made).startswith("bibi ")


# -- changed rules named in words ----------------------------------------------------------------------------


CHANGED = "russian:hand_size=5,follow=follow_or_trump"


@pytest.mark.parametrize(("lang", "titled", "preset", "changes"),
                         [("ru", "изменённые русские", "Игра (русские правила)", "Изменения — Карт на руках: 5"),
                          ("it", "russe modificate", "Partita (regole russe)", "Modifiche — Carte in mano: 5"),
                          ("en", "changed russian", "Game (russian rules)", "Changes: hand_size = 5")])
def test_a_changed_rules_game_names_its_rules_in_words(lang, titled, preset, changes):
    """A game under changed rules: its score sheet (text and HTML) names the rules as changed and says the changes
    as the rules panel does, never by the label (notation) and never as the bare preset («Игра (русские
    правила)»)."""
    game = Game.new(CHANGED, 3, seed=4)
    with language(lang):
        text = str(game)
        sheet = html.unescape(re.sub(r"<[^>]+>", " ", render.game_html(game, style=False)))
    for said in (text, sheet):
        assert titled in said, said
        assert changes in said, said
        assert "hand_size=5" not in said and "russian:" not in said
    assert preset not in sheet
    with language(lang):
        plain = html.unescape(re.sub(r"<[^>]+>", " ", render.game_html(Game.new("russian", 3, seed=4), style=False)))
    assert preset in plain and changes.split()[0] not in plain  # the preset itself, as before


@pytest.mark.parametrize(("lang", "a", "b"), [("ru", "русские", "изменённые русские"),
                                              ("it", "russe", "russe modificate"),
                                              ("en", "russian", "changed russian")])
def test_the_comparisons_headings_name_changed_rules_in_words(lang, a, b):
    """Two rules side by side (the comparison of two deals, the rules table with ``other``) head their columns
    with the rules in words: the changed side as changed, not as the bare preset nor by its label; two sides that
    would read alike are told apart."""
    changed = parse_rules("russian:follow=follow_or_trump")
    first, second = Deal.new(RUSSIAN, 4, seed=2), Deal.new(changed, 4, seed=2)
    with language(lang):
        assert two_titles(RUSSIAN, changed) == (a, b)
        heads = re.findall(r"<th[^>]*>([^<]*)</th>", render.rules_html(RUSSIAN, other=changed, style=False))
        compared = html.unescape(render.comparison_html(first, second, style=False))
        left, right = two_titles(changed, parse_rules("russian:hand_size=5"))
    assert heads[1:3] == [a, b], heads
    assert b in compared and "russian:follow" not in compared
    assert left != right and left.startswith(b) and right.startswith(b)


def test_a_preset_keeps_its_name_and_the_label_stays_where_it_is_read_back():
    """``rules_titled`` names a preset as ``rules_name`` does; the transcript's header keeps the label, which
    ``parse_rules`` reads back."""
    from bibi.notation import transcript

    assert rules_titled(RUSSIAN) == "russian" and changes_told(RUSSIAN) == ""
    deal = play_seeded("russian:hand_size=5", 3, seed=1, bots="random")
    assert "russian:hand_size=5" in transcript(deal).splitlines()[0]


# -- the app's greeting --------------------------------------------------------------------------------------


def nests(text: str) -> bool:
    """Whether ``text`` opens a parenthesis inside another."""
    depth = 0
    for ch in text:
        depth += ch == "("
        if depth > 1:
            return True
        depth -= ch == ")"
    return False


@pytest.mark.widgets
@pytest.mark.parametrize("lang", ["en", "ru", "it"])
def test_the_greeting_nests_no_parentheses(lang):
    """The app's greeting under rules whose changed value means something that ends in parentheses («… (I7)»)
    says the changes in a sentence of their own, after the game's: no parenthesis inside another, the rules named
    as changed, each change as the rules panel says it."""
    from bibi.render.names import option_set
    from bibi.widgets import PlayApp

    app = PlayApp("russian", 3, seat=0, bots="random", seed=3, delay=0, lang=lang)
    app.option_select.value = "follow"
    app.value_select.value = "follow_or_trump"
    app.start()
    said = html.unescape(re.sub(r"<[^>]+>", "", re.sub(r"<style>.*?</style>", "", app.message.value)))
    with language(lang):
        change = option_set("follow", parse_rules("russian:follow=follow_or_trump").follow)
        titled = rules_titled(app.table.deal.rules)
    assert change in said and (change.endswith(")") or lang == "en"), said  # English says it as a label does
    assert titled in said and not nests(said), said
    assert said.endswith(change + "."), said


@pytest.mark.widgets
@pytest.mark.parametrize(("lang", "rules", "word"), [("it", "russian", "Bi-bi"), ("ru", "italian", "bip bip"),
                                                     ("ru", "russian", "Би-би"), ("it", "italian", "bip bip")])
def test_the_play_tables_call_button_says_the_word_of_its_tip(lang, rules, word):
    """The play table's call button and its tooltip say one word: an Italian reader of the Russian rules reads
    «Bi-bi ♦» on the button and «Bi-bi» in its tip (it read «bip bip ♦»)."""
    from bibi.widgets.base import _other_choices

    deal = at_a_call(rules)
    with language(lang):
        choices = _other_choices(deal, deal.to_act)
    call = next(c for c in choices if c.action.kind == Action.CALL)
    assert call.label == f"{word} {call.action.suit.symbol}", call
    assert f"«{word}»" in call.tooltip, call
