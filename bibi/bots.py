"""Bots: plain callables ``bot(view, rng) -> action`` that play from what their seat may see.

A bot gets ``deal.view(seat)`` (a ``View``: its hand, the trump, the trick, the played tricks, the
laid-down pairs, the leftovers, the stock's size, the scores, its legal actions, the public history)
and a ``random.Random``; it returns one of ``view.legal_actions``. It never sees another player's
hidden cards nor the stock: the play layer (``bibi.play``) hands it the view and nothing else, and
finds the bots below by the names they are registered under.

- ``random_bot`` (in ``bibi.play``): any legal action.
- ``greedy_bot``: calls whenever it may, takes a trick holding points with its cheapest winner.
- ``heuristic_bot``: a sensible human: spends a trump only on a trick worth it, keeps trumps and the kings
  and queens that may still pair (counting the unseen cards), switches the trump to a stronger suit.
- ``sampling_bot``: from the last draws on, deals the hidden cards many ways consistent with its view
  (``bibi.sampling``) and plays each option out.

Their strength is measured by ``bench/bot_strength.py`` (README, "Bot strength").

>>> from bibi.play import play_seeded
>>> deal = play_seeded("italian", 4, seed=3, bots=["heuristic", "random", "greedy", "sampling"])
>>> deal.is_over, sum(deal.card_points) + deal.leftover_points == 264
(True, True)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Any

from bibi.cards import CARDS, Card, Rank
from bibi.deal import PASS, Action, Deal, View, trick_winner
from bibi.errors import shorten
from bibi.play import Bot, random_bot, register
from bibi.rules import BibiSuits, Follow, Identical, Rules
from bibi.sampling import Sampler, unseen

_PLAY, _CALL, _SWITCH = Action.PLAY, Action.CALL, Action.SWITCH
_KING, _QUEEN = int(Rank.KING), int(Rank.QUEEN)


# -- the simple bots -------------------------------------------------------------------------------


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


def _play(plays: Sequence[Any], trick: Sequence[tuple[int, Card]], trump: int, second_wins: bool,
          points: Sequence[int], trump_worth: int, shed: Callable[[int], Any]) -> Card:
    """The one rule of play the bots share: win a trick holding points with the cheapest winner (a card
    of the suit led before a trump, the lowest first), but spend a trump to take the trick from a card of
    another suit only on ``trump_worth`` points or more; else play the first card by ``shed``."""
    on_table = 0
    for _, c in trick:
        on_table += points[c]
    if on_table:
        me = len(trick)
        winners = [c for c in plays if trick_winner([*trick, (-1, c)], trump, second_wins) == me]
        if winners:
            best = trick[trick_winner(trick, trump, second_wins)][1]
            win = min(winners, key=lambda c: (c // 13 == trump, c % 13))
            if win // 13 != trump or best // 13 == trump or on_table >= trump_worth:
                return win
    return min(plays, key=shed)


# -- the heuristic bot ------------------------------------------------------------------------------

_TRUMP_KEEP = 10  # what a trump in hand is worth beyond its points: it takes a trick later
_TRUMP_WORTH = 8  # the fewest points worth spending a trump on


class _Reading:
    """What one seat makes of its view: the cards it has not seen, the length of its suits."""

    def __init__(self, view: View):
        self.view = view
        self.trump = view.trump.index
        self.points, self.second_wins = _table(view.rules)
        self.unseen = unseen(view)
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
    switch = _best_switch(reading, [a for a in legal if isinstance(a, Action) and a.kind is _SWITCH])
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
    strength = {a: reading.suit_strength(a.suit.index) for a in switches if a.suit is not None}
    best = max(strength, key=strength.__getitem__)
    return best if strength[best] > here + margin else None


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
        raise ValueError(f"{name}: {shorten(value)} is not a whole number ≥ {least}")


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

for _name, _bot in (("greedy", greedy_bot), ("heuristic", heuristic_bot), ("sampling", sampling_bot)):
    register(_name, _bot)

BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot, "heuristic": heuristic_bot,
                        "sampling": sampling_bot}  # the kit's bots, as registered with bibi.play

__all__ = ["BOTS", "greedy_bot", "heuristic_bot", "make_sampling_bot", "random_bot", "sampling_bot"]
