"""One deal as a state machine: who acts, what is legal, what each action does.

A deal moves through exactly the decision points of the rules reference, ``docs/rules.md`` (every "§" in this
module, as in "rules §5.2", is a section of that file): the dealt-pair pass before the first trick
(``dealt_pairs``: each seat holding a callable pair calls, ``bibi H``, or passes, R17–R20, clockwise from the
dealer's left); each card played (``KS``; under ``follow`` the suit led, or also trumps); call-or-pass after a
player's own draw while he holds a callable pair, again after each call (R15, R21, R23; I9, I11); the leader's
trump switch (``trump H``) under ``trump_change='holder_chooses'`` (I12, I14). Mandatory calls
(``bibi_call='mandatory'``) are made by the engine itself, suits in the order S, H, D, C, and recorded as events
and calls; a pair of the deal's original trump (``first_trump``) stays optional, "della prima briscola" (I12).

Timing follows rules §5 to the letter: the stock is checked at the start of each trick, before the leader acts
(when it is short, drawing, calls and trump changes stop, R24; I15, and its cards are turned up at once under
``turn_up='trick_start'``, R25, or at the first draw that cannot be made under ``'failed_draw'``, I9, I16); a change
of trump fixed by calls under ``next_trick`` applies at the start of the next trick, a final one too (rules §3 case
9); a trick's points go to its winner with its last card; under ``after_each_card`` a player draws right after his
card, under ``after_trick`` the winner first, then clockwise, each deciding his calls right after his own draw.

The decisions the texts leave open are the rules reference's (its conventions in §2, its timing in §5: the order
of the dealt-pair pass, what competes under ``multi_call``, the trump of a stacked pack, a stock that runs out
exactly, who is asked about a call and ``ask_every_chance``, …), and this module takes each one as written there.
Two more are about its own surface: while the last player's draw and call decisions (``after_each_card``) or the
draw round (``after_trick``) follow a completed trick, ``trick`` still shows it (it is also ``tricks[-1]``); and
``Deal.replay`` refuses a record whose ``dealer`` or ``trump`` is null rather than fill in ``Deal.new``'s defaults.

The module is the state machine; what lies beside it, below it and above it is mapped in ARCHITECTURE.md ("The
engine"): the actions, reports, record, set-up and rule facts below, the refusals' words, the sampler, the one fast
loop and the renderer.

>>> deal = Deal.new("russian", players=4, seed=1)
>>> deal.dealer, deal.to_act, str(deal.trump), deal.stock_size   # the dealer's left leads (R11)
(3, 0, 'S', 76)
>>> " ".join(map(str, deal.legal_actions()))
'8S 3H AH 7D 8D 5C JC'
>>> while not deal.is_over:
...     _ = deal.apply(deal.legal_actions()[0])
>>> sum(deal.scores) == 264 + 50 * len(deal.calls)
True
"""

from __future__ import annotations

import random
import types
from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from importlib.util import find_spec
from typing import Any, ClassVar, Final, SupportsIndex

from bibi import refusals
from bibi._engine import GROUP
from bibi.actions import ACTION_TYPES, CALLS, EVERY_ACTION, PASS, PLAYS, SWITCHES, Action
from bibi.cards import SUIT_SYMBOLS, SUITS, Card, Suit
from bibi.dealing import _laid_round, _rotations, asked_setup, check_players, hands_dealt, restocked
from bibi.errors import Checked, IllegalAction, NotationError, Seed, check_type, shorten, whole
from bibi.kinds import ActionKind, EventKind
from bibi.outcome import Outcome
from bibi.records import RECORD_FORMAT, check_record, deal_record
from bibi.reports import Call, Event, History, Position, Trick, View, events_seen, phase_word, trump_reason
from bibi.rules import (
    BibiCall,
    BibiSuits,
    Draw,
    Follow,
    Identical,
    MultiCall,
    Rules,
    TrumpChange,
    TurnUp,
    as_rules,
)
from bibi.tricks import (
    KQ_SLOT,
    distinct_cards,
    forced_suits,
    free_pair,
    kq_counts,
    laid_cards,
    pair_callable,
    trick_result,
    why_trick_won,
)

_SUIT_OF: Final[tuple[int, ...]] = tuple(c // 13 for c in range(52))
_KQ_SLOT: Final = KQ_SLOT
_ACTION_TYPES: Final = ACTION_TYPES
_EVERY_ACTION: Final = EVERY_ACTION  # every action there is, in a fixed order (the tests read it here)

# The kinds of events, as the engine logs them (``EventKind``; plain tuples inside, ``Event`` outside).
_DEAL: Final = EventKind.DEAL
_CALL_EV: Final = EventKind.CALL
_PASS_EV: Final = EventKind.PASS
_PLAY_EV: Final = EventKind.PLAY
_DRAW: Final = EventKind.DRAW
_TRICK: Final = EventKind.TRICK
_TRUMP_CHANGE: Final = EventKind.TRUMP_CHANGE
_TURN_UP: Final = EventKind.TURN_UP
_END: Final = EventKind.END

_new_tuple = tuple.__new__


# -- the deal --------------------------------------------------------------------------------

_OVER: Final = 0  # phases
_CALL: Final = 1
_PLAY: Final = 2
_AFTER_QUEUE: Final = 0  # where play resumes after a seat's call decisions
_AFTER_TRICK: Final = 1


class Deal:
    """One deal of Bi-bi!. Make one with ``Deal.new``; step it with ``apply``.

    The state is plain lists of small ints (cards are ``int`` subclasses), so ``copy()`` is cheap and
    the same code serves the checked API and the simulator's fast path.

    The control states (``control_state`` names them), and the fields that make each one:

    ================  ========================================================  ============  ======================
    state             fields                                                    who acts      legal actions
    ================  ========================================================  ============  ======================
    ``dealt_pass``    ``_phase=_CALL``, ``_after=_AFTER_QUEUE``, no trick yet   ``_call_seat`` calls, ``pass``
                      (``_queue``: the seats still to be asked, R17–R20)
    ``draw_round``    ``_phase=_CALL``, ``_after=_AFTER_QUEUE``,                ``_call_seat`` calls, ``pass``
                      ``_queue_draws`` (``after_trick``: ``_queue`` still to
                      draw, winner first, I9)
    ``after_card``    ``_phase=_CALL``, ``_after=_AFTER_TRICK`` (``after_each   ``_call_seat`` calls, ``pass``
                      _card``: the player just drew after his card, R15)
    ``lead``          ``_phase=_PLAY``, ``_trick`` empty (``_round_draws``:     ``_turn``      cards, switches
                      this trick draws; ``_switched``: a switch made, I12)                     (``holder_chooses``)
    ``follow``        ``_phase=_PLAY``, ``_trick`` under way                    ``_turn``      cards (R13; I7)
    ``over``          ``_phase=_OVER``                                          nobody        none
    ================  ========================================================  ============  ======================

    Across states: ``_drawing`` (the stock in play), ``_turn_up_due`` (under ``turn_up='failed_draw'``, the
    short stock awaits its failed draw), ``_pending`` (``next_trick``'s called suit), ``_rights``
    (``holder_chooses``' switch rights), ``_next_trump`` (``next_deal``'s carried suit).
    """

    __slots__: ClassVar[tuple[str, ...]] = (
        "rules", "players", "dealer", "deck", "first_trump",
        "_points_of", "_pos", "_hands", "_kq", "_laid", "_trump", "_pending", "_next_trump",
        "_rights", "_switched", "_drawing", "_round_draws", "_leader", "_turn", "_trick",
        "_tricks", "_card_points", "_bonus", "_calls", "_events", "_phase", "_queue",
        "_queue_draws", "_call_seat", "_after", "_leftovers", "_actions", "_legal",
        "_twins", "_must_follow", "_second_wins", "_bibi_any", "_mandatory", "_change", "_first_call",
        "_after_each_card", "_log", "_switches", "_late_turn_up", "_turn_up_due", "_face_up_from", "_rotations",
        "_append_event", "_paired", "_laid_moves", "_passes", "_ask_every", "_duplicate",
    )

    rules: Rules
    players: int
    dealer: int
    deck: tuple[Card, ...]
    first_trump: Suit
    # The state (every field is in ``__slots__``; the annotations are what a type checker or
    # compiler reads). Suits are indexes 0…3 here; seats are ints.
    _points_of: tuple[int, ...]
    _pos: int
    _hands: list[list[Card]]  # sorted: the cards of one suit are one slice, identical cards side by side
    _twins: list[int]  # per seat: how many cards of his hand equal the card before them
    _rotations: tuple[tuple[int, ...], ...]  # per seat: it and the seats after it clockwise (shared, immutable)
    # The event log's one writer, the log's own ``append`` of an ``Event``'s fields, each caller asking ``if
    # self._log:`` first: a method per event shows in bench/bench_engine.py --throughput, events on or off.
    _append_event: Callable[[tuple[Any, ...]], None]
    _kq: list[list[int]]  # per seat: kings held by suit, then queens by suit
    _laid: list[list[int]]  # per seat: kings, then queens, of called pairs still in hand
    _laid_moves: int  # how often ``_laid`` has changed (a call, a laid-down card played): ``LiveView``'s cache key
    _paired: list[bool]  # per seat: holds a free K+Q pair in some suit (``_recount``, after every change of the two)
    _trump: int
    _pending: int | None
    _next_trump: int | None
    _rights: list[list[int]]
    _switched: bool
    _drawing: bool
    _round_draws: bool
    _leader: int
    _turn: int
    _trick: list[tuple[int, Card]]
    _tricks: list[Trick]
    _card_points: list[int]
    _bonus: list[int]
    _calls: list[Call]
    _events: list[tuple[Any, ...]]
    _phase: int
    _queue: list[int]
    _queue_draws: bool
    _call_seat: int  # the seat deciding on calls in the call phase; -1 otherwise
    _after: int
    _leftovers: tuple[Card, ...]
    _actions: list[Card | Action]
    _legal: tuple[Card | Action, ...] | None
    _must_follow: bool
    _second_wins: bool
    _bibi_any: bool
    _mandatory: bool
    _change: TrumpChange
    _first_call: bool
    _after_each_card: bool
    _log: bool
    _switches: list[tuple[int, int, int]]  # every switch as (trick, seat, suit); the rest of ``history`` is derived
    _passes: list[tuple[int, int]]  # every pass as (trick, seat): each seat's own, for its view (``View.passes``)
    _late_turn_up: bool  # turn_up='failed_draw'
    _turn_up_due: bool  # the short stock awaits its failed draw
    _face_up_from: int  # the first trick led with the leftovers face up; -1 before
    _duplicate: bool  # ``duplicate``: each round of the stock laid so that every seat draws its own (``_laid_round``)
    _ask_every: bool  # ``ask_every_chance``: every seat asked at each of its chances to call, a pair or not

    def __new__(cls) -> Deal:  # an empty deal, filled in by _start or copy (``Deal.new`` makes deals)
        return super().__new__(cls)

    # ---- construction ----------------------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules | str, players: SupportsIndex = 6, *, seed: Seed = None, rng: random.Random | None = None,
            dealer: SupportsIndex | None = None, trump: Suit | str | None = None,
            deck: Sequence[Card | str] | None = None, log: Checked[bool] = True,
            ask_every_chance: Checked[bool] = False, duplicate: Checked[bool] = False) -> Deal:
        """A new deal, dealt and ready for its first decision. With ``deck`` (the whole pack, top first) it is
        stacked: dealer 0 and the bottom card's suit as trump unless given (not shuffled: no seed, no ``rng``).
        Without, the pack is shuffled by ``rng`` (or ``random.Random(seed)``), and the dealer and trump found as
        the rules say (R5–R7; I4). ``log=False`` keeps no events (the simulator's choice); ``ask_every_chance``
        see ``Deal.ask_every_chance``; ``duplicate`` see ``Deal.duplicate``. Each argument is checked, a bad one named
        (``bibi.dealing.asked_setup``)."""
        rules = as_rules(rules)
        players = check_players(rules, players)
        check_type("log", log, bool, "True or False")
        check_type("ask_every_chance", ask_every_chance, bool, "True or False")
        check_type("duplicate", duplicate, bool, "True or False")
        setup = asked_setup(rules, players, seed=seed, rng=rng, dealer=dealer, trump=trump, deck=deck)
        return cls._start(rules, players, setup.dealer, setup.trump, setup.deck, log, ask_every_chance, duplicate)

    @classmethod
    def _start(
        cls, rules: Rules, players: int, dealer: int, trump: Suit, deck: tuple[Card, ...], log: bool = True,
        ask_every: bool = False, duplicate: bool = False,
    ) -> Deal:
        self = cls.__new__(cls)
        self._ask_every = ask_every
        self._duplicate = duplicate
        self.rules, self.players, self.dealer, self.deck = rules, players, dealer, deck
        self.first_trump = trump
        self._points_of = rules.card_points.per_card()
        self._must_follow = rules.follow is Follow.MUST_FOLLOW
        self._second_wins = rules.identical is Identical.SECOND_WINS
        self._bibi_any = rules.bibi_suits is BibiSuits.ANY
        self._mandatory = rules.bibi_call is BibiCall.MANDATORY
        self._change = rules.trump_change
        self._first_call = rules.multi_call is MultiCall.FIRST
        self._after_each_card = rules.draw is Draw.AFTER_EACH_CARD
        self._late_turn_up = rules.turn_up is TurnUp.FAILED_DRAW
        self._turn_up_due, self._face_up_from = False, -1
        n = players
        self._hands = hands = hands_dealt(deck, n, dealer, rules.hand_size)
        self._twins = [len(hand) - len(set(hand)) for hand in hands]
        self._kq = [kq_counts(hand) for hand in hands]
        self._laid = [[0] * 8 for _seat in range(n)]
        self._laid_moves = 0
        self._rotations = _rotations(n)
        self._paired = [False] * n
        for seat in range(n):
            self._recount(seat)
        self._pos = n * rules.hand_size
        self._trump, self._pending, self._next_trump = trump.index, None, None
        self._rights = [[] for _seat in range(n)]
        self._switched, self._drawing, self._round_draws = False, True, False
        self._leader = self._turn = (dealer + 1) % n
        self._trick, self._tricks, self._calls, self._switches, self._passes = [], [], [], [], []
        self._card_points, self._bonus = [0] * n, [0] * n
        self._log = log
        self._events = [(_DEAL, dealer, None, trump, None)]
        self._append_event = self._events.append
        self._leftovers, self._actions, self._legal = (), [], None
        self._phase, self._call_seat, self._after = _PLAY, -1, _AFTER_QUEUE
        self._queue, self._queue_draws = [], False
        if rules.dealt_pairs:
            # The dealt-pair pass (R17–R20; rules §5.3): every seat from the dealer's left (a convention).
            self._queue = list(self._rotations[self._leader])
            self._run_queue()
        else:
            self._start_trick()
        return self

    # ---- the public surface ------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat whose decision it is; ``None`` once the deal is over."""
        if self._phase == _PLAY:
            return self._turn
        if self._phase == _CALL:
            return self._call_seat
        return None

    @property
    def is_over(self) -> bool:
        return self._phase == _OVER

    @property
    def phase(self) -> str:
        """``"call"`` (call or pass), ``"play"`` (a card, or a switch when leading), or ``"over"``."""
        return ("over", "call", "play")[self._phase]

    @property
    def control_state(self) -> str:
        """The control state by name: ``dealt_pass``, ``draw_round``, ``after_card``, ``lead``, ``follow``,
        ``over`` (the table in the class docstring says which fields make each one).

        >>> Deal.new("russian", players=4, seed=1).control_state
        'lead'
        """
        phase = self._phase
        if phase == _PLAY:
            return "follow" if self._trick else "lead"
        if phase == _CALL:
            if self._after == _AFTER_TRICK:
                return "after_card"
            return "draw_round" if self._queue_draws else "dealt_pass"
        return "over"

    def legal_actions(self) -> tuple[Card | Action, ...]:
        """The legal actions now, in a fixed order: cards (each the action of playing it) by suit and
        rank, then switches; or calls, then ``pass``."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def apply(self, action: Card | Action | str, seat: SupportsIndex | None = None) -> Deal:
        """Apply one action (a ``Card`` to play, an ``Action``, or the notation of either), checking with ``seat``
        that it is that seat's turn; returns the deal. An illegal action raises ``IllegalAction`` naming the rule,
        unreadable text ``NotationError``, no seat of the table ``ValueError``; the deal is left unchanged."""
        act = Action.parse(action)
        if seat is not None:
            seat = self._seat(seat)
        if act not in self.legal_actions():
            raise IllegalAction(self.why_illegal(act, seat) or f"{act} is not legal now")
        if seat is not None and seat != self.to_act:
            raise IllegalAction(self.why_illegal(act, seat))
        self._actions.append(act)
        self._apply_legal(act)
        return self

    def playout(self, choose: Callable[[tuple[Card | Action, ...]], Card | Action]) -> Deal:
        """Play to the end, ``choose(legal_actions)`` picking every decision with a choice (a forced move is taken
        without asking): the kit's one fast loop (``bibi.playout.run``), the very transitions ``apply`` runs, minus
        its per-call checks; a pick that is not among the legal actions still raises ``IllegalAction``."""
        from bibi.playout import playout  # above this module, reached lazily (ARCHITECTURE.md, "Lazy imports")

        return playout(self, choose)

    def why_illegal(self, action: Card | Action | str, seat: SupportsIndex | None = None) -> str | None:
        """Why ``action`` (by ``seat``, default the seat to act) is illegal now, or ``None`` if it is legal, in the
        language in force, citing the sentences (``bibi.refusals``); unreadable text gives the reading's reason, a
        value of the wrong type raises ``TypeError``."""
        return refusals.why_illegal(self, action, seat)

    @property
    def trump(self) -> Suit:
        """The trump now (for the trick being played)."""
        return SUITS[self._trump]

    @property
    def pending_trump(self) -> Suit | None:
        """Under ``next_trick``: the suit that becomes trump at the start of the next trick, if any."""
        return None if self._pending is None else SUITS[self._pending]

    @property
    def next_trump(self) -> Suit | None:
        """Under ``next_deal``: the suit of the deal's last call, the next deal's trump (R16 literal)."""
        return None if self._next_trump is None else SUITS[self._next_trump]

    def hand(self, seat: SupportsIndex) -> tuple[Card, ...]:
        """The cards in ``seat``'s hand, laid-down pairs included, by suit (S H D C) and rank."""
        return tuple(self._hands[self._seat(seat)])

    def laid_down(self, seat: SupportsIndex) -> tuple[Card, ...]:
        """The cards of ``seat``'s called pairs still in his hand, face up for everyone."""
        laid = self._laid[self._seat(seat)]
        return laid_cards(laid) if any(laid) else ()  # most seats hold none, most of the time

    def callable_suits(self, seat: SupportsIndex) -> tuple[Suit, ...]:
        """The suits in which ``seat`` holds a free K+Q pair that the rules let him call now."""
        return tuple(SUITS[s] for s in self._callable(self._seat(seat)))

    def free_pairs(self, seat: SupportsIndex) -> tuple[Suit, ...]:
        """The suits in which ``seat`` holds a king and a queen not yet in a called pair (R22), callable now or
        not (a pair of the trump cannot be called under ``bibi_suits='non_trump'``, R15)."""
        kq, laid = self._kq[who := self._seat(seat)], self._laid[who]
        return tuple(SUITS[s] for s in range(4) if free_pair(kq, laid, s))

    def switch_rights(self, seat: SupportsIndex) -> tuple[Suit, ...]:
        """Under ``holder_chooses``: the suits of ``seat``'s calls not yet used to switch the trump."""
        return tuple(SUITS[s] for s in self._rights[self._seat(seat)])

    @property
    def stock_size(self) -> int:
        """Cards still to draw; 0 once the leftovers are turned up."""
        return len(self.deck) - self._pos

    @property
    def ask_every_chance(self) -> bool:
        """Whether every seat is asked at each of its chances to call, holding a callable pair or not (``pass`` its
        only legal action when it holds none): ``Deal.new(..., ask_every_chance=True)``, what a game engine with a
        public current player needs (``bibi.openspiel``). By default only a seat holding a callable pair is asked,
        and the question and its pass are that seat's alone (``to_act_for``, ``events_for``). No rule changes, only
        who is asked; the record keeps the option (the rules reference, §2: "who is asked")."""
        return self._ask_every

    @property
    def duplicate(self) -> bool:
        """Whether every seat draws the same cards however the deal is played (``Deal.new(..., duplicate=True)``):
        each round of the stock goes to the seats by their place in it from the dealer's left, whoever draws first
        (``bibi.dealing._laid_round``), for paired comparisons (``bench/bot_strength.py --duplicate``). A convention
        for benchmarks that changes no rule and no chance (docs/rules.md, "Conventions"); ``deck`` reads as drawn."""
        return self._duplicate

    @property
    def cards_read(self) -> int:
        """How many cards of the pack (``deck``, top first) the deal has read: the hands dealt, every card drawn,
        the leftovers once turned up (what chance has revealed, for an adapter that deals card by card)."""
        return self._pos

    def restock(self, cards: Sequence[Card | str]) -> Deal:
        """Put the face-down stock in the order ``cards`` (top first), the same cards as ``stock()`` in any order
        (other cards are refused, ``bibi.dealing.restocked``, the deal unchanged); returns the deal. What chance
        decides card by card in a game engine (``bibi.openspiel``), or a rollout that shuffles the unseen stock."""
        self.deck = self.deck[:self._pos] + restocked(self.deck[self._pos:], cards)
        return self

    def stock(self) -> tuple[Card, ...]:
        """The stock's cards, top first: hidden information, for tests and teaching only."""
        return self.deck[self._pos:]

    @property
    def drawing(self) -> bool:
        """Whether the stock is still in play: False from the start of the trick that begins with fewer cards in
        it than players (R24; I15), also while they still lie face down under ``turn_up='failed_draw'``."""
        return self._drawing

    @property
    def leftovers(self) -> tuple[Card, ...]:
        """The stock's last cards, once turned face up; nobody wins them (R25; I16)."""
        return self._leftovers

    @property
    def face_up_from(self) -> int | None:
        """The number (0-based) of the first trick led with the leftovers face up; ``None`` before the turn-up
        (``tricks_total - face_up_from`` is seven under ``turn_up='trick_start'``, R25, six under I16's reading)."""
        return None if self._face_up_from < 0 else self._face_up_from

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        """The trick being played: ``(seat, card)`` pairs in order."""
        return tuple(self._trick)

    @property
    def winning(self) -> int | None:
        """The seat winning the trick being played so far; ``None`` before its first card."""
        return self._best()[0] if self._trick else None

    @property
    def leader(self) -> int:
        """The seat that leads (or led) the trick being played."""
        return self._leader

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order."""
        return tuple(self._tricks)

    @property
    def calls(self) -> tuple[Call, ...]:
        return tuple(self._calls)

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that happened, in order (kept as plain tuples inside, for speed)."""
        if not self._log:
            raise ValueError("events: this deal was made with log=False and kept none")
        return tuple(map(Event._make, self._events))

    def events_for(self, seat: SupportsIndex) -> tuple[Event, ...]:
        """The event log as ``seat`` may know it (``bibi.reports.events_seen``): every public event and the
        seat's own; another seat's draw keeps no card, and another seat's pass is left out (unless every seat is
        asked at each chance, ``ask_every_chance``). Every view that shows a deal to a seat shows these.

        >>> deal = Deal.new("russian", players=4, seed=1).apply("8S")
        >>> [str(e) for e in deal.events_for(1)[-2:]], str(deal.events_for(0)[-1])
        (['seat 0 plays 8♠', 'seat 0 draws a card'], 'seat 0 draws 6♣')
        """
        seat = self._seat(seat)
        if not self._log:
            raise ValueError("events: this deal was made with log=False and kept none")
        return events_seen(self, seat)

    def to_act_for(self, seat: SupportsIndex) -> int | None:
        """Who ``seat`` sees deciding (``View.to_act``): ``to_act``, except another seat's call decision, which
        nobody else sees (``None`` then: showing the question would show the pair), unless ``ask_every_chance``."""
        seat = self._seat(seat)
        if self._phase == _CALL and self._call_seat != seat and not self._ask_every:
            return None
        return self.to_act

    @property
    def actions(self) -> tuple[Card | Action, ...]:
        """The decisions applied so far (the engine's own mandatory calls are not among them)."""
        return tuple(self._actions)

    @property
    def history(self) -> History:
        """The public history: draws, lacks shown (R13; I7), calls and switches, derived when asked
        (``History.of``)."""
        return History.of(self)

    @property
    def leftover_points(self) -> int:
        """Card points in the turned-up leftovers, which nobody wins (R25; rules §3 case 8)."""
        points_of = self._points_of
        return sum(points_of[c] for c in self._leftovers)

    def dealt_hands(self) -> tuple[tuple[Card, ...], ...]:
        """The hands as dealt, per seat, by suit and rank (one card at a time from the dealer's left, I4)."""
        return tuple(map(tuple, hands_dealt(self.deck, self.players, self.dealer, self.rules.hand_size)))

    def resample(self, seat: SupportsIndex, rng: random.Random, tries: SupportsIndex = 20) -> Deal:
        """A deal consistent with everything ``seat`` (any seat) sees now, the cards hidden from it sampled by
        ``rng`` (a ``random.Random``), ``tries`` (≥ 1) quick attempts before an exhaustive search; the sample's
        ``view(seat)`` equals this one's (``bibi.sampling``; ``NoWorld`` if none fits). OpenSpiel's
        ``ResampleFromInfostate``: the state offers it, the sampler does it."""
        from bibi import sampling  # lazy: the engine never needs the sampler itself

        return sampling.resample(self.view(seat), rng, tries)  # which names a bad rng or tries

    @property
    def card_points(self) -> tuple[int, ...]:
        """Card points won in tricks, per seat."""
        return tuple(self._card_points)

    @property
    def bonus_points(self) -> tuple[int, ...]:
        """Bi-bi points, per seat."""
        return tuple(self._bonus)

    @property
    def scores(self) -> tuple[int, ...]:
        """Card points won plus Bi-bi points, per seat."""
        return tuple(a + b for a, b in zip(self._card_points, self._bonus, strict=True))

    @property
    def tricks_total(self) -> int:
        """How many tricks this deal has in all (rules §4)."""
        return self.rules.tricks(self.players)

    def view(self, seat: SupportsIndex) -> View:
        """What ``seat`` may see (for bots and views). Hidden cards stay hidden."""
        return View.of(self, self._seat(seat))

    def why_won(self, number: SupportsIndex = -1) -> str:
        """Why the winner of completed trick ``number`` (default: the last) wins it, citing the sentences."""
        number = whole("number", number)
        if not -len(self._tricks) <= number < len(self._tricks):
            raise ValueError(f"number: {shorten(number)} is not one of the {len(self._tricks)} completed tricks")
        t = self._tricks[number]
        return why_trick_won(t.plays, t.trump.index, self._second_wins)

    def why_trump(self) -> str:
        """Why the trump of the trick being played (or about to be led) is the suit it is, citing the sentences
        (``bibi.reports.trump_reason``)."""
        return trump_reason(self)

    # ---- copying, records, replay -------------------------------------------------------------

    def copy(self) -> Deal:
        """An independent copy (cheap: lists of small ints are copied, immutable parts shared)."""
        new = Deal.__new__(Deal)
        # Every field of ``__slots__`` by name, written out: a compiled build copies each directly, where a loop of
        # getattr and setattr by name cost a tenth of a search's playout (a test holds this list to ``__slots__``).
        new.rules = self.rules
        new.players = self.players
        new.dealer = self.dealer
        new.deck = self.deck
        new.first_trump = self.first_trump
        new._points_of = self._points_of
        new._pos = self._pos
        new._trump = self._trump
        new._pending = self._pending
        new._next_trump = self._next_trump
        new._switched = self._switched
        new._drawing = self._drawing
        new._round_draws = self._round_draws
        new._leader = self._leader
        new._turn = self._turn
        new._phase = self._phase
        new._queue_draws = self._queue_draws
        new._call_seat = self._call_seat
        new._after = self._after
        new._leftovers = self._leftovers
        new._legal = self._legal
        new._must_follow = self._must_follow
        new._second_wins = self._second_wins
        new._bibi_any = self._bibi_any
        new._mandatory = self._mandatory
        new._change = self._change
        new._first_call = self._first_call
        new._after_each_card = self._after_each_card
        new._log = self._log
        new._late_turn_up = self._late_turn_up
        new._turn_up_due = self._turn_up_due
        new._face_up_from = self._face_up_from
        new._rotations = self._rotations
        new._laid_moves = self._laid_moves
        new._ask_every = self._ask_every
        new._duplicate = self._duplicate
        new._hands = [h[:] for h in self._hands]
        new._kq = [k[:] for k in self._kq]
        new._laid = [k[:] for k in self._laid]
        new._rights = [r[:] for r in self._rights]
        new._trick = self._trick[:]
        new._tricks = self._tricks[:]
        new._card_points = self._card_points[:]
        new._bonus = self._bonus[:]
        new._calls = self._calls[:]
        new._events = self._events[:]
        new._queue = self._queue[:]
        new._actions = self._actions[:]
        new._twins = self._twins[:]
        new._switches = self._switches[:]
        new._paired = self._paired[:]
        new._passes = self._passes[:]
        new._append_event = new._events.append
        return new

    def __copy__(self) -> Deal:
        return self.copy()

    def __deepcopy__(self, memo: object) -> Deal:
        return self.copy()

    def record(self) -> dict[str, Any]:
        """A JSON-ready record (``bibi.records``); ``Deal.replay`` rebuilds the same deal from it."""
        return deal_record(self.rules, self.players, self.dealer, self.first_trump, self.deck, self._actions,
                           self._ask_every)

    @classmethod
    def replay(cls, record: Mapping[str, Any], upto: SupportsIndex | None = None) -> Deal:
        """Rebuild a deal from ``record()`` (the first ``upto`` actions only, if given: 0 to as many as it holds).

        A malformed record raises ``ValueError`` saying which field is wrong: records are strict (every
        field of ``record()``, no other, each of its type; the rules whole, as ``Rules.to_json`` writes them).
        """
        checked = check_record(record, upto)
        try:
            deal = cls.new(checked.rules, checked.players, dealer=checked.dealer, trump=checked.trump,
                           deck=checked.deck, ask_every_chance=checked.ask_every_chance)
        except (ValueError, TypeError) as exc:
            raise ValueError(f"record: {exc}") from None
        for i, text in enumerate(checked.actions):
            try:
                deal.apply(text)
            except ValueError as exc:
                raise ValueError(f"record: action {i} {shorten(text)} cannot be applied: {exc}") from None
        return deal

    # ---- the outcome ------------------------------------------------------------------------------

    def outcome(self) -> Outcome:
        """Who won (the highest score, R9, I17; equal highest scores share the win: a convention), by how much;
        while the deal runs, who leads (``final`` is False)."""
        return Outcome.of(self.scores, self._phase == _OVER)

    # ---- display ----------------------------------------------------------------------------------

    def __repr__(self) -> str:
        """The deal at a glance, the same in every language (as a record is): the rules' label, the position, who
        acts and in which phase (``Deal.phase``); ``str`` and the HTML picture are the deal as a person reads it."""
        state = "over" if self.is_over else f"seat {self.to_act} to act ({self.phase})"
        number = min(len(self._tricks) + 1, self.tricks_total)
        return (f"<Deal {self.rules.label}, {self.players} players, trick {number}/{self.tricks_total}, "
                f"trump {SUIT_SYMBOLS[self._trump]}, stock {self.stock_size}, {state}>")

    def __str__(self) -> str:
        """The deal as text in the language in force: the rules, the dealer, the trump, each hand (laid-down cards
        starred) with its score, and the legal actions as the hands show them (``bibi.render.text``)."""
        from bibi.render.text import deal_text  # lazy: the engine never needs the renderer

        return deal_text(self)

    def _repr_html_(self) -> str:
        from bibi import render  # lazy: the engine never needs the renderer

        return render.table_html(self)

    # ---- the machine ---------------------------------------------------------------------------

    def _seat(self, seat: SupportsIndex) -> int:
        n = seat if type(seat) is int else whole("seat", seat)
        if not 0 <= n < self.players:
            raise ValueError(f"seat: {shorten(n)} is not a seat 0…{self.players - 1}")
        return n

    def _compute_legal(self) -> tuple[Card | Action, ...]:
        if self._phase == _PLAY:
            seat = self._turn
            hand = self._hands[seat]
            trick = self._trick
            # A card is the action of playing it; identical cards (side by side) are one action.
            if trick:
                # R13: the suit led; I7: the suit led or a trump; holding neither, any card. One pass over the
                # hand, which is sorted: the cards come in the order of the hand.
                led = _SUIT_OF[trick[0][1]]
                trump = -1 if self._must_follow else self._trump
                cards: list[Card] = []
                last = -1
                for c in hand:
                    k: int = c  # the card's index, read once (a compiled build compares it as a machine int)
                    suit = _SUIT_OF[k]
                    if (suit == led or suit == trump) and k != last:
                        cards.append(c)
                        last = k
                if cards:
                    return tuple(cards)
            # Leading, or holding none of them: any card; the leader may also switch (I12, I14).
            plays = distinct_cards(hand) if self._twins[seat] else tuple(hand)
            if not trick and self._round_draws and not self._switched and self._rights[seat]:
                trump = self._trump
                switches = tuple(SWITCHES[s] for s in sorted(set(self._rights[seat])) if s != trump)
                if switches:
                    return plays + switches
            return plays
        if self._phase == _CALL:
            return (*(CALLS[s] for s in self._optional_calls(self._call_seat)), PASS)
        return ()

    def _apply_legal(self, act: Card | Action) -> None:
        """The transition an action makes, the action known to be legal (``apply`` checks it first; the fast
        paths pick among the legal actions)."""
        self._legal = None
        if isinstance(act, Card):
            self._play(self._turn, act)
            return
        kind, suit = act.kind, act.suit
        if suit is None:  # PASS
            self._passes.append((self._window(), self._call_seat))
            if self._log:
                self._append_event((_PASS_EV, self._call_seat, None, None, None))
            self._resume()
        elif kind == Action.CALL:
            self._make_call(self._call_seat, suit.index, False)
            if not self._offer_calls(self._call_seat):
                self._resume()
        else:  # SWITCH (I12, I14): effective for this trick
            seat, s = self._turn, suit.index
            self._rights[seat].remove(s)
            self._switches.append((len(self._tricks), seat, s))
            self._switched = True
            self._trump = s
            if self._log:
                self._append_event((_TRUMP_CHANGE, seat, None, SUITS[s], "switch"))

    def _play(self, seat: int, card: Card) -> None:
        hand = self._hands[seat]
        i = hand.index(card)
        del hand[i]
        if i < len(hand) and hand[i] == card:  # he held two: the twin stays
            self._twins[seat] -= 1
        slot = _KQ_SLOT[card]
        if slot >= 0:
            self._kq[seat][slot] -= 1
            laid = self._laid[seat]
            if laid[slot]:  # rules §5.8: the laid-down copy is the one played
                laid[slot] -= 1
                self._laid_moves += 1
            self._recount(seat)
        trick = self._trick
        trick.append((seat, card))
        if self._log:
            self._append_event((_PLAY_EV, seat, card, None, None))
        n = self.players
        if len(trick) == n:
            self._finish_trick()
        if self._round_draws:
            if self._after_each_card:
                # R15: right after playing his card (the stock was checked at the trick's start).
                self._draw(seat)
                if (self._paired[seat] or self._ask_every) and self._offer_calls(seat):
                    self._after = _AFTER_TRICK
                    return
        elif self._turn_up_due and (self._after_each_card or len(trick) == n):
            self._turn_up()  # turn_up='failed_draw': the first draw that cannot be made (I9, I16)
        if len(trick) < n:
            self._turn = (seat + 1) % n
        else:
            self._after_trick()

    def _best(self) -> tuple[int, int]:
        """The seat winning the trick so far and the trick's points."""
        trick = self._trick
        i, points = trick_result(trick, self._trump, self._second_wins, self._points_of)
        return trick[i][0], points

    def _finish_trick(self) -> None:
        """Resolve the complete trick and credit its points at once (rules §5.5)."""
        trick, trump = self._trick, self._trump
        i, points = trick_result(trick, trump, self._second_wins, self._points_of)  # _best, inlined
        best_seat = trick[i][0]
        self._card_points[best_seat] += points
        # Trick(...) as NamedTuple's own __new__ makes it, without the call of that Python function: once a trick.
        self._tricks.append(_new_tuple(Trick, (len(self._tricks), self._leader, SUITS[trump], tuple(trick), best_seat,
                                               points)))
        if self._log:
            self._append_event((_TRICK, best_seat, None, None, points))
        self._leader = best_seat

    def _continue_trick(self) -> None:
        if len(self._trick) < self.players:
            self._turn = (self._turn + 1) % self.players
            return
        self._after_trick()

    def _after_trick(self) -> None:
        """The trick is complete: the draws of the round, then the next trick."""
        if self._round_draws and not self._after_each_card:
            # I9: the winner draws first, then clockwise.
            self._queue = list(self._rotations[self._leader])
            self._queue_draws = True
            self._run_queue()
            return
        self._start_trick()

    def _run_queue(self) -> None:
        queue, draws, offer, paired, ask = self._queue, self._queue_draws, self._offer_calls, self._paired, \
            self._ask_every
        while queue:
            seat = queue.pop(0)
            if draws:
                self._draw(seat)
            if (paired[seat] or ask) and offer(seat):
                self._after = _AFTER_QUEUE
                return
        self._queue_draws = False
        self._start_trick()

    def _resume(self) -> None:
        """Carry on after a player's call decisions are done."""
        self._phase = _PLAY
        self._call_seat = -1
        if self._after == _AFTER_QUEUE:
            self._run_queue()
        else:
            self._continue_trick()

    def _start_trick(self) -> None:
        if not self._hands[self._leader]:
            self._phase = _OVER
            if self._log:
                self._append_event((_END, None, None, None, None))
            return
        # rules §5.2: the stock is checked before the leader acts (R24; I15).
        if self._drawing and len(self.deck) - self._pos < self.players:
            self._drawing = False  # no draw, call or switch from this trick on (R24; I15)
            if self._late_turn_up:
                self._turn_up_due = True
            else:
                self._turn_up()
        self._round_draws = self._drawing
        if self._pending is not None:  # next_trick: the called suit is trump from now on (R16, R18, R20)
            self._trump = self._pending
            self._pending = None
            if self._log:
                self._append_event((_TRUMP_CHANGE, None, None, SUITS[self._trump], "call"))
        self._trick = []
        self._turn = self._leader
        self._switched = False
        self._phase = _PLAY

    def _turn_up(self) -> None:
        """The stock's last cards go face up, won by nobody (R25; I16)."""
        self._leftovers = self.deck[self._pos:]
        self._pos = len(self.deck)
        self._turn_up_due = False
        # The first trick led with them face up: this one, unless it is already under way.
        self._face_up_from = len(self._tricks) + (0 < len(self._trick) < self.players)
        if self._log:
            self._append_event((_TURN_UP, None, None, None, self._leftovers))

    def _draw(self, seat: int) -> None:
        n = self.players
        if self._duplicate and self._pos % n == 0 and self._pos + n < len(self.deck):  # a round's first draw
            self.deck = _laid_round(self.deck, self._pos, n, self.dealer, seat)
        c = self.deck[self._pos]
        self._pos += 1
        hand = self._hands[seat]
        i = bisect_left(hand, c)
        if i < len(hand) and hand[i] == c:
            self._twins[seat] += 1
        hand.insert(i, c)
        slot = _KQ_SLOT[c]
        if slot >= 0:
            self._kq[seat][slot] += 1
            self._recount(seat)
        if self._log:
            self._append_event((_DRAW, seat, c, None, None))

    def _recount(self, seat: int) -> None:
        """Whether ``seat`` holds a free K+Q pair in some suit (``free_pair`` of each suit, written out: it runs
        after every K or Q drawn, played or called), kept in ``_paired`` so that the draws that bring none (most)
        skip the offer of calls at the cost of one test."""
        kq, laid = self._kq[seat], self._laid[seat]
        self._paired[seat] = (
            (kq[0] > laid[0] and kq[4] > laid[4]) or (kq[1] > laid[1] and kq[5] > laid[5])
            or (kq[2] > laid[2] and kq[6] > laid[6]) or (kq[3] > laid[3] and kq[7] > laid[7])
        )

    def _callable(self, seat: int) -> list[int]:
        """Suits with a free K+Q pair (R22: a king or queen forms one pair only) that may be called."""
        kq, laid = self._kq[seat], self._laid[seat]
        trump = self._trump
        out = []
        for s in range(4):  # the free pairs (free_pairs), less the trump's under non_trump (R15, R17)
            if free_pair(kq, laid, s) and pair_callable(s, trump, self._bibi_any):
                out.append(s)
        return out

    def _optional_calls(self, seat: int) -> list[int]:
        suits = self._callable(seat)
        if self._mandatory:  # only a pair of the original trump stays optional (I12, "della prima briscola")
            first = self.first_trump.index
            return [s for s in suits if s == first]
        return suits

    def _offer_calls(self, seat: int) -> bool:
        """Make the seat's mandatory calls, then ask about optional ones (under ``ask_every_chance``, ask wherever
        an optional call could arise, a pair held or not). True if a decision is pending."""
        if self._paired[seat]:  # the uncommon case: a free K+Q pair in some suit
            kq, laid = self._kq[seat], self._laid[seat]
            if self._mandatory:
                for s in forced_suits(self.rules, self.first_trump.index, self._trump):  # rules §5.4: S, H, D, C
                    while free_pair(kq, laid, s):
                        self._make_call(seat, s, True)
            if self._optional_calls(seat):
                self._phase = _CALL
                self._call_seat = seat
                return True
        if self._ask_every and (not self._mandatory
                                or pair_callable(self.first_trump.index, self._trump, self._bibi_any)):
            self._phase = _CALL
            self._call_seat = seat
            return True
        return False

    def _window(self) -> int:
        """The trick whose window a call or pass falls in: the one being played or just completed; -1 for the
        dealt-pair pass."""
        trick = self._trick
        return -1 if not trick else len(self._tricks) - (len(trick) == self.players)

    def _make_call(self, seat: int, s: int, mandatory: bool) -> None:
        laid = self._laid[seat]
        laid[s] += 1
        laid[4 + s] += 1
        self._laid_moves += 1
        self._recount(seat)
        self._bonus[seat] += self.rules.bibi_points  # rules §5.7: credited when made
        number = self._window()
        self._calls.append(Call(seat, SUITS[s], number, mandatory))
        if self._log:
            self._append_event((_CALL_EV, seat, None, SUITS[s], "mandatory" if mandatory else None))
        change = self._change
        if change is TrumpChange.HOLDER_CHOOSES:
            self._rights[seat].append(s)
        elif change is TrumpChange.NEXT_TRICK or number < 0:
            # NEXT_DEAL too in the dealt-pair pass: the trump changes before the first trick (R18).
            if s != self._trump and (self._pending is None or not self._first_call):
                self._pending = s
        else:  # NEXT_DEAL after a draw: the last such call, whatever its suit (rules §5.11)
            self._next_trump = s


def _native(module: str) -> bool:
    """Whether ``module`` of the engine's group would load from an extension (a compiled build), not a source."""
    spec = find_spec(module)
    return spec is not None and spec.origin is not None and not spec.origin.endswith(".py")


# Whether the engine runs compiled (``make compiled``, tools/build_compiled.py): mypyc compiles the engine's group
# together and makes the modules' functions built-in functions; the source, and so every rule, is the same. True
# only when the whole group is compiled (``live``, ``sampling`` and ``playout``, above this module, are asked where
# they would load from, without importing them).
_GROUP: Final = tuple(f"bibi.{name}" for name in GROUP)  # bibi._engine.GROUP, the one list
COMPILED: Final = not isinstance(_native, types.FunctionType) and all(_native(module) for module in _GROUP)

# The values of the engine's group, read here too (``from bibi.deal import PASS``): the state machine takes and
# hands them out; ``bibi.actions``, ``bibi.reports`` and ``bibi.records`` define them.
__all__ = [
    "CALLS", "COMPILED", "PASS", "PLAYS", "RECORD_FORMAT", "SUITS", "SWITCHES", "Action", "ActionKind",
    "Call", "Deal", "Event", "EventKind", "History", "IllegalAction", "NotationError", "Outcome", "Position", "Trick",
    "View", "check_players", "phase_word",
]
