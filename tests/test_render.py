"""HTML rendering: deterministic markup for known states built from stacked decks.

The golden files under tests/golden/ hold the exact markup of two states. After a deliberate change
of the markup, regenerate them and review the diff:

    BIBI_REGEN_GOLDEN=1 .venv/bin/pytest tests/test_render.py
"""

from __future__ import annotations

import os
import random
import re
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace

import pytest
from helpers import new_deal

from bibi import render
from bibi.cards import Card, cards
from bibi.deal import Deal, Trick
from bibi.rules import ITALIAN, RUSSIAN

pytestmark = pytest.mark.fast

GOLDEN = Path(__file__).parent / "golden"


def known_deal() -> Deal:
    """4 players, seat 1 dealt K♥ Q♥ (Russian rules: a dealt pair may be called), one trick played."""
    deal = new_deal(RUSSIAN, ["JS TS 5S 7D 8D 9D TD", "KH QH 2S AS 3C 4C 5C", "KS 9S 8S 3D 4D 5D 6D",
                              "QS 7S 6S 3H 4H 5H 6H"], players=4)
    for action in ["bibi H", "2S", "KS", "QS", "JS"]:
        deal.apply(action)
    return deal


def played_out(deal: Deal, seed: int = 0) -> Deal:
    rng = random.Random(seed)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def check_golden(name: str, html: str) -> None:
    path = GOLDEN / name
    if os.environ.get("BIBI_REGEN_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(html + "\n", encoding="utf-8")
    assert html + "\n" == path.read_text(encoding="utf-8"), f"{name} changed: see the module docstring"


class _Balance(HTMLParser):
    """Checks that every opened element is closed, in order (void elements aside)."""

    VOID = {"br", "meta", "img", "input", "hr"}

    def __init__(self):
        super().__init__()
        self.stack: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes <{self.stack[-1] if self.stack else None}>"
        self.stack.pop()


def assert_well_formed(html: str) -> None:
    parser = _Balance()
    parser.feed(html)
    parser.close()
    assert parser.stack == []


# -- cards and hands ---------------------------------------------------------------------------


def test_card_face_has_rank_suit_colour_and_label():
    html = render.card_html(Card("KS"), style=False)
    assert 'aria-label="king of spades"' in html and 'title="king of spades"' in html
    assert '<span class="bibi-rank">K</span><span class="bibi-suit">♠</span>' in html
    assert "bibi-red" not in html
    red = render.card_html(Card("TD"), style=False)
    assert "bibi-red" in red and ">10<" in red and "ten of diamonds" in red


def test_face_down_card_hides_the_card():
    html = render.card_html(Card("2H"), face_down=True, style=False)
    assert "bibi-back" in html and "face-down card" in html
    assert "two" not in html and "♥" not in html


def test_card_marks():
    html = render.card_html(Card("QH"), laid=True, dim=True, win=True, small=True, style=False)
    for cls in ("bibi-laid", "bibi-dim", "bibi-win", "bibi-small"):
        assert cls in html
    assert "queen of hearts (laid down)" in html


def test_style_block_once_and_prefixed_classes():
    html = render.card_html(Card("KS"))
    assert html.startswith('<div class="bibi"><style>') and html.count("<style>") == 1
    # Rules scoped to the kit's own views (``.bibi-view ...``) may style ipywidgets' parts inside them; every other
    # selector names the kit's classes only, so the sheet touches nothing else on a page.
    unscoped = re.sub(r"\.bibi-view [^{]*\{", "{", render.CSS)
    assert unscoped != render.CSS
    classes = set(re.findall(r"\.([a-z][\w-]*)", unscoped))
    assert classes and all(c == "bibi" or c.startswith("bibi-") for c in classes)


def test_repr_html_of_cards_and_deals():
    assert Card("KS")._repr_html_() == render.card_html(Card("KS"))
    deal = known_deal()
    assert deal._repr_html_() == render.table_html(deal)


def test_hand_marks_laid_cards_and_dims_illegal_ones():
    hand = cards("KH KH QH 3S")
    html = render.hand_html(hand, laid=cards("KH QH"), legal=cards("3S"), style=False)
    assert html.count("bibi-laid") == 2  # one of the two K♥ is laid down
    assert html.count("bibi-dim") == 3
    hidden = render.hand_html(hand, face_down=True, laid=cards("KH QH"), style=False)
    assert hidden.count("bibi-back") == 2
    assert hidden.index("king of hearts") < hidden.index("bibi-back")  # face-up ones first: no hint of order
    assert "no cards" in render.hand_html([], style=False)


# -- tricks ------------------------------------------------------------------------------------


def test_completed_trick_names_its_winner():
    trick = Trick(2, 1, Card("KS").suit, ((1, Card("KS")), (2, Card("2S"))), 2, 16)
    html = render.trick_html(trick, style=False)
    assert "Trick 3" in html and "trump" in html and "seat 2 wins, 16 points" in html
    assert html.count("bibi-win") == 1 and html.index("two of spades") > html.index("seat 2")


def test_partial_trick_may_say_who_is_winning():
    html = render.trick_html([(0, Card("3C"))], winner=0, done=False, style=False)
    assert "seat 0 is winning so far" in html
    assert "winning" not in render.trick_html([(0, Card("3C"))], style=False)


# -- the table ---------------------------------------------------------------------------------


def test_table_shows_seats_dealer_turn_trump_stock_calls_and_scores():
    deal = known_deal()
    html = render.table_html(deal, style=False)
    assert_well_formed(html)
    assert html.count('data-seat=') == 4
    assert '<span class="bibi-badge bibi-dealer">dealer</span>' in html
    assert "Trick 2 of 26" in html and "seat 1 to lead" in html
    assert 'title="trump: hearts"' in html  # the dealt-pair call moved the trump before the first trick
    assert "<b>72</b>" in html  # the stock: 104 − 28 dealt − 4 drawn after the first trick
    assert "Bi-bi ♥" in html and html.count("(laid down)") == 4  # K♥ Q♥: aria-label and title each
    assert "Trick 1" in html and "seat 1 wins, 23 points" in html
    assert "<b>73</b> points (23 + 50 Bi-bi) · 1 trick" in html


def test_table_for_one_seat_hides_the_other_hands_but_not_laid_down_pairs():
    deal = known_deal()
    html = render.table_html(deal, seat=2, style=False)
    assert_well_formed(html)
    assert "king of hearts (laid down)" in html  # seat 1's pair lies face up
    for seat in (0, 3):
        for c in deal.hand(seat):
            assert f'aria-label="{c.name}"' not in html.split(f'data-seat="{seat}"')[1].split('data-seat')[0]
    own = html.split('data-seat="2"')[1].split("data-seat")[0]
    assert all(c.name in own for c in deal.hand(2))
    assert 'data-seat="2" style="grid-area:3 / 2"' in html  # the viewer sits at the bottom


@pytest.mark.parametrize("players", range(2, 13))
def test_table_places_every_seat_once(players):
    columns, centre, cells = render.seat_cells(players)
    assert len(cells) == len(set(cells)) == players
    deal = Deal.new(RUSSIAN, players, seed=players)
    html = render.table_html(deal, style=False)
    assert sorted(int(s) for s in re.findall(r'data-seat="(\d+)"', html)) == list(range(players))
    assert_well_formed(html)


def test_table_at_the_end_shows_leftovers_and_last_trick():
    deal = played_out(Deal.new(RUSSIAN, 5, seed=3))
    html = render.table_html(deal, style=False)
    assert "Deal over after 20 tricks" in html
    assert "turned up, nobody wins them" in html
    assert "Trick 20" in html and "wins" in html
    assert "no cards" in html


def test_acting_seat_sees_illegal_cards_dimmed():
    deal = known_deal()
    deal.apply("3C")  # seat 1 leads a club; seat 2 drew the 4♣ after the first trick: he must follow (R13)
    html = render.table_html(deal, style=False)
    box = html.split('data-seat="2"')[1].split("data-seat")[0]
    assert box.count("bibi-dim") == 6 and "bibi-dim" not in box.split('aria-label="four of clubs"')[0][-60:]
    assert "bibi-dim" not in html.split('data-seat="3"')[1].split("data-seat")[0]  # not his turn


def test_markup_is_deterministic():
    a, b = known_deal(), known_deal()
    assert render.table_html(a) == render.table_html(b)
    assert not re.search(r"[0-9a-f]{32}", render.table_html(a))


def test_golden_table():
    check_golden("table_4p_russian.html", render.table_html(known_deal()))


def test_golden_score_sheet():
    deal = played_out(new_deal(RUSSIAN, ["", "KH QH"], players=4))
    check_golden("score_sheet_4p.html", render.score_sheet_html(deal))


# -- scores, game, rules, events ---------------------------------------------------------------


def test_score_sheet_adds_up_to_the_pack():
    deal = played_out(Deal.new(RUSSIAN, 5, seed=11))
    html = render.score_sheet_html(deal, style=False)
    leftovers = sum(RUSSIAN.card_points[c.rank] for c in deal.leftovers)
    assert f"{sum(deal.card_points)} in tricks + {leftovers} in the turned-up leftovers = 264" in html
    assert "still in hands" not in html
    early = render.score_sheet_html(Deal.new(RUSSIAN, 5, seed=11), style=False)
    assert "0 in tricks + 0 in the turned-up leftovers + 264 still in hands and stock = 264" in early


def test_score_bars():
    deal = played_out(Deal.new(RUSSIAN, 3, seed=2))
    html = render.score_bars_html(deal, style=False)
    assert html.count('class="bibi-bar"') == 3
    top = max(range(3), key=deal.scores.__getitem__)
    widths = re.findall(r"width:([\d.]+)%", html)
    assert sum(float(w) for w in widths[2 * top: 2 * top + 2]) == pytest.approx(100, abs=0.1)



def test_game_sheets_trump_column_shows_where_a_call_moved_the_trump():
    """The column holds each deal's first trump, and where a call moved it the trump the deal ended with: a sheet
    showing only the first trump read as stale after a Bi-bi."""
    from bibi.game import Game
    from bibi.render.markup import _suit

    game = Game.new(RUSSIAN, 3, seed=1).play("random")
    moved = [d.first_trump != d.trump for d in game.deals]
    assert moved == [False, False, True]
    rows = render.game_html(game, style=False).split("<tbody>")[1].split("</tr>")[:3]
    for row, d in zip(rows, game.deals, strict=True):
        if d.first_trump == d.trump:
            assert f"<td>{_suit(d.first_trump)}</td>" in row and "→" not in row
        else:
            assert f"{_suit(d.first_trump)} → {_suit(d.trump)}" in row and "after a call" in row

def test_game_sheet_takes_its_totals_and_leaders_from_the_game():
    from bibi.game import Game
    from bibi.outcome import Outcome

    game = Game.new(RUSSIAN, 3, seed=1).play("random")
    html = render.game_html(game, style=False)
    assert_well_formed(html)
    assert "Game (russian rules): 3 of 3 deals" in html
    assert f"{game.outcome().who()} wins" in html or "share the win" in html
    for t in game.totals:
        assert f">{t}</td>" in html
    # The sheet shows what the game says (Game.totals, Game.outcome), never a sum of its own.
    told = SimpleNamespace(deals=game.deals, players=3, rules=RUSSIAN, deals_total=3, totals=(7, 900, 8),
                           outcome=lambda: Outcome.of((7, 900, 8), final=True))
    html = render.game_html(told, style=False)
    assert ">900</td>" in html and "seat 1 wins" in html and f">{game.totals[1]}</td>" not in html
    first = Game.new(RUSSIAN, 3, seed=1)
    assert "Game (russian rules): 1 of 3 deals" in render.game_html(first, style=False)


def test_a_game_sheet_names_who_leads_in_plain_words():
    from bibi.game import Game
    from bibi.outcome import Outcome

    game = Game.new("russian", 4, 1, seed=3)
    assert "all 4 seats are level" in render.game_html(game, style=False)  # before any point: no list of four

    def sheet(totals, over):
        return SimpleNamespace(deals=game.deals, players=4, rules=RUSSIAN, deals_total=4, totals=totals,
                               outcome=lambda: Outcome.of(totals, over))

    assert "seat 0, seat 1 and seat 2 share the lead" in render.game_html(sheet([20, 20, 20, 5], False), style=False)
    assert "all 4 seats share the win" in render.game_html(sheet([20, 20, 20, 20], True), style=False)


def test_rules_table_marks_differences_and_cites_sentences():
    html = render.rules_html(RUSSIAN, other=ITALIAN, sentences=True, style=False)
    assert_well_formed(html)
    # multi_call differs but has no effect under the Italian holder_chooses: shown, not marked as a difference
    live = [k for k, _, _ in RUSSIAN.diff(ITALIAN) if not ITALIAN.no_effect(k)]
    assert html.count('<tr class="bibi-diff">') == len(live) == len(RUSSIAN.diff(ITALIAN)) - 1
    assert html.count('<tr class="bibi-no-effect">') == 1
    assert "italian: no effect under trump_change=holder_chooses" in html
    assert "R13; I7" in html and "Игрок должен следовать масти" in html and "<details>" in html
    plain = render.rules_html(ITALIAN, style=False)
    assert "not stated" in plain and "bibi-diff" not in plain


def test_events_list_numbers_and_kinds():
    deal = known_deal()
    html = render.events_html(deal.events, style=False)
    assert html.count("<li") == len(deal.events)
    assert '<li value="1" class="bibi-ev-deal">seat 0 deals; trump ♠</li>' in html
    newest = render.events_html(deal.events, newest_first=True, limit=2, style=False)
    n = len(deal.events)
    assert newest.count("<li") == 2 and newest.index(f'value="{n}"') < newest.index(f'value="{n - 1}"')


def test_comparison_marks_what_changed():
    a = played_out(Deal.new(RUSSIAN, 4, seed=5), seed=1)
    b = played_out(Deal.new(ITALIAN, 4, deck=a.deck, dealer=a.dealer, trump=a.first_trump), seed=1)
    html = render.comparison_html(a, b, style=False)
    assert_well_formed(html)
    assert "russian vs italian" in html and "<code>follow</code>" in html
    assert "trump moves" in html and "calls" in html and "score, seat 3" in html
    same = render.comparison_html(a, a.copy(), style=False)
    assert "the tricks are the same" in same and "bibi-diff" not in same


def test_sentences_html():
    from bibi import texts

    html = render.sentences_html(texts.cite("R16; I13"), style=False)
    assert 'lang="ru"' in html and 'lang="it"' in html and "Note:" in html


def test_page_is_a_whole_document():
    html = render.page(render.card_html(Card("AS"), style=False), title="x")
    assert html.startswith("<!DOCTYPE html>") and html.count("<style>") == 1


# -- the style sheets as package data, and the views' pieces ----------------------------------------------


ROOT = Path(__file__).resolve().parent.parent


def test_the_style_sheets_are_package_data_read_once():
    """The style blocks are the data files' rules, line by line, without the files' comments."""
    for name, css, block in [("bibi.css", render.CSS, render.style_block()),
                             ("play.css", render.PLAY_CSS, render.play_style_block())]:
        text = (ROOT / "bibi" / "data" / name).read_text(encoding="utf-8")
        assert text.startswith("/*") and "/*" not in css and "/*" not in block
        lines = [line.strip() for line in re.sub(r"/\*.*?\*/", "", text, flags=re.S).splitlines() if line.strip()]
        assert len(lines) > 5 and block == f"<style>{' '.join(lines)}</style>"
    assert render.style_block() is render.style_block()  # the same value every time: read once
    assert ".bibi-message.bibi-error{color:#b71c1c}" in render.style_block()


def test_the_views_pieces_escape_what_they_say():
    assert render.message_html("<b>") == '<div class="bibi bibi-message">&lt;b&gt;</div>'
    assert 'bibi-error">' in render.message_html("no", error=True)
    assert render.field_error_html("x < y").count("&lt;") == 1 and 'role="alert"' in render.field_error_html("x")
    assert render.caption_html("Seat 1's cards", ": click") == "<b>Seat 1&#x27;s cards</b>: click"
    assert render.caption_html(rest="plain") == "plain"
    assert render.status_html("a & b") == '<div class="bibi-status">a &amp; b</div>'


def test_a_picture_of_a_view_carries_the_style_block_once_and_no_banner_hider():
    parts = [render.table_html(known_deal()), render.message_html("said") + render.banner_hider(),
             render.wrap(render.status_html("more"))]
    html = render.view_picture_html(parts, note="A picture")
    assert html.count("<style>") == 1 and render.banner_hider() not in html
    assert html.index("A picture") < html.index('class="bibi-table"') < html.index("said") < html.index("more")
    assert "bibi-status" not in render.view_picture_html(["x"]).replace(render.style_block(), "")


def test_card_button_colours_fade_illegal_cards_and_mark_laid_ones():
    legal_red = render.card_button_colours(legal=True, red=True, laid=False)
    assert legal_red == ("#c62828", "#ffffff")
    assert render.card_button_colours(legal=False, red=True, laid=False)[0] != legal_red[0]
    assert render.card_button_colours(legal=True, red=False, laid=True) == ("#1d1d1d", "#fff3c4")


def test_option_source_marks_a_difference_with_the_other_side_value():
    same = render.option_source_html(RUSSIAN, "follow", RUSSIAN.follow)
    differs = render.option_source_html(ITALIAN, "follow", RUSSIAN.follow)
    assert "bibi-differs" not in same.replace(render.style_block(), "") and "(left:" not in same
    assert 'class="bibi-differs"' in differs and f"(left: <code>{RUSSIAN.follow.value}</code>)" in differs
    assert "<details><summary>" in differs and "I7" in differs


def test_every_name_the_kit_reads_of_render_is_there():
    """``bibi.render`` is a package split by subject; every ``render.X`` the kit, its tests, notebooks, tools and
    benchmarks use is reached from the package itself."""
    used = set()
    for folder in ("bibi", "tests", "notebooks", "tools", "bench"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".ipynb"):
                text = path.read_text(encoding="utf-8")
                used |= set(re.findall(r"\brender\.([A-Za-z_][A-Za-z_0-9]*)", text))
                for names in re.findall(r"from bibi\.render import ([A-Za-z_, ]+)", text):
                    used |= {name.strip() for name in names.split(",")}
    used -= {"py", "X"}  # "render.py" and "render.X" in prose
    submodules = {path.stem for path in (ROOT / "bibi" / "render").glob("*.py")}  # bibi.render.profile, imported
    missing = [name for name in sorted(used) if not hasattr(render, name) and name not in submodules]
    assert len(used) > 30 and not missing, missing
    assert set(render.__all__) <= set(dir(render)) and "exercise_html" in render.__all__
