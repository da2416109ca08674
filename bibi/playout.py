"""The one fast loop (``run``), and the search bots' playouts: a deal played to its end by every seat with one
quick rule (``play_out``).

**The fast loop.** ``run(deal, choose, rng)`` plays a deal to its end through the engine's own transitions, with
none of ``Deal.apply``'s per-call checks and no frozen ``View`` per decision: each decision with a choice goes to
``choose(legal)`` (the search's quick rule below; a seated table's picker, ``bibi.live.seated_picker``, which asks
each seat's bot with its ``LiveView``), or, with no ``choose``, to the random bot's draw written into the loop
(``legal[int(rng.random() * len(legal))]``, ``simulate``'s default). It is the kit's only loop beside the play
layer's public one (``bibi.play.play``, which hands it a table with no person and no stop), and keeps the same
convention: a forced move is taken without asking and draws nothing, so both loops give the same deal from the
same streams. It is kept for speed, measured by ``bench/loops.py`` (6 players, Russian, the same 1,000 deals each
way, five rounds alternated, the median deals per CPU second, on a shared machine; the command and the figures:
bench/README.md): a table of random bots plays 9 to 10 times as many deals a second here as through the public loop
in the pure build (4,500 to 4,900 against 450 to 460) and 7.5 to 8 times as many compiled (7,500 to 8,000 against
970 to 980); a table of heuristic bots about 5.5 and 5 times as many (2,230 to 2,310 against 410; 4,270 to 4,360
against 860 to 870). Writing the random draw into the loop, rather than asking a chooser for it, gains
``simulate``'s default path another 1 to 7 % pure and 10 % compiled.

**The playouts.** The rule is the heuristic bot's (``bibi.heuristic``) without its card counting: it reads only the
trick, the trump, the phase and the hand to act. It calls every Bi-bi it may, switches the trump only to a clearly
stronger suit (I12, I14), takes a trick that holds points with its cheapest winner (but spends no trump on fewer
than ``TRUMP_WORTH`` points in the final tricks), and otherwise sheds the card it will miss least: the fewest points,
then a non-trump (a trump is worth ``keep`` more while the stock lasts, and more in the final tricks), then, while
pairs may still be made, not a free king or queen of a suit that may pair (``PAIR_KEEP``), then the lowest rank.

This module is compiled with the engine's group (``bibi._engine.GROUP``), where a compiler is at hand: it reads the
deal's fields in place, and a search decision plays hundreds of playouts. Which rules apply is the engine's alone:
the loop offers the legal actions and refuses any other; this module only chooses among them.

>>> from bibi.deal import Deal
>>> deal = play_out(Deal.new("russian", 4, seed=1), Policy((0,) * 52, True, (3, 20), False))
>>> deal.is_over
True
>>> import random
>>> folded = random_playout(Deal.new("russian", 4, seed=1), random.Random(1))
>>> folded.actions == run(Deal.new("russian", 4, seed=1), random_pick(random.Random(1))).actions
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from bibi.actions import ACTION_TYPES, Action
from bibi.cards import Card, Rank
from bibi.deal import Deal
from bibi.errors import Checked, IllegalAction, check_type, wrong_type
from bibi.live import LiveView, seated_picker
from bibi.refusals import why_refused
from bibi.rules import Follow
from bibi.tricks import KQ_SLOT, pair_callable, winning_card, winning_plays

Chooser = Callable[[tuple[Card | Action, ...]], Card | Action]


def run(deal: Deal, choose: Chooser | None = None, rng: random.Random | None = None) -> Deal:
    """Play ``deal`` to its end, the one fast loop (the module doc): each decision with a choice is ``choose(legal)``
    (which must answer one of ``legal``: anything else raises ``IllegalAction`` and leaves the deal at that
    decision), or with no ``choose`` the random draw ``legal[int(rng.random() * len(legal))]``; a forced move is
    taken without asking and draws nothing. Returns the deal. It checks no argument: its callers do."""
    # The deal's own methods, called on it (not bound to locals first): a compiled build calls each natively, where
    # bound methods cost its simulate 3 to 5 % (bench/loops.py, bench/throughput_pair.py --compiled).
    actions = deal._actions
    draw: Callable[[], float] = rng.random if rng is not None else _no_draw
    deal._legal = None  # the loop moves the state: a cached answer would go stale if a chooser raises
    while deal._phase:
        legal = deal._compute_legal()
        n = len(legal)
        if n == 1:
            act = legal[0]
        elif choose is None:
            act = legal[int(draw() * n)]  # the random bot's pick (bibi.play.random_bot), written in
        else:
            act = choose(legal)
            # The type first (a plain 12 equals Card('2S'); another type's ``==`` may be anything).
            if not isinstance(act, ACTION_TYPES) or act not in legal:
                deal._legal = legal
                raise IllegalAction(why_refused(deal, act))
        actions.append(act)
        if isinstance(act, Card):
            deal._play(deal._turn, act)
        else:
            deal._apply_legal(act)
    deal._legal = None
    return deal


def _no_draw() -> float:
    raise ValueError("run: give a chooser or a random.Random")


def random_pick(rng: random.Random) -> Chooser:
    """The random bot's pick as a chooser (``run(deal, random_pick(rng))`` is ``random_playout(deal, rng)``, the
    draw asked of a function instead of written into the loop)."""
    r = rng.random
    return lambda legal: legal[int(r() * len(legal))]


def random_playout(deal: Checked[Deal], rng: random.Random) -> Deal:
    """Play ``deal`` to its end with the random bot at every seat (``bibi.play.random_bot``: one ``rng.random()``
    a decision with a choice, each legal action as likely): ``run`` with the draw written into the loop, the path of
    a table of random bots (``simulate``'s default). The same draws and the same deal as the play layer's loop."""
    check_type("deal", deal, Deal, "a Deal")
    check_type("rng", rng, random.Random, "a random.Random")
    return run(deal, None, rng)


def seated_playout(deal: Checked[Deal], bots: Sequence[Callable[[LiveView, random.Random], Any]],
                   rng: random.Random) -> Deal:
    """Play ``deal`` to its end with a bot at every seat: ``run`` asking each decision with a choice of the seat's
    bot as ``bots[seat](view, rng)``, ``view`` the seat's ``LiveView`` (one per seat for the whole deal, lent the
    legal actions being decided on: ``bibi.live.seated_picker``). The play layer's fast path for a table of bots
    (``bibi.play.play_out``).

    An answer is an action or its notation (as ``Deal.apply`` reads it). A refused answer raises ``IllegalAction``
    (or the notation's ``NotationError`` or ``TypeError``) carrying the answer as ``answer``, the seat as ``seat``
    and this deal as ``deal`` (what tells it from a bot's own error, raised as it is), with the deal at the refused
    decision. The views hold no way back to the deal; a bot that moves it all the same (through a reference of its
    own) is caught when it answers, with an ``IllegalAction`` of the same kind.
    """
    check_type("deal", deal, Deal, "a Deal")
    return run(deal, seated_picker(deal, bots, rng))


def playout(deal: Checked[Deal], choose: Chooser) -> Deal:
    """Play ``deal`` to its end, ``choose(legal_actions)`` picking every decision with a choice: ``run``, with
    ``choose`` checked first (``Deal.playout`` hands a deal here). A pick that is not among the legal actions
    raises ``IllegalAction``."""
    check_type("deal", deal, Deal, "a Deal")
    if not callable(choose):
        raise wrong_type("choose", choose, "a callable (legal actions) -> action", typed=False)
    return run(deal, choose)


TRUMP_WORTH: Final = 8  # in the final tricks: the fewest points worth spending a trump on (0 while drawing)
# What a trump in hand is worth beyond its points to the bots, while the stock lasts and in the final tricks, by the
# rule of following: under R13 a tie-break while drawing (keep the trump of two cheap cards), under I7 (a trump may
# go on any trick) more; near the end, 20 (bench/README.md, "Bot strength").
TRUMP_KEEPS: Final = {Follow.MUST_FOLLOW: (3, 20), Follow.FOLLOW_OR_TRUMP: (10, 20)}
PAIR_KEEP: Final = 8  # a free king or queen of a suit that may still pair, while drawing: its worth in hand
_JACK: Final = int(Rank.JACK)
_CALL, _SWITCH = Action.CALL, Action.SWITCH
# Per trump suit, the cheapest-winner order of a card: (is a trump, rank) as one number.
WIN_ORDER: Final = tuple(tuple(c % 13 + (13 if c // 13 == t else 0) for c in range(52)) for t in range(4))


class Policy:
    """The playouts' tables for one rules value, made once (``bibi.bots`` keeps one per rules value).

    ``points``: per card index; ``second_wins``: of two identical cards the second wins (R14); ``keeps``: what a
    trump in hand is worth beyond its points while drawing and in the final tricks; ``non_trump_pairs``: only a
    pair of a suit other than trumps may be called (R15).
    """

    def __init__(self, points: tuple[int, ...], second_wins: bool, keeps: tuple[int, int], non_trump_pairs: bool):
        self.points = points
        self.second_wins = second_wins
        self.keeps = keeps
        self.non_trump_pairs = non_trump_pairs
        # The playouts' shedding order per (trump, final tricks), made here once: ``shed_keys(trump, keeps[final],
        # not final)`` at ``2 * trump + final``.
        self.tables: list[tuple[int, ...]] = [self.shed_keys(t, keeps[f], not f) for t in range(4) for f in (0, 1)]

    def shed_keys(self, trump: int, keep: int, pairing: bool) -> tuple[int, ...]:
        """The order of shedding, per card index: what the card is worth keeping (its points, ``keep`` for a
        trump, ``PAIR_KEEP`` for a king or queen while pairs may still be made, none for a trump under R15's
        ``non_trump`` pairs), then its rank, as one number (worth × 13 + rank)."""
        keys = []
        for c in range(52):
            w = self.points[c]
            if c // 13 == trump:
                w += keep
            if pairing and KQ_SLOT[c] >= 0 and pair_callable(c // 13, trump, not self.non_trump_pairs):
                w += PAIR_KEEP
            keys.append(w * 13 + c % 13)
        return tuple(keys)


def play_out(deal: Deal, policy: Policy) -> Deal:
    """Play ``deal`` to its end, every seat by the quick rule above; returns the deal."""
    return run(deal, quick_rule(deal, policy))


def quick_rule(deal: Deal, policy: Policy) -> Chooser:
    """The quick rule above as a chooser for ``run`` on ``deal`` (it reads the deal's state as it moves)."""
    points, second_wins, tables = policy.points, policy.second_wins, policy.tables
    n = deal.players

    def choose(legal: tuple[Card | Action, ...]) -> Card | Action:
        if len(legal) == 1:
            return legal[0]
        last = legal[-1]
        if isinstance(last, Action) and last.kind is _SWITCH:  # only to a clearly stronger suit (I12, I14)
            switch = _switch(deal, legal)
            if switch is not None:
                return switch
            legal = tuple(a for a in legal if not isinstance(a, Action))  # the cards (their kind is PLAY)
        first = legal[0]
        if isinstance(first, Action) and first.kind is _CALL:
            return first
        # The deal's own fields, read in place (this module is compiled with the engine's group, as ``bibi.live``
        # is): ``trump.index``, ``trick``, ``drawing`` and ``stock_size``, without a Suit or a tuple made per move.
        trump = deal._trump
        trick = deal._trick
        final = not deal._drawing or len(deal.deck) - deal._pos < 2 * n
        on_table = 0
        for _seat, c in trick:
            on_table += points[c]
        if on_table:
            best = winning_card(trick, trump, second_wins)  # the engine's rule of the trick (R14; I8)
            winners = winning_plays(trick, legal, trump, second_wins, best)
            if winners:
                order = WIN_ORDER[trump]
                win = winners[0]
                for c in winners:  # the cheapest: (is a trump, rank)
                    if order[c] < order[win]:
                        win = c
                if not (final and win // 13 == trump and best // 13 != trump) or on_table >= TRUMP_WORTH:
                    return win
        keys = tables[2 * trump + final]
        cards: tuple[Card, ...] = legal  # type: ignore[assignment]  # only cards are left to choose from here
        least = cards[0]
        low = keys[least]
        for c in cards:
            k = keys[c]
            if k < low:
                least, low = c, k
        return least

    return choose


def _switch(deal: Deal, legal: tuple[Card | Action, ...]) -> Action | None:
    """The heuristic's switch rule read from the deal: to the suit of the strongest hand (a card 1, a jack or
    higher 2), by a margin of 2 while two rounds of draws remain."""
    hand = deal.hand(deal._turn)  # the leader's: a switch is made only when leading (the play phase)
    strength = [0.0, 0.0, 0.0, 0.0]
    for c in hand:
        strength[c // 13] += 2.0 if c % 13 >= _JACK else 1.0
    best: Action | None = None
    for a in legal:
        if isinstance(a, Action) and a.kind is _SWITCH and a.suit is not None:
            if best is None or strength[a.suit.index] > strength[best.suit.index]:  # type: ignore[union-attr]
                best = a
    if best is None or best.suit is None:
        return None
    margin = 0.0 if deal.stock_size < 2 * deal.players else 2.0
    return best if strength[best.suit.index] > strength[deal.trump.index] + margin else None


__all__ = [
    "PAIR_KEEP", "TRUMP_KEEPS", "TRUMP_WORTH", "WIN_ORDER", "Chooser", "Policy", "play_out", "playout", "quick_rule",
    "random_pick", "random_playout", "run", "seated_playout",
]
