"""A lower bound on what one CPython core can do: a random 6-player deal stripped to its bare card play.

This is *not* the game and not used by the kit: no Bi-bi calls, no trump changes, no records, no events,
no rule options, everything in local variables of one function. It shows how close the engine's
``simulate`` figure (``bench/bench_engine.py``) can possibly come to the 5,000 deals/s target on a given
machine: whatever a real implementation adds, it cannot be faster than this.

    python bench/floor.py
"""

from __future__ import annotations

import random
import time
from bisect import bisect_left, insort

PLAYERS = 6
DEALS = 5_000
_RANK_POINTS = [0] * 8 + [3, 4, 5, 10, 11]  # ranks 3…10 score nothing; J Q K A 2
POINTS = [_RANK_POINTS[c % 13] for c in range(52)]


def bare_deal(rnd, n: int = PLAYERS) -> list[int]:
    """Shuffle, deal seven each, play every trick with a uniform legal card, draw after each card."""
    pack = list(range(52)) * 2
    pack.sort(key=lambda _: rnd())
    hands = [sorted(pack[i:7 * n:n]) for i in range(n)]
    pos, leader, scores = 7 * n, 0, [0] * n
    while hands[leader]:
        draws = len(pack) - pos >= n
        trick: list[tuple[int, int]] = []
        seat = leader
        for _ in range(n):
            hand = hands[seat]
            cards = hand
            if trick:
                led = trick[0][1] // 13 * 13
                lo = bisect_left(hand, led)
                cards = hand[lo:bisect_left(hand, led + 13, lo)] or hand
            legal = list(dict.fromkeys(cards))
            card = legal[int(rnd() * len(legal))]
            hand.remove(card)
            trick.append((seat, card))
            if draws:
                insort(hand, pack[pos])
                pos += 1
            seat = (seat + 1) % n
        best_seat, best = trick[0]
        points = POINTS[best]
        for seat, card in trick[1:]:
            points += POINTS[card]
            if card // 13 == best // 13:
                if card >= best:
                    best_seat, best = seat, card
            elif card // 13 == 0:  # spades trump
                best_seat, best = seat, card
        scores[best_seat] += points
        leader = best_seat
    return scores


def main() -> None:
    rnd = random.Random(1).random
    start = time.process_time()
    for _ in range(DEALS):
        bare_deal(rnd)
    rate = DEALS / (time.process_time() - start)
    print(f"bare card play, {PLAYERS} players, one core: {rate:,.0f} deals/s "
          "(an upper bound for simulate on the pure-Python engine)")


if __name__ == "__main__":
    main()
