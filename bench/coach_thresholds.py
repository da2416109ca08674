"""What a point of a deal is worth to its outcome: the chance to finish a deal first against the seat's score.

Deal ``i`` (``Deal.new(rules, players, seed=SEED+i)``) is played by the heuristic at every seat; every seat's final
score and whether it was the highest (ties count for each) make one observation. A logistic curve fitted to them
(Newton's method) gives the chance to finish first at each score; its steepest slope, in percentage points a point,
turns Lichess's thresholds of a move's judgement (5, 10 and 15 percentage points of winning chances: 0.1, 0.2, 0.3
on its scale of −1…1) into points of one deal, and, with a game's totals √deals times as spread, of a game.

    nice -n 10 .venv/bin/python bench/coach_thresholds.py --deals 1500 --players 6
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys

from bibi.play import play_seeded

SEED = 49000
PRESETS = ("russian", "italian")
LICHESS = (5.0, 10.0, 15.0)  # percentage points of winning chances: inaccuracy, mistake, blunder


def fit(pairs: list[tuple[int, bool]]) -> tuple[float, float, float]:
    """The logistic curve P(first | score) = 1 / (1 + exp(-(a + b (score - mean)))): (a, b, mean)."""
    mean = statistics.fmean(x for x, _ in pairs)
    a = b = 0.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in pairs:
            z = x - mean
            p = 1 / (1 + math.exp(-(a + b * z)))
            w = p * (1 - p)
            ga, gb = ga + y - p, gb + (y - p) * z
            haa, hab, hbb = haa + w, hab + w * z, hbb + w * z * z
        det = haa * hbb - hab * hab
        a, b = a + (hbb * ga - hab * gb) / det, b + (haa * gb - hab * ga) / det
    return a, b, mean


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1500)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--presets", nargs="+", default=list(PRESETS))
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    print(f"{args.players} players, heuristic at every seat, seeds {args.seed}…{args.seed + args.deals - 1}")
    print("| preset | seats | steepest slope, pp a point | Lichess's 5, 10, 15 pp in points of a deal | of a game of "
          f"{args.players} deals |")
    print("|---|---|---|---|---|")
    for preset in args.presets:
        pairs = []
        for i in range(args.deals):
            scores = play_seeded(preset, args.players, args.seed + i, "heuristic").scores
            top = max(scores)
            pairs += [(x, x == top) for x in scores]
        _a, b, _mean = fit(pairs)
        steepest = 100 * b / 4  # the logistic's slope is b p (1 - p), largest at p = 1/2
        deal = [pp / steepest for pp in LICHESS]
        game = [points * math.sqrt(args.players) for points in deal]
        print(f"| {preset} | {len(pairs)} | {steepest:.2f} | {', '.join(f'{x:.1f}' for x in deal)} | "
              f"{', '.join(f'{x:.0f}' for x in game)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
