"""Words a learner meets on every trick and in every review: a trick's result names its rule and sentences only
when the rule is not the everyday one (the full citation a click or a command away), and the hint and the bots'
reasons, which the review tells, word one reason one way (rules: "The trick", ``bibi.tricks.everyday_trick``)."""

from __future__ import annotations

import random
import re

import pytest
from helpers import asking, new_deal, play_cards

from bibi import render
from bibi.bots import heuristic_bot
from bibi.cards import Card
from bibi.i18n import language
from bibi.play import bots_rng, explain, play_seeded, review, snapshots
from bibi.render.text import call_hope
from bibi.rules import call_said
from bibi.sampling import unseen
from bibi.session import advice
from bibi.terminal import Terminal, command_word, read_command
from bibi.tricks import PARTNER, everyday_trick, note_of, reason_of

pytestmark = pytest.mark.fast

PRESETS = ("russian", "italian")
LANGS = ("en", "ru", "it")
# Seat 1 leads (dealer 0), then seats 2 and 0; spades are trump.
EVERYDAY = (["2D", "5H", "9H"], ("5H", "9H", "2D"))  # seat 2's 9♥, the highest card of the suit led
TRUMPED = (["3S", "5H", "9H"], ("5H", "9H", "3S"))  # seat 0's 3♠, the only trump
TWINS = (["AH", "9H", "AH"], ("9H", "AH", "AH"))  # seat 0's A♥, the second of two identical cards (R14)


def _trick(name: str, case: tuple[list[str], tuple[str, ...]], **options):
    hands, plays = case
    return play_cards(new_deal(name, hands, follow="must_follow", **options), *plays)


def _foot(html: str) -> str:
    """The text of a trick's result shown on the table, without what a click opens (the "why?" disclosure)."""
    foot = re.search(r'<div class="bibi-trick-foot">(.*?)</div>', html, re.S)
    assert foot is not None
    return re.sub(r"<details.*?</details>", "", foot.group(1), flags=re.S)


@pytest.mark.parametrize("name", PRESETS)
def test_the_everyday_rule_of_the_trick_is_told_without_its_citation_and_two_identical_cards_with_it(name):
    for case in (EVERYDAY, TRUMPED):
        deal = _trick(name, case)
        trick = deal.tricks[-1]
        assert everyday_trick(trick.plays, trick.trump.index, second_wins=True)
        assert note_of(trick, deal.rules) is None
        full = reason_of(trick, deal.rules)  # "highest card of the suit led (R4; not stated, taken from I8)"
        assert ("I8" in full) and (("R4" in full) == (name == "russian"))
        html = render.table_html(deal, 0, last_trick=True, you=True)
        foot = _foot(html)
        assert f"wins, {trick.points} points" in foot and "I8" not in foot and "R4" not in foot
        # the full citation is a click away, in a disclosure the keyboard reaches (<summary> takes the focus): at
        # the play table (``last_trick``) and in the explorer (``why``); a deal's own picture stays as it was
        disclosure = f'<details class="bibi-why"><summary>why?</summary>{full}</details>'
        assert disclosure in html and disclosure in render.table_html(deal, 0, why=True)
        assert "<details" not in render.table_html(deal, 0)
    deal = _trick(name, TWINS)
    trick = deal.tricks[-1]
    assert trick.winner == 0 and not everyday_trick(trick.plays, trick.trump.index, second_wins=True)
    cite = "R14" if name == "russian" else "not stated, taken from R14"
    assert note_of(trick, deal.rules) == reason_of(trick, deal.rules) == f"second of two identical cards wins ({cite})"
    html = render.table_html(deal, 0, last_trick=True, you=True)
    assert f"second of two identical cards wins ({cite})" in _foot(html) and "<details" not in _foot(html)


def test_first_wins_cites_no_sentence_for_what_no_text_says():
    deal = _trick("russian", TWINS, identical="first_wins")
    trick = deal.tricks[-1]
    assert trick.winner == 2  # the first A♥
    assert note_of(trick, deal.rules) == "first of two identical cards wins (not stated; R14 says the later one)"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", PRESETS)
def test_the_terminal_tells_a_trick_s_citation_only_off_the_everyday_rule_and_why_trick_tells_it_always(name, lang):
    with language(lang):
        for case, shown in ((EVERYDAY, False), (TWINS, True)):
            deal = _trick(name, case)
            said: list[str] = []
            typed = f"{command_word('why')} {command_word('trick')}"
            assert read_command(typed) == ("why", command_word("trick").casefold())
            terminal = Terminal(deal, 0, [None, heuristic_bot, heuristic_bot], bots_rng(1),
                                ask=asking([typed, "why trick 1", "why trick 9"]), say=said.append)
            full = reason_of(deal.tricks[-1], deal.rules)
            terminal.show_events()
            line = next(text for text in said if " → " in text)
            assert line.endswith(f": {full}") == shown and (full in line) == shown
            said.clear()
            assert terminal.run() == 0  # the input ends at the next prompt: the player leaves
            played = terminal.deal.tricks  # as they stood at the prompt
            last, first, ninth = terminal.why_trick(), terminal.why_trick("1"), terminal.why_trick("9")
            assert reason_of(played[-1], deal.rules) in last and full in first and str(len(played)) in ninth
            assert said.count(first) == 1 + (last == first) and said.count(last) >= 1 and said.count(ninth) == 1
            # the sentences cited are quoted under the answer, as under every answer that cites them
            quoted = said[said.index(first) + 1].strip()
            assert quoted.startswith("R14" if shown else "R4" if name == "russian" else "I8")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", PRESETS)
def test_the_hint_and_the_bot_s_reason_the_review_tells_word_a_bibi_hope_the_same(name, lang):
    """Seat 1 leads holding K♦ and no Q♦ seen: the heuristic keeps the king for a Bi-bi, and the hint for the same
    card keeps it too, in the very same words (``call_hope``), in every language."""
    deal = new_deal(name, ["3C 4C 5C 6C 7C 8C 9C", "KD 4H 5H 6H 7H 8H 3C", "3H 4D 5D 6D 7D 8D 9D"])
    while deal.phase == "call":
        deal.apply("pass")
    view = deal.view(deal.to_act)
    with language(lang):
        said = explain(heuristic_bot, view, random.Random(0))
        hint = advice(view, said.action)
        hope = call_hope(Card("KD"), Card("QD"), 2, deal.rules)
    assert said.action == Card("3C")
    assert hope in said.reason and hope in hint
    assert "2 Q♦" not in said.reason and "unseen" not in said.reason  # the old jargon
    if lang == "en":
        call = "Bi-bi" if name == "russian" else "bip bip"
        assert hope == f"K♦ hoping for a {call}, with both Q♦ still out"
        assert said.reason.endswith(f"keeps {hope}") and hint.endswith(f"it keeps your {hope}")


@pytest.mark.parametrize("lang", LANGS)
def test_a_bibi_hope_has_a_plural_form_for_one_copy_left_and_for_two(lang):
    with language(lang):
        one = call_hope(Card("KD"), Card("QD"), 1, new_deal("russian", ["", "", ""]).rules)
        two = call_hope(Card("KD"), Card("QD"), 2, new_deal("russian", ["", "", ""]).rules)
    assert one != two
    if lang == "en":
        assert one == "K♦ hoping for a Bi-bi, with one Q♦ still out"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", PRESETS)
def test_the_review_of_a_deal_and_the_hint_at_each_move_say_a_bibi_hope_only_in_the_shared_words(name, lang):
    """The review of a finished deal (``bibi.play.review``: every bot move with its reasons, the play table's
    "Review") and the hint for the same card at the same position speak of a Bi-bi hope only in ``call_hope``'s
    words; where both keep the same card for a Bi-bi, they say it alike."""
    deal = play_seeded(name, 4, seed=1, bots="heuristic")
    states = snapshots(deal)
    with language(lang):
        call = call_said(deal.rules).rstrip("!")
        alike = 0
        for line in review(deal, "heuristic"):
            played = deal.actions[line.position]
            if not isinstance(played, Card):
                continue
            view = states[line.position].view(line.seat)
            hint = advice(view, played)
            hopes = {call_hope(card, PARTNER[card], unseen(view)[PARTNER[card]], deal.rules) for card in view.hand
                     if PARTNER[card] is not None and unseen(view)[PARTNER[card]]}
            bot_rest, hint_rest = line.why, hint
            for hope in hopes:
                bot_rest, hint_rest = bot_rest.replace(hope, ""), hint_rest.replace(hope, "")
                alike += hope in line.why and hope in hint
            assert call not in bot_rest and call not in hint_rest, (line.why, hint)
    assert alike >= 10  # the heuristic and the hint keep a king or queen for a Bi-bi often in a deal
