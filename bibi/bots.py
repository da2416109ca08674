"""Bots: plain callables ``bot(view, rng) -> action`` that play from what their seat may see.

A bot gets its seat's view (a ``View``, or on the play layer's fast path a ``LiveView`` with the same
fields: its hand, the trump, the trick, the played tricks, the laid-down pairs, the leftovers, the
stock's size, the scores, its legal actions, the public history) and a ``random.Random``; it returns
one of ``view.legal_actions``. It never sees another player's hidden cards nor the stock: the play
layer (``bibi.play``) hands it the view and nothing else, and finds the bots below by the names they
are registered under.

- ``random_bot`` (in ``bibi.play``): any legal action.
- ``greedy_bot``: calls whenever it may, takes a trick holding points with its cheapest winner.
- ``heuristic_bot``: a sensible human: spends a trump on a trick with points while the stock lasts and
  only on 8 points or more in the final tricks, keeps trumps for the end, keeps the kings and queens
  that may still pair (counting the unseen cards), switches the trump to a stronger suit; in the final
  tricks it leads trumps from three or more (R13) and takes no trick with a winner worth more than the
  trick that an unseen card would beat; last to a trick without points, it takes it with a point card.
- ``sampling_bot``: from the last draws on, deals the hidden cards many ways consistent with its view
  (``bibi.sampling``) and plays each option out.
- ``search_bot`` (``make_search_bot``): perfect-information Monte Carlo over the whole deal: at every
  decision it deals the hidden cards (other hands, the stock, so the draws too) many ways consistent
  with its view, the other hands more often holding the cards players keep (points, kings, queens, and
  trumps under R13), plays every legal action out in each of these worlds, and plays the action with the
  best mean score when it clearly beats the heuristic's choice (else the heuristic's).
- ``make_oracle_bot(deal)``: the same search on the true deal, which it is given: a bot that cheats, the
  ceiling for benchmarks and for showing what hidden information is worth. Not registered: it needs
  the live deal, not a view.

Every bot can say why: ``bibi.play.explain(bot, view, rng)`` asks the bot's ``explain(view, rng)``, which
runs the very function that chooses (the same action, the same draws from ``rng``) and returns an
``Explanation`` with a reason in plain words, and for the searching bots the estimated score of each
legal action. Their strength is measured by ``bench/bot_strength.py`` (the figures: bench/README.md).

>>> from bibi.play import play_seeded
>>> deal = play_seeded("italian", 4, seed=3, bots=["heuristic", "random", "greedy", "sampling"])
>>> deal.is_over, sum(deal.card_points) + deal.leftover_points == 264
(True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, cast

from bibi.cards import CARDS, SUIT_SYMBOLS, SUITS, Card, Rank
from bibi.deal import Action, Deal, View
from bibi.errors import WrongType, shorten
from bibi.i18n import N_, _, count, decimal, ngettext
from bibi.live import LiveView
from bibi.play import BOTS, Bot, Explanation, random_bot, register
from bibi.playout import TRUMP_WORTH, WIN_ORDER, Policy, play_out
from bibi.rules import BibiSuits, Follow, Identical, Rules, call_said
from bibi.sampling import Sampler, SearchExhausted, unseen
from bibi.tricks import (
    KQ_SLOT,
    beaters,
    free_partner,
    pair_callable,
    pair_letters,
    trick_result,
    winning_plays,
)

_PLAY, _CALL, _SWITCH = Action.PLAY, Action.CALL, Action.SWITCH
_KING, _QUEEN, _JACK = int(Rank.KING), int(Rank.QUEEN), int(Rank.JACK)
_ONLY = N_("the only legal action")  # kept as it is on the fast path, translated when told (``_told``)
_SUITS_INDEX = SUITS.index  # a suit's index (S H D C = 0…3): cheaper than ``Suit.index``, which hashes the enum

AnyView = View | LiveView  # what a bot is given: the two have the same fields
# What a bot's one choosing function returns: (action, reason) or (action, reason, values); the plain bot keeps
# the action, its ``explain`` makes an ``Explanation`` of it. (A plain tuple: it costs least on the fast path.)
_Choice = tuple[Any, ...]


class _RulesFacts(NamedTuple):
    """What the bots read from the rules, once per rules value."""

    points: tuple[int, ...]  # per card index
    second_wins: bool  # of two identical cards the second wins (R14)
    must_follow: bool  # R13 (else I7: the suit led or a trump)
    bibi_points: int
    non_trump_pairs: bool  # only a pair of a suit other than trumps may be called (R15)
    policy: Policy  # the playouts' tables (``bibi.playout``)
    # What a trump in hand is worth beyond its points, while drawing (0) and in the final tricks (1): the bots
    # read ``keeps[final]``.
    keeps: tuple[int, int]
    # The heuristic's order of shedding, per trump suit, drawing (0) or in the final tricks (1): the shed keys
    # with the heuristic's worth of a trump in hand then (``_TRUMP_KEEP_*``) and no pair weight, read in C.
    least_order: tuple[tuple[Callable[[int], int], Callable[[int], int]], ...]


_FACTS: dict[int, tuple[Rules, _RulesFacts]] = {}
_FACTS_KEPT = 256  # rules values whose facts are kept (a deal or a run asks about one or a few)


_LAST: list[Any] = [None, None]  # the rules asked last and their facts: a deal asks about one rules value


def _rules_facts(rules: Rules) -> _RulesFacts:
    if rules is _LAST[0]:
        return _LAST[1]
    entry = _FACTS.get(id(rules))
    if entry is None or entry[0] is not rules:  # keyed by identity: hashing a Rules costs more than the bot
        points = rules.card_points.per_card()
        must_follow = rules.follow is Follow.MUST_FOLLOW
        keeps = (_TRUMP_KEEP_DRAWING if must_follow else _TRUMP_KEEP_I7, _TRUMP_KEEP_FINAL)
        least_order = tuple(tuple(tuple((points[c] + (keep if c // 13 == trump else 0)) * 13 + c % 13
                                        for c in range(52)).__getitem__ for keep in keeps)
                            for trump in range(4))
        second_wins, non_trump = rules.identical is Identical.SECOND_WINS, rules.bibi_suits is BibiSuits.NON_TRUMP
        facts = _RulesFacts(points, second_wins, must_follow, rules.bibi_points, non_trump,
                            Policy(points, second_wins, keeps, non_trump), keeps, least_order)  # type: ignore[arg-type]
        if len(_FACTS) >= _FACTS_KEPT:  # a long session makes many rules values: keep the cache small
            _FACTS.clear()
        entry = _FACTS[id(rules)] = (rules, facts)
    _LAST[0], _LAST[1] = entry
    return entry[1]


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


# -- the random bot's reason -------------------------------------------------------------------------


def _random_explain(view: AnyView, rng: random.Random) -> Explanation:
    legal: Any = view.legal_actions  # Cards and Actions: each branch below knows which it holds
    action = random_bot(cast(View, view), rng)  # it draws even when one action is legal, as the bot does
    if len(legal) == 1:
        return Explanation(action, _(_ONLY))
    n = len(legal)
    return Explanation(action, ngettext("at random, one of {n} legal actions", "at random, one of {n} legal actions",
                                        n).format(n=n))


random_bot.explain = _random_explain  # type: ignore[attr-defined]


# -- the greedy bot ---------------------------------------------------------------------------------------


def _greedy(view: AnyView, rng: random.Random, why: bool) -> _Choice:
    """Calls and switches whenever it may, wins a trick holding points with its cheapest winner, else plays its
    cheapest card."""
    legal: Any  # Cards and Actions: each branch below knows which it holds
    legal, trump, trick, _stock, _drawing = view.position()  # one call, not three reads
    if len(legal) == 1:
        return (legal[0], _ONLY)
    last = legal[-1]
    if last.kind is _SWITCH:
        return (last, why and _("switches the trump to {sym} as soon as it may (I12, I14)").format(
            sym=last.suit.symbol))
    first = legal[0]
    if first.kind is _CALL:
        return (first, why and _call_reason(first, view))
    facts = _rules_facts(view.rules)
    points, second_wins = facts.points, facts.second_wins
    on_table = 0
    for _seat, c in trick:
        on_table += points[c]
    if on_table:
        winners = winning_plays(trick, legal, trump, second_wins)  # the engine's rule of the trick (R14; I8)
        if winners:
            win = min(winners, key=lambda c: c % 13 + (13 if c // 13 == trump else 0))  # (is a trump, rank)
            return (win, why and ngettext(
                "takes the trick with {card}, its cheapest winner: the trick holds {n} point",
                "takes the trick with {card}, its cheapest winner: the trick holds {n} points",
                on_table).format(card=_u(win), n=on_table))
    card = min(legal, key=lambda c: (points[c], c // 13 == trump, c % 13))
    if not why:
        return (card, "")
    n = points[card]
    if trick and on_table:
        return (card, ngettext("cannot win the trick: throws {card}, its cheapest card ({n} point)",
                               "cannot win the trick: throws {card}, its cheapest card ({n} points)",
                               n).format(card=_u(card), n=n))
    if trick:
        return (card, ngettext("the trick holds no points: throws {card}, its cheapest card ({n} point)",
                               "the trick holds no points: throws {card}, its cheapest card ({n} points)",
                               n).format(card=_u(card), n=n))
    return (card, ngettext("leads {card}, its cheapest card ({n} point)",
                           "leads {card}, its cheapest card ({n} points)", n).format(card=_u(card), n=n))


def _call_reason(call: Any, view: AnyView) -> str:
    n = view.rules.bibi_points
    # TRANSLATORS: {pair} is "K+Q" in the language's rank letters
    # TRANSLATORS: {call} is what the caller says under the rules in force (Bi-bi!, «Би-би», «bip bip»)
    return ngettext("says {call} with {pair} of {sym}: +{n} point (R15)",
                    "says {call} with {pair} of {sym}: +{n} points (R15)", n).format(
        pair=pair_letters(), sym=call.suit.symbol, n=n, call=call_said(view.rules))


greedy_bot = _reasoned(_greedy, "greedy_bot", _greedy.__doc__ or "")


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
_TRUMP_KEEP_FINAL = 20  # a trump in hand near the end: what it is worth beyond its points
_TRUMP_KEEP_DRAWING = 3  # while the stock lasts (a tie-break: keep the trump of two cheap cards)
_TRUMP_KEEP_I7 = 10  # while the stock lasts, when a trump may be played on any trick (I7)
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


def _heuristic(view: AnyView, rng: random.Random, why: bool) -> _Choice:
    """Plays like a sensible human: always says Bi-bi, wins a trick holding points with its cheapest winner
    (in the final tricks a trump only on 8 points or more, and not a winner carrying more points than the trick
    that an unseen card would beat), takes a trick without points when last with its best point card, leads its
    lowest trump in the final tricks when it holds three or more (R13), gives away the card it will miss least
    (keeping trumps and the kings and queens that may still pair, emptying a short side suit), and switches the
    trump to a clearly stronger suit of its own."""
    legal: Any  # Cards and Actions: each branch below knows which it holds
    legal, trump, trick, stock, drawing = view.position()  # one call, not five reads
    if len(legal) == 1:
        return (legal[0], _ONLY)
    first = legal[0]
    if first.kind is _CALL:  # 50 points now: a pair held back can be broken by following suit, or made trump
        return (first, why and _call_reason(first, view))
    rules = view.rules
    facts = _LAST[1] if rules is _LAST[0] else _rules_facts(rules)  # _rules_facts, its common case inlined
    n = view.players  # _phase, inlined
    final = not drawing or stock < 2 * n
    keep = facts.keeps[final]
    draws = stock // n if drawing else 0
    # What it reads beyond the position (the unseen cards, its suits' lengths, a Bi-bi hope), made when first
    # needed: most decisions count no cards. (No closure: a decision makes no cells for its locals.)
    made: _Reading | None = None

    plays = legal
    if legal[-1].kind is _SWITCH:
        made = _Reading(view, facts, trump, (draws, final, keep))
        switch, reason = _best_switch(made, [a for a in legal if a.kind is _SWITCH], why)
        if switch is not None:
            return (switch, reason)
        plays = tuple(a for a in legal if a.kind is _PLAY)
    points, second_wins = facts.points, facts.second_wins
    if trick:  # the engine's rule of the trick (R14; I8): the card winning it so far, and the points on it
        i, on_table = trick_result(trick, trump, second_wins, points)
        best = trick[i][1]
    else:
        on_table = 0
    declined = ""
    risked = None  # the winner it did not risk

    if on_table:
        winners = winning_plays(trick, plays, trump, second_wins, best)
        if winners:
            last = len(trick) == n - 1
            win = min(winners, key=_WIN_ORDER[trump])  # the cheapest: (is a trump, rank)
            if last and draws and (win % 13 == _KING or win % 13 == _QUEEN):
                # Nobody plays after it: win with the card it will miss least beyond its points. That is the
                # cheapest winner but for a Bi-bi hope, which only adds to a king's or queen's worth: weigh it.
                made = made or _Reading(view, facts, trump, (draws, final, keep))
                win = _least_lost(winners, made)
            spared = final and win // 13 == trump and best // 13 != trump and on_table < _TRUMP_WORTH
            # In the final tricks, a winner with more points than the trick that an unseen card would beat: a
            # later player may hold that card and take the points with the trick; keep the card.
            beaten = 0
            if final and not last and not spared and points[win] > on_table:
                made = made or _Reading(view, facts, trump, (draws, final, keep))
                beaten = _beaters(made.unseen(), win, second_wins)
            if beaten:
                risked = win
                if why:
                    # TRANSLATORS: {points} is "10 points"; {on_table} the trick's points as a bare number, and
                    # {table} the same as "15 points", for a language that needs the word
                    declined = ngettext(
                        "does not risk {card} ({points}) on a trick of {on_table}: one unseen {sym} would beat it",
                        "does not risk {card} ({points}) on a trick of {on_table}: {n} unseen {sym} would beat it",
                        beaten).format(card=_u(win), points=count(points[win], "point"), on_table=on_table,
                                       table=count(on_table, "point"), n=beaten, sym=SUIT_SYMBOLS[win // 13]) + "; "
            elif not spared:
                if not why:
                    return (win, "")
                if win // 13 == trump and best // 13 != trump:
                    text = ngettext("trumps in with {card}: the trick holds {n} point",
                                    "trumps in with {card}: the trick holds {n} points", on_table)
                elif last:
                    text = ngettext("plays last and takes the trick with {card}: the trick holds {n} point",
                                    "plays last and takes the trick with {card}: the trick holds {n} points", on_table)
                else:
                    text = ngettext("takes the trick with {card}: the trick holds {n} point",
                                    "takes the trick with {card}: the trick holds {n} points", on_table)
                return (win, text.format(card=_u(win), n=on_table))
            elif why:
                declined = ngettext(
                    "spends no trump on the trick near the end: it holds only {n} point (fewer than {worth})",
                    "spends no trump on the trick near the end: it holds only {n} points (fewer than {worth})",
                    on_table).format(n=on_table, worth=_TRUMP_WORTH) + "; "
        elif why:
            declined = ngettext("cannot win the trick (it holds {n} point)",
                                "cannot win the trick (it holds {n} points)", on_table).format(n=on_table) + "; "
    elif trick:
        if len(trick) == n - 1:  # last to a trick without points: bank its best point card that wins it
            bank = [c for c in plays if points[c] and c // 13 != trump]
            # Most points first; not a king or queen that may still pair (counted only if it comes to that).
            takers = winning_plays(trick, bank, trump, second_wins, best) if bank else bank
            for card in sorted(takers, key=points.__getitem__, reverse=True):
                if draws and (card % 13 == _KING or card % 13 == _QUEEN):
                    made = made or _Reading(view, facts, trump, (draws, final, keep))
                    if made.pair_hope(card):
                        continue  # a king or queen that may still pair is kept
                return (card, why and ngettext(
                    "plays last to a trick without points: takes it with {card}, banking its {n} point",
                    "plays last to a trick without points: takes it with {card}, banking its {n} points",
                    points[card]).format(card=_u(card), n=points[card]))
    elif final and facts.must_follow:  # leading a final trick: whoever holds the suit led must play it (R13)
        trumps = [c for c in view.hand if c // 13 == trump]  # the hand: identical cards are one legal play
        if len(trumps) >= _LEAD_TRUMPS:
            card = min(trumps)  # one suit: by rank
            return (card, why and ngettext(
                "leads its lowest trump {card}: it holds {n} trump, and whoever holds a trump must follow with one "
                "(R13)",
                "leads its lowest trump {card}: it holds {n} trumps, and whoever holds a trump must follow with one "
                "(R13)",
                len(trumps)).format(card=_u(card), n=len(trumps)))
    # The cards worth nothing to keep (no points, not a trump: a trump is always worth ``keep`` > 0) go first;
    # the others only when there are none: the same order as by ``worth`` alone, at a fraction of the cost.
    if trick and facts.must_follow and plays[0] // 13 != plays[-1] // 13:  # void in the suit led: a short suit
        made = made or _Reading(view, facts, trump, (draws, final, keep))
        card = _short_suit_shed(plays, made)
    else:
        # The card it will miss least: ``min`` by the shed keys (points, ``keep`` for a trump, rank, as one
        # number), where the cards worth nothing to keep come first, by rank (their keys are their ranks, below
        # 13; any other card's is 13 or more, as ``keep`` > 0). A king or queen that would be the least before its
        # Bi-bi hope has its hope weighed (then the unseen cards are counted).
        key = facts.least_order[trump][final]
        card = min(plays, key=key)
        if draws and (card % 13 == _KING or card % 13 == _QUEEN) and key(card) >= 13:
            made = made or _Reading(view, facts, trump, (draws, final, keep))
            card = _weigh_hopes(plays, key, made)
    if not why:
        return (card, "")
    if card == risked:  # the card it will miss least is the winner after all: no risk to tell of
        declined = ""
    made = made or _Reading(view, facts, trump, (draws, final, keep))
    return (card, declined + _shed_reason(made, card, plays, bool(trick), on_table))


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
                unseen = reading.unseen()[partner]
                kept.append(ngettext("keeps {card} for a {call}: one {partner} unseen",
                                     "keeps {card} for a {call}: {n} {partner} unseen", unseen).format(
                    card=_u(c), partner=_u(partner), n=unseen, call=call_said(reading.view.rules).rstrip("!")))
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


heuristic_bot = _reasoned(_heuristic, "heuristic_bot", _heuristic.__doc__ or "")


# -- playouts: every seat by one quick rule, on a deal whose cards are all dealt (``bibi.playout``) ------------


def _playout(deal: Deal) -> Deal:
    """Play ``deal`` to its end, every seat by the bots' quick rule of play (``bibi.playout``: the heuristic's,
    without its card counting); returns the deal."""
    return play_out(deal, _rules_facts(deal.rules).policy)


# -- the search bot: perfect-information Monte Carlo over the whole deal ----------------------------------------

SEARCH_WORLDS = 300  # the default budget: worlds per decision (bench/README.md: the time it takes)
SEARCH_MARGIN = 1.5  # standard errors by which the best action must beat the heuristic's to be played
SEARCH_PRIORS = ("keeps", "uniform")  # how the search deals the hidden cards: ``make_search_bot(prior=…)``

# The "keeps" prior: players shed cheap cards and keep point cards, kings and queens, so a hidden card of these
# kinds lies in a hand rather than in the stock more often than a random deal says. Per card, the log of its
# weight (``Sampler``'s ``held``): (per trump, per 10 points, per king or queen, the trick from which it counts in
# full: from a share of it at the first trick, as the others shed), by the rule of following. Under R13 (must
# follow, else trump) trumps are kept too; under I7 (follow or trump, any trick) they are spent, and the hands
# hold fewer than at random. Fitted by ``bench/calibration.py`` to heuristic play at 6 players, seeds
# 30000…30149; what the worlds hold with it and without it: bench/README.md. A belief about how people
# play, not a rule: every world it draws is consistent with the view. Rule mixes get the weights of their rule
# of following.
_KEEPS = {Follow.MUST_FOLLOW: (0.3, 0.3, 0.1, 3), Follow.FOLLOW_OR_TRUMP: (-0.15, 0.45, 0.2, 5)}


def _keeps(view: AnyView, facts: _RulesFacts) -> list[float]:
    """The "keeps" prior's weights for ``view``: per card index, how much likelier a hidden copy is in a hand."""
    trumps, tens, pairs, full = _KEEPS[view.rules.follow]
    ramp = min(1.0, (len(view.tricks) + 1) / full)
    trump = view.trump.index
    points = facts.points
    return [math.exp(ramp * (trumps * (c // 13 == trump) + tens * points[c] / 10
                             + pairs * (c % 13 in (_KING, _QUEEN)))) for c in range(52)]


class _Searched(NamedTuple):
    values: dict[Card | Action, float]  # the mean final score of the seat per legal action
    scores: list[list[int]]  # per legal action, the seat's final score in each world
    worlds: int  # the worlds that counted
    enough: bool = True  # False: the sampler's steps ran out before ``_FEWEST`` worlds (the heuristic decides)


def _search_worlds(view: AnyView, legal: tuple[Card | Action, ...], worlds: Sequence[Deal]) -> _Searched:
    """Each legal action played out in each world: the seat's final scores, and their mean per action."""
    seat = view.seat
    scores = [[final[seat] for final in per_world] for per_world in play_every_action(worlds, legal)]
    count = max(1, len(worlds))
    return _Searched({a: sum(scores[i]) / count for i, a in enumerate(legal)}, scores, len(worlds))


# The sequential search: worlds are dealt and played a batch at a time, and the race stops as soon as the choice is
# clear. After each batch (from ``_FIRST`` worlds on, every ``_BATCH``), an action leaves the race when its paired
# difference from the heuristic's choice, or from the action now ahead, lies below 0 by more than ``_CLEAR``
# standard errors (it can no longer be the one played), when it has scored exactly as the heuristic's choice in
# every world so far (the same play in effect), or when even its mean plus ``_HOPE`` standard errors falls short
# of what the rule at the budget would ask of it. The race ends when only the heuristic's choice is left (it is
# played), or one other action beats it and every other action left by ``_CLEAR`` standard errors (that action
# is played); else at the budget, where the rule of ``_pick`` decides among the actions left. ``_CLEAR`` is wider
# than ``SEARCH_MARGIN``: looked at after every batch, a boundary of 1.5 standard errors would be crossed by
# chance far more often than once. Where few ways of dealing fit the view (the sampler's quick attempts fail, and
# each world may take its exhaustive search), the budget is ``_HARD`` worlds, and the searches of all of them
# ``_STEPS`` steps (about 0.1 s compiled, 0.5 s pure); where those are spent, the worlds found so far decide if
# they are at least ``_FEWEST`` (fewer cannot tell a difference from its error), else the heuristic does.
_FIRST = 24  # worlds before the first look
_BATCH = 12  # worlds between looks
_CLEAR = 2.5  # standard errors of a paired difference that make a choice clear at a look
_HOPE = 1.5  # standard errors of hope left to an action that the rule at the budget would not play now (at 0.5
# the race gave up 2.8 ± 1.7 points a deal in Italian against the search of every world: bench/README.md)
_HARD = 8  # the budget where the quick attempts of the sampler fail (``Sampler.hard``)
_FEWEST = 4  # worlds that may decide when the sampler's steps run out before the budget (else the heuristic)
_STEPS = 25_000  # the sampler's exhaustive search, for all the worlds of one decision (``Sampler(steps=)``)


def play_every_action(worlds: Sequence[Deal], actions: Sequence[Card | Action],
                      finished: Callable[[int, int, Deal], object] | None = None) -> list[list[tuple[int, ...]]]:
    """Each of ``actions`` (legal in every world: the legal actions of the view the worlds were dealt from) played
    in each of ``worlds`` (deals consistent with one seat's view, ``search_sampler``), then the deal played to its
    end by every seat with the search's quick rule of play (``bibi.playout``): per action, per world, the final
    score of every seat. The same worlds judge every action, as the search judges them; nothing is chosen.
    ``finished(action_index, world_index, deal)``, if given, sees each deal played out. The worlds are not changed.

    >>> from bibi.deal import Deal
    >>> deal = Deal.new("ru", 4, seed=2)
    >>> view = deal.view(deal.to_act)
    >>> worlds = [search_sampler(view).world(random.Random(1)) for _ in range(3)]
    >>> points = play_every_action(worlds, view.legal_actions)
    >>> len(points) == len(view.legal_actions), [len(p) for p in points][:2], len(points[0][0])
    (True, [3, 3], 4)
    """
    out: list[list[tuple[int, ...]]] = [[] for _ in actions]
    for w, world in enumerate(worlds):
        for i, action in enumerate(actions):
            deal = world.copy()
            deal.apply(action)
            _playout(deal)
            out[i].append(deal.scores)
            if finished is not None:
                finished(i, w, deal)
    return out


def search_sampler(view: AnyView, prior: str = "keeps", steps: int | None = _STEPS) -> Sampler:
    """The sampler the search bot deals its worlds with from ``view`` (``bibi.sampling.Sampler``): the hidden cards
    weighed by ``prior`` (``SEARCH_PRIORS``; ``"keeps"``, the search's own: see ``make_search_bot``), its exhaustive
    search bounded by ``steps`` for all the worlds it deals (``None``: each world's own bound)."""
    if prior not in SEARCH_PRIORS:
        raise ValueError(f"prior: {shorten(prior)} is not one of {', '.join(SEARCH_PRIORS)}")
    return Sampler(view, _keeps(view, _rules_facts(view.rules)) if prior == "keeps" else None, steps)


def _paired(mine: list[int], theirs: list[int]) -> tuple[float, float]:
    """The mean of the paired differences ``mine - theirs`` (the same worlds) and its standard error."""
    k = len(mine)
    total = squares = 0
    for a, b in zip(mine, theirs, strict=True):
        d = a - b
        total += d
        squares += d * d
    mean = total / k
    variance = (squares - total * mean) / (k - 1) if k > 1 else 0.0
    return mean, (max(0.0, variance) / k) ** 0.5


def _race(view: AnyView, legal: tuple[Card | Action, ...], sampler: Sampler, rng: random.Random, tries: int,
          budget: int, fallback: Card | Action, margin: float) -> _Searched:
    """Each legal action played out in worlds dealt one at a time by ``sampler``, the clearly worse actions
    leaving the race, until the choice is clear or ``budget`` worlds are played (the rule above ``_paired``)."""
    seat = view.seat
    scores: list[list[int]] = [[] for _ in legal]
    alive = list(range(len(legal)))
    home = legal.index(fallback) if fallback in legal else -1
    worlds = 0
    look = min(_FIRST, budget)
    while True:
        while worlds < look:
            try:
                world = sampler.world(rng, tries)  # a world every time (Sampler.world), or NoWorld
            except SearchExhausted:  # the sampler's steps are spent: the worlds found so far decide, if enough
                if worlds < _FEWEST:
                    return _Searched({a: 0.0 for a in legal}, scores, worlds, False)
                budget = worlds
                break
            if sampler.hard:  # few ways of dealing fit: each world may cost a search; a few worlds decide
                budget = look = min(budget, max(_HARD, worlds + 1))
            for i in alive:
                deal = world.copy()
                deal.apply(legal[i])
                scores[i].append(_playout(deal).scores[seat])
            worlds += 1
        if worlds >= budget or home < 0 or not worlds:
            break
        base = scores[home]
        means = {i: sum(scores[i]) / worlds for i in alive}
        ahead = max(alive, key=means.__getitem__)
        kept = [home]
        beats: dict[int, float] = {}
        for i in alive:
            if i == home:
                continue
            mean, error = _paired(scores[i], base)
            if mean + _CLEAR * error < 0 or (mean == 0 and error == 0):
                continue  # clearly worse than the heuristic's choice, or the same in every world
            # What the rule at the budget asks of it (``margin`` standard errors of the difference over ``budget``
            # worlds, the spread read from the worlds so far): hopeless when even its mean plus ``_HOPE``
            # standard errors now falls short of that.
            if mean + _HOPE * error < margin * error * (worlds / budget) ** 0.5:
                continue
            if i != ahead:
                lead, lead_error = _paired(scores[ahead], scores[i])
                if lead - _CLEAR * lead_error > 0:
                    continue  # clearly worse than the action ahead
            kept.append(i)
            beats[i] = mean - _CLEAR * error
        alive = kept
        if len(alive) == 1:
            break  # only the heuristic's choice is left
        if len(alive) == 2 and beats[alive[1]] > 0:
            break  # one action left beside it, and it clearly beats it
        look = min(budget, look + _BATCH)
    values = {a: sum(scores[i]) / max(1, len(scores[i])) for i, a in enumerate(legal)}
    return _Searched(values, scores, worlds)


def _pick(view: AnyView, rng: random.Random, searched: _Searched, why: bool, what: Callable[[], str],
          margin: float) -> _Choice:
    """The action with the best mean score if it beats the heuristic's choice by more than ``margin`` standard
    errors of their difference in the same worlds (paired), else the heuristic's choice; with the reason."""
    values = searched.values
    legal = tuple(values)
    fallback = _heuristic(view, rng, False)[0]
    # The best action of those still in the race (a sequential search drops the clearly worse ones early:
    # their means rest on fewer worlds), by the mean over the worlds each was played in.
    racing = [a for i, a in enumerate(legal) if len(searched.scores[i]) == searched.worlds] or list(legal)
    top = max(values[a] for a in racing)
    best = next(a for a in racing if values[a] == top)
    action, gap, error = best, 0.0, 0.0
    if fallback in values and best != fallback:
        mine, theirs = searched.scores[legal.index(best)], searched.scores[legal.index(fallback)]
        diffs = [a - b for a, b in zip(mine, theirs, strict=True)]
        gap = sum(diffs) / len(diffs)
        if len(diffs) > 1:
            mean = gap
            error = (sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs)) ** 0.5
        if gap <= margin * error:
            action = fallback
    elif fallback in values:
        action = fallback
    if not why:
        return (action, "", values)
    if action == best:
        # TRANSLATORS: {what} tells how it searched; {top} is a mean score with one decimal, written with the
        # language's decimal mark (i18n.decimal), as every figure of these reasons
        reason = _("{what}: {action} scores {top} on average").format(what=what(), action=action.display(),
                                                                     top=decimal(top))
        others = sorted((v, i) for i, (a, v) in enumerate(values.items()) if a != action)
        if others:
            v, i = others[-1]
            reason += ", " + _("the next best {other} {value}").format(other=legal[i].display(), value=decimal(v))
        if action != fallback:
            reason += "; " + _("it beats the heuristic's choice {choice} by {gap} ± {error} points").format(
                choice=fallback.display(), gap=decimal(gap), error=decimal(error))
    else:
        reason = _("{what}: {best} scores {top} on average, {action} {value}; a lead of {gap} ± {error} is too "
                   "little to trust, so it plays the heuristic's choice: {reason}").format(
            what=what(), best=best.display(), top=decimal(top), action=action.display(),
            value=decimal(values[action]), gap=decimal(gap), error=decimal(error),
            reason=_told(_heuristic(view, rng, True)).reason)
    return (action, reason, values)


def _sampled(worlds: int) -> str:
    """How a searching bot looked ahead: over ``worlds`` sampled deals."""
    return ngettext("played every choice out in {n} deal consistent with what it has seen",
                    "played every choice out in {n} deals consistent with what it has seen", worlds).format(n=worlds)


def _too_few(view: AnyView, rng: random.Random, why: bool, worlds: int) -> _Choice:
    """The heuristic's choice where the sampler's steps ran out before enough worlds were found, and why."""
    choice = _heuristic(view, rng, why)
    if not why:
        return choice
    return (choice[0], _("deals consistent with what it has seen are hard to find here: its search found {n} in "
                         "the steps it may take, too few to judge by, so it plays the heuristic's choice: {reason}")
            .format(n=worlds, reason=choice[1]), *choice[2:])


def make_search_bot(worlds: int = SEARCH_WORLDS, tries: int = 3, margin: float = SEARCH_MARGIN,
                    prior: str = "keeps", sequential: bool = True) -> Bot:
    """A search bot that plays out every legal action in ``worlds`` deals consistent with its view per decision.

    Perfect-information Monte Carlo (PIMC), the method of the strongest Bridge and Skat programs: at each decision
    with a choice it samples ``worlds`` deals that look exactly like its view (``bibi.sampling``: the other hands
    and the stock, and so the cards still to be drawn; how likely each is: ``prior``, below), plays each legal
    action out in each world, every seat by the quick rule of play (``_playout``), and estimates each action's
    final score for its seat by the mean over the worlds. The same worlds judge every action, so much of the luck
    cancels out between them. It plays the best action only when it beats the heuristic's choice by more than
    ``margin`` standard errors of their paired difference; else the heuristic's choice: a whole deal played out
    through unknown draws is a noisy judge, and a choice made on noise is a coin toss (measured: bench/README.md).
    Calls, passes and trump switches are chosen the same way. ``tries`` bounds the quick attempts per world
    before the sampler's exhaustive search (``Sampler.world``); a decision costs about ``worlds`` × the number of
    legal actions playouts. Deterministic for a given ``rng``.

    ``prior`` says how likely each consistent world is taken to be: ``"keeps"`` (the default) weighs the
    hidden point cards, kings and queens toward the other hands, as players keep those and shed the rest,
    and the trumps too under R13 (under I7, where any trick may be trumped, away from them: they are spent);
    ``_keeps``, and bench/README.md for the figures. ``"uniform"`` deals the hidden cards at random,
    every consistent world alike.

    ``sequential`` (the default) makes ``worlds`` a budget, not a count: the worlds are dealt and played a batch at
    a time, an action clearly worse than the heuristic's choice (or than the action ahead) stops being played, and
    the search stops once the choice is clear (``_race``); most decisions take a few dozen worlds. The first worlds
    are the same either way. ``sequential=False`` plays every action in all ``worlds`` worlds.
    """
    _check_count("worlds", worlds, 1)
    _check_count("tries", tries, 1)
    if isinstance(margin, bool) or not isinstance(margin, int | float) or not margin >= 0:
        wrong = isinstance(margin, bool) or not isinstance(margin, int | float)
        raise (WrongType if wrong else ValueError)(f"margin: {shorten(margin)} is not a number ≥ 0")
    if not isinstance(prior, str) or prior not in SEARCH_PRIORS:
        wrong = not isinstance(prior, str)
        raise (WrongType if wrong else ValueError)(f"prior: {shorten(prior)} is not one of {', '.join(SEARCH_PRIORS)}")
    if not isinstance(sequential, bool):
        raise WrongType(f"sequential: expected True or False, not {shorten(sequential)}")
    keeps = prior == "keeps"

    def choose(view: AnyView, rng: random.Random, why: bool) -> _Choice:
        legal: Any = view.legal_actions  # Cards and Actions: each branch below knows which it holds
        if len(legal) == 1:
            return (legal[0], _ONLY)
        sampler = search_sampler(view, prior, _STEPS if sequential else None)
        if sequential:
            searched = _race(view, legal, sampler, rng, tries, worlds, _heuristic(view, rng, False)[0], margin)
            if not searched.enough:  # too few worlds found (the sampler's steps ran out): the heuristic's choice
                return _too_few(view, rng, why, searched.worlds)
        else:
            found = []
            for _world in range(worlds):
                try:
                    found.append(sampler.world(rng, tries))  # a world every time (Sampler.world), or NoWorld
                except SearchExhausted:  # the sampler gave up within its budget: the worlds found so far decide
                    break
            if not found:
                return _too_few(view, rng, why, 0)
            searched = _search_worlds(view, legal, found)
        return _pick(view, rng, searched, why, lambda: _sampled(searched.worlds), margin)

    base = ("search_bot" if keeps else "search_bot[uniform]") + ("" if sequential else "[every world]")
    name = base if worlds == SEARCH_WORLDS else f"{base}({worlds})"
    return _reasoned(choose, name, "Deals the hidden cards many ways consistent with its view, plays every "
                                   "choice out in each, and keeps the one with the best mean score.")


def make_oracle_bot(deal: Deal) -> Bot:
    """A cheating bot for ``deal``: the search bot's playouts run on the true deal (every hand, the stock's order)
    instead of sampled ones. The ceiling of the search, for benchmarks and to show what hidden information is
    worth (bench/README.md); it needs the live deal it plays in, so it is not registered by name:

        deal = Deal.new("ru", 6, seed=1)
        bots = ["heuristic"] * 6
        bots[2] = make_oracle_bot(deal)
        play(deal, bots, bots_rng(1))

    Its rule of play in the playouts is deterministic, so one playout per legal action is the whole search.
    """
    if not isinstance(deal, Deal):
        raise WrongType(f"deal: expected a Deal, not {shorten(deal)}")

    def choose(view: AnyView, rng: random.Random, why: bool) -> _Choice:
        legal: Any = view.legal_actions  # Cards and Actions: each branch below knows which it holds
        if len(legal) == 1:
            return (legal[0], _ONLY)
        if deal.to_act != view.seat or deal.hand(view.seat) != tuple(view.hand):
            raise ValueError(f"oracle: the view of seat {view.seat} is not of the deal it was made for")
        searched = _search_worlds(view, legal, [deal.copy()])
        return _pick(view, rng, searched, why,
                     lambda: _("played every choice out on the true deal (it sees every card)"), 0.0)

    return _reasoned(choose, "oracle_bot", "Plays every choice out on the true deal, every card seen, and keeps "
                                           "the one with the best score.")


# -- the sampling bot ------------------------------------------------------------------------------------


def make_sampling_bot(samples: int = 8, draw_rounds: int = 1, tries: int = 3) -> Bot:
    """A sampling bot that plays out ``samples`` deals consistent with its view for each decision.

    It samples once the stock holds fewer than ``draw_rounds`` rounds of draws (1: the last draws and the
    final tricks, where the hidden cards are few and playouts see far); before that it plays as
    ``heuristic_bot``. Each sample is played out once per legal action, every seat playing by the bots'
    quick rule of play; the action with the best total score for the bot wins, ties going to the
    heuristic's choice. ``tries`` bounds the quick attempts per sample (``Sampler.world``); the cost grows with
    ``samples`` × the number of legal actions. (``make_search_bot`` searches every decision of the deal.)
    """
    _check_count("samples", samples, 1)
    _check_count("draw_rounds", draw_rounds, 0)
    _check_count("tries", tries, 1)

    def choose(view: AnyView, rng: random.Random, why: bool) -> _Choice:
        legal: Any = view.legal_actions  # Cards and Actions: each branch below knows which it holds
        if len(legal) == 1 or legal[-1].kind is Action.PASS or view.stock_size >= draw_rounds * view.players:
            choice = _heuristic(view, rng, why)
            if len(legal) == 1 or not why:
                return choice
            return choice[0], _("as the heuristic: {reason}").format(reason=_told(choice).reason)
        sampler = Sampler(view)
        found = [sampler.world(rng, tries) for _world in range(samples)]  # a world every time (Sampler.world)
        return _pick(view, rng, _search_worlds(view, legal, found), why, lambda: _sampled(len(found)), 0.0)

    name = f"sampling_bot({samples})"
    return _reasoned(choose, name, "Deals the hidden cards many ways consistent with its view, plays each option "
                                   "out, and keeps the one that scores best on average (as heuristic_bot while "
                                   "many draws remain).")


def _check_count(name: str, value: Any, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        wrong = isinstance(value, bool) or not isinstance(value, int)  # a WrongType; a number below, a ValueError
        raise (WrongType if wrong else ValueError)(f"{name}: {shorten(value)} is not a whole number ≥ {least}")


sampling_bot = make_sampling_bot()
search_bot = make_search_bot()

for _name, _bot in (("greedy", greedy_bot), ("heuristic", heuristic_bot), ("sampling", sampling_bot),
                    ("search", search_bot)):
    register(_name, _bot)


__all__ = ["BOTS", "SEARCH_PRIORS", "SEARCH_WORLDS", "greedy_bot", "heuristic_bot", "make_oracle_bot",
           "make_sampling_bot", "make_search_bot", "play_every_action", "random_bot", "sampling_bot", "search_bot",
           "search_sampler"]
