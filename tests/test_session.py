"""A person's session at a table (bibi.session): one session that ``bibi play`` and the play table both drive.

One script of a person's moves and questions is played through ``bibi play``'s table (``terminal.Terminal`` fed lines)
and through the play table (button clicks): the same positions get the same hints and the same reasons on both.
The hints in plain words are checked against positions stacked by hand.
"""

from __future__ import annotations

import html
import random
import re
import subprocess
import sys

import pytest
from helpers import new_deal

from bibi.bots import make_search_bot
from bibi.cards import Card, sort_key
from bibi.deal import Action, Deal, IllegalAction
from bibi.game import Game
from bibi.play import bots_rng
from bibi.rules import ITALIAN, RUSSIAN
from bibi.session import Session, advice
from bibi.terminal import Terminal

pytestmark = pytest.mark.fast

SEED, PLAYERS, SEAT = 4, 3, 0
HINTER = make_search_bot(12)  # a bot that draws: its hint depends on the stream it is given

# The person's script, one step a line: a move ("play" the first legal card, or "play last" the last legal
# action), or a question. Where the person has a single legal action, the terminal plays it for him, and the
# play table's driver clicks it (as a person would); after the script the first legal action to the end.
SCRIPT = ["hint", "why", "play", "hint", "hint more", "why 1", "why 2", "play last", "hint", "undo", "hint",
          "hint more", "why", "play last", "play", "why 2", "hint", "play", "undo", "undo", "hint", "why 1"]


def terminal_run(script: list[str]) -> tuple[list[tuple[str, dict, str]], list[str]]:
    """``bibi play``'s table fed the script: each question's answer with the position it was asked at, and the
    review asked once the deal is over."""
    deal = Deal.new(RUSSIAN, PLAYERS, seed=SEED)
    bots = [None if s == SEAT else "heuristic" for s in range(PLAYERS)]
    said: list[str] = []
    steps = iter(script)
    asked: list[tuple[str, dict, int]] = []

    def ask(prompt: str) -> str:
        if prompt.startswith("deal over"):  # the review once, then Enter
            if any(kind == "review" for kind, _, _ in asked):
                return ""
            asked.append(("review", table.deal.record(), len(said)))
            return "review"
        step = next(steps, "play")
        legal = table.choices()
        if step.startswith("play"):
            chosen = legal[-1] if step == "play last" else legal[0]
            return str(chosen)
        if step == "undo":
            return step
        asked.append((step, table.deal.record(), len(said)))
        return step

    table = Terminal(deal, SEAT, bots, bots_rng(SEED), ask=ask, say=said.append, hint_bot=HINTER, seed=SEED)
    assert table.run() == 0
    answers = []
    for kind, record, at in asked:
        if kind == "review":
            review = [line for line in said[at:] if re.match(r"trick \d+, seat \d \(heuristic\): ", line)]
            continue
        answer = said[at]
        if kind == "hint":
            answer = re.fullmatch(r"hint \(search_bot\(12\)\): (.*) \('hint more': .*\)", answer).group(1)
        elif kind == "hint more":
            answer = re.fullmatch(r"hint \(search_bot\(12\)\): (.*)\n  in the bot's own words: (.*)", answer,
                                  flags=re.S).group(1, 2)
        elif kind.startswith("why") and answer.startswith("seat "):
            answer = re.fullmatch(r"seat (\d) \(heuristic\) chose (.*)", answer, flags=re.S).group(1, 2)
        answers.append((kind, record, answer))
    return answers, [line.split(": ", 1)[1] for line in review]


def table_run(script: list[str]) -> tuple[list[tuple[str, dict, str]], list[str]]:
    """The play table clicked through the same script."""
    from bibi.widgets import PlayTable

    table = PlayTable(RUSSIAN, PLAYERS, bots="heuristic", seat=SEAT, seed=SEED, game=False, hint_bot=HINTER)

    def click_forced() -> None:  # the terminal plays a single legal action for the person: so does the driver
        while not table.deal.is_over and len(table.deal.legal_actions()) == 1:
            table.button_for(table.deal.legal_actions()[0]).click()

    answers = []
    for step in [*script, *["play"] * 200]:
        click_forced()
        if table.deal.is_over:
            break
        legal = table.deal.legal_actions()
        cards = sorted((a for a in legal if isinstance(a, Card)), key=sort_key)  # as the terminal lists them
        record = table.deal.record()
        if step.startswith("play"):
            ordered = [*cards, *(a for a in legal if not isinstance(a, Card))]
            table.button_for(ordered[-1] if step == "play last" else ordered[0]).click()
        elif step.startswith("hint"):
            table.hint_button.click()
            shown = html.unescape(table.hint_box.value)
            words, details = re.search(r"Hint \(search_bot\(12\)\): (.*?)<details><summary>[^<]*</summary>(.*)"
                                       r"</details>", shown, flags=re.S).group(1, 2)
            answers.append((step, record, words if step == "hint" else (words, details)))
        elif step == "undo":
            table.undo_button.click()
            while len(table.deal.legal_actions()) == 1 and table.session.can_undo:  # as the terminal: past
                table.undo_button.click()  # a decision that had a single choice
        else:  # why, or why N: the terminal's "why" is of the last bot move seen, here the seat's button
            last = table.session.why()
            if step == "why" and last is None:
                answers.append((step, record, "no bot has moved yet in this deal"))
                continue
            seat = int(step[4:]) if step != "why" else last.seat
            table.why_buttons[seat].click()
            said = html.unescape(re.sub(r"<[^>]+>", "", table.reasons.value))
            found = re.fullmatch(rf"Seat {seat} \(heuristic\), trick \d+: (.*)", said, flags=re.S)
            answers.append((step, record, (str(seat), found.group(1)) if found else said))
    while not table.deal.is_over:
        table.button_for(table.deal.legal_actions()[0]).click()
    table.review_button.click()
    review = html.unescape(table.reasons.value)
    return answers, [review]


@pytest.mark.widgets
def test_one_script_gets_the_same_hints_and_reasons_in_the_terminal_and_at_the_play_table():
    said, review = terminal_run(SCRIPT)
    shown, (picture,) = table_run(SCRIPT)
    assert [(kind, record) for kind, record, _ in said] == [(kind, record) for kind, record, _ in shown]
    assert said == shown
    hints = [answer for kind, _, answer in said if kind == "hint"]
    assert len(hints) >= 4 and all(re.match(r"(play|lead|say|pass|switch) ", hint) for hint in hints)
    whys = [answer for kind, _, answer in said if kind.startswith("why")]
    assert any("told when the deal is over" in words for _, words in whys)  # the present tense, on both
    # The same position twice (before a move and after its undo): the same hint, drawn from the same stream.
    records = [(record["actions"], answer) for kind, record, answer in said if kind == "hint"]
    again = [(a, b) for i, (a, b) in enumerate(records) for c, d in records[i + 1:] if a == c]
    assert again and all(b == d for (a, b) in again for c, d in records if a == c)
    assert review and all(line in picture for line in review)  # the past tense: each bot's own reasons


def test_the_hint_depends_on_the_seed_and_the_position_only():
    one = Session(Deal.new(RUSSIAN, 3, seed=7), 0, "heuristic", seed=7, hint_bot=HINTER)
    one.advance()
    first = one.hint()
    one.play(one.deal.legal_actions()[0])
    one.undo()
    assert one.hint() == first  # back at the position: the same hint
    other = Session(Deal.new(RUSSIAN, 3, seed=7), 0, "heuristic", random.Random(99), seed=7, hint_bot=HINTER)
    other.advance()  # the bots drew from another stream: the same first position all the same (they drew nothing)
    assert other.deal.record() == one.deal.record() and other.hint() == first
    assert other.hint_rng().random() == one.hint_rng().random()
    elsewhere = Session(Deal.new(RUSSIAN, 3, seed=7), 0, "heuristic", seed=8, hint_bot=HINTER)
    elsewhere.advance()
    assert elsewhere.hint_rng().random() != one.hint_rng().random()  # another session's seed: another stream
    before = one.rng.getstate(), one.deal.record()
    one.hint()
    assert (one.rng.getstate(), one.deal.record()) == before  # a hint plays nothing and draws nothing
    fresh = Session(Deal.new(RUSSIAN, 3, seed=7), 0, "heuristic", seed=7, hint_bot=HINTER)
    fresh.advance()
    assert fresh.hint() == first  # asked afresh, not remembered: the same hint


@pytest.mark.subprocess
def test_the_session_imports_neither_widgets_nor_pandas():
    code = "import sys, bibi.session; print('ipywidgets' in sys.modules, 'pandas' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "False"]


def test_a_session_plays_a_game_deal_after_deal_to_its_outcome():
    def first(view, rng):
        return view.legal_actions[0]

    game = Game.new(RUSSIAN, 3, seed=11)
    session = Session(game, 1, first)
    assert session.seed == 11 and session.rng is game.bots_rng()
    while True:
        session.advance()
        while not session.deal.is_over:
            session.play(session.deal.legal_actions()[0])
        if session.is_over:
            break
        with pytest.raises(ValueError, match="next_deal"):
            Session(Deal.new(RUSSIAN, 3, seed=1), 0, "greedy").next_deal()
        session.next_deal()
        assert not session.decisions and session.deal is game.deal
    assert len(game.deals) == 3 and session.outcome() == game.outcome()
    assert session.totals == game.totals
    # The person played as the bots play: the game is the play layer's game of those bots.
    assert game.record() == Game.new(RUSSIAN, 3, seed=11).play(first).record()


def test_a_session_refuses_what_the_rules_refuse_and_a_bad_seat():
    session = Session(Deal.new(RUSSIAN, 3, seed=2), 0, "heuristic", seed=2)
    session.advance()
    record = session.deal.record()
    wrong = next((c for c in session.deal.hand(0) if session.deal.why_illegal(c, 0)), None)
    if wrong is not None:
        with pytest.raises(IllegalAction):
            session.play(wrong)
    assert session.deal.record() == record
    with pytest.raises(ValueError, match="why: seat 0 has no bot"):
        session.why(0)
    with pytest.raises(ValueError, match="seat"):
        Session(Deal.new(RUSSIAN, 3, seed=2), 3, "heuristic")
    with pytest.raises(TypeError, match="played: expected a Deal or a Game, not 'ru'"):
        Session("ru", 0, "heuristic")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not over"):
        session.review()


def test_undo_goes_back_decision_by_decision_and_past_single_choices_when_asked():
    session = Session(Deal.new(ITALIAN, 3, seed=3), 1, "random", seed=3)
    session.advance()
    assert not session.can_undo and session.undo() is None
    positions = []
    while not session.deal.is_over:
        positions.append((session.deal.record(), session.rng.getstate()))
        session.play(session.deal.legal_actions()[0])
    again = session.undo()
    assert again is session.deal and (session.deal.record(), session.rng.getstate()) == positions[-1]
    session.undo()
    assert (session.deal.record(), session.rng.getstate()) == positions[-2]
    session.undo(forced=False)
    assert len(session.deal.legal_actions()) > 1 or not session.can_undo


# -- hints in plain words ---------------------------------------------------------------------------------


def test_a_hint_says_in_plain_words_what_the_card_does():
    # Seat 0 leads 2♥ (the highest heart); seat 1 must follow with 3♥ or A♥, neither of which wins.
    deal = new_deal(RUSSIAN, ["2H 5C", "3H AH 4C", "6C 7C"], players=3, dealer=2, trump="S")
    deal.apply("2H")
    view = deal.view(1)
    said = advice(view, Card("3H"))
    assert said == "play 3♥ (you must follow ♥, R13): it cannot win this trick, and it keeps your A♥"
    assert advice(view, Card("AH")).startswith("play A♥ (you must follow ♥, R13): it cannot win this trick, and it "
                                               "gives away 10 points")
    with pytest.raises(ValueError, match="action: Card\\('4C'\\) is not a legal action"):
        advice(view, Card("4C"))


def test_a_hint_tells_a_winner_its_points_and_a_sure_lead():
    deal = new_deal(RUSSIAN, ["KH 5C", "3H 8C", "AH 4H 9C"], players=3, dealer=2, trump="S")
    deal.apply("KH").apply("3H")
    view = deal.view(2)
    assert advice(view, Card("AH")) == "play A♥ (you must follow ♥, R13): it takes the trick and its 15 points"
    assert advice(view, Card("4H")).startswith("play 4♥ (you must follow ♥, R13): it lets a trick of 5 points go")
    sure = new_deal(RUSSIAN, ["2S 2S 3C", "4C 9C", "5D 6D"], players=3, dealer=2, trump="S")  # both 2♠ in hand
    said = advice(sure.view(0), Card("2S"))
    assert said.startswith("lead 2♠: no card left can beat it, so it wins the trick and keeps its 11 points")


def test_a_hint_for_a_call_says_what_it_brings_under_the_rules():
    deal = new_deal(RUSSIAN, ["", "KH QH"], players=4)
    view = deal.view(1)
    call = next(a for a in view.legal_actions if a.kind == Action.CALL)
    assert advice(view, call) == ("say Bi-bi with K♥ Q♥: 50 points at once, and ♥ becomes trump from the next "
                                  "trick (R16)")
    assert advice(view, Action.parse("pass")) == "pass: do not say Bi-bi now"


def test_the_session_hint_leads_with_the_card_and_keeps_the_bots_own_words():
    session = Session(Deal.new(RUSSIAN, 4, seed=1), 0, "heuristic", seed=1, hint_bot="heuristic")
    session.advance()
    hint = session.hint()
    assert hint.words.startswith(("lead ", "play ")) and hint.action.unicode in hint.words.split(":")[0]
    assert hint.details == hint.explanation.in_words() and hint.bot == "heuristic"
    assert "estimated points" not in hint.words and "±" not in hint.words
    searched = Session(Deal.new(RUSSIAN, 4, seed=1), 0, "heuristic", seed=1, hint_bot=HINTER)
    searched.advance()
    told = searched.hint()
    assert "estimated points" in told.details and "estimated" not in told.words  # the figures: a click away


@pytest.mark.parametrize("rules, players, seed, decisions", [("russian", 4, 9, 5), ("italian", 3, 4, 2)])
def test_deals_the_seat_cannot_tell_apart_get_the_same_hint(rules, players, seed, decisions):
    # The hint's bot sees the seat's view only, and its stream is seeded by what the seat sees: twins (deals that
    # differ only where the seat cannot look) get the same hint, so a hint gives nothing hidden away.
    from test_seat_sight import position, twins

    deal, seat = position(rules, players, seed, decisions)
    found = twins(deal, seat, random.Random(seed))
    assert found
    hints = []
    for each in (deal, *found):
        session = Session(each.copy(), seat, "heuristic", seed=seed, hint_bot=HINTER)
        hints.append((session.hint_rng().random(), session.hint()))
    assert all(hint == hints[0] for hint in hints)
