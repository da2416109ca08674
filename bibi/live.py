"""The live views the bots read on the fast path: ``LiveView`` (what one seat may see, read from the live deal
when asked), the ``_Tally`` of played and laid-down cards the views of one deal share, and the picker that hands
the views to the seats' bots in the one fast loop (``bibi.playout.seated_playout``).

The module sits above ``bibi.deal``: it reads a live deal, which never imports it. A view gives no way back to the
deal.
It is compiled with the engine (tools/build_compiled.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import FrozenInstanceError
from typing import Any, ClassVar, Final

from bibi.actions import ACTION_TYPES, Action
from bibi.cards import SUITS, Card, Rank, Suit
from bibi.deal import _PLAY, Deal
from bibi.errors import IllegalAction, WrongType, shorten, whole
from bibi.refusals import why_refused
from bibi.reports import Call, History, Position, Trick, View, drawn_by, passed_by
from bibi.rules import Rules
from bibi.tricks import KQ_SLOT

# Why a bot's answer is refused when the deal moved while it was choosing (the seated picker here, and the play
# layer's loop, which hands out frozen views): a bot reads its view and answers, nothing more.
MOVED_DEAL: Final = ("the deal moved while seat {seat}'s bot was choosing: a bot reads its view and answers; "
                     "it never moves the deal")
_KING: Final = int(Rank.KING)
_QUEEN: Final = int(Rank.QUEEN)


class _Tally:
    """What every seat sees alike, kept once for the ``LiveView``s that share it: the played cards as the deal
    goes on (per card index, the copies not in a finished trick, ``left``, taken from ``decks``; their sum; how
    many tricks are counted) and every seat's laid-down cards."""

    __slots__ = ("_deal", "left", "total", "counted", "laid", "laid_at", "sums", "sums_at")

    def __init__(self, deal: Deal):
        self._deal = deal
        self.left = [deal.rules.decks] * 52
        self.total = 52 * deal.rules.decks
        self.counted = 0
        self.laid: tuple[tuple[Card, ...], ...] = ()  # every seat's laid-down cards, as last built
        self.laid_at = -1  # the deal's ``_laid_moves`` then
        self.sums: list[int] = []  # ``laid_sums()`` as last counted, and the deal's ``_laid_moves`` then
        self.sums_at = -1

    def laid_sums(self) -> list[int]:
        """The laid-down kings, then queens, by suit, summed over the seats (``Deal._laid``'s slots), and the
        sum of all eight: counted again only when a call or a laid-down card played changes them."""
        deal = self._deal
        if deal._laid_moves != self.sums_at:
            sums = [sum(column) for column in zip(*deal._laid, strict=True)]
            sums.append(sum(sums))
            self.sums, self.sums_at = sums, deal._laid_moves
        return self.sums

    def laid_down(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's laid-down cards, built again only when a call or a laid-down card played changes them."""
        deal = self._deal
        if deal._laid_moves != self.laid_at:
            self.laid = tuple(deal.laid_down(s) for s in range(deal.players))
            self.laid_at = deal._laid_moves
        return self.laid

    def update(self) -> list[int]:
        """``left`` after the tricks finished since the last question."""
        tricks = self._deal._tricks
        left = self.left
        if self.counted > len(tricks):  # not the deal it counted (it never shrinks): count again
            left[:] = [self._deal.rules.decks] * 52
            self.total = 52 * self._deal.rules.decks
            self.counted = 0
        for t in range(self.counted, len(tricks)):
            plays = tricks[t].plays
            for _, c in plays:
                left[c] -= 1
            self.total -= len(plays)
        self.counted = len(tricks)
        return left


class LiveView:
    """What one seat may see, like ``View``, but read from the live deal when asked instead of copied at
    once: the play layer's fast path hands it to the bots, so a decision costs only what the bot reads.

    It has every field of ``View`` (with the same value ``deal.view(seat)`` has at that moment: a property, but
    for the six a deal never changes, ``seat``, ``players``, ``rules``, ``dealer``, ``first_trump`` and
    ``ask_every_chance``, plain
    attributes, the cheapest reads for the bots; none can be assigned or deleted, as none of a frozen ``View``
    can, with the same ``FrozenInstanceError``), ``snapshot()`` (that ``View``), ``unseen()`` (per
    card index, the copies the seat has not seen) and ``unseen_of(card)`` (one card's count and the sum). The
    count of the played cards behind them is kept up as the deal goes on (only the tricks finished since the
    last question are read), and the views of one seated playout share it; ``laid_down`` is built again only
    when a call or a laid-down card played changes it. It follows the deal: keep ``snapshot()`` to keep what a
    seat saw. Hidden cards stay hidden: it shows nothing ``View`` does not, and it gives no way back to the
    live deal, its tallies or anything that moves them (``seated_playout`` refuses an answer given after the
    deal moved all the same).
    """

    __slots__: ClassVar[tuple[str, ...]] = (
        "_deal", "_seat", "seat", "players", "rules", "dealer", "first_trump", "ask_every_chance", "_legal", "_tally",
    )

    _deal: Deal  # read, never handed out: a view has no way back to the live deal (nor has its tally)
    _seat: int  # the seat it shows (``seat`` is the same number, for the bots to read)
    seat: int
    players: int
    rules: Rules
    dealer: int
    first_trump: Suit
    ask_every_chance: bool
    _legal: tuple[Card | Action, ...] | None  # the legal actions, when the play layer already has them
    _tally: _Tally  # the played cards and the laid-down ones, shared by the views of one playout

    def __init__(self, deal: Deal, seat: int, tally: _Tally | None = None):
        if tally is not None and tally._deal is not deal:
            raise ValueError("tally: it counts another deal's cards; give the views of one deal one tally")
        seat = deal._seat(seat)
        for name, value in (("_deal", deal), ("_seat", seat), ("seat", seat), ("players", deal.players),
                            ("rules", deal.rules), ("dealer", deal.dealer), ("first_trump", deal.first_trump),
                            ("ask_every_chance", deal.ask_every_chance),
                            ("_legal", None), ("_tally", _Tally(deal) if tally is None else tally)):
            object.__setattr__(self, name, value)

    # Read-only, as a frozen ``View`` is, with the same error: a bot that assigns to its view (or deletes from it)
    # is told so on both playing loops alike, and the view it reads next shows what it showed.
    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def snapshot(self) -> View:
        """The ``View`` of this seat now: a frozen copy."""
        deal = self._deal
        if self._legal is None:
            return deal.view(self._seat)
        # Inside ``seated_playout`` the deal caches no legal actions (its loop moves on without
        # clearing them): lend it the ones the loop is deciding on, and leave no cache behind.
        deal._legal = self._legal
        try:
            return deal.view(self._seat)
        finally:
            deal._legal = None

    def unseen(self) -> list[int]:
        """Per card index, how many copies this seat has not seen: in other hands, face down, or in the stock."""
        deal = self._deal
        counts = self._tally.update()[:]
        for c in deal._hands[self._seat]:
            counts[c] -= 1
        for c in deal._leftovers:
            counts[c] -= 1
        for _, c in self._open_trick():
            counts[c] -= 1
        if deal._laid_moves:  # a pair has been called: the others' laid-down cards are seen
            sums = self._tally.laid_sums()
            own = deal._laid[self._seat]
            for s in range(4):
                counts[s * 13 + _KING] -= sums[s] - own[s]
                counts[s * 13 + _QUEEN] -= sums[4 + s] - own[4 + s]
        return counts

    def unseen_of(self, card: Any) -> tuple[int, int]:
        """``(unseen()[card], sum(unseen()))``, without counting every card: what a bot weighing one card's
        chance asks (the heuristic's Bi-bi hope). ``card`` is a card, or its index 0…51 (a ``ValueError`` naming
        ``card`` otherwise, a ``TypeError`` for no whole number)."""
        i = whole("card", card, 0, 51)
        deal = self._deal
        tally = self._tally
        n = tally.update()[i]
        total = tally.total
        hand: list[Any] = deal._hands[self._seat]  # Cards, which equal their indexes
        n -= hand.count(i)
        total -= len(hand)
        leftovers = deal._leftovers
        if leftovers:
            n -= leftovers.count(i)
            total -= len(leftovers)
        trick = self._open_trick()
        for _, c in trick:
            if c == i:
                n -= 1
        total -= len(trick)
        if deal._laid_moves:  # a pair has been called: the others' laid-down cards are seen
            sums = self._tally.laid_sums()
            own = deal._laid[self._seat]
            total -= sums[8] - sum(own)
            slot = KQ_SLOT[i]
            if slot >= 0:
                n -= sums[slot] - own[slot]
        return n, total

    def _open_trick(self) -> Sequence[tuple[int, Card]]:
        """The trick under way, whose cards the tally has not counted yet; none once it is complete (a complete
        trick is already the last of the tricks)."""
        trick = self._deal._trick
        return trick if len(trick) < self.players else ()

    def position(self) -> Position:
        """``(legal_actions, trump.index, trick, stock_size, drawing)``, as ``View.position`` gives them: the
        fields a bot reads at every decision, in one call instead of five property reads."""
        deal = self._deal
        legal = self._legal
        return (self.legal_actions if legal is None else legal, deal._trump, tuple(deal._trick),
                len(deal.deck) - deal._pos, deal._drawing)

    @property
    def hand(self) -> tuple[Card, ...]:
        return tuple(self._deal._hands[self._seat])

    @property
    def trump(self) -> Suit:
        return SUITS[self._deal._trump]

    @property
    def to_act(self) -> int | None:
        return self._deal.to_act_for(self._seat)

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        return tuple(self._deal._trick)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return tuple(self._deal._tricks)

    @property
    def laid_down(self) -> tuple[tuple[Card, ...], ...]:
        return self._tally.laid_down()

    @property
    def calls(self) -> tuple[Call, ...]:
        return tuple(self._deal._calls)

    @property
    def switch_rights(self) -> tuple[Suit, ...]:
        return self._deal.switch_rights(self._seat)

    @property
    def leftovers(self) -> tuple[Card, ...]:
        return self._deal._leftovers

    @property
    def stock_size(self) -> int:
        deal = self._deal
        return len(deal.deck) - deal._pos

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self._deal._hands)

    @property
    def scores(self) -> tuple[int, ...]:
        return self._deal.scores

    @property
    def legal_actions(self) -> tuple[Card | Action, ...]:
        legal = self._legal
        if legal is not None:
            return legal
        deal = self._deal
        return deal._compute_legal() if deal.to_act == self._seat else ()  # leaves the deal's cache alone

    @property
    def drawing(self) -> bool:
        return self._deal._drawing

    @property
    def pending_trump(self) -> Suit | None:
        return self._deal.pending_trump

    @property
    def history(self) -> History:
        return self._deal.history

    @property
    def drawn(self) -> tuple[tuple[int, Card], ...]:
        deal = self._deal
        return drawn_by(deal, self._seat, deal.history.draws)

    @property
    def passes(self) -> tuple[int, ...]:
        return passed_by(self._deal, self._seat)


def _lend(view: LiveView, legal: tuple[Card | Action, ...] | None) -> None:
    """Lend ``view`` the legal actions being decided on (``None``: take them back): the one field the engine
    changes on a view, which refuses every assignment from outside."""
    object.__setattr__(view, "_legal", legal)


# ``_lend`` at the cost of one C call, where the field is a plain slot (pure Python): the slot's own setter
# passes by ``LiveView.__setattr__``. Compiled, the class keeps its fields natively: ``_lend`` then.
_SLOT: Any = getattr(LiveView, "_" + "legal", None)  # looked up at run time: mypyc's classes have no slots
_LEND: Final[Callable[[LiveView, Any], None]] = (
    _SLOT.__set__ if type(_SLOT).__name__ == "member_descriptor" else _lend
)


def seated_picker(
    deal: Deal, bots: Sequence[Callable[[LiveView, random.Random], Any]], rng: random.Random
) -> Callable[[tuple[Card | Action, ...]], Card | Action]:
    """The per-decision picker of ``bibi.playout.seated_playout``: each decision with a choice goes to the seat's bot as
    ``bots[seat](view, rng)``, ``view`` the seat's ``LiveView`` (one per seat for the whole deal, sharing one
    tally, lent the legal actions being decided on). The deal's loop takes a forced move without asking. A refused
    answer raises with ``answer``, ``seat`` and ``deal`` set on the error. Wrong ``bots`` or ``rng`` are refused
    here, before the deal moves."""
    if not isinstance(bots, Sequence) or not all(callable(bot) for bot in bots):
        raise WrongType(f"bots: expected a sequence of bots, callables (view, rng) -> action, not {shorten(bots)}")
    if len(bots) != deal.players:
        raise ValueError(f"bots: expected one bot per seat ({deal.players}), not {shorten(bots)}")
    if not isinstance(rng, random.Random):
        raise WrongType(f"rng: expected a random.Random, not {shorten(rng)}")
    tally = _Tally(deal)  # the played cards, counted once for all the seats
    views = [LiveView(deal, seat, tally) for seat in range(deal.players)]
    lend = _LEND
    actions = deal._actions

    def pick(legal: tuple[Card | Action, ...]) -> Card | Action:
        seat = deal._turn if deal._phase == _PLAY else deal._call_seat
        view = views[seat]
        lend(view, legal)
        at, pos = len(actions), deal._pos
        act = answer = bots[seat](view, rng)
        lend(view, None)
        if len(actions) != at or deal._pos != pos:  # the bot reached the deal by a back way
            exc = IllegalAction(MOVED_DEAL.format(seat=seat))
            exc.answer, exc.seat, exc.deal = answer, seat, deal  # type: ignore[attr-defined]
            raise exc
        # The type first: an answer of another type is never compared (its ``==`` may be anything).
        if not isinstance(act, ACTION_TYPES) or act not in legal:
            deal._legal = legal
            try:
                act = Action.parse(act)  # a notation, as apply reads it
                if act not in legal:
                    raise IllegalAction(why_refused(deal, act))
            except (ValueError, TypeError) as exc:
                exc.answer, exc.seat, exc.deal = answer, seat, deal  # type: ignore[union-attr]
                raise
            deal._legal = None
        return act

    return pick


__all__ = ["MOVED_DEAL", "LiveView", "seated_picker"]
