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

One more kind, ``bibi`` (``PAIR_KIND``), is asked on a deal dealt for it (``pair_deal``: a king and queen of one
suit for a seat, dealt or drawn soon, ``bibi.dealing.paired_setup``): may the seat call its pair now, and if so
what does the call score and what is trump in the next trick? It is not among ``KINDS``, the kinds a round takes
in turn by default; ask for it by name (``exercises(kinds=["bibi"])``).

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
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from bibi.actions import PASS
from bibi.bots import heuristic_bot
from bibi.cards import SUITS, Card, Rank, Suit, parse_card, read_card
from bibi.deal import CALLS, Deal, Trick, check_players
from bibi.dealing import PairSetup, paired_setup
from bibi.errors import shorten, wrong_type
from bibi.i18n import N_, SOURCE, _, capitalized, get_language, ngettext
from bibi.kinds import EventKind
from bibi.notation import action_text
from bibi.play import play
from bibi.rules import OPTIONS, BibiCall, Rules, as_rules, call_said, rules_name
from bibi.tricks import pair_letters

KINDS: tuple[str, ...] = ("winner", "may_play", "trump", "can_call", "points", "tricks_left")
PAIR_KIND = "bibi"  # asked on a deal with a pair to call (``pair_deal``), by name only
ALL_KINDS: tuple[str, ...] = (*KINDS, PAIR_KIND)

TITLES: dict[str, str] = {  # in English, marked for the catalogs; ``title(kind)`` says one in the language in force
    "winner": N_("Which card wins this trick?"),
    "may_play": N_("May this card be played?"),
    "trump": N_("What is trump in the next trick?"),
    "can_call": N_("May this pair be called now?"),
    "points": N_("How many points does this trick score?"),
    "tricks_left": N_("How many tricks remain?"),
    "bibi": N_("Can you call now? What does it score, and what becomes trump?"),
}



def title(kind: str, lang: str | None = None) -> str:
    """What an exercise of ``kind`` asks, in a few words, in the language in force (or ``lang``).

    >>> title("winner"), title("winner", "ru"), title("tricks_left", "it")
    ('Which card wins this trick?', 'Какая карта берёт эту взятку?', 'Quante prese restano?')
    """
    return _(TITLES[_check_kind(kind)], lang)


YES_NO: tuple[str, str] = ("yes", "no")  # the choices as kept and compared; shown in the language in force
SUIT_CHOICES: tuple[str, ...] = tuple(s.symbol for s in SUITS)


class PracticeError(ValueError):
    """A bad argument to an exercise generator: the message names the parameter and quotes the value."""


class AnswerError(PracticeError):
    """An answer that cannot be read as one of the exercise's choices (or as a number)."""


QUOTED = 40  # the most characters of a value the exercises' messages quote, narrower than errors.LIMIT


def _quote(value: Any, width: int = QUOTED) -> str:
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
    """The sentence ids a reason cites, in order (``R16, R18`` and ranges ``R17–R20``: the sentences
    ``bibi.render.text.cited_sentences`` finds, as ``bibi play`` quotes them)."""
    from bibi.render.text import cited_sentences  # the texts are data; only feedback needs them

    return tuple(sentence.id for sentence in cited_sentences(reason))


def _rule(rules: Rules, option: str) -> str:
    """What these rules' value of ``option`` means, in the rules module's words and with its citation."""
    meaning = _(OPTIONS[option].meaning(rules.options()[option]))
    # English names the option as a label writes it; the other languages by its title («Ответ на ход»).
    name = option if get_language() == SOURCE else "«" + _(OPTIONS[option].title) + "»"
    return _("the rule here ({option}): {meaning}").format(option=name, meaning=meaning)


def _seat_card(seat: int, card: Card) -> str:
    """A seat and the card it played, in the language in force: ``seat 2 K♠`` (``игрок 2 К♠``)."""
    return _("seat {seat} {card}").format(seat=seat, card=card.display())


def _plays(plays: Sequence[tuple[int, Card]]) -> str:
    return ", ".join(_seat_card(s, c) for s, c in plays) or _("no card yet")


_SEAT_CHOICE = re.compile(r"seat (\d+) (\S+)")


def shown(choice: str) -> str:
    """A choice of an exercise (as kept and compared: ``yes``, ``seat 2 K♠``, ``♥``, ``12``) as the language in
    force shows it: ``да``, ``игрок 2 К♠``; a suit or a number as it is."""
    if choice in YES_NO:
        return _(choice)
    found = _SEAT_CHOICE.fullmatch(choice)
    if found:
        return _seat_card(int(found.group(1)), parse_card(found.group(2)))
    return choice


_YES_NO_WORDS = (N_("yes"), N_("no"))


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
        reason = capitalized(self.reason)
        answer, given = shown(self.answer), shown(self.given)
        head = (_("Right: {answer}.").format(answer=answer) if self.right
                else _("Not quite: you said {given}, the answer is {answer}.").format(given=given, answer=answer))
        return f"{head} {reason}."

    @staticmethod
    def shown(choice: str) -> str:
        """An answer as the language in force shows it (``practice.shown``)."""
        return shown(choice)

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

    def __repr__(self) -> str:
        return (f"Exercise(kind={self.kind!r}, upto={self.upto!r}, question={self.question!r}, "
                f"choices={self.choices!r}, seat={self.seat!r}, card={self.card!r}, suit={self.suit!r}, "
                f"trick={self.trick!r})")

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
        """What the exercise asks, in a few words, in the language in force (``title``)."""
        return title(self.kind)

    @property
    def question(self) -> str:
        """The question and the position in words, in the language in force."""
        return _question(self.kind, self._deal, self.seat, self.card, self.suit)

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
    def _seat(self) -> int:
        assert self.seat is not None, self.kind
        return self.seat

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
            sum_text = " + ".join(f"{c.display()} {points[c.rank]}" for c in t.cards)
            return str(t.points), _("the trick's cards score {sum} = {points}, and seat {seat}, who wins it, takes "
                                    "them ({cite})").format(sum=sum_text, points=t.points, seat=t.winner,
                                                                  cite=deal.rules.citation("card_points"))
        if kind == "may_play":
            why = deal.why_illegal(self._card, self.seat)
            if why is not None:
                return "no", why
            legal = [a.display() for a in deal.legal_actions() if isinstance(a, Card)]
            return "yes", _("{card} is among seat {seat}'s legal cards now ({legal}); {rule}").format(
                card=self._card.display(), seat=self.seat, legal=" ".join(legal), rule=_rule(deal.rules, "follow"))
        if kind == "can_call":
            call = CALLS[self._suit.index]
            why = deal.why_illegal(call, self.seat)
            if why is not None:
                return "no", why
            # The choices as the language shows them; English keeps the notation a learner types (``bibi H``).
            choices = _(" or ").join(str(a) if get_language() == SOURCE else action_text(a, rules=deal.rules)
                                     for a in deal.legal_actions())
            return "yes", _("seat {seat} holds a free {pair} {sym} and may call it now (his choices: {choices}); "
                            "{rule}").format(seat=self.seat, pair=pair_letters(), sym=self._suit.symbol,
                                             choices=choices, rule=_rule(deal.rules, "bibi_suits"))
        if kind == "trump":
            return deal.trump.symbol, deal.why_trump()
        if kind == PAIR_KIND:
            return _pair_answer(deal, self._seat, self._suit)
        # tricks_left
        total, done = deal.tricks_total, len(deal.tricks)
        left = total - done
        share = ngettext("{players} players share the {cards} cards in {n} trick",
                         "{players} players share the {cards} cards in {n} tricks", total).format(
            players=deal.players, cards=deal.rules.pack_size, n=total)
        played = ngettext("{n} has been played", "{n} have been played", done).format(n=done)
        remain = ngettext("so {n} remains", "so {n} remain", left).format(n=left)
        return str(left), _("{share} (seven dealt, the rest drawn while the stock lasts: R3, R8, R24, R25; I10, "
                            "I15); {played}, {remain}").format(share=share, played=played, remain=remain)

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
                raise AnswerError(_("answer: {answer} is not a number; answer with a whole number like 12").format(
                    answer=_quote(answer)))
            return str(int(text))
        listed = ", ".join(shown(c) for c in choices)
        if text is None:
            raise AnswerError(_("answer: {answer} is not one of {choices}").format(answer=_quote(answer),
                                                                                  choices=listed))
        low = text.lower()
        if text in choices:
            return text
        for choice in choices:  # a choice as the language in force shows it: «да», «игрок 2 К♠»
            if low == shown(choice).lower():
                return choice
        if choices == YES_NO:
            yes, no = _("yes").lower(), _("no").lower()
            if low in ("y", "yes", "true", yes, yes[:1]):
                return "yes"
            if low in ("n", "no", "false", no, no[:1]):
                return "no"
        if _CHOICE.fullmatch(low) and 1 <= int(low) <= len(choices):
            return choices[int(low) - 1]
        if self.kind == "winner":
            found = self._winner_choice(low)
            if found is not None:
                return found
        elif choices == SUIT_CHOICES:
            for suit in SUITS:  # a suit as the language names it: «черви», «cuori», or its letter
                if low in (suit.spoken().lower(), suit.letter().lower()):
                    return suit.symbol
            try:
                return Suit.parse(text).symbol
            except ValueError:
                pass
        raise AnswerError(_("answer: {answer} is not one of {choices} (or their numbers 1…{n})").format(
            answer=_quote(answer), choices=listed, n=len(choices)))

    def _winner_choice(self, low: str) -> str | None:
        plays = self._deal.tricks[self._number].plays
        word = _("seat {seat}").format(seat="").strip().lower()  # «игрок», «giocatore»
        for prefix in ("seat", word):
            if prefix and low.startswith(prefix):
                low = "seat" + low.removeprefix(prefix)
                break
        if low.startswith("seat"):
            seat = low.removeprefix("seat").split()[:1]
            for s, c in plays:
                if seat == [str(s)]:
                    return f"seat {s} {c.unicode}"
            return None
        try:
            card = read_card(low)
        except ValueError:
            return None
        seats = [(s, c) for s, c in plays if c == card]
        if len(seats) == 1:
            return f"seat {seats[0][0]} {card.unicode}"
        if seats:
            raise AnswerError(_("answer: two seats played {card}: say which seat, like '{seat}'").format(
                card=card.display(), seat=_("seat {seat}").format(seat=seats[0][0])))
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
            lines.append("  " + "   ".join(f"{i}) {shown(c)}" for i, c in enumerate(self.choices, 1)))
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
    if kind == PAIR_KIND:  # the seat to act holds a free pair (callable now or not)
        return bool(deal.free_pairs(_to_act(deal)))
    if kind == "can_call":
        if deal.phase == "call":
            return True
        # a seat to play that holds a free K+Q pair: callable now (no: only after drawing, R15), or not at all
        return deal.phase == "play" and len(deal.trick) < deal.players and bool(deal.free_pairs(_to_act(deal)))
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
        return any(deal.why_illegal(c) for c in deal.hand(_to_act(deal)))
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
    if kind in ("winner", "points"):
        t = deal.tricks[-1]
        choices = tuple(f"seat {s} {c.unicode}" for s, c in t.plays) if kind == "winner" else ()
        return Exercise(kind, text, upto, choices, trick=t.number)
    seat = _to_act(deal)
    if kind == "may_play":
        cards = list(dict.fromkeys(deal.hand(seat)))
        illegal = [c for c in cards if deal.why_illegal(c, seat)]
        legal = [c for c in cards if c not in illegal]
        if card is None:
            card = rng.choice(illegal if illegal and (not legal or rng.random() < 0.5) else legal)
        return Exercise(kind, text, upto, YES_NO, seat=seat, card=card)
    if kind == "can_call":
        held = [s for s in SUITS if any(c.suit == s and c.rank.char in "KQ" for c in deal.hand(seat))]
        callable_ = [s for s in SUITS if CALLS[s.index] in deal.legal_actions()]
        if suit is None:
            suit = rng.choice(callable_ if callable_ and rng.random() < 0.5 else held)
        return Exercise(kind, text, upto, YES_NO, seat=seat, suit=suit)
    if kind == "trump":
        return Exercise(kind, text, upto, SUIT_CHOICES)
    if kind == PAIR_KIND:
        if suit is None:
            suit = rng.choice(deal.free_pairs(seat))
        return Exercise(kind, text, upto, _pair_choices(deal, seat, suit), seat=seat, suit=suit)
    return Exercise(kind, text, upto)


def _question(kind: str, deal: Deal, seat: int | None, card: Card | None, suit: Suit | None) -> str:
    """The question of an exercise of ``kind`` at the position ``deal``, in the language in force."""
    trump = deal.trump.symbol
    if kind in ("winner", "points"):
        t = deal.tricks[-1]
        head = _("Trick {number}, trump {trump}, led by seat {seat}: {plays}.").format(
            number=t.number + 1, trump=t.trump.symbol, seat=t.leader, plays=_plays(t.plays))
        return f"{head} " + (_("Which card wins it?") if kind == "winner" else _("How many points does it score?"))
    if kind in ("may_play", "can_call", PAIR_KIND):
        assert seat is not None
        hand = " ".join(c.display() for c in deal.hand(seat))  # in the engine's order, as the pictures show it
        laid = deal.laid_down(seat)
        if laid:
            hand = _("{hand} (laid down: {laid})").format(hand=hand, laid=" ".join(c.display() for c in laid))
    if kind == "may_play":
        assert card is not None
        return _("Trump is {trump}. Trick {number} so far: {plays}. Seat {seat} holds {hand}. May seat {seat} play "
                 "{card}?").format(trump=trump, number=len(deal.tricks) + 1, plays=_plays(deal.trick), seat=seat,
                                   hand=hand, card=card.display())
    if kind in ("can_call", PAIR_KIND):
        assert suit is not None
        if deal.phase == "call" and not deal.tricks and not deal.trick:
            moment = _("Before the first trick (the pairs dealt in the hand), seat {seat} holds {hand}.")
        elif deal.phase == "call":
            moment = _("Seat {seat} has just drawn; he holds {hand}.")
        elif not deal.trick:
            moment = _("Seat {seat} is to lead; he holds {hand}.")
        else:
            moment = _("Seat {seat} is to play a card to the trick; he holds {hand}.")
        if kind == PAIR_KIND:
            return _("Trump is {trump}. {moment} May he say {call} with {king} {queen} now? If he may: what does the "
                     "call score, and what is trump in the next trick if nobody else calls? Answer no, or the points "
                     "and the suit.").format(trump=trump, moment=moment.format(seat=seat, hand=hand),
                                             call=call_said(deal.rules), king=Card(Rank.KING, suit).display(),
                                             queen=Card(Rank.QUEEN, suit).display())
        return _("Trump is {trump}. {moment} May he say {call} with {pair} {sym} now?").format(
            trump=trump, moment=moment.format(seat=seat, hand=hand), pair=pair_letters(), sym=suit.symbol,
            call=call_said(deal.rules))
    number = len(deal.tricks) + 1
    if kind == "trump":
        if deal.tricks:
            last = deal.tricks[-1]
            calls = [c for c in deal.calls if c.trick == last.number]
            before = _("Trick {number} was played with {trump} as trump").format(number=number - 1,
                                                                                 trump=last.trump.symbol)
        else:
            calls = [c for c in deal.calls if c.trick < 0]
            before = _("The deal's first trump is {trump}").format(trump=deal.first_trump.symbol)
        said = "; ".join(_("seat {seat} said {call} with {pair} {sym}").format(
            seat=c.seat, pair=pair_letters(), sym=c.suit.symbol, call=call_said(deal.rules)) for c in calls)
        if said:
            during = f" ({said})"
        else:
            during = " " + (_("(nobody said {call})").format(call=call_said(deal.rules)) if deal.tricks
                            else _("(no dealt pair was called)"))
        return _("{before}{during}. What is trump when trick {number} begins?").format(before=before, during=during,
                                                                                      number=number)
    # tricks_left
    if deal.drawing:
        stock = ngettext("the stock holds {n} card", "the stock holds {n} cards", deal.stock_size).format(
            n=deal.stock_size)
    elif deal.leftovers:
        stock = ngettext("the stock's last {n} card has been turned up", "the stock's last {n} cards have been "
                         "turned up", len(deal.leftovers)).format(n=len(deal.leftovers))
    else:
        stock = _("the stock is used up")
    played = ngettext("{n} trick has been played", "{n} tricks have been played", len(deal.tricks)).format(
        n=len(deal.tricks))
    return _("{players} players, {rules} rules; {played}, {stock}, and trick {number} is about to be led. How many "
             "tricks remain, this one included?").format(players=deal.players, rules=rules_name(deal.rules),
                                                          played=played, stock=stock, number=number)


# -- the generators ---------------------------------------------------------------------------------


def _to_act(deal: Deal) -> int:
    """The seat to act in ``deal``, which the caller knows is not over."""
    seat = deal.to_act
    assert seat is not None, "the deal is over"
    return seat


def _check_kind(kind: Any) -> str:
    if not isinstance(kind, str):
        raise wrong_type("kind", kind, "one of {choices}", typed=False, limit=QUOTED, choices=", ".join(ALL_KINDS))
    if kind not in ALL_KINDS:
        # TRANSLATORS: {value} is the kind refused, quoted; {kinds} the exercise kinds' names, as typed in code
        raise PracticeError("kind: " + _("{value} is not an exercise kind; use one of {kinds}").format(
            value=_quote(kind), kinds=", ".join(ALL_KINDS)))
    return kind


def _check_rules(rules: Any) -> Rules:
    if not isinstance(rules, (Rules, str)):
        raise wrong_type("rules", rules, "a Rules value or a preset name", typed=False, limit=QUOTED)
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
        raise wrong_type("seed", seed, "a whole number, a string or a random.Random", typed=False, limit=QUOTED)
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
    if kind == PAIR_KIND:
        if deck is not None or dealer is not None:
            raise PracticeError(f"deck: a {PAIR_KIND!r} exercise deals its own pair (pair_deal); give no deck or "
                                "dealer")
        return _pair_exercise(rules, players, rng)
    for _attempt in range(50):  # a deal with no position for the question (rare): deal again
        deal = (Deal.new(rules, players, rng=rng) if deck is None
                else Deal.new(rules, players, deck=deck, dealer=dealer))
        record, spots, better = _positions(kind, deal, rng)
        if spots:
            upto = rng.choice(better if better and rng.random() < _WEIGHT.get(kind, 0.6) else spots)
            return _make(kind, record, upto, rng)
    # TRANSLATORS: {kind} is the exercise kind, quoted as typed in code
    raise PracticeError("kind: " + _("no position to ask {kind} about in 50 deals of these rules").format(
        kind=repr(kind)))


def exercise_at(kind: str, deal: Deal, seed: int | str | random.Random = 0, *, card: Card | str | None = None,
                suit: Suit | str | None = None) -> Exercise:
    """An exercise of ``kind`` about ``deal`` as it stands (a stacked deal stepped by hand, say).

    ``winner`` and ``points`` ask about its last completed trick; ``trump`` and ``tricks_left`` need a
    trick about to be led; ``may_play`` a card to play to a trick (``card``: one of the hand of the seat
    to act); ``can_call`` a seat to act holding a king or queen (``suit``: the pair asked about).
    ``bibi`` a seat to act holding a free pair (``suit``: which). ``seed`` picks the card or suit when they are
    not given.
    """
    kind = _check_kind(kind)
    if not isinstance(deal, Deal):
        raise wrong_type("deal", deal, "a Deal", typed=False, limit=QUOTED)
    if card is not None:
        try:
            card = parse_card(card)
        except ValueError:
            # TRANSLATORS: {value} is the text refused, quoted; 'KS', 'TD', '2H' are cards in the notation, as typed
            raise PracticeError("card: " + _("{value} is not a card (write it like 'KS', 'TD', '2H')").format(
                value=_quote(card))) from None
        if kind != "may_play" or deal.is_over or card not in deal.hand(_to_act(deal)):
            # TRANSLATORS: {value} is the card, quoted as the notation writes it; 'may_play' is a kind, as typed
            raise PracticeError("card: " + _("{value} is not a card of the seat to act in a 'may_play' question")
                                .format(value=_quote(str(card))))
    if suit is not None:
        try:
            suit = Suit.parse(suit)
        except ValueError:
            # TRANSLATORS: {value} is the text refused, quoted; S, H, D, C are the notation's suits
            raise PracticeError("suit: " + _("{value} is not a suit (S, H, D, C)").format(value=_quote(suit))) from None
        if kind not in ("can_call", PAIR_KIND) or (kind == PAIR_KIND and (deal.is_over or suit not in
                                                                           deal.free_pairs(_to_act(deal)))):
            raise PracticeError(f"suit: {_quote(str(suit))} is asked about only in a 'can_call' question, or in "
                                "a 'bibi' one where the seat to act holds its king and queen")
    seen = [max(len(deal.tricks) - 1, 0)]
    if not _spot(kind, deal, seen):
        # TRANSLATORS: {value} is the deal, as Python writes it; {kind} the exercise kind, quoted as typed in code
        raise PracticeError("deal: " + _("{value} is not a position to ask {kind} about").format(
            value=_quote(deal, 60), kind=repr(kind)))
    if kind == "can_call" and not any(c.rank.char in "KQ" for c in deal.hand(_to_act(deal))):
        # TRANSLATORS: {seat} is the seat's number; 'can_call' is a kind, as typed in code
        raise PracticeError("deal: " + _("seat {seat} holds no king or queen to ask 'can_call' about").format(
            seat=deal.to_act))
    return _make(kind, deal.record(), len(deal.actions), _rng(seed), card, suit)


def exercises(n: int = 6, rules: Rules | str = "russian", players: int = 4, seed: int | str | random.Random = 0,
              *, kinds: Sequence[str] | None = None) -> tuple[Exercise, ...]:
    """``n`` exercises, the kinds taken in turn (all of ``KINDS`` unless ``kinds``) in an order the seed shuffles."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise wrong_type("n", n, "a whole number", typed=False, limit=QUOTED)
    if not 1 <= n <= 1000:
        raise PracticeError("n: " + _("{value} is outside {bounds}").format(value=_quote(n), bounds="1…1000"))
    if kinds is None:
        kinds = KINDS
    elif isinstance(kinds, str) or not isinstance(kinds, Sequence):
        raise wrong_type("kinds", kinds, "a list of kinds", typed=False, limit=QUOTED)
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


# -- practising a Bi-bi ----------------------------------------------------------------------------------


def pair_deal(rules: Rules | str, players: int, seat: int, seed: Any = None, *,
              when: str | None = None) -> tuple[Deal, PairSetup]:
    """A deal in which ``seat`` gets a king and a queen of one suit to call, dealt or drawn soon
    (``bibi.dealing.paired_setup``: ``when`` is ``'dealt'``, ``'drawn'`` or the seed's choice), and its set-up:
    what the play table's pair button, ``bibi play --pair`` and the ``bibi`` exercises deal. Its record holds
    the pack, so it replays as any deal does.

    >>> deal, pair = pair_deal("italian", 4, seat=1, seed=5)
    >>> pair.when, pair.suit in deal.free_pairs(1)
    ('dealt', True)
    """
    pair = paired_setup(rules, players, seat, seed, when=when)
    setup = pair.setup
    return Deal.new(as_rules(rules), players, deck=setup.deck, dealer=setup.dealer, trump=setup.trump), pair


def pair_note(rules: Rules, pair: PairSetup) -> str:
    """What to look for in a deal of ``pair_deal``, told to its seat in the language in force: the pair, when it
    may be called and what the call does under ``rules`` (the rules' own titles and words for ``dealt_pairs`` or
    ``draw``, ``bibi_call`` and ``trump_change``, with their sentences)."""
    king, queen = (Card(rank, pair.suit).display() for rank in (Rank.KING, Rank.QUEEN))
    call = call_said(rules)
    if pair.drawn is None:
        head = _("A deal to practise {call}: you were dealt {king} and {queen}.").format(call=call, king=king,
                                                                                       queen=queen)
        options = ("dealt_pairs", "bibi_call", "trump_change")
    else:
        held = queen if pair.drawn.rank is Rank.KING else king
        head = _("A deal to practise {call}: you were dealt {held}, and {drawn} is the card you draw right after "
                 "your first card: keep {held}.").format(call=call, held=held, drawn=pair.drawn.display())
        options = ("draw", "bibi_call", "trump_change")
    # TRANSLATORS: an option of the rules by its title («Calling») and what its value here means
    rule = _("{title}: {meaning}.")
    return " ".join([head, *(rule.format(title=_(OPTIONS[o].title), meaning=_meaning(rules, o)) for o in options)])


def _meaning(rules: Rules, option: str) -> str:
    """What these rules' value of ``option`` means, in the rules module's words with their sentences."""
    return _(OPTIONS[option].meaning(rules.options()[option]))


def pairs_passed(deal: Deal, seat: int, action: Any) -> tuple[Suit, ...]:
    """The pairs ``seat`` passes up with ``action`` (asked before it is applied): each suit he could call now, if
    ``action`` is a pass at his call decision; else none. What ``pair_missed`` is then said of, once the others
    have moved (the play table and ``bibi play``)."""
    return deal.callable_suits(seat) if action == PASS and deal.phase == "call" else ()


def pair_missed(deal: Deal, seat: int, suit: Suit) -> str:
    """Said to ``seat`` after it passed with the pair of ``suit`` callable: the rule on calling, and why it may
    not call it now (the engine's refusal, with its sentences), in the language in force."""
    king, queen = (Card(rank, suit).display() for rank in (Rank.KING, Rank.QUEEN))
    said = _("You did not say {call} with {king} {queen}: {rule}.").format(
        call=call_said(deal.rules), king=king, queen=queen, rule=_meaning(deal.rules, "bibi_call"))
    why = deal.why_illegal(CALLS[suit.index], seat) if deal.to_act == seat else None
    return said if why is None else said + " " + _("You cannot call it now: {why}.").format(why=why)


def _pair_exercise(rules: Rules, players: int, rng: random.Random) -> Exercise:
    """A ``bibi`` exercise: a pair deal for a seat the stream picks, the bots playing until that seat first acts
    holding the pair; the question asked there, or at its first chance to call."""
    seat = rng.randrange(players)
    # Under mandatory calls only a pair of the original trump is asked about (I12); the others the rules call
    # themselves (I11): half the time, deal again (seeded) until the pair is of the original trump.
    trump_pair = rules.bibi_call is BibiCall.MANDATORY and rng.random() < 0.5
    for _attempt in range(30):
        deal, pair = pair_deal(rules, players, seat, rng.getrandbits(64))
        if not trump_pair or pair.suit == deal.first_trump:
            break
    spots: list[int] = []
    calls: list[int] = []

    def look(d: Deal) -> bool:
        if not d.is_over and d.to_act == seat and pair.suit in d.free_pairs(seat):
            spots.append(len(d.actions))
            if d.phase == "call" and pair.suit in d.callable_suits(seat):
                calls.append(len(d.actions))
        return bool(calls) or len(spots) > 3

    play(deal, heuristic_bot, rng, until=look)
    if not spots:  # never: the set-up keeps the pair until its first chance (tests/test_pair.py)
        raise PracticeError(f"seed: no position with seat {seat}'s pair to ask about")
    upto = calls[0] if calls and (spots[0] == calls[0] or rng.random() < 0.6) else spots[0]
    return _make(PAIR_KIND, deal.record(), upto, rng, suit=pair.suit)


def _passing(view: Any, rng: random.Random) -> Any:
    """The others in a ``bibi`` exercise's answer: a pass where one is allowed (every call the rules leave free
    passed), else the first legal action (a call the rules make compulsory, a card)."""
    legal = view.legal_actions
    return PASS if PASS in legal else legal[0]


def _pair_answer(deal: Deal, seat: int, suit: Suit) -> tuple[str, str]:
    """The answer to a ``bibi`` exercise and the engine's reason: ``no`` and why the call is refused now; else the
    call's points and the next trick's trump (``+50 ♥``), found by calling on a copy and playing to the next lead
    with every other call passed, and told with ``Deal.why_trump`` there."""
    call = CALLS[suit.index]
    why = deal.why_illegal(call, seat)
    if why is not None:
        return "no", why
    after = play(deal.copy().apply(call), _passing, random.Random(0),
                 until=lambda d: d.phase == "play" and not d.trick)  # on to the next lead
    points = deal.rules.bibi_points
    king, queen = (Card(rank, suit).display() for rank in (Rank.KING, Rank.QUEEN))
    return f"+{points} {after.trump.symbol}", _(
        "seat {seat} may say {call} with {king} {queen} now: the call scores {points} ({cite}); then, if nobody "
        "else calls: {why}").format(seat=seat, call=call_said(deal.rules), king=king, queen=queen, points=points,
                                    cite=deal.rules.citation("bibi_points"), why=after.why_trump())


def _pair_choices(deal: Deal, seat: int, suit: Suit) -> tuple[str, ...]:
    """The answers offered in a ``bibi`` exercise: ``no``, the right one, and the likely slips (the trump staying,
    the pair's card points instead of the call's)."""
    rules = deal.rules
    answer = _pair_answer(deal, seat, suit)[0]
    cards = rules.card_points[Rank.KING] + rules.card_points[Rank.QUEEN]
    slips = {answer, f"+{rules.bibi_points} {suit.symbol}", f"+{rules.bibi_points} {deal.trump.symbol}",
             f"+{cards} {suit.symbol}"} - {"no"}
    return ("no", *sorted(slips))


__all__ = [
    "ALL_KINDS", "KINDS", "PAIR_KIND", "TITLES", "AnswerError", "Exercise", "Feedback", "PracticeError", "exercise",
    "exercise_at", "exercises", "pair_deal", "pair_missed", "pair_note", "pairs_passed", "title",
]
