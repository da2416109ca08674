"""The heuristic bot: a sensible human's play in named steps, and the tables the kit's bots read per rules value.

``heuristic_bot`` spends a trump on a trick with points while the stock lasts and only on 8 points or more in the
final tricks, keeps trumps for the end, keeps the kings and queens that may still pair (counting the unseen cards),
switches the trump to a stronger suit; in the final tricks it leads trumps from three or more (R13) and takes no
trick with a winner worth more than the trick that an unseen card would beat; last to a trick without points, it
takes it with a point card. ``_heuristic`` is a dispatcher of its steps in order, each a function of its own
(``_take_points``, ``_bank``, ``_lead_trumps``, ``_shed``). Its choices also serve the other bots: the search plays
the heuristic's choice unless another clearly beats it, and its quick rule of play (``bibi.playout``) is this one
without the card counting.

The module also holds what every bot of the kit shares: the tables read from the rules once per rules value (a
``_Book`` object keeps them, keyed by the value), and the plumbing that makes one choosing function both the bot
and its explanation (``_reasoned``). ``bibi.bots`` registers the bots by name; the figures are in bench/README.md.

>>> from bibi.play import play_seeded
>>> deal = play_seeded("russian", 4, seed=3, bots="heuristic")
>>> deal.is_over
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from bibi.cards import CARDS, SUIT_SYMBOLS, SUITS, Card, Rank
from bibi.deal import Action, View
from bibi.i18n import N_, _, count, ngettext
from bibi.live import LiveView
from bibi.play import Bot, Explanation
from bibi.playout import TRUMP_KEEPS, TRUMP_WORTH, WIN_ORDER, Policy
from bibi.render.text import call_hope
from bibi.rules import BibiSuits, Follow, Identical, Rules, call_said
from bibi.sampling import unseen
from bibi.tricks import KQ_SLOT, beaters, free_partner, pair_callable, pair_letters, trick_result, winning_plays

_PLAY, _CALL, _SWITCH = Action.PLAY, Action.CALL, Action.SWITCH
_KING, _QUEEN, _JACK = int(Rank.KING), int(Rank.QUEEN), int(Rank.JACK)
_ONLY = N_("the only legal action")  # kept as it is on the fast path, translated when told (``_told``)
_SUITS_INDEX = SUITS.index  # a suit's index (S H D C = 0…3): cheaper than ``Suit.index``, which hashes the enum

AnyView = View | LiveView  # what a bot is given: the two have the same fields
# What a bot's one choosing function returns: (action, reason) or (action, reason, values); the plain bot keeps
# the action, its ``explain`` makes an ``Explanation`` of it. (A plain tuple: it costs least on the fast path.)
_Choice = tuple[Any, ...]


class _RulesFacts(NamedTuple):
    """What the bots read from the rules, once per rules value (``_Book``)."""

    points: tuple[int, ...]  # per card index
    second_wins: bool  # of two identical cards the second wins (R14)
    must_follow: bool  # R13 (else I7: the suit led or a trump)
    bibi_points: int
    non_trump_pairs: bool  # only a pair of a suit other than trumps may be called (R15)
    policy: Policy  # the playouts' tables (``bibi.playout``)
    # What a trump in hand is worth beyond its points, while drawing (0) and in the final tricks (1): the bots
    # read ``keeps[final]`` (``bibi.playout.TRUMP_KEEPS``).
    keeps: tuple[int, int]
    # The heuristic's order of shedding, per trump suit, drawing (0) or in the final tricks (1): the shed keys
    # with the heuristic's worth of a trump in hand then (``keeps``) and no pair weight, read in C.
    least_order: tuple[tuple[Callable[[int], int], Callable[[int], int]], ...]

    @classmethod
    def of(cls, rules: Rules) -> _RulesFacts:
        points = rules.card_points.per_card()
        must_follow = rules.follow is Follow.MUST_FOLLOW
        keeps = TRUMP_KEEPS[rules.follow]
        least_order = tuple(tuple(tuple((points[c] + (keep if c // 13 == trump else 0)) * 13 + c % 13
                                        for c in range(52)).__getitem__ for keep in keeps)
                            for trump in range(4))
        second_wins, non_trump = rules.identical is Identical.SECOND_WINS, rules.bibi_suits is BibiSuits.NON_TRUMP
        return cls(points, second_wins, must_follow, rules.bibi_points, non_trump,
                   Policy(points, second_wins, keeps, non_trump), keeps, least_order)  # type: ignore[arg-type]


class _Book:
    """The bots' tables per rules value (``_RulesFacts``), made when first asked and kept: the rules asked last
    (a deal asks about one rules value, and a decision reads ``rules``/``facts`` before calling), and up to
    ``size`` rules values in all, keyed by the value (hashed only when the rules asked change)."""

    __slots__ = ("rules", "facts", "size", "_kept")

    def __init__(self, size: int = 256):
        self.rules: Rules | None = None
        self.facts: _RulesFacts | None = None
        self.size = size  # a long session makes many rules values: the book stays this small
        self._kept: dict[Rules, _RulesFacts] = {}

    def __call__(self, rules: Rules) -> _RulesFacts:
        if rules is self.rules:
            return self.facts  # type: ignore[return-value]
        facts = self._kept.get(rules)
        if facts is None:
            if len(self._kept) >= self.size:
                self._kept.clear()
            facts = self._kept[rules] = _RulesFacts.of(rules)
        self.rules, self.facts = rules, facts
        return facts

    def __len__(self) -> int:
        return len(self._kept)


_rules_facts = _Book()  # the bots' tables: ``_rules_facts(rules)``


def _u(card: int) -> str:
    """A card as the language in force shows it (the reasons are worked out only when asked)."""
    return CARDS[card].display()


def _told(choice: _Choice) -> Explanation:
    """A choice with its reason as a person reads it: ``_ONLY``, kept untranslated on the fast path, translated."""
    if choice[1] is _ONLY:
        return Explanation(choice[0], _(_ONLY), *choice[2:])
    return Explanation(*choice)


def _reasoned(choose: Callable[[AnyView, random.Random, bool], _Choice], name: str, doc: str) -> Bot:
    """The plain bot (just the action) and its ``explain`` attribute, both from one function ``choose(view,
    rng, why)``, so the choice and its explanation never part: the same action, the same draws."""

    def bot(view: AnyView, rng: random.Random) -> Card | Action:
        return choose(view, rng, False)[0]

    def explain(view: AnyView, rng: random.Random) -> Explanation:
        return _told(choose(view, rng, True))

    bot.__name__ = bot.__qualname__ = name
    bot.__doc__ = doc
    bot.explain = explain  # type: ignore[attr-defined]
    return bot


def _call_reason(call: Any, view: AnyView) -> str:
    n = view.rules.bibi_points
    # TRANSLATORS: {pair} is "K+Q" in the language's rank letters
    # TRANSLATORS: {call} is what the caller says under the rules in force (Bi-bi!, «Би-би», «bip bip»)
    return ngettext("says {call} with {pair} of {sym}: +{n} point (R15)",
                    "says {call} with {pair} of {sym}: +{n} points (R15)", n).format(
        pair=pair_letters(), sym=call.suit.symbol, n=n, call=call_said(view.rules))


# -- the heuristic bot ---------------------------------------------------------------------------------

# What wins points, measured at 6 players against the greedy bot (bench/README.md): spending a trump
# on any trick with points while the stock lasts (a trump spent is replaced at the next draw), but holding
# the trumps for the final tricks, where nothing is replaced; under follow_or_trump (I7), where a trump may
# always be played, holding them all along; and valuing a free king or queen at twice its chance of a Bi-bi.
# Then, measured at a table of heuristic bots: in the final tricks, leading the lowest trump from three or more
# under R13 (whoever holds a trump must give one up); not taking a trick with a winner that carries more points
# than the trick when an unseen card of its suit would beat it (someone after it may hold that card); and, last
# to a trick without points, taking it with its best point card (points banked now cannot be lost later).
_TRUMP_WORTH = TRUMP_WORTH  # in the final tricks: the fewest points worth spending a trump on (0 while drawing)
_PAIR_WEIGHT = 2.0  # a free king or queen is worth this many times its expected Bi-bi points
# Sort keys as tables read in C (a lambda per card costs more than the rest of the choice): a card's rank, and
# per trump suit the cheapest-winner order (is a trump, rank).
_RANK_OF = tuple(c % 13 for c in range(52)).__getitem__
_WIN_ORDER = tuple(order.__getitem__ for order in WIN_ORDER)
_LEAD_TRUMPS = 3  # in the final tricks under R13: holding this many trumps or more, lead the lowest of them


def _beaters(unseen: list[int], card: int, second_wins: bool) -> int:
    """How many unseen cards of ``card``'s suit would beat it if played after it (the engine's ``beaters``:
    higher ones, and its twin under ``second_wins``, R14)."""
    beating = beaters(card, second_wins)
    return sum(unseen[beating.start:beating.stop])


class _Reading:
    """What one seat makes of its view: the phase, what each card in hand is worth keeping, and (counted when
    first asked) the cards it has not seen and the lengths of its suits."""

    __slots__ = ("view", "facts", "trump", "draws_left", "final", "keep", "_hand", "_unseen", "_total")

    def __init__(self, view: AnyView, facts: _RulesFacts, trump: int, phase: tuple[int, bool, int] | None = None):
        self.view = view
        self.facts = facts
        self.trump = trump
        self.draws_left, self.final, self.keep = _phase(view, facts) if phase is None else phase
        self._hand: tuple[Card, ...] | None = None
        self._unseen: list[int] | None = None
        self._total = 0  # the unseen cards in all, counted when a Bi-bi hope first asks

    @property
    def hand(self) -> tuple[Card, ...]:
        if self._hand is None:
            self._hand = tuple(self.view.hand)
        return self._hand

    def lengths(self) -> list[int]:
        lengths = [0, 0, 0, 0]
        for c in self.hand:
            lengths[c // 13] += 1
        return lengths

    def unseen(self) -> list[int]:
        if self._unseen is None:
            self._unseen = unseen(self.view)
        return self._unseen

    def partner(self, card: int) -> int | None:
        """The king's queen or the queen's king while it may still make a Bi-bi with ``card``; else None: not a
        king or queen, no draws left, a trump under R15's ``non_trump``, every copy of ``card`` in hand already in
        a called pair (R22: it cannot form another), or a free partner already held (a pair to call)."""
        if KQ_SLOT[card] < 0 or not self.draws_left:
            return None
        if not pair_callable(card // 13, self.trump, not self.facts.non_trump_pairs):
            return None  # R15's non_trump: no pair of trumps
        return free_partner(card, self.hand, self.view.laid_down[self.view.seat])  # R22, and no pair held yet

    def pair_hope(self, card: int) -> float:
        """Expected Bi-bi points still to come from keeping a free king or queen (R15, R22)."""
        partner = self.partner(card)
        if partner is None:
            return 0.0
        if self._unseen is None and type(self.view) is LiveView:  # one card's count, not all 52
            n, total = self.view.unseen_of(partner)
            if not self._total:
                self._total = max(1, total)
        else:
            n = self.unseen()[partner]
            if not self._total:
                self._total = max(1, sum(self.unseen()))
        chance = 1.0 - (1.0 - n / self._total) ** self.draws_left
        return self.facts.bibi_points * chance

    def worth(self, card: int) -> float:
        """What keeping ``card`` is worth: its points, the pair it may still make, its strength as a trump."""
        worth: float = self.facts.points[card]
        if card // 13 == self.trump:
            worth += self.keep
        rank = card % 13
        if (rank == _KING or rank == _QUEEN) and self.draws_left:
            worth += _PAIR_WEIGHT * self.pair_hope(card)
        return worth

    def strengths(self) -> list[float]:
        """How well this hand would do with each suit as trump: its cards of the suit, the high ones double."""
        strengths = [0.0, 0.0, 0.0, 0.0]
        for c in self.hand:
            strengths[c // 13] += 2.0 if c % 13 >= _JACK else 1.0
        return strengths


def _weigh_hopes(cards: Any, key: Callable[[int], int], reading: _Reading) -> Any:
    """The card of ``cards`` with the least worth (``_Reading.worth``, then the lowest rank), ``key`` giving the
    worth without a Bi-bi hope, then the rank, as one number: what ``min`` by ``key`` gives, unless the least
    is a king or queen whose hope must be weighed.

    A hope only adds to a king's or queen's worth, so the least of the other cards keeps its place, and the
    kings and queens are weighed in the order of ``key``, up to the first whose worth without its hope already
    exceeds the best found (it and those after it cannot be the least). A king or queen never ties with another
    card (the ranks differ); of two that tie, the first in ``cards`` (which ascend) is taken, as ``min`` takes it."""
    points, trump, keep = reading.facts.points, reading.trump, reading.keep
    plain = [c for c in cards if c % 13 != _KING and c % 13 != _QUEEN]
    best: Any = None
    best_key: tuple[float, int] = (math.inf, 0)
    if plain:
        best = min(plain, key=key)
        best_key = (points[best] + (keep if best // 13 == trump else 0), best % 13)
    for c in sorted((c for c in cards if c % 13 == _KING or c % 13 == _QUEEN), key=key):  # stable: ties keep order
        rank = c % 13
        if (points[c] + (keep if c // 13 == trump else 0), rank) > best_key:
            break  # its worth is at least that: neither it nor any after it is the least
        weighed = (reading.worth(c), rank)
        if weighed < best_key or (weighed == best_key and c < best):  # ``cards`` ascend: the first of a tie
            best, best_key = c, weighed
    return best


def _least_lost(winners: Sequence[int], reading: _Reading) -> Any:
    """Of ``winners``, the one whose worth beyond its points is least (then the lowest rank): what to win a trick
    with when nobody plays after it."""
    points = reading.facts.points
    return min(winners, key=lambda c: (reading.worth(c) - points[c], c % 13))


def _short_suit_shed(plays: Sequence[int], reading: _Reading) -> Any:
    """Void in the suit led (R13): the card of its shortest suit worth nothing to keep (then the lowest rank), or
    if every card is worth keeping, the one worth least (then its suit's length, then its rank)."""
    lengths = reading.lengths()
    points, trump = reading.facts.points, reading.trump
    free = [c for c in plays if not points[c] and c // 13 != trump]
    if free:
        return min(free, key=lambda c: (lengths[c // 13], c % 13))
    return min(plays, key=lambda c: (reading.worth(c), lengths[c // 13], c % 13))


def _phase(view: AnyView, facts: _RulesFacts) -> tuple[int, bool, int]:
    """Draws left to the seat, whether the final tricks are near (the stock holds less than two rounds, or
    is gone), and what a trump in hand is worth beyond its points now."""
    n = view.players
    stock = view.stock_size
    drawing = view.drawing
    final = not drawing or stock < 2 * n
    keep = facts.keeps[final]
    return (stock // n if drawing else 0), final, keep


def _heuristic(view: AnyView, rng: random.Random, why: bool, careful: bool = False) -> _Choice:
    """Plays like a sensible human: always says Bi-bi, wins a trick holding points with its cheapest winner
    (in the final tricks a trump only on 8 points or more, and not a winner carrying more points than the trick
    that an unseen card would beat), takes a trick without points when last with its best point card, leads its
    lowest trump in the final tricks when it holds three or more (R13), gives away the card it will miss least
    (keeping trumps and the kings and queens that may still pair, emptying a short side suit), and switches the
    trump to a clearly stronger suit of its own.

    ``careful``: two rules more, which count the unseen cards at most decisions and so are too dear for a bot that
    plays every seat of a simulation, but not for the search, which falls back on this choice (``bibi.bots``):
    the winner at risk kept all along, not only in the final tricks, and, leading a final trick under R13, the side
    card of 3 points or more that no unseen card of its suit beats (``_lead_sure``; bench/README.md)."""
    # The steps in order, each a function of its own: a call; a switch (``_switch_step``); a trick holding points
    # taken (``_take_points``); last to a trick without points, a point card banked (``_bank``); a final trick led
    # with the lowest trump (``_lead_trumps``); else the card it will miss least (``_shed``). What a step reads
    # beyond the position (the unseen cards, its suits' lengths, a Bi-bi hope: a ``_Reading``) is counted only
    # when it asks, and handed on to the steps after it: most decisions count no cards. (No closure: a decision
    # makes no cells for its locals.)
    legal: Any  # Cards and Actions: each branch below knows which it holds
    legal, trump, trick, stock, drawing = view.position()  # one call, not five reads
    if len(legal) == 1:
        return (legal[0], _ONLY)
    first = legal[0]
    if first.kind is _CALL:  # 50 points now: a pair held back can be broken by following suit, or made trump
        return (first, why and _call_reason(first, view))
    rules = view.rules
    book = _rules_facts
    facts: _RulesFacts = book.facts if rules is book.rules else book(rules)  # type: ignore[assignment]  # inlined
    n = view.players
    final = not drawing or stock < 2 * n  # _phase, inlined
    phase = (stock // n if drawing else 0, final, facts.keeps[final])
    made: _Reading | None = None
    plays = legal
    if legal[-1].kind is _SWITCH:
        made = _Reading(view, facts, trump, phase)
        switch, reason = _best_switch(made, [a for a in legal if a.kind is _SWITCH], why)
        if switch is not None:
            return (switch, reason)
        plays = tuple(a for a in legal if a.kind is _PLAY)
    on_table = 0
    declined, risked = "", None
    if trick:  # the engine's rule of the trick (R14; I8): the card winning it so far, and the points on it
        i, on_table = trick_result(trick, trump, facts.second_wins, facts.points)
        if on_table:
            win, declined, risked, made = _take_points(view, facts, trump, trick, trick[i][1], on_table, plays, phase,
                                                      made, why, careful)
            if win is not None:
                return (win, declined)
        elif len(trick) == n - 1:
            choice, made = _bank(view, facts, trump, trick, trick[i][1], plays, phase, made, why)
            if choice is not None:
                return choice
    elif final and facts.must_follow:
        choice = _lead_trumps(view, trump, why)
        if choice is not None:
            return choice
        if careful:
            choice, made = _lead_sure(view, facts, trump, plays, phase, made, why)
            if choice is not None:
                return choice
    card, made = _shed(view, facts, trump, bool(trick), plays, phase, made)
    if not why:
        return (card, "")
    if card == risked:  # the card it will miss least is the winner after all: no risk to tell of
        declined = ""
    made = made or _Reading(view, facts, trump, phase)
    return (card, declined + _shed_reason(made, card, plays, bool(trick), on_table))


def _take_points(view: AnyView, facts: _RulesFacts, trump: int, trick: Any, best: Card, on_table: int, plays: Any,
                 phase: tuple[int, bool, int], made: _Reading | None,
                 why: bool, careful: bool = False) -> tuple[Any, str, Any, _Reading | None]:
    """A trick holding points: take it with the cheapest winner (the one it will miss least, when nobody plays
    after it), unless in the final tricks that is a trump on fewer than ``_TRUMP_WORTH`` points, or a winner
    carrying more points than the trick that an unseen card would beat (a later player may hold that card: keep
    it). ``(winner, reason, None, reading)`` when it takes the trick; else ``(None, why it does not, the winner
    it did not risk or None, reading)``, the reason told only when asked (``why``)."""
    draws, final, _keep = phase
    points = facts.points
    winners = winning_plays(trick, plays, trump, facts.second_wins, best)
    if not winners:
        if not why:
            return (None, "", None, made)
        return (None, ngettext("cannot win the trick (it holds {n} point)",
                               "cannot win the trick (it holds {n} points)", on_table).format(n=on_table) + "; ",
                None, made)
    last = len(trick) == view.players - 1
    win = min(winners, key=_WIN_ORDER[trump])  # the cheapest: (is a trump, rank)
    if last and draws and (win % 13 == _KING or win % 13 == _QUEEN):
        # Nobody plays after it: win with the card it will miss least beyond its points. That is the cheapest
        # winner but for a Bi-bi hope, which only adds to a king's or queen's worth: weigh it.
        made = made or _Reading(view, facts, trump, phase)
        win = _least_lost(winners, made)
    if final and win // 13 == trump and best // 13 != trump and on_table < _TRUMP_WORTH:
        if not why:
            return (None, "", None, made)
        return (None, ngettext(
            "spends no trump on the trick near the end: it holds only {n} point (fewer than {worth})",
            "spends no trump on the trick near the end: it holds only {n} points (fewer than {worth})",
            on_table).format(n=on_table, worth=_TRUMP_WORTH) + "; ", None, made)
    # In the final tricks, a winner with more points than the trick that an unseen card would beat: a later player
    # may hold that card and take the points with the trick; keep the card.
    if (final or careful) and not last and points[win] > on_table:
        made = made or _Reading(view, facts, trump, phase)
        beaten = _beaters(made.unseen(), win, facts.second_wins)
        if beaten:
            if not why:
                return (None, "", win, made)
            # TRANSLATORS: {points} is "10 points"; {on_table} the trick's points as a bare number, and {table}
            # the same as "15 points", for a language that needs the word
            return (None, ngettext(
                "does not risk {card} ({points}) on a trick of {on_table}: one unseen {sym} would beat it",
                "does not risk {card} ({points}) on a trick of {on_table}: {n} unseen {sym} would beat it",
                beaten).format(card=_u(win), points=count(points[win], "point"), on_table=on_table,
                               table=count(on_table, "point"), n=beaten, sym=SUIT_SYMBOLS[win // 13]) + "; ",
                    win, made)
    if not why:
        return (win, "", None, made)
    if win // 13 == trump and best // 13 != trump:
        text = ngettext("trumps in with {card}: the trick holds {n} point",
                        "trumps in with {card}: the trick holds {n} points", on_table)
    elif last:
        text = ngettext("plays last and takes the trick with {card}: the trick holds {n} point",
                        "plays last and takes the trick with {card}: the trick holds {n} points", on_table)
    else:
        text = ngettext("takes the trick with {card}: the trick holds {n} point",
                        "takes the trick with {card}: the trick holds {n} points", on_table)
    return (win, text.format(card=_u(win), n=on_table), None, made)


def _bank(view: AnyView, facts: _RulesFacts, trump: int, trick: Any, best: Card, plays: Any,
          phase: tuple[int, bool, int], made: _Reading | None, why: bool) -> tuple[_Choice | None, _Reading | None]:
    """Last to a trick without points: take it with its point card that carries most points (not a trump, not a
    king or queen that may still pair): points won now cannot be lost later. ``(None, reading)`` if it has none
    that takes it."""
    points = facts.points
    bank = [c for c in plays if points[c] and c // 13 != trump]
    if not bank:
        return None, made
    # Most points first; not a king or queen that may still pair (counted only if it comes to that).
    for card in sorted(winning_plays(trick, bank, trump, facts.second_wins, best), key=points.__getitem__,
                       reverse=True):
        if phase[0] and (card % 13 == _KING or card % 13 == _QUEEN):
            made = made or _Reading(view, facts, trump, phase)
            if made.pair_hope(card):
                continue  # a king or queen that may still pair is kept
        return (card, why and ngettext(
            "plays last to a trick without points: takes it with {card}, banking its {n} point",
            "plays last to a trick without points: takes it with {card}, banking its {n} points",
            points[card]).format(card=_u(card), n=points[card])), made
    return None, made


def _lead_trumps(view: AnyView, trump: int, why: bool) -> _Choice | None:
    """Leading a final trick under R13, holding ``_LEAD_TRUMPS`` trumps or more: lead the lowest (whoever holds the
    suit led must play it, so the others give up trumps, and its side cards meet fewer of them)."""
    trumps = [c for c in view.hand if c // 13 == trump]  # the hand: identical cards are one legal play
    if len(trumps) < _LEAD_TRUMPS:
        return None
    card = min(trumps)  # one suit: by rank
    return (card, why and ngettext(
        "leads its lowest trump {card}: it holds {n} trump, and whoever holds a trump must follow with one (R13)",
        "leads its lowest trump {card}: it holds {n} trumps, and whoever holds a trump must follow with one (R13)",
        len(trumps)).format(card=_u(card), n=len(trumps)))


def _lead_sure(view: AnyView, facts: _RulesFacts, trump: int, plays: Any, phase: tuple[int, bool, int],
               made: _Reading | None, why: bool) -> tuple[_Choice | None, _Reading | None]:
    """Leading a final trick under R13: the side card of 3 points or more that carries most points and that no
    unseen card of its suit beats."""
    points = facts.points
    sides = [c for c in plays if c // 13 != trump and points[c] >= 3]
    if not sides:
        return None, made
    made = made or _Reading(view, facts, trump, phase)
    unseen = made.unseen()
    sure = [c for c in sides if not _beaters(unseen, c, facts.second_wins)]
    if not sure:
        return None, made
    card = max(sure, key=lambda c: (points[c], -c))
    return (card, why and ngettext("leads {card}: no unseen card of its suit beats it ({n} point)",
                                   "leads {card}: no unseen card of its suit beats it ({n} points)",
                                   points[card]).format(card=_u(card), n=points[card])), made


def _shed(view: AnyView, facts: _RulesFacts, trump: int, following: bool, plays: Any, phase: tuple[int, bool, int],
          made: _Reading | None) -> tuple[Any, _Reading | None]:
    """The card it will miss least (``_Reading.worth``, then the lowest rank), or, void in the suit led under
    R13, a card of its shortest side suit worth nothing to keep (``_short_suit_shed``)."""
    if following and facts.must_follow and plays[0] // 13 != plays[-1] // 13:  # void in the suit led
        made = made or _Reading(view, facts, trump, phase)
        return _short_suit_shed(plays, made), made
    # ``min`` by the shed keys (points, ``keep`` for a trump, rank, as one number), where the cards worth nothing to
    # keep come first, by rank (their keys are their ranks, below 13; any other card's is 13 or more, as ``keep`` >
    # 0): the same order as by ``worth`` alone, at a fraction of the cost. A king or queen that would be the least
    # before its Bi-bi hope has its hope weighed (then the unseen cards are counted).
    key = facts.least_order[trump][phase[1]]
    card = min(plays, key=key)
    if phase[0] and (card % 13 == _KING or card % 13 == _QUEEN) and key(card) >= 13:
        made = made or _Reading(view, facts, trump, phase)
        card = _weigh_hopes(plays, key, made)
    return card, made


def _shed_reason(reading: _Reading, card: int, plays: Sequence[Card | Action], following: bool,
                 on_table: int) -> str:
    """Why ``card`` goes: the card it will miss least; with the kings or queens and trumps it keeps."""
    points = reading.facts.points
    n = points[card]
    if not following:
        text = ngettext("leads {card}, the card it will miss least ({n} point)",
                        "leads {card}, the card it will miss least ({n} points)", n)
    elif not on_table:
        text = ngettext("the trick holds no points: throws {card}, the card it will miss least ({n} point)",
                        "the trick holds no points: throws {card}, the card it will miss least ({n} points)", n)
    else:
        text = ngettext("throws {card}, the card it will miss least ({n} point)",
                        "throws {card}, the card it will miss least ({n} points)", n)
    reason = text.format(card=_u(card), n=n)
    kept = []
    for c in dict.fromkeys(plays):
        if isinstance(c, Card) and c != card:
            partner = reading.partner(c)
            if partner is not None and reading.unseen()[partner]:
                # TRANSLATORS: a bot's reason: {hope} is a king or queen and the hope of a Bi-bi it is kept for
                # ("K♦ hoping for a Bi-bi, with both Q♦ still out"), in the words the hints use
                kept.append(_("keeps {hope}").format(hope=call_hope(CARDS[c], CARDS[partner], reading.unseen()[partner],
                                                                    reading.view.rules)))
    if kept:
        reason += "; " + "; ".join(kept[:2])
    if card // 13 != reading.trump and any(isinstance(c, Card) and c // 13 == reading.trump for c in plays):
        reason += "; " + (_("keeps its trumps for the final tricks") if reading.final else _("keeps its trumps"))
    return reason


def _best_switch(reading: _Reading, switches: list[Any], why: bool) -> tuple[Action | None, str]:
    """The switch to make when leading (I12, I14): to a clearly stronger suit, or any stronger one at the
    last drawing trick, whose trump the final tricks keep (I15, I16)."""
    view = reading.view
    margin = 0.0 if view.stock_size < 2 * view.players else 2.0
    strengths = reading.strengths()
    here = strengths[reading.trump]
    best = max(switches, key=lambda a: strengths[a.suit.index])
    there = strengths[best.suit.index]
    if there <= here + margin:
        return None, ""
    if not why:
        return best, ""
    held = sum(1 for c in reading.hand if c // 13 == best.suit.index)
    now = sum(1 for c in reading.hand if c // 13 == reading.trump)
    return best, _("switches the trump to {sym}: it holds {held} {sym} against {now} {trump} (I12, I14)").format(
        sym=best.suit.symbol, held=held, now=now, trump=SUIT_SYMBOLS[reading.trump])


heuristic_bot = _reasoned(_heuristic, "heuristic_bot", (_heuristic.__doc__ or "").split("\n\n")[0])  # its idea


__all__ = ["heuristic_bot"]
