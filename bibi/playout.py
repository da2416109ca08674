"""The search bots' playouts: a deal whose cards are all dealt, played to its end by every seat with one quick rule.

The rule is the heuristic bot's (``bibi.bots``) without its card counting: it reads only the trick, the trump, the
phase and the hand to act. It calls every Bi-bi it may, switches the trump only to a clearly stronger suit (I12,
I14), takes a trick that holds points with its cheapest winner (but spends no trump on fewer than
``TRUMP_WORTH`` points in the final tricks), and otherwise sheds the card it will miss least: the fewest points,
then a non-trump (a trump is worth ``keep`` more while the stock lasts, and more in the final tricks), then, while
pairs may still be made, not a free king or queen of a suit that may pair (``PAIR_KEEP``), then the lowest rank.
A forced move is taken without asking, drawing nothing (the play layer's convention, ``bibi.play``).

This module is compiled with the engine's group (``bibi._engine.GROUP``), where a compiler is at hand: a search
decision plays hundreds of playouts, and this is where most of its time goes. Which rules apply is the engine's
alone (``Deal.playout`` offers the legal actions and refuses any other); this module only chooses among them.

>>> from bibi.deal import Deal
from bibi.rules import Follow
>>> deal = play_out(Deal.new("russian", 4, seed=1), Policy((0,) * 52, True, (3, 20), False))
>>> deal.is_over
True
"""

from __future__ import annotations

from typing import Final

from bibi.actions import Action
from bibi.cards import Card, Rank
from bibi.deal import Deal
from bibi.rules import Follow
from bibi.tricks import KQ_SLOT, pair_callable, winning_card, winning_plays

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

    return deal.playout(choose)


def _switch(deal: Deal, legal: tuple[Card | Action, ...]) -> Action | None:
    """The heuristic's switch rule read from the deal: to the suit of the strongest hand (a card 1, a jack or
    higher 2), by a margin of 2 while two rounds of draws remain."""
    hand = deal.hand(deal.to_act)
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


__all__ = ["PAIR_KEEP", "TRUMP_KEEPS", "TRUMP_WORTH", "WIN_ORDER", "Policy", "play_out"]
