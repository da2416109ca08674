"""Worlds consistent with a seat's view: the hidden cards (other hands, the stock) dealt many ways.

``resample(view, rng)`` (also ``Deal.resample(seat, rng)``, for any seat, to act or not) returns a ``Deal``
whose view for the seat is exactly ``view``: nothing the seat knows is contradicted and nothing hidden is used;
``NoWorld`` (a ``ValueError``) says when no deal fits the view. What is consistent is decided by the engine's
public history (``View.history``: who drew when, which suits each seat showed it lacked, the calls and
switches) and what the seat remembers of its own moves (``View.drawn``, ``View.passes``). To find a deal
quickly the sampler encodes a few rules as constraints on what a hand may have held: a seat that did not
follow suit lacked it (R13; I7), a caller held his pair (R15), and under a mandatory call a seat left no pair
uncalled at a draw (I11; the engine's ``forced_suits``). These only guide the dealing: every sample is then
replayed, public action by action, through ``Deal`` itself,
and kept only if the engine accepts it, so the engine stays the judge of every rule. When the quick attempts
fail (a position where few ways of dealing fit), ``Sampler.search`` goes through the ways of splitting the
hidden cards among the hands, in an order drawn by the seed. The search bots play their options out in such
worlds. What the others' play says of their hands beyond the rules (``bibi.inference``) comes in the same way, as
beliefs the worlds are dealt within while they fit (``Sampler(view, lacks=…, eager=True)``).

>>> from bibi.deal import Deal
>>> from bibi.play import bots_rng, play
>>> deal = play(Deal.new("ru", 4, seed=5), ["heuristic", "heuristic", None, "heuristic"], bots_rng(5))
>>> world = resample(deal.view(2), random.Random(1))
>>> world.view(2) == deal.view(2), world.hand(2) == deal.hand(2)
(True, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import islice, product
from typing import Any, Final, SupportsIndex

from bibi.cards import CARDS, Card, Rank, Suit
from bibi.deal import CALLS, PASS, SWITCHES, Deal, View
from bibi.dealing import dealt_places, shuffle
from bibi.errors import Checked, NoWorld, SearchExhausted, WrongType, check_type, shorten, whole, wrong_type
from bibi.i18n import _
from bibi.live import LiveView
from bibi.rules import BibiCall, BibiSuits, Follow
from bibi.tricks import KQ_SLOT, forced_suits, pair_callable
from bibi.tricks import kq_counts as _kings_queens  # how many kings, then queens, of each suit cards hold

# Final: a compiled build keeps each in a C static, not in the module's names, looked up at every use.
_KING: Final = int(Rank.KING)
_QUEEN: Final = int(Rank.QUEEN)
_KQ_SLOT: Final = KQ_SLOT
_MORE_TRIES: Final = 60  # quick attempts a sampler may spend beyond each world's ``tries``, in all, before it searches
_HISTORIES: Final = 3  # of each hand, per split of the hidden cards, in the exhaustive search
_NONE_LAID: Final = (0,) * 8  # no king or queen laid down (``_extra_pair``)
_SUIT_MASK: Final = tuple(((1 << 13) - 1) << (13 * suit) for suit in range(4))  # a suit's cards as a mask
_FIRST_RUN: Final = 2_000  # steps of the exhaustive search's first run before it restarts in another order (``search``)
_BELIEF_STEPS: Final = 2_000  # the search within a sampler's beliefs (``lacks``) before it drops them


class Sampler:
    """The public history behind a view, read once, from which consistent deals are sampled.

    A sample deals the unseen cards to the other hands and the stock, then works each hand's history
    backwards (what it held at each trick, what it drew) so every play stays legal: a player who did not
    follow suit held none of it then (R13; I7), a caller held his pair (R15). The pack this gives is
    replayed through ``Deal`` with the public actions; a sample counts only if the seat's view of it is
    exactly ``view``, so nothing the seat knows is contradicted and nothing hidden is used.

    ``held`` is a prior over these deals, not a rule: per card index (52 positive numbers), how much likelier
    a hidden copy of that card is to lie in another player's hand than in the stock. The hands' share of the
    hidden cards is drawn by these weights, without replacement (Efraimidis and Spirakis's keys), and dealt
    among the hands at random; the stock gets the rest, in random order. Every deal is still consistent with
    the view; only how often each is drawn changes. ``None`` (the default, and ``resample``): the hidden
    cards are dealt at random, as the dealer dealt them.

    ``steps`` bounds the exhaustive search (``search``) of all the worlds ``world`` deals together, for a caller
    that must answer in time (the search bots): past it ``world`` raises ``SearchExhausted`` where it would search
    on. ``None`` (the default): each world's search has ``search``'s own budget.

    ``lacks`` and ``eager`` are beliefs about how the others play, inference from their play (``bibi.inference``):
    ``lacks``, a list of ``(seat, trick, cards)``, says another seat held none of ``cards`` when it played to that
    trick (a model of play says it would rather have played one of them), and the worlds are dealt within them as
    within the suits a seat showed it lacked; ``eager=True`` says the other seats left no pair uncalled at any of
    their draws (they call at once, as the kit's bots do), as a mandatory call would. In terms of likelihood: a
    world in which a seat's play was not the model's is given a weight ε instead of 1, and the sampler deals the
    worlds of weight 1, where there are some. Beliefs are no rules: a seat whose own later plays contradict one of
    them (it played more of those cards than it drew since) is doubted (``doubted``) and its beliefs dropped, and
    where no world fits the beliefs within a short search, ``world`` deals by the rules alone (``plain``). Without
    beliefs the worlds are drawn as they always were, draw for draw.
    """

    def __init__(self, view: Checked[View | LiveView], held: Sequence[float] | None = None,
                 steps: SupportsIndex | None = None, lacks: Sequence[tuple[int, int, Sequence[Card]]] | None = None,
                 eager: Checked[bool] = False):
        _check_view(view)
        if steps is not None:
            steps = whole("steps", steps, 1)
        if isinstance(view, LiveView):  # it follows the deal: the sampler reads one moment of it
            view = view.snapshot()
        self.held = None if held is None else _weights("held", held)
        rules = view.rules
        self.view: View = view
        self.rules = rules
        self.n = n = view.players
        self.hand_size = rules.hand_size
        self.must_follow = rules.follow is Follow.MUST_FOLLOW
        done = view.tricks
        current = view.trick if len(view.trick) < n else ()
        self.plays = [(t.number, s, c) for t in done for s, c in t.plays]
        self.plays += [(len(done), s, c) for s, c in current]
        self.trumps = [t.trump.index for t in done] + [view.trump.index]
        history = view.history
        self.schedule = list(history.draws)  # who drew, in order, at which trick (R15, R24; I9)
        # The cards each player held none of at his play of a trick, as a mask of card indexes (bit ``c``: card
        # index ``c``): the suits he showed he lacked (R13; I7), the engine's record of it, and the cards a model
        # of play says he would rather have played (``lacks``).
        self.voids: dict[tuple[int, int], int] = _void_masks(history.lacks)
        # Beliefs (``lacks``), by seat: a seat whose own later plays and draws contradict one of them (it played
        # more of the cards than it can have drawn since) plays otherwise than the beliefs say, and none of its
        # beliefs is kept.
        self.held_args = (held, steps)  # for the sampler of the rules alone (``plain``)
        self.beliefs = 0  # the lacks believed
        self.doubted: list[int] = []  # the seats whose beliefs were dropped
        self.plain: Sampler | None = None  # the rules alone, where no world fits the beliefs (``world``)
        if lacks is not None:
            self.beliefs = self._believe(_lacks(lacks, view, self.plays))
        self.unknown = [CARDS[c] for c, k in enumerate(unseen(view)) for _ in range(k)]
        self.hidden = [0 if s == view.seat else view.hand_sizes[s] - len(view.laid_down[s]) for s in range(n)]
        self.steps = [self._steps(seat) for seat in range(n)]
        # Per seat, its lacks in the order of the tricks: (trick, mask).
        self.lack_times = [sorted((t, mask) for (s, t), mask in self.voids.items() if s == seat) for seat in range(n)]
        self.called = [[(c.trick, c.suit.index) for c in view.calls if c.seat == seat] for seat in range(n)]
        self.caps = [self._caps(seat) for seat in range(n)]
        self.laid = [self._laid(seat) for seat in range(n)]
        self.mandatory = rules.bibi_call is BibiCall.MANDATORY
        self.first_trump = view.first_trump.index  # its pair stays optional under a mandatory call (I12)
        self.forced = [forced_suits(rules, self.first_trump, trump) for trump in range(4)]  # by the trump then
        # Per seat: whether it left no pair uncalled at any of its draws, and the suits of such pairs by the trump
        # then: under a mandatory call (I11) the rules' suits; believed of the other seats (``eager``), every
        # suit a pair may be called in (R15). A belief spares a seat's last draw while it may still be deciding.
        if not isinstance(eager, bool):
            raise wrong_type("eager", eager, "True or False", typed=False)
        self.binds, self.forced_by, self.binds_now = self._binding(eager)
        self.lacks = [bool(times) for times in self.lack_times]  # per seat: it held none of some cards once
        self.last_draw = [max((t for t, s in self.schedule if s == seat), default=None) for seat in range(n)]
        self.played_since_draw = [[c for t, s, c in self.plays if s == seat and (last is None or t > last)]
                                  for seat, last in enumerate(self.last_draw)]
        # The most constrained hands are dealt first: by the rules, the fewest cards a seat may hold of some suit it
        # lacked; with beliefs, the fewest hidden cards it may hold at all beyond the cards it needs (a seat left
        # with too few fitting cards in the pool fails the whole attempt).
        if self.beliefs:
            self.order = sorted(range(n), key=self._slack)
        else:
            self.order = sorted(range(n), key=lambda s: min((k for _, k in self.caps[s]), default=99))
        self.own = self._own()
        self.deciders = self._deciders()
        self.hard = 0  # the worlds ``world`` found only after more than the quick attempts asked for
        # Per seat, the (step, cards held) from which no history of that hand goes back (``search``): the view
        # decides it, so it holds for every split, every run and every world.
        self.dead: dict[int, set[tuple[int, tuple[Card, ...]]]] = {s: set() for s in range(n)}
        self.budget = steps  # the exhaustive search's steps for all the worlds ``world`` deals (None: per world)
        self.searched = 0  # the steps ``search`` has spent, in all its runs
        self.spare = _MORE_TRIES  # the quick attempts ``world`` has left beyond those asked for, for all its worlds

    def _believe(self, lacks: list[tuple[int, int, int]]) -> int:
        """Takes ``lacks`` (``_lacks``'s masks) into ``voids`` seat by seat, but for a seat whose own later plays
        contradict one of them (``_room``), whose beliefs are all dropped (``doubted``); the number believed."""
        by_seat: dict[int, dict[int, int]] = {}
        for seat, t, mask in lacks:
            mine = by_seat.setdefault(seat, {})
            mine[t] = mine.get(t, self.voids.get((seat, t), 0)) | mask
        believed = 0
        for seat, masks in sorted(by_seat.items()):
            if all(self._room(seat, t, mask) >= 0 for t, mask in masks.items()):
                for t, mask in masks.items():
                    self.voids[(seat, t)] = mask
                believed += len(masks)
            else:
                self.doubted.append(seat)
        return believed

    def _binding(self, eager: bool) -> tuple[list[bool], list[list[tuple[int, ...]]], list[bool]]:
        """Per seat: whether it left no pair uncalled at any of its draws (``binds``), the suits of such pairs by
        the trump then (``forced_by``), and whether that holds at its last draw too (``binds_now``): under a
        mandatory call (I11) the rules' suits; believed of the other seats with ``eager``, every suit a pair may
        be called in (R15), but for a seat's last draw while it may still be deciding."""
        n = self.n
        binds = [self.mandatory] * n
        forced_by = [self.forced] * n
        any_suit = self.rules.bibi_suits is BibiSuits.ANY
        callable_suits = [tuple(s for s in range(4) if pair_callable(s, trump, any_suit)) for trump in range(4)]
        deciding = self.schedule[-1][1] if self.schedule else -1
        binds_now = binds[:]
        if eager:
            for seat in range(n):
                if seat != self.view.seat:
                    binds[seat] = True
                    forced_by[seat] = callable_suits
                    binds_now[seat] = self.mandatory or seat != deciding
        return binds, forced_by, binds_now

    def _deciders(self) -> list[int]:
        """The seats that can be deciding on a call the seat cannot see (``View.to_act`` is ``None`` while the
        deal runs): the one that just drew (R15, R23; I9, I11), or, in the dealt-pair pass, any other seat
        (R17–R20). Empty when the seat sees who decides."""
        view, n = self.view, self.n
        if view.to_act is not None or not any(view.hand_sizes):
            return []
        if not view.tricks and not view.trick:
            return [s for s in range(n) if s != view.seat]
        return [self.schedule[-1][1]] if self.schedule else []  # calls are offered right after a draw

    def _pair(self, pool: list[Card], rng: random.Random) -> tuple[int, list[Card]] | None:
        """A seat deciding on a call unseen, and a king and queen of ``pool`` it may call now, taken out of
        ``pool``: the hand that decides holds them (R15, R17; under a mandatory call, only the original trump's is
        asked about, I12). ``None`` when no other seat can be deciding."""
        if not self.deciders:
            return None
        trump = self.view.trump.index
        any_suit = self.rules.bibi_suits is BibiSuits.ANY
        suits = [s for s in range(4) if pair_callable(s, trump, any_suit)
                 and (not self.mandatory or s == self.first_trump) and s * 13 + _KING in pool
                 and s * 13 + _QUEEN in pool]
        if not suits:
            return None
        seat, suit = rng.choice(self.deciders), rng.choice(suits)
        pair = [CARDS[suit * 13 + _KING], CARDS[suit * 13 + _QUEEN]]
        for c in pair:
            pool.remove(c)
        return seat, pair

    def _own(self) -> tuple[list[Card], dict[int, Card]]:
        """The seat's own history, which it remembers (``View.drawn``): its first hand and the card of each of
        its draws, by slot of the pack after the hands dealt."""
        view, me = self.view, self.view.seat
        slots = [k for k, (_, s) in enumerate(self.schedule) if s == me]
        draws = {slot: c for slot, (_, c) in zip(slots, view.drawn, strict=True)}
        start = list(view.hand) + [c for _, s, c in self.plays if s == me]
        for c in draws.values():
            start.remove(c)
        return start, draws

    def _steps(self, seat: int) -> list[tuple[int, Card | None, int, int | None]]:
        """One seat's history, trick by trick: ``(trick, card played, cards lacked as a mask, draw slot)``."""
        played = {t: c for t, s, c in self.plays if s == seat}
        slots = {t: k for k, (t, s) in enumerate(self.schedule) if s == seat}
        last = max([*played, *slots], default=-1)
        return [(t, played.get(t), self.voids.get((seat, t), 0), slots.get(t)) for t in range(last + 1)]

    def _laid(self, seat: int) -> dict[int, list[int]]:
        """The seat's laid-down kings (slots 0–3) and queens (4–7) right after its calls of each trick's window
        (-1: the dealt-pair pass), from the public record: a call lays a pair down, and a king or queen played
        while one of its kind lies down is the laid-down copy (rules §5.8)."""
        laid = [0] * 8
        out: dict[int, list[int]] = {}
        played = {t: c for t, s, c in self.plays if s == seat}
        last = max([*played, *(t for t, _ in self.called[seat]), len(self.trumps)], default=0)
        for t in range(-1, last + 1):
            card = played.get(t)
            if card is not None:
                slot = _KQ_SLOT[card]
                if slot >= 0 and laid[slot]:
                    laid[slot] -= 1
            for when, suit in self.called[seat]:
                if when == t:
                    laid[suit] += 1
                    laid[4 + suit] += 1
            out[t] = laid[:]
        return out

    def _caps(self, seat: int) -> list[tuple[int, int]]:
        """What the seat can hold now of the cards it once lacked: ``(mask, most cards of them)``, one per
        lack (R13; I7)."""
        return [(lacked, self._room(seat, since, lacked)) for (s, since), lacked in self.voids.items() if s == seat]

    def _slack(self, seat: int) -> int:
        """How many more of the hidden cards the seat may hold than it must take: those of no lack it has no room
        left for, less its hidden cards."""
        closed = 0
        for mask, k in self.caps[seat]:
            if k <= 0:
                closed |= mask
        return sum(1 for c in self.unknown if not closed >> c & 1) - self.hidden[seat]

    def _room(self, seat: int, since: int, lacked: int) -> int:
        """How many of the cards ``lacked`` (a mask) the seat can hold now if it held none at its play of trick
        ``since``: what it drew since, less what of them it has played or laid down since."""
        drawn = sum(1 for t, who in self.schedule if who == seat and t >= since)
        used = sum(1 for t, who, c in self.plays if who == seat and t > since and lacked >> c & 1)
        laid = sum(1 for c in self.view.laid_down[seat] if lacked >> c & 1)
        return drawn - used - laid

    # ---- sampling ---------------------------------------------------------------------------------

    def sample(self, rng: random.Random, tries: SupportsIndex = 4) -> Deal | None:
        """A deal consistent with the view, its hidden cards sampled by ``rng`` (a ``random.Random``); ``None``
        if ``tries`` quick attempts (a whole number ≥ 1) fail (``world`` then searches on)."""
        for _tried in range(_check_draws(rng, tries)):
            deal = self._attempt(rng)
            if deal is not None:
                return deal
        return None

    def world(self, rng: random.Random, tries: SupportsIndex = 4) -> Deal:
        """A deal consistent with the view: ``sample``'s quick attempts (``tries``, then more), then, if they all
        fail, the exhaustive ``search``; ``NoWorld`` (a ``ValueError``) if no deal is consistent with the view.

        The more attempts are shared by all the worlds a sampler deals (``spare``, ``_MORE_TRIES`` in all): where
        few ways of dealing fit the view, quick attempts mostly fail, and hundreds of them a world cost more
        than the search, which mostly finds one in a few milliseconds. ``SearchExhausted`` (a ``RuntimeError``)
        when the search gives up within its steps (``steps``) without deciding whether a world exists."""
        if self.plain is not None:  # the beliefs fit no world: the rules alone
            return self._plainly(rng, tries)
        deal = self.sample(rng, tries)
        if deal is None:  # tight but likely enough: more quick attempts while they last; then every way there is
            if not self.beliefs:
                self.hard += 1
            while deal is None and self.spare > 0:
                self.spare -= 1
                deal = self._attempt(rng)
            if deal is None and self.beliefs:
                # Beliefs are no rules: a short search within them, then, if it finds none, the rules alone.
                try:
                    deal = self.search(rng, _BELIEF_STEPS)
                except SearchExhausted:
                    deal = None
                if deal is None:
                    self.plain = Sampler(self.view, *self.held_args)
                    return self._plainly(rng, tries)
            budget = self.budget
            if deal is None and budget is None:
                deal = self.search(rng)
            elif deal is None and budget is not None:
                try:
                    if self.searched >= budget:
                        raise SearchExhausted
                    deal = self.search(rng, budget - self.searched)
                except SearchExhausted:
                    raise SearchExhausted(f"world: no world found within steps={budget}, the exhaustive search's "
                                          "for all the sampler's worlds") from None
        if deal is None:
            raise NoWorld(f"view: no deal is consistent with what seat {self.view.seat} sees: no way of dealing "
                          f"the {len(self.unknown)} cards hidden from it fits the public history (the suits each "
                          "seat showed it lacked, the calls, the draws) and the seat's own hand and draws")
        return deal

    def _plainly(self, rng: random.Random, tries: SupportsIndex) -> Deal:
        """A world of the rules alone (``plain``), its hard worlds counted as this sampler's."""
        plain = self.plain
        assert plain is not None
        before = plain.hard
        try:
            return plain.world(rng, tries)
        finally:
            self.hard += plain.hard - before

    def _attempt(self, rng: random.Random, redeals: int = 4) -> Deal | None:
        """One try: deal the hidden cards seat by seat (again, if a seat's history cannot be made to fit),
        stack the pack they imply, replay it, and keep it if the seat's view of it is the view."""
        view = self.view
        pool = self.unknown[:]
        self._mix(pool, rng)
        histories: dict[int, tuple[list[Card], dict[int, Card]]] = {view.seat: self.own}
        decider = self._pair(pool, rng) if self.deciders else None
        # The seat's own hand is worked backwards like the others, though what it drew is known (``self.own``
        # goes into the pack): its random draws keep a seed's samples, and so the bots' play, what they were.
        for seat in self.order:
            known = list(view.hand) if seat == view.seat else list(view.laid_down[seat])
            if decider is not None and decider[0] == seat:
                known += decider[1]
            for _redealt in range(redeals):
                taken, rest = self._take(seat, known, pool, len(known) - len(view.laid_down[seat]))
                history = taken is not None and self._backwards(seat, known + taken, rng)
                if history:
                    break
                self._mix(pool, rng)
            else:
                return None
            pool = rest
            if seat != view.seat:  # the seat's own history is the one it remembers (``self.own``)
                histories[seat] = history
        if self.held is not None:  # the weighed hands' share a hand left over goes anywhere in the stock
            shuffle(pool, rng)
        return self._judge(histories, pool)

    def _judge(self, histories: dict[int, tuple[list[Card], dict[int, Card]]], stock: list[Card]) -> Deal | None:
        """Stack the pack the seats' histories imply (``stock``: what no hand took, in its order), replay it,
        and keep the deal if the seat's view of it is the view."""
        view, n = self.view, self.n
        deck: list[Card | None] = [None] * (n * self.hand_size + len(self.schedule))
        for seat, (start, draws) in histories.items():
            for c, place in zip(start, dealt_places(n, view.dealer, seat, self.hand_size), strict=True):
                deck[place] = c
            for slot, c in draws.items():
                deck[n * self.hand_size + slot] = c
        deck += stock + list(view.leftovers)
        # ``Deal.new(rules, n, dealer=, trump=, deck=, log=False, ask_every_chance=)`` less its checks of the
        # arguments: the view's own, and a whole pack by construction (the view's cards and the unseen ones).
        deal = Deal._start(self.rules, n, view.dealer, view.first_trump, tuple(deck), False,  # type: ignore[arg-type]
                           view.ask_every_chance)
        return deal if self._replay(deal) and deal.view(view.seat) == view else None

    # ---- the exhaustive search, when the quick attempts fail ---------------------------------------

    def search(self, rng: random.Random, budget: SupportsIndex = 200_000) -> Deal | None:
        """A deal consistent with the view, found by going through the ways of dealing the hidden cards: every
        split of them among the other hands (each hand what it can hold now, R13, I7, I11) and the stock, in an
        order drawn by ``rng``, each hand's history worked backwards by trying every card it can have drawn at
        each of its draws. ``None`` when every way has been tried and the engine accepts none; ``NoWorld`` is
        raised by ``world``. ``budget`` (a whole number ≥ 1) bounds the steps (a card placed, a step of a history
        worked backwards); past it the search raises ``SearchExhausted``. Of each split, a few histories of each
        hand are tried together: the engine rarely refuses one hand's history for another's sake, but when it
        does, a world the search could find with more may be missed.

        The search restarts in a new order drawn by ``rng`` after ``_FIRST_RUN`` steps, then after twice as many
        each time, until ``budget`` is spent: a depth-first search's time is heavy-tailed (an unlucky order can
        spend its whole budget under a first choice that has no world below it, where another order finds one
        in a few steps), and restarts cut that tail (Gomes, Selman and Kautz, "Boosting combinatorial search
        through randomization", 1998). What a run learns of each hand (``dead``) serves the next ones, and the
        sampler's later searches."""
        check_type("rng", rng, random.Random, "a random.Random")
        budget = whole("budget", budget, 1)
        dead = self.dead
        spent, run = 0, _FIRST_RUN
        while True:
            run = min(run, budget - spent)
            try:
                return self._search_run(rng, run, dead)
            except SearchExhausted:
                spent += run
                if spent >= budget:
                    raise SearchExhausted(f"search: no world found within budget={budget} steps") from None
                run *= 2

    def _search_run(self, rng: random.Random, budget: int,
                    dead: dict[int, set[tuple[int, tuple[Card, ...]]]]) -> Deal | None:
        """One run of ``search``, in one order drawn by ``rng``, within ``budget`` steps (else ``SearchExhausted``)."""
        view, me = self.view, self.view.seat
        others = [s for s in self.order if s != me]
        need = {s: self.hidden[s] for s in others}
        pool = sorted(self.unknown)
        room = len(pool) - sum(need.values())
        if room < 0:
            return None
        places = [*others, -1]  # -1: the stock
        rng.shuffle(places)
        rank = {p: i for i, p in enumerate(places)}
        hands: dict[int, list[Card]] = {s: list(view.laid_down[s]) for s in others}
        caps: dict[int, list[list[int]]] = {s: [[mask, k] for mask, k in self.caps[s]] for s in others}
        stock: list[Card] = []
        spent = [0]
        # ``dead``, per hand: the (step, cards held) from which no history goes back, the same in every split and
        # in every run.

        def fits(seat: int, c: Card) -> bool:
            if len(hands[seat]) - len(view.laid_down[seat]) >= need[seat]:
                return False
            if any(cap[1] <= 0 for cap in caps[seat] if cap[0] >> c & 1):
                return False
            last = self.last_draw[seat]
            if self.binds_now[seat] and last is not None and _KQ_SLOT[c] >= 0:
                held = _kings_queens(hands[seat] + [c] + self.played_since_draw[seat])
                return not self._extra_pair(seat, last, held)
            return True

        def place(i: int, floor: int) -> Deal | None:
            spent[0] += 1
            if spent[0] > budget:
                raise SearchExhausted(f"search: no world found within budget={budget} steps")
            if i == len(pool):
                return self._finish(hands, stock, others, rng, spent, budget, dead)
            c = pool[i]
            if i and pool[i - 1] != c:
                floor = 0
            for p in places[floor:]:
                if p == -1:
                    if len(stock) >= room:
                        continue
                    stock.append(c)
                    found = place(i + 1, rank[p])
                    stock.pop()
                elif fits(p, c):
                    hands[p].append(c)
                    limits = [cap for cap in caps[p] if cap[0] >> c & 1]
                    for cap in limits:
                        cap[1] -= 1
                    found = place(i + 1, rank[p])
                    for cap in limits:
                        cap[1] += 1
                    hands[p].pop()
                else:
                    continue
                if found is not None:
                    return found
            return None

        pool.sort()  # identical cards side by side (their split is counted once), the suits in a fixed order
        try:
            return self._deal_out(rng, place, pool, hands, need)
        finally:
            self.searched += spent[0]

    def _finish(self, hands: dict[int, list[Card]], stock: list[Card], others: list[int], rng: random.Random,
                spent: list[int], budget: int, dead: dict[int, set[tuple[int, tuple[Card, ...]]]]) -> Deal | None:
        """A split of the hidden cards complete (``_search_run``): a few histories of each other hand worked back
        from it, and the first combination the engine accepts with the stock in a random order, or ``None``."""
        histories: dict[int, tuple[list[Card], dict[int, Card]]] = {self.view.seat: self.own}
        found = []
        for s in others:  # a few histories of each hand: the engine rarely refuses one for another's sake
            some = list(islice(self._histories(s, hands[s], rng, spent, budget, dead[s]), _HISTORIES))
            if not some:
                return None
            found.append(some)
        for combo in product(*found):
            histories.update(zip(others, combo, strict=True))
            order = stock[:]
            shuffle(order, rng)
            deal = self._judge(histories, order)
            if deal is not None:
                return deal
        return None

    def _deal_out(self, rng: random.Random, place: Any, pool: list[Card], hands: dict[int, list[Card]],
                  need: dict[int, int]) -> Deal | None:
        """``_search_run``'s splits from the first card of ``pool`` on (``place``), with each pair a seat deciding
        on a call unseen may hold in its hand first."""
        view = self.view
        if not self.deciders:
            return place(0, 0)
        # A seat decides on a call the seat cannot see: each such seat, each pair it may be deciding on.
        trump, any_suit = view.trump.index, self.rules.bibi_suits is BibiSuits.ANY
        choices = [(seat, suit) for seat in self.deciders for suit in range(4)
                   if pair_callable(suit, trump, any_suit) and (not self.mandatory or suit == self.first_trump)]
        rng.shuffle(choices)
        everything = pool
        for seat, suit in choices:
            pair = [CARDS[suit * 13 + _KING], CARDS[suit * 13 + _QUEEN]]
            if not all(c in everything for c in pair) or need[seat] < 2:
                continue
            pool = everything[:]
            for c in pair:
                pool.remove(c)
            hands[seat] += pair
            found = place(0, 0)
            del hands[seat][-2:]
            if found is not None:
                return found
        return None

    def _histories(self, seat: int, hand: list[Card], rng: random.Random, spent: list[int], budget: int,
                   dead: set[tuple[int, tuple[Card, ...]]]):
        """Every history of one seat worked backwards from ``hand`` (its first hand and the card of each draw), the
        likeliest first: a generator, each yielded once, through every card it can have drawn at each draw."""
        steps = self.steps[seat]

        def back(i: int, hand: list[Card], draws: dict[int, Card]):
            if i < 0:
                if len(hand) == self.hand_size and self._holds_calls(seat, -1, hand):
                    yield hand[:], dict(draws)
                return
            key = (i, tuple(sorted(hand)))
            if key in dead:
                return
            spent[0] += 1
            if spent[0] > budget:
                raise SearchExhausted(f"search: no world found within budget={budget} steps")
            t, card, lacked, slot = steps[i]
            any_found = False
            if not self._holds_calls(seat, t, hand):
                dead.add(key)
                return
            options: list[Card | None] = [None]
            if slot is not None:
                options = list(self._draw_options(seat, t, hand, card, lacked, rng))
            for x in options:
                rest = hand[:]
                if x is not None:
                    rest.remove(x)
                    draws[slot] = x  # type: ignore[index]
                if card is not None:
                    if lacked and any(lacked >> c & 1 for c in rest):
                        continue
                    rest.append(card)
                for found in back(i - 1, rest, draws):
                    any_found = True
                    yield found
                if x is not None:
                    del draws[slot]  # type: ignore[arg-type]
            if not any_found:
                dead.add(key)

        return back(len(steps) - 1, hand[:], {})

    def _holds_calls(self, seat: int, t: int, hand: list[Card]) -> bool:
        """Whether ``hand`` (the seat's after its draw at trick ``t``, or its first hand at -1) holds the pairs
        the seat called then (R15; R17)."""
        for when, suit in self.called[seat]:
            if when == t:
                mine = sum(1 for w, s2 in self.called[seat] if w == t and s2 == suit)
                kings = sum(1 for c in hand if c == suit * 13 + _KING)
                queens = sum(1 for c in hand if c == suit * 13 + _QUEEN)
                if kings < mine or queens < mine:
                    return False
        return True

    def _draw_options(self, seat: int, t: int, hand: list[Card], played: Card | None, lacked: int,
                      rng: random.Random) -> list[Card]:
        """The distinct cards of ``hand`` the seat can have drawn at trick ``t``, the one ``_drawn`` would choose
        first: the one card of a suit it lacked at this trick's play (R13; I7), and under a mandatory call none
        that leaves an uncalled pair at the draw before (I11)."""
        options = list(dict.fromkeys(hand))
        if lacked:
            must = [c for c in options if lacked >> c & 1]
            if sum(1 for c in hand if lacked >> c & 1) > 1:
                return []
            if must:
                options = must
        if self.binds[seat] and t > 0:
            held = _kings_queens(hand if played is None else [*hand, played])
            options = [x for x in options if not self._extra_pair(seat, t - 1, held, _KQ_SLOT[x])]
        rng.shuffle(options)
        first = self._drawn(seat, t, hand, played, lacked, rng)
        if first in options:
            options.remove(first)
            options.insert(0, first)
        return options

    def _mix(self, pool: list[Card], rng: random.Random) -> None:
        """Put ``pool`` in the order the hands take it: at random, or under ``held`` the hands' share first
        (drawn by weight), then the rest, each part in random order."""
        held = self.held
        if held is None:
            shuffle(pool, rng)
            return
        keys = sorted((-math.log(1.0 - rng.random()) / held[c], i) for i, c in enumerate(pool))
        share = sum(self.hidden)
        hands = [pool[i] for _, i in keys[:share]]
        rest = [pool[i] for _, i in keys[share:]]
        shuffle(hands, rng)
        shuffle(rest, rng)
        pool[:] = hands + rest

    def _take(self, seat: int, known: list[Card], pool: list[Card],
              given: int = 0) -> tuple[list[Card] | None, list[Card]]:
        """The seat's hidden cards, the first of ``pool`` it can hold now, and the rest of the pool.

        It can hold no more of the cards it once lacked than it drew since (R13; I7), and under a mandatory
        call no uncalled pair it held at its last draw (I11).
        """
        need = self.hidden[seat] - (given if seat != self.view.seat else 0)
        last = self.last_draw[seat]
        if not self.caps[seat] and not (self.binds_now[seat] and last is not None):
            return pool[:need], pool[need:]
        caps: list[list[int]] = [[mask, k] for mask, k in self.caps[seat]]
        held = _kings_queens(known + self.played_since_draw[seat])
        taken: list[Card] = []
        rest: list[Card] = []
        for c in pool:
            limits = [cap for cap in caps if cap[0] >> c & 1]
            fits = len(taken) < need and all(cap[1] > 0 for cap in limits)
            slot = _KQ_SLOT[c]
            if fits and self.binds_now[seat] and last is not None and slot >= 0:
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
                if lacked and any(lacked >> c & 1 for c in hand):
                    return None
                hand.append(card)
        return (hand, draws) if len(hand) == self.hand_size else None

    def _drawn(self, seat: int, t: int, hand: list[Card], played: Card | None, lacked: int,
               rng: random.Random) -> Card | None:
        """The card of ``hand`` the seat drew at trick ``t``, chosen so that its earlier hands stay possible.

        In order: the one card of a suit it lacked at this trick's play (R13; I7); never a king or queen
        of an earlier call (R15); under a mandatory call, no pair left uncalled at the draw before (I11: so a
        pair called now that the draw before would have taken was completed by this draw; but not a pair
        called at the first trick's draw, the first chance to call one dealt, nor the original trump's, which
        may wait: I12); the card it must shed soonest for an earlier lack; a card completing a call made at
        this draw; any card.
        """
        called = self.called[seat]
        options, completing = hand, []  # ``options`` is only read, never changed in place
        if called:
            before = {suit for when, suit in called if when < t}
            now = {suit for when, suit in called if when == t}
            options = [c for c in hand if not (c // 13 in before and c % 13 in (_KING, _QUEEN))] or hand
            completing = [c for c in options if c // 13 in now and c % 13 in (_KING, _QUEEN)]
        held = _kings_queens(hand if played is None else [*hand, played]) if self.binds[seat] and t > 0 else None
        if lacked:
            must = [c for c in hand if lacked >> c & 1]
            if len(must) > 1:
                return None
            if must:
                x = must[0]
                return None if held is not None and self._extra_pair(seat, t - 1, held, _KQ_SLOT[x]) else x
        if held is not None:
            if self._extra_pair(seat, t - 1, held):  # only the draw of a king or queen can mend it
                options = [x for x in options if not self._extra_pair(seat, t - 1, held, _KQ_SLOT[x])]
            if not options:
                return None
            completing = [c for c in completing if c in options]
        if self.lacks[seat]:
            last = [self._lacked_last(seat, c, t) for c in options]
            latest = max(last)
            if latest >= 0:  # it held none of that card then: the card came in between
                return rng.choice([c for c, when in zip(options, last, strict=True) if when == latest])
        return rng.choice(completing or options)

    def _lacked_last(self, seat: int, card: int, t: int) -> int:
        """The last trick up to ``t`` at which the seat held none of ``card``; -1 if none."""
        for when, mask in reversed(self.lack_times[seat]):
            if when <= t and mask >> card & 1:
                return when
        return -1

    def _extra_pair(self, seat: int, t: int, held: list[int], without: int = -1) -> bool:
        """Whether the seat, holding ``held`` kings and queens (less the one in slot ``without``) right
        after its draw at trick ``t``, holds a free king and queen (R22: beyond its laid-down pairs) of a suit
        that a mandatory call takes at once (the engine's ``forced_suits``: I11, I12): the engine would have
        called that pair at that draw."""
        laid: Sequence[int] = self.laid[seat].get(t) or _NONE_LAID
        for suit in self.forced_by[seat][self.trumps[t]]:
            kings = held[suit] - (without == suit)
            queens = held[4 + suit] - (without == 4 + suit)
            if kings > laid[suit] and queens > laid[4 + suit]:
                return True
        return False

    def _replay(self, deal: Deal) -> bool:
        """Apply the public actions: the plays, the switches they imply, the calls; ``pass`` for the rest.

        True when the deal has come to the view's moment with every play and call of the view made: the seat's
        own decision, or, for a seat not to act, the same decision of another seat (or the one it cannot see).
        """
        view = self.view
        expected, me, plays = view.calls, view.seat, self.plays
        deciding = bool(view.legal_actions) and view.legal_actions[-1] is PASS  # the seat's own call decision
        # The deal's calls, trump and trick are read in place (``deal._calls``, ``_trump``, ``_trick``; this module
        # is compiled with the engine's group): a tuple or a Suit made at every step cost a fifth of a replay.
        # Every action goes through ``apply`` (only a legal one is taken; an illegal one ends the replay).
        i = made = 0
        while True:
            calls = deal._calls
            if len(calls) != made:
                if tuple(calls) != expected[: len(calls)]:
                    return False
                made = len(calls)
            legal = deal.legal_actions()
            done = i == len(plays) and made == len(expected)
            if not legal:  # the deal is over
                return done
            if legal[-1] is PASS:  # a call decision, after the draw that followed play i - 1
                seat = deal.to_act
                if done and deal.stock_size == view.stock_size and (
                        (seat == me and deciding) or (seat != me and view.to_act is None)
                        # asked at every chance, the seat sees who decides: this decision, or the same seat's
                        # move right after it (its lead, or the next question after a call)?
                        or (seat != me and view.to_act == seat and deal.view(me) == view)):
                    return True
                window = plays[i - 1][0] if i else -1
                nxt = expected[made] if made < len(expected) else None
                due = nxt is not None and nxt.seat == seat and nxt.trick == window
                call = CALLS[nxt.suit.index] if due and nxt is not None else PASS
                deal.apply(call if call in legal else PASS)
                continue
            trump = self.trumps[plays[i][0] if i < len(plays) else -1]
            if trump != deal._trump and not deal._trick:  # the leader switched (I12, I14)
                if SWITCHES[trump] not in legal:
                    return False
                deal.apply(SWITCHES[trump])
                continue
            if i == len(plays):
                return done and deal.to_act == view.to_act
            _, seat, card = plays[i]
            if seat != deal.to_act or card not in legal:
                return False
            deal.apply(card)
            i += 1


def _weights(name: str, weights: Any) -> tuple[float, ...]:
    """``weights`` as 52 positive finite numbers, one per card index, or a clear error naming ``name``."""
    if isinstance(weights, str | bytes) or not isinstance(weights, Sequence):
        raise wrong_type(name, weights, "52 numbers, one per card index", typed=False)
    if len(weights) != 52:
        # TRANSLATORS: {n} is how many numbers were given (not 52); {value} the list given, as Python writes it
        raise ValueError(f"{name}: " + _("expected 52 numbers, one per card index, not {n}: {value}").format(
            n=len(weights), value=shorten(weights)))
    for w in weights:
        if isinstance(w, bool) or not isinstance(w, int | float):
            # TRANSLATORS: {value} is the weight refused, as Python writes it
            raise WrongType(f"{name}: " + _("{value} is not a number").format(value=shorten(w)))
        if not (0 < w < math.inf):
            # TRANSLATORS: {value} is the weight refused (0, -1, nan, inf), as Python writes it
            raise ValueError(f"{name}: " + _("{value} is not a positive finite number").format(value=shorten(w)))
    return tuple(float(w) for w in weights)


def _void_masks(lacks: Sequence[tuple[int, int, Sequence[Suit]]]) -> dict[tuple[int, int], int]:
    """The engine's record of the suits each seat showed it lacked (``History.lacks``: ``(seat, trick, suits)``,
    R13; I7) as masks of card indexes by ``(seat, trick)``."""
    voids: dict[tuple[int, int], int] = {}
    for seat, t, suits in lacks:
        mask = 0
        for suit in suits:
            mask |= _SUIT_MASK[suit.index]
        voids[(seat, t)] = voids.get((seat, t), 0) | mask
    return voids


def _lacks(lacks: Any, view: View, plays: list[tuple[int, int, Card]]) -> list[tuple[int, int, int]]:
    """``lacks`` as ``(seat, trick, mask)``: each a ``(seat, trick, cards)`` of another seat that played to that
    trick, or a clear error naming ``lacks``."""
    if isinstance(lacks, str | bytes) or not isinstance(lacks, Sequence):
        raise wrong_type("lacks", lacks, "a list of (seat, trick, cards)", typed=False)
    played = {(s, t) for t, s, _ in plays}
    out = []
    for lack in lacks:
        if not isinstance(lack, tuple | list) or len(lack) != 3:
            raise wrong_type("lacks", lack, "(seat, trick, cards)", typed=False)
        seat, t, cards = lack
        if (seat, t) not in played or seat == view.seat:
            # TRANSLATORS: {lack} is the (seat, trick, cards) refused, {seat} its seat and {trick} its trick (a
            # number from 0), as Python writes them
            reason = _("seat {seat} is not another seat that played to trick {trick}")
            raise ValueError(f"lacks: {shorten(lack)}: " + reason.format(seat=shorten(seat), trick=shorten(t)))
        mask = 0
        for c in cards:
            if not isinstance(c, Card):
                # TRANSLATORS: {value} is the value refused and {lack} the (seat, trick, cards) it is in, as
                # Python writes them; Card is the kit's type, as written in code
                raise WrongType("lacks: " + _("{value} in {lack} is not a Card").format(value=shorten(c),
                                                                                       lack=shorten(lack)))
            mask |= 1 << int(c)
        out.append((seat, t, mask))
    return out


def resample(view: Checked[View | LiveView], rng: random.Random, tries: SupportsIndex = 20) -> Deal:
    """A deal consistent with everything ``view`` shows, its hidden cards sampled (``Sampler.world``); ``NoWorld``
    if none is.

    The deal's view for the seat equals ``view``; the other hands and the stock are one guess at them.
    ``rng`` is a ``random.Random``, ``tries`` a whole number ≥ 1 of quick attempts before the exhaustive search.
    """
    _check_view(view)
    tries = _check_draws(rng, tries)  # before the view is read: a bad argument is named, whatever the view
    return Sampler(view).world(rng, tries)


world = resample  # ``Deal.resample``'s name for it here


def _check_view(view: Any) -> None:
    check_type("view", view, (View, LiveView), "a View or a LiveView (deal.view(seat))")


def _check_draws(rng: Any, tries: Any) -> int:
    """``tries`` as a whole number ≥ 1; refuse an ``rng`` that is not a ``random.Random``, or other ``tries``, naming
    it."""
    check_type("rng", rng, random.Random, "a random.Random")
    return whole("tries", tries, 1)


determinize = resample  # the name the search literature uses ("determinization")


def unseen(view: Checked[View | LiveView]) -> list[int]:
    """Per card index, how many copies the seat has not seen: in other hands, face down, or in the stock.

    A ``LiveView`` keeps its count of the played cards up as the deal goes on (``LiveView.unseen``).
    """
    _check_view(view)
    if isinstance(view, LiveView):
        return view.unseen()
    counts = [view.rules.decks] * 52
    seen = [*view.hand, *view.leftovers, *(c for t in view.tricks for _, c in t.plays)]
    if len(view.trick) < view.players:  # a complete trick is already the last of the tricks
        seen += [c for _, c in view.trick]
    for seat, laid in enumerate(view.laid_down):
        if seat != view.seat:
            seen += laid
    for c in seen:
        counts[c] -= 1
    if min(counts) < 0:
        raise ValueError("view: it shows some card more often than the pack holds it")
    return counts


__all__ = ["NoWorld", "Sampler", "SearchExhausted", "determinize", "resample", "unseen", "world"]
