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
from typing import Any, ClassVar, Final, SupportsIndex

from bibi.actions import ACTION_TYPES, Action
from bibi.cards import SUITS, Card, Rank, Suit
from bibi.deal import _PLAY, Deal
from bibi.errors import Checked, IllegalAction, check_type, shorten, whole, wrong_type
from bibi.refusals import why_refused
from bibi.reports import Call, History, Position, Trick, View, drawn_by, passed_by
from bibi.rules import Rules
from bibi.tricks import KQ_SLOT

# Why a bot's answer is refused when the deal moved while it was choosing (the seated picker here, and the play
# layer's loop, which hands out frozen views): a bot reads its view and answers, nothing more.
MOVED_DEAL: Final = ("the deal moved while seat {seat}'s bot was choosing: a bot reads its view and answers; "
                     "it never moves the deal")
# Why, when a bot changed the deal while choosing (``Guard``, the same two loops).
CHANGED_DEAL: Final = ("seat {seat}'s bot changed {what} of the deal while choosing: a bot reads its view and "
                       "answers; it never changes the deal, which is not to be played on")
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


def _deal_of(view: LiveView) -> Deal:
    """The live deal ``view`` reads: the module's way to it, which the view itself does not offer (see below)."""
    return view._deal


def _tally_of(view: LiveView) -> _Tally:
    """The tally ``view`` shares with the other views of its deal (it leads to the deal too)."""
    return view._tally


def _open_trick(deal: Deal) -> Sequence[tuple[int, Card]]:
    """The trick under way, whose cards a tally has not counted yet; none once it is complete (a complete trick
    is already the last of the tricks)."""
    trick = deal._trick
    return trick if len(trick) < deal.players else ()


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

    def __init__(self, deal: Checked[Deal], seat: SupportsIndex, tally: _Tally | None = None):
        check_type("deal", deal, Deal, "a Deal")
        if tally is not None and tally._deal is not deal:
            raise ValueError("tally: it counts another deal's cards; give the views of one deal one tally")
        seat = deal._seat(seat)
        for name, value in (("_seat", seat), ("seat", seat), ("players", deal.players), ("rules", deal.rules),
                            ("dealer", deal.dealer), ("first_trump", deal.first_trump),
                            ("ask_every_chance", deal.ask_every_chance), ("_legal", None)):
            object.__setattr__(self, name, value)
        tally = _Tally(deal) if tally is None else tally
        if _NATIVE:  # compiled: ``__init__`` stores a field natively, whatever ``__setattr__`` says
            self._deal = deal
            self._tally = tally
        else:  # pure: through the slots' own setters, which the class no longer shows (below)
            _HIDDEN["_deal"].__set__(self, deal)
            _HIDDEN["_tally"].__set__(self, tally)

    # Read-only, as a frozen ``View`` is, with the same error: a bot that assigns to its view (or deletes from it)
    # is told so on both playing loops alike, and the view it reads next shows what it showed.
    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def snapshot(self) -> View:
        """The ``View`` of this seat now: a frozen copy."""
        deal = _deal_of(self)
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
        deal = _deal_of(self)
        tally = _tally_of(self)
        counts = tally.update()[:]
        for c in deal._hands[self._seat]:
            counts[c] -= 1
        for c in deal._leftovers:
            counts[c] -= 1
        for _, c in _open_trick(deal):
            counts[c] -= 1
        if deal._laid_moves:  # a pair has been called: the others' laid-down cards are seen
            sums = tally.laid_sums()
            own = deal._laid[self._seat]
            for s in range(4):
                counts[s * 13 + _KING] -= sums[s] - own[s]
                counts[s * 13 + _QUEEN] -= sums[4 + s] - own[4 + s]
        return counts

    def unseen_of(self, card: SupportsIndex) -> tuple[int, int]:
        """``(unseen()[card], sum(unseen()))``, without counting every card: what a bot weighing one card's
        chance asks (the heuristic's Bi-bi hope). ``card`` is a card, or its index 0…51 (a ``ValueError`` naming
        ``card`` otherwise, a ``TypeError`` for no whole number)."""
        i = whole("card", card, 0, 51)
        deal = _deal_of(self)
        tally = _tally_of(self)
        n = tally.update()[i]
        total = tally.total
        hand: list[Any] = deal._hands[self._seat]  # Cards, which equal their indexes
        n -= hand.count(i)
        total -= len(hand)
        leftovers = deal._leftovers
        if leftovers:
            n -= leftovers.count(i)
            total -= len(leftovers)
        trick = _open_trick(deal)
        for _, c in trick:
            if c == i:
                n -= 1
        total -= len(trick)
        if deal._laid_moves:  # a pair has been called: the others' laid-down cards are seen
            sums = tally.laid_sums()
            own = deal._laid[self._seat]
            total -= sums[8] - sum(own)
            slot = KQ_SLOT[i]
            if slot >= 0:
                n -= sums[slot] - own[slot]
        return n, total

    def position(self) -> Position:
        """``(legal_actions, trump.index, trick, stock_size, drawing)``, as ``View.position`` gives them: the
        fields a bot reads at every decision, in one call instead of five property reads."""
        deal = _deal_of(self)
        legal = self._legal
        return (self.legal_actions if legal is None else legal, deal._trump, tuple(deal._trick),
                len(deal.deck) - deal._pos, deal._drawing)

    @property
    def hand(self) -> tuple[Card, ...]:
        return tuple(_deal_of(self)._hands[self._seat])

    @property
    def trump(self) -> Suit:
        return SUITS[_deal_of(self)._trump]

    @property
    def to_act(self) -> int | None:
        return _deal_of(self).to_act_for(self._seat)

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        return tuple(_deal_of(self)._trick)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return tuple(_deal_of(self)._tricks)

    @property
    def laid_down(self) -> tuple[tuple[Card, ...], ...]:
        return _tally_of(self).laid_down()

    @property
    def calls(self) -> tuple[Call, ...]:
        return tuple(_deal_of(self)._calls)

    @property
    def switch_rights(self) -> tuple[Suit, ...]:
        return _deal_of(self).switch_rights(self._seat)

    @property
    def leftovers(self) -> tuple[Card, ...]:
        return _deal_of(self)._leftovers

    @property
    def stock_size(self) -> int:
        deal = _deal_of(self)
        return len(deal.deck) - deal._pos

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in _deal_of(self)._hands)

    @property
    def scores(self) -> tuple[int, ...]:
        return _deal_of(self).scores

    @property
    def legal_actions(self) -> tuple[Card | Action, ...]:
        legal = self._legal
        if legal is not None:
            return legal
        deal = _deal_of(self)
        return deal._compute_legal() if deal.to_act == self._seat else ()  # leaves the deal's cache alone

    @property
    def drawing(self) -> bool:
        return _deal_of(self)._drawing

    @property
    def pending_trump(self) -> Suit | None:
        return _deal_of(self).pending_trump

    @property
    def history(self) -> History:
        return _deal_of(self).history

    @property
    def drawn(self) -> tuple[tuple[int, Card], ...]:
        deal = _deal_of(self)
        return drawn_by(deal, self._seat, deal.history.draws)

    @property
    def passes(self) -> tuple[int, ...]:
        return passed_by(_deal_of(self), self._seat)


# The two fields that lead to the live deal are out of a bot's reach by attribute and by slot: the class keeps no
# descriptor for them (``view._deal`` and ``LiveView._deal.__get__(view)`` raise ``AttributeError``, and neither
# ``__getstate__`` nor ``dir`` shows them). Compiled, the class's own code reads and writes them natively all the
# same; pure, ``_deal_of`` and ``_tally_of`` become the slots' own getters, kept here. What is out of reach is
# ordinary access: in one process, Python cannot keep a determined bot from memory it shares (the garbage
# collector, the call frames, this module); ``Guard`` catches what such a bot changes, and ``bibi.sealed`` runs a
# bot in a process of its own, where the deal is not.
_HIDDEN: Final[dict[str, Any]] = {name: getattr(LiveView, name) for name in ("_deal", "_tally")}
_NATIVE: Final = type(_HIDDEN["_deal"]).__name__ != "member_descriptor"  # mypyc's classes have no slots
for _name in _HIDDEN:
    delattr(LiveView, _name)
if not _NATIVE:
    globals().update(_deal_of=_HIDDEN["_deal"].__get__, _tally_of=_HIDDEN["_tally"].__get__)


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


class Guard:
    """What a bot may not change while it chooses, noted before it is asked (``note``) and looked at again after
    (``changed``): the hands (the deal's list of them, each seat's own list, how many cards they hold in all, and the
    deciding seat's cards one by one), the stock (the pack, how far it is drawn, the leftovers), the history (the
    deal's lists of actions and tricks, how many there are, the last action, the trick under way and its length)
    and the trump. Both loops ask it at every decision a bot is asked (``seated_picker`` here, and
    ``bibi.play.play``), so a bot that reaches the deal by a back way (the garbage collector, a call frame, a
    reference of its own) and changes one of these is named before its answer is taken (``bibi.play.BotError``).

    It is cheap rather than complete, for it runs at every decision (bench/sealed_guard.py measures it: two list
    copies and a dozen fields): a bot that changes another seat's cards for
    others, changes something and puts it back, rewrites an older entry of the history or reaches another of the
    deal's fields (the scores, the calls) is not seen. In one process Python cannot keep a determined bot from
    memory it shares; ``bibi.sealed`` runs a bot in a process of its own, which holds only its view.
    """

    __slots__ = ("_deal", "hands", "each", "own", "seat", "held", "deck", "pos", "leftovers", "actions", "at", "last",
                 "tricks", "done", "trick", "played", "trump")

    # Typed fields compared one by one: the compiled build reads and compares them natively (a tuple of them, or
    # ``sum(map(len, …))``, costs it several times as much, for it goes through the interpreter's generic code).
    _deal: Deal
    hands: list[list[Card]]  # the deal's own list of hands (the engine changes each hand in place, never the list)
    each: list[list[Card]]  # a copy of it, made once: each seat's own list, in seat order
    own: list[Card]  # the deciding seat's cards, copied
    seat: int
    held: int  # how many cards the hands hold in all
    deck: tuple[Card, ...]
    pos: int
    leftovers: tuple[Card, ...]
    actions: list[Card | Action]  # the deal's own lists (never replaced by the engine), as noted, and their lengths
    at: int
    last: object  # the last action (compared by identity)
    tricks: list[Trick]
    done: int
    trick: list[tuple[int, Card]]  # the trick under way (a new list at each trick) and its length
    played: int
    trump: int

    def __init__(self, deal: Deal):
        self._deal = deal
        self.hands = deal._hands
        self.each = deal._hands[:]
        self.note(0)

    def note(self, seat: int) -> None:
        """Note the deal as it is now, before the bot of ``seat`` is asked."""
        deal = self._deal
        hands = self.hands
        self.own = hands[seat][:]
        self.seat = seat
        held = 0
        for hand in hands:
            held += len(hand)
        self.held = held
        self.deck = deal.deck
        self.pos = deal._pos
        self.leftovers = deal._leftovers
        actions = deal._actions
        self.actions = actions
        self.at = len(actions)
        self.last = actions[-1] if actions else None
        tricks = deal._tricks
        self.tricks = tricks
        self.done = len(tricks)
        trick = deal._trick
        self.trick = trick
        self.played = len(trick)
        self.trump = deal._trump

    def moved(self) -> bool:
        """Whether the deal moved on since ``note``: an action applied (by ``Deal.apply``, say) or a card drawn."""
        deal = self._deal
        return len(deal._actions) > self.at or deal._pos > self.pos

    def changed(self) -> str | None:
        """What of the deal is no longer as noted, in a few words (``None``: all is as it was)."""
        deal = self._deal
        hands = self.hands
        if deal._hands is not hands or hands != self.each or hands[self.seat] != self.own:
            return "the hands"
        held = 0
        for hand in hands:
            held += len(hand)
        if held != self.held:
            return "the hands"
        if deal.deck is not self.deck or deal._pos != self.pos or deal._leftovers is not self.leftovers:
            return "the stock"
        actions = self.actions
        last = actions[-1] if actions else None
        if (deal._actions is not actions or len(actions) != self.at or last is not self.last
                or deal._tricks is not self.tricks or len(self.tricks) != self.done
                or deal._trick is not self.trick or len(self.trick) != self.played):
            return "the history"
        if deal._trump != self.trump:
            return "the trump"
        return None


def guarded(guard: Guard, seat: int) -> str:
    """Why seat ``seat``'s answer is refused when ``guard`` saw the deal change while its bot chose (the same words
    on both loops): the deal moved on (an action applied), or something of it changed."""
    if guard.moved():
        return MOVED_DEAL.format(seat=seat)
    return CHANGED_DEAL.format(seat=seat, what=guard.changed())


def seated_picker(
    deal: Deal, bots: Sequence[Callable[[LiveView, random.Random], Any]], rng: random.Random
) -> Callable[[tuple[Card | Action, ...]], Card | Action]:
    """The per-decision picker of ``bibi.playout.seated_playout``: each decision with a choice goes to the seat's bot as
    ``bots[seat](view, rng)``, ``view`` the seat's ``LiveView`` (one per seat for the whole deal, sharing one
    tally, lent the legal actions being decided on). The deal's loop takes a forced move without asking. A refused
    answer raises with ``answer``, ``seat`` and ``deal`` set on the error. Wrong ``bots`` or ``rng`` are refused
    here, before the deal moves."""
    if isinstance(bots, str | bytes) or not isinstance(bots, Sequence) or not all(callable(bot) for bot in bots):
        raise wrong_type("bots", bots, "a sequence of bots, callables (view, rng) -> action", typed=False)
    if len(bots) != deal.players:
        raise ValueError(f"bots: expected one bot per seat ({deal.players}), not {shorten(bots)}")
    if not isinstance(rng, random.Random):
        raise wrong_type("rng", rng, "a random.Random", typed=False)
    tally = _Tally(deal)  # the played cards, counted once for all the seats
    views = [LiveView(deal, seat, tally) for seat in range(deal.players)]
    lend = _LEND
    guard = Guard(deal)

    def pick(legal: tuple[Card | Action, ...]) -> Card | Action:
        seat = deal._turn if deal._phase == _PLAY else deal._call_seat
        view = views[seat]
        lend(view, legal)
        guard.note(seat)
        act = answer = bots[seat](view, rng)
        lend(view, None)
        if guard.changed() is not None:  # the bot reached the deal by a back way
            exc = IllegalAction(guarded(guard, seat))
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


__all__ = ["CHANGED_DEAL", "Guard", "MOVED_DEAL", "LiveView", "guarded", "seated_picker"]
