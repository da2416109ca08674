"""Exercises drawn from the engine, with answers checked by the engine.

An **exercise** is a position of a deal (a record and how many of its actions to replay) and a
question about it; ``check(answer)`` gives **feedback**: right or wrong, the correct answer, and the
engine's own reason with the sentence ids it cites. Nothing here knows a rule: who wins a trick,
what it scores, which card is legal, whether a pair may be called and what the trump is, are all
asked of ``bibi.deal.Deal`` (``tricks``, ``why_won``, ``legal_actions``, ``why_illegal``, ``trump``,
``why_trump``, ``tricks_total``).

The kinds (``KINDS``):

- ``winner``: which card wins this trick?
- ``may_play``: may seat k play this card?
- ``trump``: what is trump in the next trick?
- ``can_call``: may seat k say Bi-bi with this suit now?
- ``points``: how many points does this trick score?
- ``tricks_left``: how many tricks remain?

A position is reached by dealing (seeded, or a stacked pack from ``bibi.stack``) and letting bots
play on; every random choice comes from one ``random.Random``, so a seed gives the same exercises.

>>> ex = exercise("may_play", "russian", players=4, seed=3)
>>> ex.kind, ex.choices
('may_play', ('yes', 'no'))
>>> right = ex.check(ex.answer)
>>> right.right, bool(right.sentences)
(True, True)
>>> ex.check("no" if ex.answer == "yes" else "yes").right
False
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from bibi.bots import heuristic_bot
from bibi.cards import SUITS, Card, Suit, parse_card
from bibi.deal import CALLS, Deal, Trick, check_players
from bibi.errors import shorten
from bibi.kinds import EventKind
from bibi.play import play
from bibi.rules import OPTIONS, Rules, as_rules
from bibi.terminal import ask_line, read_line

KINDS: tuple[str, ...] = ("winner", "may_play", "trump", "can_call", "points", "tricks_left")

TITLES: dict[str, str] = {
    "winner": "Which card wins this trick?",
    "may_play": "May this card be played?",
    "trump": "What is trump in the next trick?",
    "can_call": "May this pair be called now?",
    "points": "How many points does this trick score?",
    "tricks_left": "How many tricks remain?",
}

YES_NO: tuple[str, str] = ("yes", "no")
SUIT_CHOICES: tuple[str, ...] = tuple(s.symbol for s in SUITS)


class PracticeError(ValueError):
    """A bad argument to an exercise generator: the message names the parameter and quotes the value."""


class AnswerError(PracticeError):
    """An answer that cannot be read as one of the exercise's choices (or as a number)."""


def _quote(value: Any, width: int = 40) -> str:
    """``errors.shorten`` at the exercises' narrower width: safe on any value (a number too long to write, a
    failing ``repr``)."""
    return shorten(value, width)


# A number answered, and a choice's number: a few ASCII digits (not ², not ٣, not 5,000 of them).
_NUMBER = re.compile(r"[0-9]{1,4}")
_CHOICE = re.compile(r"[0-9]{1,3}")


def _answer_text(answer: Any) -> str | None:
    """``answer`` as text to read, stripped: a text, or a whole number short enough to be an answer (one too
    long to write as text is none); ``None`` for anything else."""
    if isinstance(answer, str):
        return answer.strip()
    if isinstance(answer, int) and not isinstance(answer, bool) and -10**6 < answer < 10**6:
        return str(answer)
    return None


def _ids(reason: str) -> tuple[str, ...]:
    """The sentence ids a reason cites, in order (``R16, R18`` and ranges ``R17–R20``)."""
    from bibi import texts  # the texts are data; only feedback needs them

    found = re.findall(r"\b[RI]\d{1,2}(?:\s*[–-]\s*[RI]?\d{1,2})?\b", reason)
    return tuple(texts.ids(found)) if found else ()


def _rule(rules: Rules, option: str) -> str:
    """What these rules' value of ``option`` means, in the rules module's words and with its citation."""
    return f"the rule here ({option}): {OPTIONS[option].meaning(rules.options()[option])}"


def _plays(plays: Sequence[tuple[int, Card]]) -> str:
    return ", ".join(f"seat {s} {c.unicode}" for s, c in plays) or "no card yet"


# -- feedback ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Feedback:
    """What ``Exercise.check`` says: right or wrong, the answer given and the correct one, the engine's
    reason, and the ids of the sentences it cites."""

    right: bool
    given: str
    answer: str
    reason: str
    sentences: tuple[str, ...]

    def __str__(self) -> str:
        reason = self.reason[:1].upper() + self.reason[1:]
        head = (f"Right: {self.answer}." if self.right
                else f"Not quite: you said {self.given}, the answer is {self.answer}.")
        return f"{head} {reason}."

    def html(self, *, style: bool = True) -> str:
        """The feedback as HTML (``bibi.render.feedback_html``): a green or red verdict, the reason, and the
        sentences cited (unfold them)."""
        from bibi import render, texts

        return render.feedback_html(self, texts.cite(self.sentences), style=style)

    def _repr_html_(self) -> str:
        return self.html()


# -- exercises -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Exercise:
    """One question about one position: ``Deal.replay(record, upto)`` rebuilds it.

    ``choices`` lists the answers for a multiple-choice question (empty: answer with a number).
    ``seat``, ``card``, ``suit`` and ``trick`` say what the question is about, where it applies.
    """

    kind: str
    record_json: str = field(repr=False)  # the deal's record as JSON text: the exercise stays an immutable value
    upto: int
    question: str
    choices: tuple[str, ...] = ()
    seat: int | None = None
    card: Card | None = None
    suit: Suit | None = None
    trick: int | None = None

    def __post_init__(self) -> None:
        _check_kind(self.kind)
        if self.card is not None and not isinstance(self.card, Card):
            object.__setattr__(self, "card", parse_card(self.card))
        if self.suit is not None and not isinstance(self.suit, Suit):
            object.__setattr__(self, "suit", Suit.parse(self.suit))

    @property
    def record(self) -> dict[str, Any]:
        """The deal's record (``Deal.record()``), played on by the bots past the position."""
        return json.loads(self.record_json)

    def position(self) -> Deal:
        """A fresh copy of the deal at the position asked about."""
        return Deal.replay(self.record, self.upto)

    @cached_property
    def _deal(self) -> Deal:  # read-only: ``position()`` gives a copy to play with
        return self.position()

    @property
    def rules(self) -> Rules:
        return self._deal.rules

    @property
    def title(self) -> str:
        return TITLES[self.kind]

    # The fields an exercise's kind sets (``trick`` for winner/points, ``card`` for may_play, ``suit`` for
    # can_call), typed for the code that reads them; the constructors always set them for their kinds.

    @property
    def _number(self) -> int:
        assert self.trick is not None, self.kind
        return self.trick

    @property
    def _card(self) -> Card:
        assert self.card is not None, self.kind
        return self.card

    @property
    def _suit(self) -> Suit:
        assert self.suit is not None, self.kind
        return self.suit

    # -- the engine's answer ---------------------------------------------------------------------

    def solve(self) -> tuple[str, str]:
        """The correct answer (one of ``choices``, or a number as text) and the engine's reason."""
        deal, kind = self._deal, self.kind
        if kind in ("winner", "points"):
            t: Trick = deal.tricks[self._number]
            if kind == "winner":
                card = next(c for s, c in t.plays if s == t.winner)
                return f"seat {t.winner} {card.unicode}", deal.why_won(self._number)
            points = deal.rules.card_points
            sum_text = " + ".join(f"{c.unicode} {points[c.rank]}" for c in t.cards)
            return str(t.points), (f"the trick's cards score {sum_text} = {t.points}, and seat {t.winner}, who "
                                   f"wins it, takes them ({deal.rules.citation('card_points')})")
        if kind == "may_play":
            why = deal.why_illegal(self._card, self.seat)
            if why is not None:
                return "no", why
            legal = [a.unicode for a in deal.legal_actions() if isinstance(a, Card)]
            return "yes", (f"{self._card.unicode} is among seat {self.seat}'s legal cards now ({' '.join(legal)}); "
                           f"{_rule(deal.rules, 'follow')}")
        if kind == "can_call":
            call = CALLS[self._suit.index]
            why = deal.why_illegal(call, self.seat)
            if why is not None:
                return "no", why
            choices = " or ".join(str(a) for a in deal.legal_actions())
            return "yes", (f"seat {self.seat} holds a free K+Q {self._suit.symbol} and may call it now (his choices: "
                           f"{choices}); {_rule(deal.rules, 'bibi_suits')}")
        if kind == "trump":
            return deal.trump.symbol, deal.why_trump()
        # tricks_left
        total, done = deal.tricks_total, len(deal.tricks)
        left = total - done
        return str(left), (f"{deal.players} players share the {deal.rules.pack_size} cards in {total} tricks "
                           f"(seven dealt, the rest drawn while the stock lasts: R3, R8, R24, R25; I10, I15); "
                           f"{done} {'has' if done == 1 else 'have'} been played, "
                           f"so {left} {'remains' if left == 1 else 'remain'}")

    @property
    def answer(self) -> str:
        """The correct answer, as the engine gives it."""
        return self.solve()[0]

    def read(self, answer: Any) -> str:
        """``answer`` as one of ``choices`` (or a number as text); ``AnswerError`` if it cannot be read.

        Besides the choices themselves: a choice's number (``1``…, as ``str(exercise)`` lists them);
        ``y``/``n`` and booleans; a suit as ``H``, ``hearts`` or ``♥``; for a trick's winner the seat
        (``seat 2``) or the card (``KS``, ``K♠``) where only one seat played it.
        """
        choices = self.choices
        if isinstance(answer, bool) and choices == YES_NO:
            return "yes" if answer else "no"
        text = _answer_text(answer)
        if not choices:
            if text is None or not _NUMBER.fullmatch(text):
                raise AnswerError(f"answer: {_quote(answer)} is not a number; answer with a whole number like 12")
            return str(int(text))
        if text is None:
            raise AnswerError(f"answer: {_quote(answer)} is not one of {', '.join(choices)}")
        low = text.lower()
        if text in choices:
            return text
        if choices == YES_NO and low in ("y", "yes", "n", "no", "true", "false"):
            return "yes" if low in ("y", "yes", "true") else "no"
        if _CHOICE.fullmatch(low) and 1 <= int(low) <= len(choices):
            return choices[int(low) - 1]
        if self.kind == "winner":
            found = self._winner_choice(low)
            if found is not None:
                return found
        elif choices == SUIT_CHOICES:
            try:
                return Suit.parse(text).symbol
            except ValueError:
                pass
        raise AnswerError(f"answer: {_quote(answer)} is not one of {', '.join(choices)} "
                          f"(or their numbers 1…{len(choices)})")

    def _winner_choice(self, low: str) -> str | None:
        plays = self._deal.tricks[self._number].plays
        if low.startswith("seat"):
            seat = low.removeprefix("seat").split()[:1]
            for s, c in plays:
                if seat == [str(s)]:
                    return f"seat {s} {c.unicode}"
            return None
        try:
            card = parse_card(low)
        except ValueError:
            return None
        seats = [(s, c) for s, c in plays if c == card]
        if len(seats) == 1:
            return f"seat {seats[0][0]} {card.unicode}"
        if seats:
            raise AnswerError(f"answer: two seats played {card.unicode}: say which seat, like 'seat {seats[0][0]}'")
        return None

    def check(self, answer: Any) -> Feedback:
        """Check ``answer`` against the engine: right or wrong, the correct answer, the reason, the sentences."""
        given = self.read(answer)
        correct, reason = self.solve()
        return Feedback(given == correct, given, correct, reason, _ids(reason))

    # -- display ---------------------------------------------------------------------------------

    def __str__(self) -> str:
        lines = [self.question]
        if self.choices:
            lines.append("  " + "   ".join(f"{i}) {c}" for i, c in enumerate(self.choices, 1)))
        return "\n".join(lines)

    def html(self, *, style: bool = True) -> str:
        """The question and the position as HTML (``bibi.render.exercise_html``), without the answer."""
        from bibi import render

        trick = self._number if self.kind in ("winner", "points") else None
        return render.exercise_html(self, self._deal, trick, style=style)

    def _repr_html_(self) -> str:
        return self.html()


# -- reaching a position --------------------------------------------------------------------------


def _spot(kind: str, deal: Deal, seen: list[int]) -> bool:
    """Whether the state is one to ask ``kind`` about; ``seen`` carries the completed tricks' count."""
    if kind in ("winner", "points"):
        done = len(deal.tricks) > seen[0]
        seen[0] = len(deal.tricks)
        return done
    if deal.is_over:
        return False
    if kind == "may_play":
        return deal.phase == "play" and bool(deal.trick) and len(deal.trick) < deal.players
    if kind == "can_call":
        if deal.phase == "call":
            return True
        # a seat to play that holds a free K+Q pair: callable now (no: only after drawing, R15), or not at all
        return deal.phase == "play" and len(deal.trick) < deal.players and bool(deal.free_pairs(deal.to_act))
    # trump, tricks_left: a trick about to be led
    return deal.phase == "play" and not deal.trick


def _interesting(kind: str, deal: Deal) -> bool:
    """Positions a lesson wants more of than chance gives: a call before the trick, an illegal card, the turn-up."""
    if kind == "trump":
        return any(c.trick == len(deal.tricks) - 1 for c in deal.calls)
    if kind == "tricks_left":  # the trick right after the turn-up, when the last tricks begin
        events = [e.kind for e in deal.events]
        last_trick = len(events) - 1 - events[::-1].index(EventKind.TRICK) if EventKind.TRICK in events else 0
        return "turn_up" in events[last_trick:]
    if kind == "may_play":
        return any(deal.why_illegal(c) for c in deal.hand(deal.to_act))
    if kind == "can_call":
        return deal.phase == "call"
    if kind == "winner":
        t = deal.tricks[-1]
        return t.winner != t.leader
    return True


# How often a lesson takes an interesting position (see _interesting) over any position.
_WEIGHT = {"tricks_left": 0.3}


def _positions(kind: str, deal: Deal, rng: random.Random) -> tuple[dict[str, Any], list[int], list[int]]:
    """Play ``deal`` out; the record and the action counts of the states to ask about (all, and interesting)."""
    spots: list[int] = []
    better: list[int] = []
    seen = [len(deal.tricks)]

    def look(d: Deal) -> bool:
        if _spot(kind, d, seen):
            spots.append(len(d.actions))
            if _interesting(kind, d):
                better.append(len(d.actions))
        return False

    play(deal, heuristic_bot, rng, until=look)  # the play layer; look() is asked before each decision
    look(deal)  # the state after the last action
    return deal.record(), spots, better


def _make(kind: str, record: dict[str, Any], upto: int, rng: random.Random, card: Card | None = None,
          suit: Suit | None = None) -> Exercise:
    """The exercise of ``kind`` at ``upto`` actions into ``record``, its details (unless given) chosen by ``rng``."""
    deal = Deal.replay(record, upto)
    text = json.dumps(record, separators=(",", ":"))
    trump = deal.trump.symbol
    if kind in ("winner", "points"):
        t = deal.tricks[-1]
        question = (f"Trick {t.number + 1}, trump {t.trump.symbol}, led by seat {t.leader}: {_plays(t.plays)}. "
                    + ("Which card wins it?" if kind == "winner" else "How many points does it score?"))
        choices = tuple(f"seat {s} {c.unicode}" for s, c in t.plays) if kind == "winner" else ()
        return Exercise(kind, text, upto, question, choices, trick=t.number)
    seat = deal.to_act
    hand = " ".join(c.unicode for c in deal.hand(seat))  # in the engine's order, as the pictures show it
    laid = deal.laid_down(seat)
    laid_text = f" (laid down: {' '.join(c.unicode for c in laid)})" if laid else ""
    if kind == "may_play":
        cards = list(dict.fromkeys(deal.hand(seat)))
        illegal = [c for c in cards if deal.why_illegal(c, seat)]
        legal = [c for c in cards if c not in illegal]
        if card is None:
            card = rng.choice(illegal if illegal and (not legal or rng.random() < 0.5) else legal)
        question = (f"Trump is {trump}. Trick {len(deal.tricks) + 1} so far: {_plays(deal.trick)}. "
                    f"Seat {seat} holds {hand}{laid_text}. May seat {seat} play {card.unicode}?")
        return Exercise(kind, text, upto, question, YES_NO, seat=seat, card=card)
    if kind == "can_call":
        held = [s for s in SUITS if any(c.suit == s and c.rank.char in "KQ" for c in deal.hand(seat))]
        callable_ = [s for s in SUITS if CALLS[s.index] in deal.legal_actions()]
        if suit is None:
            suit = rng.choice(callable_ if callable_ and rng.random() < 0.5 else held)
        if deal.phase == "call" and not deal.tricks and not deal.trick:
            moment = f"Before the first trick (the pairs dealt in the hand), seat {seat} holds {hand}{laid_text}."
        elif deal.phase == "call":
            moment = f"Seat {seat} has just drawn; he holds {hand}{laid_text}."
        else:
            doing = "to lead" if not deal.trick else "to play a card to the trick"
            moment = f"Seat {seat} is {doing}; he holds {hand}{laid_text}."
        question = f"Trump is {trump}. {moment} May he say Bi-bi with K+Q {suit.symbol} now?"
        return Exercise(kind, text, upto, question, YES_NO, seat=seat, suit=suit)
    number = len(deal.tricks) + 1
    if kind == "trump":
        if deal.tricks:
            last = deal.tricks[-1]
            calls = [c for c in deal.calls if c.trick == last.number]
            before = f"Trick {number - 1} was played with {last.trump.symbol} as trump"
        else:
            calls = [c for c in deal.calls if c.trick < 0]
            before = f"The deal's first trump is {deal.first_trump.symbol}"
        said = "; ".join(f"seat {c.seat} said Bi-bi with K+Q {c.suit.symbol}" for c in calls)
        during = f" ({said})" if said else " (nobody said Bi-bi)" if deal.tricks else " (no dealt pair was called)"
        question = f"{before}{during}. What is trump when trick {number} begins?"
        return Exercise(kind, text, upto, question, SUIT_CHOICES)
    # tricks_left
    if deal.drawing:
        stock = f"the stock holds {deal.stock_size} cards"
    else:
        stock = (f"the stock's last {len(deal.leftovers)} cards have been turned up" if deal.leftovers
                 else "the stock is used up")
    played = "1 trick has" if len(deal.tricks) == 1 else f"{len(deal.tricks)} tricks have"
    question = (f"{deal.players} players, {deal.rules.label} rules; {played} been played, "
                f"{stock}, and trick {number} is about to be led. How many tricks remain, this one included?")
    return Exercise(kind, text, upto, question)


# -- the generators ---------------------------------------------------------------------------------


def _check_kind(kind: Any) -> str:
    if not isinstance(kind, str):
        raise TypeError(f"kind: expected one of {', '.join(KINDS)}, not {_quote(kind)}")
    if kind not in KINDS:
        raise PracticeError(f"kind: {_quote(kind)} is not an exercise kind; use one of {', '.join(KINDS)}")
    return kind


def _check_rules(rules: Any) -> Rules:
    if not isinstance(rules, (Rules, str)):
        raise TypeError(f"rules: expected a Rules value or a preset name, not {_quote(rules)}")
    try:
        return as_rules(rules)
    except ValueError as exc:
        raise PracticeError(f"rules: {exc}") from None


def _check_players(rules: Rules, players: Any) -> int:
    """The engine's check of the players (``bibi.deal.check_players``), its refusal as a ``PracticeError``."""
    try:
        return check_players(rules, players)
    except TypeError:
        raise
    except ValueError as exc:
        raise PracticeError(str(exc)) from None


def _rng(seed: Any) -> random.Random:
    if isinstance(seed, random.Random):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError(f"seed: expected a whole number, a string or a random.Random, not {_quote(seed)}")
    return random.Random(seed)


def exercise(kind: str, rules: Rules | str = "russian", players: int = 4, seed: int | str | random.Random = 0, *,
             deck: Sequence[Card | str] | None = None, dealer: int | None = None) -> Exercise:
    """An exercise of ``kind`` on a deal of ``players`` under ``rules``, dealt and played on by bots.

    The pack is shuffled by ``seed`` (a number, a string or a ``random.Random``), or stacked with
    ``deck`` (``bibi.stack(...)``; ``dealer`` as for ``Deal.new``); bots play on with the same
    random source, and a position of the deal is chosen for the question. Same arguments, same exercise.
    """
    kind = _check_kind(kind)
    rules = _check_rules(rules)
    players = _check_players(rules, players)
    rng = _rng(seed)
    for _ in range(50):  # a deal with no position for the question (rare): deal again
        deal = (Deal.new(rules, players, rng=rng) if deck is None
                else Deal.new(rules, players, deck=deck, dealer=dealer))
        record, spots, better = _positions(kind, deal, rng)
        if spots:
            upto = rng.choice(better if better and rng.random() < _WEIGHT.get(kind, 0.6) else spots)
            return _make(kind, record, upto, rng)
    raise PracticeError(f"kind: no position to ask {kind!r} about in 50 deals of these rules")


def exercise_at(kind: str, deal: Deal, seed: int | str | random.Random = 0, *, card: Card | str | None = None,
                suit: Suit | str | None = None) -> Exercise:
    """An exercise of ``kind`` about ``deal`` as it stands (a stacked deal stepped by hand, say).

    ``winner`` and ``points`` ask about its last completed trick; ``trump`` and ``tricks_left`` need a
    trick about to be led; ``may_play`` a card to play to a trick (``card``: one of the hand of the seat
    to act); ``can_call`` a seat to act holding a king or queen (``suit``: the pair asked about).
    ``seed`` picks the card or suit when they are not given.
    """
    kind = _check_kind(kind)
    if not isinstance(deal, Deal):
        raise TypeError(f"deal: expected a Deal, not {_quote(deal)}")
    if card is not None:
        try:
            card = parse_card(card)
        except ValueError:
            raise PracticeError(f"card: {_quote(card)} is not a card (write it like 'KS', 'TD', '2H')") from None
        if kind != "may_play" or deal.is_over or card not in deal.hand(deal.to_act):
            raise PracticeError(f"card: {_quote(str(card))} is not a card of the seat to act in a 'may_play' question")
    if suit is not None:
        try:
            suit = Suit.parse(suit)
        except ValueError:
            raise PracticeError(f"suit: {_quote(suit)} is not a suit (S, H, D, C)") from None
        if kind != "can_call":
            raise PracticeError(f"suit: {_quote(str(suit))} is asked about only in a 'can_call' question")
    seen = [max(len(deal.tricks) - 1, 0)]
    if not _spot(kind, deal, seen):
        raise PracticeError(f"deal: {_quote(deal, 60)} is not a position to ask {kind!r} about")
    if kind == "can_call" and not any(c.rank.char in "KQ" for c in deal.hand(deal.to_act)):
        raise PracticeError(f"deal: seat {deal.to_act} holds no king or queen to ask 'can_call' about")
    return _make(kind, deal.record(), len(deal.actions), _rng(seed), card, suit)


def exercises(n: int = 6, rules: Rules | str = "russian", players: int = 4, seed: int | str | random.Random = 0,
              *, kinds: Sequence[str] | None = None) -> tuple[Exercise, ...]:
    """``n`` exercises, the kinds taken in turn (all of ``KINDS`` unless ``kinds``) in an order the seed shuffles."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"n: expected a whole number, not {_quote(n)}")
    if not 1 <= n <= 1000:
        raise PracticeError(f"n: {_quote(n)} is outside 1…1000")
    if kinds is None:
        kinds = KINDS
    elif isinstance(kinds, str) or not isinstance(kinds, Sequence):
        raise TypeError(f"kinds: expected a list of kinds, not {_quote(kinds)}")
    kinds = [_check_kind(k) for k in kinds]
    if not kinds:
        raise PracticeError("kinds: an empty list; give at least one of " + ", ".join(KINDS))
    rules = _check_rules(rules)
    players = _check_players(rules, players)
    rng = _rng(seed)
    order: list[str] = []
    while len(order) < n:
        batch = list(kinds)
        rng.shuffle(batch)
        order += batch
    return tuple(exercise(kind, rules, players, rng) for kind in order[:n])


# -- a round in the terminal --------------------------------------------------------------------------


def quiz(exercises: Sequence[Exercise], ask: Callable[[str], str] = read_line,
         say: Callable[[str], None] = print) -> tuple[int, int]:
    """Ask the exercises one by one (``ask`` reads an answer, ``say`` prints); returns (right, answered).

    An answer that cannot be read is asked again, and so is a line that cannot be decoded
    (``bibi.terminal.ask_line``); ``quit`` or the end of input stops the round.
    """
    right = answered = 0
    total = len(exercises)
    for i, ex in enumerate(exercises, 1):
        say(f"\nExercise {i} of {total}. {ex}")
        while True:
            text = ask_line(ask, "answer> ", say)
            if text is None or text.lower() in ("quit", "exit", "q"):
                say(f"bye: {right} of {answered} right")
                return right, answered
            if not text:
                continue
            try:
                feedback = ex.check(text)
            except AnswerError as exc:
                say(f"{exc}; try again")
                continue
            break
        answered += 1
        right += feedback.right
        say(str(feedback))
        say(f"  the sentences: {', '.join(feedback.sentences)}; score {right} of {answered}")
    say(f"\nDone: {right} of {answered} right.")
    return right, answered


__all__ = [
    "KINDS", "TITLES", "AnswerError", "Exercise", "Feedback", "PracticeError", "exercise", "exercise_at", "exercises",
    "quiz",
]
