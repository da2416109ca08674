"""Practice: every kind of exercise, under both presets, checked against the engine; feedback; bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, assume, given, settings
from test_properties import games  # the suite's (rules, players, seed) strategy: presets and mixed rules

from bibi import practice, stack
from bibi.deal import CALLS, Action, Deal, IllegalAction
from bibi.practice import KINDS, AnswerError, Exercise, PracticeError, exercise, exercise_at
from bibi.rules import ITALIAN, RUSSIAN
from bibi.terminal import quiz  # the round in the terminal, beside the command's other front end

pytestmark = pytest.mark.fast

SEEDS = range(100)


def forward(ex: Exercise, until) -> Deal:
    """The position played on along the record (the bots' own line) until ``until(deal)`` holds or it ends."""
    record = ex.record
    deal = ex.position()
    for action in record["actions"][ex.upto:]:
        if until(deal):
            break
        deal.apply(action)
    return deal


def engine_verdict(ex: Exercise) -> str:
    """The answer found by driving the engine itself, without the exercise's checker."""
    deal = ex.position()
    if ex.kind in ("winner", "points"):
        # Replay from the start of the deal, applying the recorded actions until that trick is complete.
        start = Deal.replay(ex.record, 0)
        for action in ex.record["actions"]:
            if len(start.tricks) > ex.trick:
                break
            start.apply(action)
        t = start.tricks[ex.trick]
        assert t == deal.tricks[ex.trick]
        if ex.kind == "points":
            assert t.points == deal.rules.card_points.total(t.cards)
            return str(t.points)
        card = dict(t.plays)[t.winner]
        return f"seat {t.winner} {card.unicode}"
    if ex.kind == "may_play":
        legal = ex.card in deal.legal_actions()
        try:
            deal.copy().apply(ex.card, ex.seat)
            assert legal
        except IllegalAction:
            assert not legal
        return "yes" if legal else "no"
    if ex.kind == "can_call":
        legal = deal.to_act == ex.seat and CALLS[ex.suit.index] in deal.legal_actions()
        try:
            deal.copy().apply(CALLS[ex.suit.index], ex.seat)
            assert legal
        except IllegalAction:
            assert not legal
        return "yes" if legal else "no"
    if ex.kind == "trump":
        number = len(deal.tricks)
        assert deal.phase == "play" and not deal.trick  # the trick is about to be led
        # Play that trick along the record: unless its leader switched, it is played with the answer as trump.
        after = forward(ex, lambda d: len(d.tricks) > number)
        first = ex.record["actions"][ex.upto] if ex.upto < len(ex.record["actions"]) else None
        if first is None or Action.parse(first).kind != Action.SWITCH:
            assert after.tricks[number].trump == deal.trump
        return deal.trump.symbol
    assert ex.kind == "tricks_left"
    end = forward(ex, lambda d: False)
    assert end.is_over
    assert len(end.tricks) - len(deal.tricks) == deal.tricks_total - len(deal.tricks)
    return str(len(end.tricks) - len(deal.tricks))


@pytest.mark.slow
@pytest.mark.parametrize("rules", [RUSSIAN, ITALIAN], ids=["russian", "italian"])
@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_under_both_presets_agrees_with_the_engine(kind, rules):
    answers = set()
    for seed in SEEDS:
        ex = exercise(kind, rules, 4, seed)
        assert ex.kind == kind and ex.rules == rules
        truth = engine_verdict(ex)
        assert ex.answer == truth, (seed, ex.question)
        right = ex.check(truth)
        assert right.right and right.answer == truth and right.sentences, (seed, right)
        if ex.choices:
            assert truth in ex.choices
            wrong = next(c for c in ex.choices if c != truth)
        else:
            wrong = str(int(truth) + 1)
        bad = ex.check(wrong)
        assert not bad.right and bad.given == wrong and bad.answer == truth
        assert bad.sentences == right.sentences and bad.reason == right.reason
        assert f"the answer is {truth}" in str(bad) and str(right).startswith("Right")
        answers.add(truth)
    if kind in ("may_play", "can_call"):
        assert answers == {"yes", "no"}  # the seeds ask both ways
    else:
        assert len(answers) > 1


def test_an_exercise_is_a_value_deterministic_by_seed():
    one, two = exercise("winner", "it", 5, 11), exercise("winner", "it", 5, 11)
    assert one == two and hash(one) == hash(two)
    assert exercise("winner", "it", 5, 12) != one
    assert Deal.replay(json.loads(one.record_json), one.upto).record() == one.position().record()
    assert one.position() is not one.position()  # a fresh copy to play with
    assert practice.exercises(6, "ru", 4, seed=3) == practice.exercises(6, "ru", 4, seed=3)
    kinds = [ex.kind for ex in practice.exercises(12, "ru", 4, seed=3)]
    assert sorted(kinds) == sorted(KINDS * 2)


def test_other_rules_values_and_sizes():
    mixed = RUSSIAN.__class__(name="custom", follow="follow_or_trump", trump_change="holder_chooses")
    for kind in KINDS:
        for rules, players in ((mixed, 3), ("english", 6), ("italian", 12)):
            ex = exercise(kind, rules, players, 5)
            assert ex.answer == engine_verdict(ex)


def test_answers_in_other_words():
    ex = exercise("may_play", "ru", 4, 1)
    assert ex.check("Y").given == "yes" and ex.check(False).given == "no" and ex.check("2").given == "no"
    trump = exercise("trump", "ru", 4, 1)
    assert {trump.check(x).given for x in ("H", "hearts", "♥", " h ")} == {"♥"}
    win = exercise("winner", "ru", 4, 1)
    seat, card = win.position().tricks[win.trick].plays[0]
    assert win.check(1).given == win.check(f"seat {seat}").given == win.choices[0]
    assert win.check(f"Seat {seat} {card.unicode}").given == win.choices[0]
    assert exercise("points", "ru", 4, 1).check(" 12 ").given == "12"


@pytest.mark.parametrize("kind, answer, message", [
    ("may_play", "perhaps", "answer: 'perhaps' is not one of yes, no"),
    ("may_play", 7, "answer: 7 is not one of yes, no"),
    ("trump", "X", "answer: 'X' is not one of ♠, ♥, ♦, ♣"),
    ("points", "ten", "answer: 'ten' is not a number"),
    ("points", None, "answer: None is not a number"),
    ("tricks_left", "-3", "answer: '-3' is not a number"),
])
def test_an_unreadable_answer_raises_naming_it(kind, answer, message):
    with pytest.raises(AnswerError, match="^" + message.replace("(", r"\(")):
        exercise(kind, "ru", 4, 2).check(answer)


def test_the_same_card_twice_in_a_trick_asks_for_the_seat():
    ex = next(ex for ex in (exercise("winner", "ru", 4, s) for s in range(50))
              if len({c for _, c in ex.position().tricks[ex.trick].plays}) < 4)
    plays = ex.position().tricks[ex.trick].plays
    twice = next(c for _, c in plays if sum(c == d for _, d in plays) == 2)
    with pytest.raises(AnswerError, match="two seats played"):
        ex.check(str(twice))


@pytest.mark.parametrize("call, error, message", [
    (lambda: exercise("riddle"), PracticeError, "kind: 'riddle' is not an exercise kind; use one of winner"),
    (lambda: exercise(3), TypeError, "kind: expected one of winner"),
    (lambda: exercise("winner", "klondike"), PracticeError, "rules: unknown rules preset 'klondike'"),
    (lambda: exercise("winner", 7), TypeError, "rules: expected a Rules value or a preset name, not 7"),
    (lambda: exercise("winner", "ru", 13), PracticeError, "players: 13 is outside 2…12 \\(R2; max_players\\)"),
    (lambda: exercise("winner", "ru", 1), PracticeError, "players: 1 is outside 2…12"),
    (lambda: exercise("winner", "ru", "six"), TypeError, "players: expected a whole number, not 'six'"),
    (lambda: exercise("winner", "ru", 4.0), TypeError, "players: expected a whole number, not 4.0"),
    (lambda: exercise("winner", "ru", 4, 1.5), TypeError, "seed: expected a whole number"),
    (lambda: practice.exercises(0), PracticeError, "n: 0 is outside 1…1000"),
    (lambda: practice.exercises("5"), TypeError, "n: expected a whole number, not '5'"),
    (lambda: practice.exercises(3, kinds="winner"), TypeError, "kinds: expected a list of kinds, not 'winner'"),
    (lambda: practice.exercises(3, kinds=[]), PracticeError, "kinds: an empty list"),
    (lambda: practice.exercises(3, kinds=["x" * 80]), PracticeError, r"kind: 'x+… is not"),
    (lambda: exercise_at("winner", "deal"), TypeError, "deal: expected a Deal, not 'deal'"),
    (lambda: exercise_at("winner", Deal.new("ru", 4, seed=1)), PracticeError, "deal: .* is not a position"),
])
def test_bad_input_raises_naming_the_parameter_and_the_value(call, error, message):
    with pytest.raises(error, match=message):
        call()
    assert issubclass(PracticeError, ValueError) and issubclass(AnswerError, PracticeError)


def test_a_stacked_deal_stopped_by_hand():
    deck = stack(["AH 7H KH 2C 9C 4D 5D", "3H TH 5S 2D 6C 8C 9D", "2S 3S 4C 7C JD 6D TD"],
                 stock="4C 5C 6C 8C QH 3D 4D 7D 9C")
    table = Deal.new(RUSSIAN, 3, deck=deck, dealer=2, trump="S")
    table.apply("AH")
    ex = exercise_at("may_play", table, seed=1)
    assert ex.seat == 1 and ex.record["actions"] == ["AH"]
    for card in ("6C", "TH"):
        ask = exercise_at("may_play", table, card=card)
        assert str(ask.card) == card and f"May seat 1 play {ask.card.unicode}?" in ask.question
        feedback = ask.check("yes")
        assert feedback.right == (card == "TH")
        assert feedback.sentences == ("R13",)
    assert "must follow suit ♥: seat 1 holds 3♥ 10♥ (R13)" in exercise_at("may_play", table, card="6C").check(2).reason
    with pytest.raises(PracticeError, match="card: 'KS' is not a card of the seat to act"):
        exercise_at("may_play", table, card="KS")
    with pytest.raises(PracticeError, match="card: 'K' is not a card"):
        exercise_at("may_play", table, card="K")
    with pytest.raises(PracticeError, match="suit: 'H' is asked about only in a 'can_call'"):
        exercise_at("may_play", table, suit="H")
    table.apply("TH").apply("3S")
    winner = exercise_at("winner", table)
    assert winner.answer == "seat 2 3♠" and "the only trump ♠" in winner.solve()[1]
    assert exercise_at("points", table).answer == "10"
    assert exercise_at("trump", table).answer == "♠" and exercise_at("tricks_left", table).answer == "33"
    stacked = exercise("winner", RUSSIAN, 3, seed=4, deck=deck, dealer=2)
    assert stacked.record["deck"] == [str(c) for c in deck]


def test_the_trump_moves_with_a_call_and_the_feedback_says_who():
    ex = next(e for e in (exercise("trump", "ru", 4, s) for s in SEEDS) if "said Bi-bi" in e.solve()[1])
    feedback = ex.check(ex.answer)
    assert "from the next trick on (R16, R18)" in feedback.reason or "(R17, R18)" in feedback.reason
    italian = next(e for e in (exercise("trump", "it", 4, s) for s in SEEDS) if "does not move" in e.solve()[1])
    assert set(italian.check(italian.answer).sentences) == {"I12", "I14"}


def test_html_shows_the_question_without_the_answer():
    for kind in KINDS:
        ex = exercise(kind, "ru", 4, 8)
        html = ex.html(style=False)
        assert ex._repr_html_().startswith('<div class="bibi"><style>') and "bibi-exercise" in html
        if kind == "winner":
            assert "bibi-win" not in html and "→" not in html  # no winner marked
        feedback = ex.check(ex.answer)._repr_html_()
        assert "✓ Right" in feedback and "bibi-sentence" in feedback


def test_quiz_asks_again_on_bad_input_and_stops_on_quit():
    exercises = practice.exercises(3, "it", 4, seed=2)
    lines = iter(["", "what?", exercises[0].answer, "quit"])
    said: list[str] = []
    assert quiz(exercises, ask=lambda prompt: next(lines), say=said.append) == (1, 1)
    text = "\n".join(said)
    assert "answer: 'what?' is not one of" in text and "; try again" in text
    assert "Right:" in text and text.endswith("bye: 1 of 1 right")


ODD = ["²", "٣", "9" * 5000, 10**5000, -(10**30), "1" * 4300]  # other digits, far too long: no choice, no crash


@pytest.mark.parametrize("kind", KINDS)
def test_an_answer_in_other_digits_or_far_too_long_is_no_answer(kind):
    ex = exercise(kind, "ru", 4, 2)
    wanted = "is not a number" if not ex.choices else "is not one of"
    for answer in ODD:
        with pytest.raises(AnswerError, match="^answer: .* " + wanted):
            ex.check(answer)
    assert ex.check(ex.answer).right and ex.check(1).given == (ex.choices[0] if ex.choices else "1")


def undecodable(prompt: str) -> str:
    return b"\xff\n".decode("utf-8")  # what input() raises for a byte a strict UTF-8 stdin cannot decode


def test_quiz_asks_again_after_an_unreadable_line_or_an_odd_answer():
    exercises = practice.exercises(2, "ru", 4, seed=3)
    first = exercises[0]
    typed = iter([undecodable, "²", "9" * 5000, first.answer, "quit"])
    said: list[str] = []

    def ask(prompt: str) -> str:
        line = next(typed)
        return line(prompt) if callable(line) else line

    assert quiz(exercises, ask=ask, say=said.append) == (1, 1)
    assert "could not read that line (byte 0xff is not utf-8 text); type it again" in said
    assert sum("is not one of" in line or "is not a number" in line for line in said) == 2
    assert said[-1] == "bye: 1 of 1 right"


@pytest.mark.subprocess
def test_practice_needs_neither_widgets_nor_pandas():
    code = ("import sys, bibi; bibi.practice.exercise('winner'); "
            "print('ipywidgets' in sys.modules, 'pandas' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


# -- the Practice widget, headless ------------------------------------------------------------------


def choice_button(view, text):
    return next(b for b in view.choice_row.children if b.description == text)


@pytest.mark.widgets
def test_the_widget_runs_a_round_with_feedback_and_a_score():
    from bibi.widgets import Practice

    view = Practice("italian", 4, n=6, seed=5)
    assert "bibi-practice" in view._dom_classes and len(view.exercises) == 6
    assert view.exercises == practice.exercises(6, "italian", 4, 5)
    assert "Exercise 1 of 6 · score 0 of 0" in view.header.value
    seen = set()
    for i in range(6):
        ex = view.exercise
        seen.add(ex.kind)
        assert ex.title in view.question.value and view.feedback_html.value == ""
        wrong = i % 2 == 1
        if ex.choices:
            assert view.text_row.layout.display == "none"
            pick = next(c for c in ex.choices if c != ex.answer) if wrong else ex.answer
            choice_button(view, pick).click()
            assert all(b.disabled for b in view.choice_row.children)
            assert choice_button(view, ex.answer).button_style == "success"
        else:
            assert view.text_row.layout.display is None and not view.choice_row.children
            view.answer_box.value = str(int(ex.answer) + 1) if wrong else ex.answer
            view.answer_button.click()
        feedback = view.feedback
        assert feedback.right is not wrong and feedback.sentences
        assert ("✓ Right" if not wrong else "✗ Not quite") in view.feedback_html.value
        assert all(s in view.feedback_html.value for s in feedback.sentences)
        assert f"score {view.right} of {i + 1}" in view.header.value
        view.next_button.click()
    assert seen == set(KINDS) and view.right == 3 and view.answered == 6
    assert "Round over: 3 of 6 right" in view.message.value and view.next_button.disabled
    assert view.again_button.layout.display is None
    view.again_button.click()
    assert view.seed == 6 and view.answered == 0 and view.exercises == practice.exercises(6, "italian", 4, 6)
    assert view.errors.outputs == ()


@pytest.mark.widgets
def test_the_widget_says_why_an_answer_cannot_be_read_and_keeps_the_score():
    from bibi.widgets import Practice

    view = Practice("russian", 4, n=2, seed=1, kinds=["points"])
    view.answer_box.value = "lots"
    view.answer_button.click()
    assert "is not a number" in view.message.value and view.feedback is None and view.answered == 0
    view.answer_box.value = view.exercise.answer
    view.answer_button.click()
    view.answer_button.click()  # a second answer does not count twice (the button is disabled in a browser)
    assert view.answered == 1 and view.right == 1
    assert view.errors.outputs == ()


@pytest.mark.widgets
def test_the_widget_refuses_bad_sizes():
    from bibi.widgets import Practice

    with pytest.raises(PracticeError, match="players: 50"):
        Practice("russian", 50)
    with pytest.raises(TypeError, match="n: expected a whole number, not 3.9"):
        Practice("russian", 4, n=3.9)
    with pytest.raises(ValueError, match="exercises: an empty list"):
        Practice(exercises=[])


# -- bibi practice, in the terminal -----------------------------------------------------------------


def bibi(*args: str, stdin: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bibi", *args], input=stdin, capture_output=True, text=True,
                          timeout=60)


def a_wrong_answer(ex: Exercise) -> str:
    return next(c for c in ex.choices if c != ex.answer) if ex.choices else str(int(ex.answer) + 1)


@pytest.mark.subprocess
def test_bibi_practice_asks_checks_explains_and_scores():
    exercises = practice.exercises(3, ITALIAN, 5, seed=9)
    first, second, third = exercises
    answers = ["", "nonsense", first.answer, a_wrong_answer(second), third.answer]
    done = bibi("practice", "--rules", "it", "--players", "5", "--seed", "9", "-n", "3", stdin="\n".join(answers))
    assert done.returncode == 0 and done.stderr == ""
    out = done.stdout
    assert out.startswith("3 exercises, italian rules, 5 players, seed 9.")
    for i, ex in enumerate(exercises, 1):
        assert f"Exercise {i} of 3. {ex}" in out
    assert "answer: 'nonsense' is not" in out and out.count("; try again") == 1
    assert f"Right: {first.answer}. {str(first.check(first.answer)).split('. ', 1)[1]}" in out
    assert str(second.check(a_wrong_answer(second))) in out
    assert "the sentences: " + ", ".join(second.check(second.answer).sentences) in out
    assert out.rstrip().endswith("Done: 2 of 3 right.")


@pytest.mark.subprocess
def test_bibi_practice_ends_quietly_on_quit_or_end_of_input():
    for stdin in ("quit\n", ""):
        done = bibi("practice", "--seed", "1", "-n", "2", stdin=stdin)
        assert done.returncode == 0 and done.stderr == ""
        assert done.stdout.rstrip().endswith("bye: 0 of 0 right") and "Traceback" not in done.stdout
    done = bibi("practice", "--players", "13", "--seed", "1", stdin="")
    assert done.returncode == 1
    assert done.stderr.startswith("bibi practice: error: players: 13 is outside 2…12 (R2; max_players)")
    done = bibi("practice", "-n", "0", "--seed", "1", stdin="")
    assert done.returncode == 1 and "n: 0 is outside 1…1000" in done.stderr


@pytest.mark.subprocess
def test_bibi_practice_survives_any_keystroke_and_any_byte():
    """A strict UTF-8 standard input (as under LANG=en_US.UTF-8): a byte that is not UTF-8 spoils its own line,
    which is asked again; the lines after it are read as typed."""
    first = practice.exercises(2, RUSSIAN, 4, seed=4)[0]
    stdin = b"\xff\n\xc3\n\xc2\xb2\n" + b"9" * 5000 + b"\n" + first.answer.encode() + b"\nquit\n"
    done = subprocess.run([sys.executable, "-m", "bibi", "practice", "--seed", "4", "-n", "2"], input=stdin,
                          capture_output=True, timeout=60, env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"})
    out = done.stdout.decode()
    assert done.returncode == 0 and done.stderr == b""
    assert out.count("could not read that line (byte 0xff is not utf-8 text); type it again") == 1
    assert out.count("could not read that line (byte 0xc3 is not utf-8 text); type it again") == 1
    assert "answer: '²' is not one of" in out and "answer: '999" in out
    assert f"Right: {first.answer}." in out and out.rstrip().endswith("bye: 1 of 1 right")


@pytest.mark.slow
@settings(max_examples=25, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_any_rules_any_size_every_kind_agrees_with_the_engine(game):
    rules, players, seed = game
    assume(players * rules.hand_size <= rules.pack_size)
    for kind in KINDS:
        ex = exercise(kind, rules, players, seed)
        assert ex.answer == engine_verdict(ex), (kind, ex.question)
        assert ex.check(ex.answer).sentences


def test_a_call_question_about_a_pair_not_held_says_so_first():
    # Whatever the moment, a seat asked about a pair it does not hold is told what it lacks, before any rule of
    # timing (a pair is called only right after drawing).
    asked = 0
    for seed in range(60):
        ex = practice.exercise("can_call", "russian" if seed % 2 else "italian", 4, seed)
        deal, seat, suit = ex.position(), ex.seat, ex.suit
        held = {c.rank.char for c in deal.hand(seat) if c.suit == suit}
        if {"K", "Q"} <= held:
            continue
        asked += 1
        answer, reason = ex.solve()
        missing = "neither the king nor the queen" if not held & {"K", "Q"} else "holds no " + (
            "Q" if "K" in held else "K")
        assert answer == "no" and reason.startswith(f"seat {seat} holds ") and missing in reason, (seed, reason)
    assert asked >= 10


@pytest.mark.parametrize("lang", ["ru", "it"])
def test_the_titles_of_the_kinds_are_said_in_the_language(lang):
    from bibi.i18n import language

    titles = [practice.title(kind, lang) for kind in practice.KINDS]
    assert len(set(titles)) == len(titles) and not set(titles) & set(practice.TITLES.values())
    with language(lang):
        assert [practice.title(kind) for kind in practice.KINDS] == titles
        assert practice.exercise("trump", "russian", 4, seed=1).title == practice.title("trump")
    with pytest.raises(practice.PracticeError, match="kind: 'nope' is not an exercise kind"):
        practice.title("nope")
