"""Bots: plain callables ``bot(view, rng) -> action`` that play from what their seat may see.

A bot gets ``deal.view(seat)`` (a ``View``: its hand, the trump, the trick, the played tricks, the
laid-down pairs, the leftovers, the stock's size, the scores, its legal actions) and a
``random.Random``; it returns one of ``view.legal_actions``. It never sees another player's hidden
cards nor the stock: ``play_deal`` hands it the view and nothing else.

- ``random_bot``: any legal action.
- ``greedy_bot``: calls whenever it may, takes a trick holding points with its cheapest winner.
- ``heuristic_bot``: a sensible human: spends a trump only on a trick worth it, keeps trumps and the kings
  and queens that may still pair (counting the unseen cards), switches the trump to a stronger suit.
- ``sampling_bot``: from the last draws on, deals the hidden cards many ways consistent with its view
  (``Sampler``, ``determinize``) and plays each option out.

Their strength is measured by ``bench/bot_strength.py`` (README, "Bot strength").

>>> from bibi.deal import Deal
>>> deal = play_deal(Deal.new("italian", players=4, seed=3), ["heuristic", "random", "greedy", "sampling"],
...                  random.Random(3))
>>> deal.is_over, sum(deal.card_points) == 264
(True, True)
"""

from __future__ import annotations

import functools
import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from typing import Any

from bibi.cards import CARDS, Card, Rank
from bibi.deal import CALLS, PASS, SWITCHES, Action, Deal, IllegalAction, View
from bibi.rules import BibiCall, BibiSuits, Draw, Follow, Identical, Rules

Bot = Callable[[View, random.Random], Card | Action]  # a Card to play it, or an Action

_PLAY, _CALL, _SWITCH = Action.PLAY, Action.CALL, Action.SWITCH
_KING, _QUEEN = int(Rank.KING), int(Rank.QUEEN)
# Per card: its slot among a hand's king and queen counts (kings of suit s at s, queens at 4 + s), else -1.
_KQ_SLOT = tuple(c // 13 + (4 if c % 13 == _QUEEN else 0) if c % 13 in (_KING, _QUEEN) else -1 for c in range(52))


# -- the simple bots -------------------------------------------------------------------------------


def random_bot(view: View, rng: random.Random) -> Card | Action:
    """Plays any legal action, chosen uniformly at random."""
    return rng.choice(view.legal_actions)


def greedy_bot(view: View, rng: random.Random) -> Card | Action:
    """Calls and switches whenever it may, wins a trick holding points with its cheapest winner, else
    plays its cheapest card."""
    legal = view.legal_actions
    if len(legal) == 1 or legal[0].kind is not _PLAY or legal[-1].kind is _SWITCH:
        return _eager(legal)
    points, second_wins = _table(view.rules)
    trump = view.trump.index
    return _play(legal, view.trick, trump, second_wins, points, 0,
                 lambda c: (points[c], c // 13 == trump, c % 13))


def _eager(legal: Sequence[Card | Action]) -> Card | Action:
    """A call when one is offered (calls come before ``pass``), a switch when one is (after the cards)."""
    return legal[-1] if legal[-1].kind is _SWITCH else legal[0]


@functools.cache
def _table(rules: Rules) -> tuple[tuple[int, ...], bool]:
    """Per card index: its points; and whether the second of two identical cards wins (R14)."""
    return rules.card_points.per_card(), rules.identical is Identical.SECOND_WINS


def _play(plays: Sequence[Card], trick: Sequence[tuple[int, int]], trump: int, second_wins: bool,
          points: Sequence[int], trump_worth: int, shed: Callable[[int], Any]) -> Card:
    """The one rule of play the bots share: win a trick holding points with the cheapest winner (a card
    of the suit led before a trump, the lowest first), but spend a trump to take the trick from a card of
    another suit only on ``trump_worth`` points or more; else play the first card by ``shed``."""
    on_table = 0
    for _, c in trick:
        on_table += points[c]
    if on_table:
        best = _best(trick, trump, second_wins)
        winners = [c for c in plays if _beats(c, best, trump, second_wins)]
        if winners:
            win = min(winners, key=lambda c: (c // 13 == trump, c % 13))
            if win // 13 != trump or best // 13 == trump or on_table >= trump_worth:
                return win
    return min(plays, key=shed)


def _best(trick: Sequence[tuple[int, int]], trump: int, second_wins: bool) -> int:
    """The card now winning the trick: the highest trump, else the highest of the suit led (I8; R14)."""
    best = trick[0][1]
    for _, c in trick[1:]:
        if _beats(c, best, trump, second_wins):
            best = c
    return best


def _beats(card: int, best: int, trump: int, second_wins: bool) -> bool:
    """Whether ``card``, played now, would beat ``best``, the card winning the trick so far."""
    if card // 13 == best // 13:
        return card > best or (card == best and second_wins)
    return card // 13 == trump


def _unseen(view: View) -> list[int]:
    """Per card index, how many copies the seat has not seen: in other hands, face down, or in the stock."""
    unseen = [view.rules.decks] * 52
    seen = [*view.hand, *view.leftovers, *(c for t in view.tricks for _, c in t.plays)]
    if len(view.trick) < view.players:  # a complete trick is already the last of the tricks
        seen += [c for _, c in view.trick]
    for seat, laid in enumerate(view.laid_down):
        if seat != view.seat:
            seen += laid
    for c in seen:
        unseen[c] -= 1
    if min(unseen) < 0:
        raise ValueError("view: it shows some card more often than the pack holds it")
    return unseen


# -- the heuristic bot ------------------------------------------------------------------------------

_TRUMP_KEEP = 10  # what a trump in hand is worth beyond its points: it takes a trick later
_TRUMP_WORTH = 8  # the fewest points worth spending a trump on


class _Reading:
    """What one seat makes of its view: the cards it has not seen, the length of its suits."""

    def __init__(self, view: View):
        self.view = view
        self.trump = view.trump.index
        self.points, self.second_wins = _table(view.rules)
        self.unseen = _unseen(view)
        self.unseen_total = max(1, sum(self.unseen))
        self.draws_left = view.stock_size // view.players if view.drawing else 0
        self.lengths = [0] * 4
        for c in view.hand:
            self.lengths[c // 13] += 1

    def pair_hope(self, card: int) -> float:
        """Expected Bi-bi points still to come from keeping a free king or queen (R15, R22)."""
        rank, suit = card % 13, card // 13
        if rank not in (_KING, _QUEEN) or not self.draws_left:
            return 0.0
        view = self.view
        if suit == self.trump and view.rules.bibi_suits is BibiSuits.NON_TRUMP:
            return 0.0
        partner = CARDS[suit * 13 + (_QUEEN if rank == _KING else _KING)]
        if view.hand.count(partner) > view.laid_down[view.seat].count(partner):
            return 0.0  # already a pair
        chance = 1.0 - (1.0 - self.unseen[partner] / self.unseen_total) ** self.draws_left
        return view.rules.bibi_points * chance

    def shed_key(self, card: int, short: bool) -> tuple[float, int, int]:
        """Order to give cards away in: least worth keeping first (its points, the pair it may still make,
        its strength as a trump), from the shortest side suit if ``short``, the lowest."""
        worth = self.points[card] + self.pair_hope(card) + (_TRUMP_KEEP if card // 13 == self.trump else 0)
        return worth, self.lengths[card // 13] if short else 0, card % 13

    def suit_strength(self, suit: int) -> float:
        """How well this hand would do with ``suit`` as trump: its cards of the suit, the high ones double."""
        return sum(1.0 + (c % 13 >= Rank.JACK) for c in self.view.hand if c // 13 == suit)


def heuristic_bot(view: View, rng: random.Random) -> Card | Action:
    """Plays like a sensible human: always says Bi-bi, wins a trick holding points with its cheapest winner
    but spends a trump only on 8 points or more, gives away the card it will miss least (keeping trumps
    and the kings and queens that may still pair, emptying a short side suit to trump it later), and
    switches the trump to a clearly stronger suit of its own."""
    legal = view.legal_actions
    if len(legal) == 1 or legal[0].kind is _CALL:
        return legal[0]  # 50 points now: a pair held back can be broken by following suit, or made trump
    reading = _Reading(view)
    switch = _best_switch(reading, [a for a in legal if a.kind is _SWITCH])
    if switch is not None:
        return switch
    short = bool(view.trick) and view.rules.follow is Follow.MUST_FOLLOW
    return _play([a for a in legal if a.kind is _PLAY], view.trick, reading.trump, reading.second_wins,
                 reading.points, _TRUMP_WORTH, lambda c: reading.shed_key(c, short))


def _best_switch(reading: _Reading, switches: list[Action]) -> Action | None:
    """The switch to make when leading (I12, I14): to a clearly stronger suit, or any stronger one at the
    last drawing trick, whose trump the final tricks keep (I15, I16)."""
    if not switches:
        return None
    view = reading.view
    margin = 0.0 if view.stock_size < 2 * view.players else 2.0
    here = reading.suit_strength(reading.trump)
    best = max(switches, key=lambda a: reading.suit_strength(a.suit.index))
    return best if reading.suit_strength(best.suit.index) > here + margin else None


# -- sampling: hidden cards dealt consistently with a view ------------------------------------------


class Sampler:
    """The public history behind a view, read once, from which consistent deals are sampled.

    A sample deals the unseen cards to the other hands and the stock, then works each hand's history
    backwards (what it held at each trick, what it drew) so every play stays legal: a player who did not
    follow suit held none of it then (R13; I7), a caller held his pair (R15). The pack this gives is
    replayed through ``Deal`` with the public actions; a sample counts only if the seat's view of it is
    exactly ``view``, so nothing the seat knows is contradicted and nothing hidden is used.
    """

    def __init__(self, view: View):
        if view.to_act != view.seat:
            raise ValueError(f"determinize: seat {view.seat} is not to act (seat {view.to_act} is)")
        rules = view.rules
        self.view = view
        self.rules = rules
        self.n = n = view.players
        self.hand_size = rules.hand_size
        self.must_follow = rules.follow is Follow.MUST_FOLLOW
        done = view.tricks
        current = view.trick if len(view.trick) < n else ()
        self.plays = [(t.number, s, c) for t in done for s, c in t.plays]
        self.plays += [(len(done), s, c) for s, c in current]
        self.trumps = [t.trump.index for t in done] + [view.trump.index]
        self.schedule = self._schedule(done, current)
        self.voids = self._voids(done, current)
        self.unknown = [CARDS[c] for c, k in enumerate(_unseen(view)) for _ in range(k)]
        self.hidden = [0 if s == view.seat else view.hand_sizes[s] - len(view.laid_down[s]) for s in range(n)]
        self.steps = [self._steps(seat) for seat in range(n)]
        self.void_times = [[sorted(t for (s, t), lacked in self.voids.items() if s == seat and suit in lacked)
                            for suit in range(4)] for seat in range(n)]
        self.called = [[(c.trick, c.suit.index) for c in view.calls if c.seat == seat] for seat in range(n)]
        self.caps = [self._caps(seat) for seat in range(n)]
        self.mandatory = rules.bibi_call is BibiCall.MANDATORY
        self.first_trump = view.first_trump.index  # its pair stays optional under a mandatory call (I12)
        self.bibi_any = rules.bibi_suits is BibiSuits.ANY
        self.last_draw = [max((t for t, s in self.schedule if s == seat), default=None) for seat in range(n)]
        self.played_since_draw = [[c for t, s, c in self.plays if s == seat and (last is None or t > last)]
                                  for seat, last in enumerate(self.last_draw)]
        # The most constrained hands are dealt first.
        self.order = sorted(range(n), key=lambda s: min((k for _, k in self.caps[s]), default=99))

    def _schedule(self, done: Sequence[Any], current: Sequence[tuple[int, Card]]) -> list[tuple[int, int]]:
        """Who drew, in order, at which trick: ``(trick, seat)`` for every draw so far (R15, R24; I9)."""
        rules, n, view = self.rules, self.n, self.view
        rounds = rules.draw_rounds(n)
        order: list[tuple[int, int]] = []
        for t in done[:rounds]:
            if rules.draw is Draw.AFTER_EACH_CARD:
                order += [(t.number, s) for s, _ in t.plays]
            else:
                order += [(t.number, (t.winner + i) % n) for i in range(n)]
        if len(done) < rounds and rules.draw is Draw.AFTER_EACH_CARD:
            order += [(len(done), s) for s, _ in current]
        drawn = rules.pack_size - n * rules.hand_size - view.stock_size - len(view.leftovers)
        if drawn > len(order):
            raise ValueError(f"determinize: {drawn} cards drawn, but only {len(order)} draws fit the tricks")
        return order[:drawn]

    def _voids(self, done: Sequence[Any], current: Sequence[tuple[int, Card]]) -> dict[tuple[int, int], set[int]]:
        """The suits each player showed he lacked: ``(seat, trick) -> suits`` (R13; I7)."""
        voids: dict[tuple[int, int], set[int]] = {}
        tricks = [(t.number, t.plays, t.trump.index) for t in done]
        if current:
            tricks.append((len(done), current, self.view.trump.index))
        for number, plays, trump in tricks:
            led = plays[0][1] // 13
            for seat, c in plays[1:]:
                suit = c // 13
                if self.must_follow:
                    lacked = {led} if suit != led else set()
                else:
                    lacked = {led, trump} if suit not in (led, trump) else set()
                if lacked:
                    voids[(seat, number)] = lacked
        return voids

    def _steps(self, seat: int) -> list[tuple[int, Card | None, set[int] | None, int | None]]:
        """One seat's history, trick by trick: ``(trick, card played, suits lacked, draw slot)``."""
        played = {t: c for t, s, c in self.plays if s == seat}
        slots = {t: k for k, (t, s) in enumerate(self.schedule) if s == seat}
        last = max([*played, *slots], default=-1)
        return [(t, played.get(t), self.voids.get((seat, t)), slots.get(t)) for t in range(last + 1)]

    def _caps(self, seat: int) -> list[tuple[set[int], int]]:
        """What the seat can hold now of the suits it once lacked: ``(suits, most cards of them)``, one per
        lack, counting what it drew since and what of them it has played or laid down since (R13; I7)."""
        caps = []
        for (s, since), lacked in self.voids.items():
            if s == seat:
                drawn = sum(1 for t, who in self.schedule if who == seat and t >= since)
                used = sum(1 for t, who, c in self.plays if who == seat and t > since and c // 13 in lacked)
                laid = sum(1 for c in self.view.laid_down[seat] if c // 13 in lacked)
                caps.append((lacked, drawn - used - laid))
        return caps

    # ---- sampling ---------------------------------------------------------------------------------

    def sample(self, rng: random.Random, tries: int = 4) -> Deal | None:
        """A deal consistent with the view, its hidden cards sampled; ``None`` if ``tries`` attempts fail."""
        for _ in range(tries):
            deal = self._attempt(rng)
            if deal is not None:
                return deal
        return None

    def _attempt(self, rng: random.Random, redeals: int = 4) -> Deal | None:
        """One try: deal the hidden cards seat by seat (again, if a seat's history cannot be made to fit),
        stack the pack they imply, replay it, and keep it if the seat's view of it is the view."""
        view, n = self.view, self.n
        pool = self.unknown[:]
        rng.shuffle(pool)
        deck: list[Card | None] = [None] * (n * self.hand_size + len(self.schedule))
        for seat in self.order:
            known = list(view.hand) if seat == view.seat else list(view.laid_down[seat])
            for _ in range(redeals):
                taken, rest = self._take(seat, known, pool)
                history = taken is not None and self._backwards(seat, known + taken, rng)
                if history:
                    break
                rng.shuffle(pool)
            else:
                return None
            pool = rest
            start, draws = history
            for i, c in enumerate(start):
                deck[(seat - view.dealer - 1) % n + i * n] = c
            for slot, c in draws.items():
                deck[n * self.hand_size + slot] = c
        deck += pool + list(view.leftovers)  # what no hand took is the stock, still shuffled
        deal = Deal.new(self.rules, n, dealer=view.dealer, trump=view.first_trump, deck=deck, log=False)
        try:
            ok = self._replay(deal)
        except IllegalAction:
            return None
        return deal if ok and deal.view(view.seat) == view else None

    def _take(self, seat: int, known: list[Card], pool: list[Card]) -> tuple[list[Card] | None, list[Card]]:
        """The seat's hidden cards, the first of ``pool`` it can hold now, and the rest of the pool.

        It can hold no more of a suit it once lacked than it drew since (R13; I7), and under a mandatory
        call no uncalled pair it held at its last draw (I11).
        """
        need = self.hidden[seat]
        last = self.last_draw[seat]
        if not self.caps[seat] and not (self.mandatory and last is not None):
            return pool[:need], pool[need:]
        caps = [[suits, k] for suits, k in self.caps[seat]]
        held = _kings_queens(known + self.played_since_draw[seat])
        taken, rest = [], []
        for c in pool:
            suit = c // 13
            limits = [cap for cap in caps if suit in cap[0]]
            fits = len(taken) < need and all(cap[1] > 0 for cap in limits)
            slot = _KQ_SLOT[c]
            if fits and self.mandatory and last is not None and slot >= 0:
                held[slot] += 1
                fits = not self._extra_pair(seat, last, held)
                held[slot] -= 1
            if fits:
                taken.append(c)
                if slot >= 0:
                    held[slot] += 1
                for cap in limits:
                    cap[1] -= 1
            else:
                rest.append(c)
        return (taken if len(taken) == need else None), rest

    def _backwards(self, seat: int, hand: list[Card], rng: random.Random):
        """Undo one seat's tricks from now back to the deal: its first hand, and the card of each draw."""
        hand = hand[:]
        draws: dict[int, Card] = {}
        for t, card, lacked, slot in reversed(self.steps[seat]):
            if slot is not None:
                x = self._drawn(seat, t, hand, card, lacked, rng)
                if x is None:
                    return None
                hand.remove(x)
                draws[slot] = x
            if card is not None:
                if lacked and any(c // 13 in lacked for c in hand):
                    return None
                hand.append(card)
        return (hand, draws) if len(hand) == self.hand_size else None

    def _drawn(self, seat: int, t: int, hand: list[Card], played: Card | None, lacked: set[int] | None,
               rng: random.Random) -> Card | None:
        """The card of ``hand`` the seat drew at trick ``t``, chosen so that its earlier hands stay possible.

        In order: the one card of a suit it lacked at this trick's play (R13; I7); never a king or queen
        of an earlier call (R15); under a mandatory call at this draw, a card of the pair, and no pair
        left uncalled at the draw before (I11); the card it must shed soonest for an earlier lack; a
        card completing a call made at this draw; any card.
        """
        before = {suit for when, suit in self.called[seat] if when < t}
        now = {suit for when, suit in self.called[seat] if when == t}
        options = [c for c in hand if not (c // 13 in before and c % 13 in (_KING, _QUEEN))] or hand
        completing = [c for c in options if c // 13 in now and c % 13 in (_KING, _QUEEN)]
        if lacked:
            must = [c for c in hand if c // 13 in lacked]
            if len(must) > 1:
                return None
            if must:
                return must[0] if not (self.mandatory and now and must[0] not in completing) else None
        if self.mandatory:
            if now:
                if not completing:
                    return None
                options = completing
            if t > 0:
                held = _kings_queens(hand if played is None else [*hand, played])
                if self._extra_pair(seat, t - 1, held):  # only the draw of a king or queen can mend it
                    options = [x for x in options if not self._extra_pair(seat, t - 1, held, _KQ_SLOT[x])]
                if not options:
                    return None
                completing = [c for c in completing if c in options]
        deadlines = [(self._lacked_last(seat, c // 13, t), c) for c in options]
        latest = max(d for d, _ in deadlines)
        if latest >= 0:  # it held none of that suit then: the card came in between
            return rng.choice([c for d, c in deadlines if d == latest])
        return rng.choice(completing or options)

    def _lacked_last(self, seat: int, suit: int, t: int) -> int:
        """The last trick up to ``t`` at which the seat showed it lacked ``suit``; -1 if none."""
        times = self.void_times[seat][suit]
        i = bisect_right(times, t)
        return times[i - 1] if i else -1

    def _extra_pair(self, seat: int, t: int, held: list[int], without: int = -1) -> bool:
        """Whether the seat, holding ``held`` kings and queens (less the one in slot ``without``) right
        after its draw at trick ``t``, pairs a king and queen of a callable suit other than the original
        trump beyond the calls it made by then: a mandatory call would have taken the pair at that draw
        (I11; the original trump's pair stays optional, I12)."""
        barred = -1 if self.bibi_any else self.trumps[t]
        for suit in range(4):
            kings = held[suit] - (without == suit)
            queens = held[4 + suit] - (without == 4 + suit)
            if suit != barred and suit != self.first_trump and kings and queens:
                if min(kings, queens) > sum(1 for when, s in self.called[seat] if s == suit and when <= t):
                    return True
        return False

    def _replay(self, deal: Deal) -> bool:
        """Apply the public actions: the plays, the switches they imply, the calls; ``pass`` for the rest.

        True when the deal has come to this seat's decision with every play and call of the view made.
        """
        expected, me, plays = self.view.calls, self.view.seat, self.plays
        i = made = 0
        while True:
            calls = deal.calls
            if len(calls) != made:
                if calls != expected[: len(calls)]:
                    return False
                made = len(calls)
            legal = deal.legal_actions()
            if legal[-1] is PASS:  # a call decision, after the draw that followed play i - 1
                if i == len(plays) and made == len(expected) and deal.to_act == me:
                    return True
                window = plays[i - 1][0] if i else -1
                nxt = expected[made] if made < len(expected) else None
                call = nxt is not None and nxt.seat == deal.to_act and nxt.trick == window and CALLS[nxt.suit.index]
                deal.apply(call if call in legal else PASS)
                continue
            trump = self.trumps[plays[i][0] if i < len(plays) else -1]
            if trump != deal.trump.index and not deal.trick:  # the leader switched (I12, I14)
                if SWITCHES[trump] not in legal:
                    return False
                deal.apply(SWITCHES[trump])
                continue
            if i == len(plays):
                return deal.to_act == me
            _, seat, card = plays[i]
            if seat != deal.to_act:
                return False
            deal.apply(card)
            i += 1


def _kings_queens(cards: Sequence[Card]) -> list[int]:
    """How many kings (slots 0–3) and queens (slots 4–7) of each suit ``cards`` hold."""
    held = [0] * 8
    for c in cards:
        slot = _KQ_SLOT[c]
        if slot >= 0:
            held[slot] += 1
    return held


def determinize(view: View, rng: random.Random, tries: int = 20) -> Deal | None:
    """A deal consistent with everything ``view`` shows, its hidden cards sampled; ``None`` if none is found.

    The deal's view for the seat equals ``view``; the other hands and the stock are one guess at them.
    """
    return Sampler(view).sample(rng, tries)


# -- the sampling bot ------------------------------------------------------------------------------


def make_sampling_bot(samples: int = 8, draw_rounds: int = 1, tries: int = 3) -> Bot:
    """A sampling bot that plays out ``samples`` deals consistent with its view for each decision.

    It samples once the stock holds fewer than ``draw_rounds`` rounds of draws (1: the last draws and the
    final tricks, where the hidden cards are few and playouts see far); before that it plays as
    ``heuristic_bot``, since playouts through many unknown draws judge worse than the heuristic does
    (see README, "Bot strength"). Each sample is played out once per legal action, every seat playing by
    the bots' shared rule of play; the action with the best total score for the bot wins, ties going to
    the heuristic's choice. ``tries`` bounds the attempts per sample; the cost grows with
    ``samples`` × the number of legal actions.
    """
    _check_count("samples", samples, 1)
    _check_count("draw_rounds", draw_rounds, 0)
    _check_count("tries", tries, 1)

    def sampling_bot(view: View, rng: random.Random) -> Card | Action:
        """Deals the hidden cards many ways consistent with its view, plays each option out, and keeps the
        one that scores best on average (as heuristic_bot while many draws remain)."""
        legal = view.legal_actions
        choice = heuristic_bot(view, rng)
        if len(legal) == 1 or legal[-1] is PASS or view.stock_size >= draw_rounds * view.players:
            return choice
        sampler = Sampler(view)
        totals = [0] * len(legal)
        for _ in range(samples):
            world = sampler.sample(rng, tries)
            if world is not None:
                for i, action in enumerate(legal):
                    totals[i] += _playout(world.copy().apply(action))[view.seat]
        top = max(totals)
        return choice if totals[legal.index(choice)] == top else legal[totals.index(top)]

    sampling_bot.__qualname__ = sampling_bot.__name__ = f"sampling_bot({samples})"
    return sampling_bot


def _check_count(name: str, value: Any, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ValueError(f"{name}: {value!r} is not a whole number ≥ {least}")


def _playout(deal: Deal) -> tuple[int, ...]:
    """Play ``deal`` to its end, every seat by the bots' shared rule of play; the final scores."""
    points, second_wins = _table(deal.rules)

    def choose(legal: tuple[Card | Action, ...]) -> Card | Action:
        if len(legal) == 1 or legal[0].kind is not _PLAY or legal[-1].kind is _SWITCH:
            return _eager(legal)
        trump = deal.trump.index
        return _play(legal, deal.trick, trump, second_wins, points, _TRUMP_WORTH,
                     lambda c: (points[c] + (_TRUMP_KEEP if c // 13 == trump else 0), c % 13))

    return deal.playout(choose).scores


sampling_bot = make_sampling_bot()

BOTS: dict[str, Bot] = {
    "random": random_bot,
    "greedy": greedy_bot,
    "heuristic": heuristic_bot,
    "sampling": sampling_bot,
}


# -- running bots ----------------------------------------------------------------------------------


def get_bot(name: str | Bot) -> Bot:
    """A bot by name (``random``, ``greedy``, ``heuristic``, ``sampling``), or the callable itself."""
    if callable(name):
        return name
    bot = BOTS.get(str(name).strip().lower())
    if bot is None:
        raise ValueError(f"unknown bot {name!r}: use one of {', '.join(BOTS)}")
    return bot


def as_bots(bots: Any, players: int) -> list[Bot]:
    """One bot per seat from a bot or a name (for every seat), or a sequence of them, one per seat."""
    if callable(bots) or isinstance(bots, str):
        return [get_bot(bots)] * players
    bots = list(bots)
    if len(bots) == 1:
        return [get_bot(bots[0])] * players
    if len(bots) != players:
        raise ValueError(f"bots: {len(bots)} given for {players} seats; give one per seat, or one for all")
    return [get_bot(b) for b in bots]


def play_deal(deal: Deal, bots: Any, rng: random.Random | int | None = None) -> Deal:
    """Play ``deal`` to its end, each decision made by the seat's bot from its view; returns the deal.

    A decision with a single legal action is taken without asking the bot.
    """
    seats = as_bots(bots, deal.players)
    rng = rng if isinstance(rng, random.Random) else random.Random(rng)
    while not deal.is_over:
        legal = deal.legal_actions()
        if len(legal) == 1:
            deal.apply(legal[0])
            continue
        seat = deal.to_act
        action = seats[seat](deal.view(seat), rng)
        try:
            deal.apply(action, seat)
        except IllegalAction as exc:
            raise IllegalAction(f"the bot of seat {seat} chose {action}: {exc}") from None
    return deal


__all__ = [
    "BOTS", "Bot", "Sampler", "as_bots", "determinize", "get_bot", "greedy_bot", "heuristic_bot",
    "make_sampling_bot", "play_deal", "random_bot", "sampling_bot",
]
