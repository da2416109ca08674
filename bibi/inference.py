"""Inference from play: what the other seats' cards were not, read from what they played, and how well a sampler's
worlds place the hidden cards.

A seat that sheds a 3 on a trick holding 20 points had no card that would have taken it; a seat that gives up an
ace had no card it would rather have given; a seat void in the suit led that does not trump a fat trick has no
trump. ``lacks(view, …)`` reads every other seat's plays in the view's public history this way, under a model of
play (a sensible player, the kit's heuristic made a belief: it takes a trick holding points when it can, with a
trump too while the stock lasts, and otherwise gives the card it will miss least), and returns, per play, the
cards the seat held none of then. The sampler (``bibi.sampling.Sampler(view, lacks=…)``) deals its worlds
within them, as it deals within the suits a seat showed it lacked (R13; I7). They are beliefs, not rules: a
player may play otherwise, so the sampler falls back to the worlds of the rules alone when no world fits them
(``sampling.Sampler``), and the worlds a search judges by are a mix of both (``bibi.bots``).

What a seat could see decides everything here: the plays, the trumps, the tricks' order and the draws are the
public history of the view, so two deals the seat cannot tell apart give the same lacks.

``true_location(deal, seat, worlds)`` measures any sampler, the kit's or a bot writer's: the probability its
worlds (weighted or not) give to where each hidden point card truly lies, another hand or the stock
(bench/inference.py).

>>> from bibi.deal import Deal
>>> from bibi.play import bots_rng, play
>>> deal = play(Deal.new("ru", 6, seed=7), "heuristic", bots_rng(7), until=lambda d: len(d.tricks) == 3)
>>> read = lacks(deal.view(0))
>>> all(seat != 0 and trick < 3 for seat, trick, _ in read)
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, NamedTuple

from bibi.cards import CARDS, Card, Rank
from bibi.deal import Deal, View
from bibi.errors import check_type, shorten, wrong_type
from bibi.live import LiveView
from bibi.playout import TRUMP_KEEPS
from bibi.rules import Draw, Follow, Identical
from bibi.tricks import trick_result, winning_plays

_KING, _QUEEN = int(Rank.KING), int(Rank.QUEEN)
_TRUMP_WORTH = 8  # in the final tricks, the fewest points a sensible player spends a trump on (``bibi.playout``)

def lacks(view: Any, keeps: Any = None) -> list[tuple[int, int, tuple[Card, ...]]]:
    """What each other seat's plays in ``view`` say it did not hold: ``(seat, trick, cards)`` per play that says
    something, ``trick`` its number (0-based), ``cards`` those the seat held none of when it played there, had it
    played as the model does (the module's doc). ``keeps``: what a trump in hand is worth to the model beyond its
    points, while drawing and in the final tricks (default: the kit's bots', ``bibi.playout.TRUMP_KEEPS``)."""
    check_type("view", view, (View, LiveView), "a View or a LiveView (deal.view(seat))")
    rules = view.rules
    if keeps is None:
        keeps = TRUMP_KEEPS[rules.follow]
    n = view.players
    points = rules.card_points.per_card()
    second_wins = rules.identical is Identical.SECOND_WINS
    must_follow = rules.follow is Follow.MUST_FOLLOW
    stocks = _stocks(view)
    tricks = [(t.number, t.plays, t.trump.index) for t in view.tricks]
    if view.trick and len(view.trick) < n:
        tricks.append((len(view.tricks), view.trick, view.trump.index))
    called = [{c.suit.index for c in view.calls if c.seat == s} for s in range(n)]
    out: list[tuple[int, int, tuple[Card, ...]]] = []
    for number, plays, trump in tricks:
        start, each = stocks[number] if number < len(stocks) else (0, False)
        drawing = start >= n  # the stock is in play at this trick (R24; I15)
        for i in range(len(plays)):
            seat, card = plays[i]
            if seat == view.seat:
                continue
            left = start - i if each and drawing else start  # the stock as it played (drawing after each card)
            final = not drawing or left < 2 * n  # the heuristic's final tricks (``bibi.heuristic._phase``)
            keep = keeps[1] if final else keeps[0]
            cards = _rather(plays[:i], card, trump, n, points, keep, final, must_follow, second_wins)
            # Kings and queens: while draws are left to the seat, their worth is a Bi-bi still to come, which the
            # model cannot see; and a pair laid down lies in the hand face up.
            hope = drawing and left >= n
            cards = [c for c in cards if not _kq(c) or not (hope or c // 13 in called[seat])]
            if cards:
                out.append((seat, number, tuple(CARDS[c] for c in cards)))
    return out


def _stocks(view: Any) -> list[tuple[int, bool]]:
    """Per trick of the view: the stock's size as it began, and whether its players draw after each card
    (``draw=after_each_card``) rather than after the trick. From the public history: the draws are counted in it."""
    rules, n = view.rules, view.players
    stock = rules.decks * 52 - n * rules.hand_size  # the stock when the hands are dealt
    each = rules.draw is Draw.AFTER_EACH_CARD
    drawn: dict[int, int] = {}
    for t, _seat in view.history.draws:
        drawn[t] = drawn.get(t, 0) + 1
    out = []
    for t in range(len(view.tricks) + 1):
        out.append((stock, each))
        stock -= drawn.get(t, 0)
    return out


def _rather(before: Sequence[tuple[int, Card]], card: int, trump: int, n: int, points: Sequence[int], keep: int,
            final: bool, must_follow: bool, second_wins: bool) -> list[int]:
    """The cards a player who played ``card`` after ``before`` (the trick so far) would rather have played, had it
    held them: the model of the module's doc, which asserts nothing it is unsure of."""
    suit = card // 13
    if not before:  # a lead: any card may lead
        if final and must_follow and suit == trump:  # the lowest trump led from three or more (the heuristic's)
            return list(range(trump * 13, card))
        return _cheaper(range(52), card, trump, points, keep, True)
    led = before[0][1] // 13
    # The cards that were surely legal had it held them (R13; I7): when it followed (or trumped, I7), those of
    # the suit led (and the trumps, I7); when it showed a lack, any.
    void = suit != led and (must_follow or suit != trump)
    if void:
        legal: Any = range(52)
    elif must_follow:
        legal = range(led * 13, led * 13 + 13)
    else:
        legal = [*range(led * 13, led * 13 + 13), *(range(trump * 13, trump * 13 + 13) if led != trump else ())]
    best_i, on_table = trick_result(before, trump, second_wins, points)
    best = before[best_i][1]
    winners = winning_plays(before, legal, trump, second_wins, best)
    last = len(before) == n - 1
    # Void in the suit led under R13, it gives a card of its shortest suit: the ranks of other suits say nothing.
    ranks = not (void and must_follow)
    if on_table:
        if card in winners:  # it took the trick with its cheapest winner (or, last, the one it misses least)
            if last:
                return []
            order = _win_order(trump)
            return [c for c in winners if order(c) < order(card) and not (final and points[c] > on_table)]
        # It would have taken a trick holding points with its cheapest winner, unless that was a trump to spare or
        # a winner to keep from risk: so it held none of the winners up to the first such one.
        out: list[int] = []
        for c in sorted(winners, key=_win_order(trump)):
            if final and c // 13 == trump and best // 13 != trump and on_table < _TRUMP_WORTH:
                break  # a trump spared in the final tricks
            if final and not last and points[c] > on_table:
                break  # a winner it may not risk
            out.append(c)
        return out + [c for c in _cheaper(legal, card, trump, points, keep, ranks) if c not in out]
    if last:  # last to a trick without points: it banks the point card that takes it with most points
        bank = [c for c in winners if points[c] and c // 13 != trump]
        if card in bank:
            return [c for c in bank if points[c] > points[card]]
        return bank + [c for c in _cheaper(legal, card, trump, points, keep, ranks) if c not in bank]
    return _cheaper(legal, card, trump, points, keep, ranks)


def _cheaper(legal: Any, card: int, trump: int, points: Sequence[int], keep: int, ranks: bool) -> list[int]:
    """The cards of ``legal`` a player would rather give than ``card``: worth less (points, and ``keep`` for a
    trump), or, with ``ranks``, as much and of a lower rank (the lowest goes first)."""
    def key(c: int) -> int:
        worth = points[c] + (keep if c // 13 == trump else 0)
        return worth * 13 + c % 13 if ranks else worth * 13

    mine = key(card)
    return [c for c in legal if key(c) < mine]


def _kq(c: int) -> bool:
    rank = c % 13
    return rank == _KING or rank == _QUEEN


def _win_order(trump: int) -> Any:
    """The cheapest-winner order (a trump after any other card, then by rank), as a key."""
    return lambda c: c % 13 + (13 if c // 13 == trump else 0)


# -- how well worlds place the hidden cards ---------------------------------------------------------------------


class Placed(NamedTuple):
    """How well a set of worlds places the hidden point cards of one position (``true_location``).

    ``cards``: the hidden copies of point cards (2s, aces, kings, queens, jacks); ``probability``: their summed
    probability of lying where they truly lie by the worlds (divide by ``cards`` for the mean); ``in_hands`` and
    ``in_hands_probability`` the same for the copies truly in another hand. ``kinds``: the point cards (by rank and
    suit) with a hidden copy, and ``log_score`` the sum over them of the natural log of the probability the worlds
    give to where all its copies lie, each floored at ``floor``: a proper score, which does not reward worlds surer
    than they should be."""

    cards: int
    probability: float
    in_hands: int
    in_hands_probability: float
    kinds: int
    log_score: float


def true_location(deal: Any, seat: Any, worlds: Any, weights: Any = None, floor: float = 0.01) -> Placed:
    """How well ``worlds`` (deals consistent with ``seat``'s view of ``deal``, e.g. ``Sampler(view).world(rng)``
    many times) place the point cards hidden from ``seat``: for each hidden copy, the share of the worlds (by
    ``weights``, one per world, or alike) that put a copy of that card where it truly lies: in which other hand, or
    in the stock (with two packs, a world that puts the two copies of a card in the same two places places both).
    Laid-down cards are not hidden. A bot writer measures a sampler of their own with it (bench/inference.py
    measures the kit's)."""
    check_type("deal", deal, Deal, "a Deal")
    seat = deal._seat(seat)
    if isinstance(worlds, str | bytes) or not isinstance(worlds, Sequence) or not worlds:
        raise wrong_type("worlds", worlds, "a non-empty list of deals", typed=False)
    if weights is None:
        weights = [1.0] * len(worlds)
    if isinstance(weights, str | bytes) or not isinstance(weights, Sequence) or len(weights) != len(worlds):
        raise ValueError(f"weights: expected {len(worlds)} numbers, one per world, not {shorten(weights)}")
    if any(isinstance(w, bool) or not isinstance(w, int | float) or not w >= 0 for w in weights):
        raise ValueError(f"weights: {shorten(weights)} are not numbers ≥ 0")
    total = float(sum(weights))
    if not total > 0:
        raise ValueError(f"weights: {shorten(weights)} have no positive sum")
    points = deal.rules.card_points.per_card()
    truth = _places(deal, seat)
    placed = [_places(w, seat) for w in worlds]
    stock = deal.players
    cards = in_hands = kinds = 0
    probability = in_hands_probability = log_score = 0.0
    for c in range(52):
        true = truth[c]
        if not points[c] or not sum(true):
            continue
        kinds += 1
        cards += sum(true)
        in_hands += sum(true) - true[stock]
        exact = 0.0
        for w, world in zip(weights, placed, strict=True):
            found = world[c]
            matched = [min(k, found[where]) for where, k in enumerate(true)]
            probability += w * sum(matched) / total
            in_hands_probability += w * (sum(matched) - matched[stock]) / total
            exact += w * (found == true) / total
        log_score += math.log(max(exact, floor))
    return Placed(cards, probability, in_hands, in_hands_probability, kinds, log_score)


def _places(deal: Deal, seat: int) -> list[list[int]]:
    """Per card index, how many hidden copies lie in each other seat's hand (at that seat's index) and in the
    stock (at index ``players``); laid-down cards lie face up, not hidden."""
    n = deal.players
    places = [[0] * (n + 1) for _ in range(52)]
    for s in range(n):
        if s == seat:
            continue
        laid = list(deal.laid_down(s))
        for c in deal.hand(s):
            if c in laid:
                laid.remove(c)
            else:
                places[c][s] += 1
    for c in deal.stock():
        places[c][n] += 1
    return places


__all__ = ["Placed", "lacks", "true_location"]
