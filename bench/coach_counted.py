"""Which points should a review count? The seat's own, or its margin over the others: how often they disagree.

Deal ``i`` (``Deal.new(rules, players, seed=SEED+i)``, bots' stream ``bots_rng(SEED+i)``) is played with seat ``i mod
players`` by ``--seat-bot`` and the others by ``--table``; that seat is analysed twice with the same seed, so on the
same worlds where both run as far: counting its own final score (``counted="own"``, the default) and its score minus
the mean of the others' (``counted="margin"``). Per preset it prints the decisions, how often the two name the same
best action and give the same label, and the mean of the two losses and of their difference (95 % intervals over the
decisions). Card points are fixed in a deal (264 less the leftovers), so the two part only through the others'
Bi-bi points and the leftovers.

    nice -n 10 .venv/bin/python bench/coach_counted.py --deals 20 --players 6
"""

from __future__ import annotations

import argparse
import statistics
import sys

from search_agreement import _interval as interval

import bibi
from bibi.coach import WORLDS, analyse
from bibi.deal import Deal
from bibi.play import bots_rng, play

SEED = 48000
PRESETS = ("russian", "italian")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--presets", nargs="+", default=list(PRESETS))
    parser.add_argument("--seat-bot", default="random")
    parser.add_argument("--table", default="heuristic")
    parser.add_argument("--worlds", type=int, default=WORLDS)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    print(f"{args.players} players, the seat {args.seat_bot}, the table {args.table}, {args.worlds} worlds at most; "
          f"seeds {args.seed}…{args.seed + args.deals - 1}; engine compiled: {bibi.deal.COMPILED}")
    print("| preset | decisions | the same best action | the same label | loss, own (95% CI) | loss, margin "
          "| margin − own ×6/5 |")
    print("|---|---|---|---|---|---|---|")
    for preset in args.presets:
        pairs = []
        for i in range(args.deals):
            seed = args.seed + i
            seat = seed % args.players
            bots = [args.table] * args.players
            bots[seat] = args.seat_bot
            deal = play(Deal.new(preset, args.players, seed=seed), bots, bots_rng(seed))
            own = analyse(deal, seat, worlds=args.worlds, hindsight=False)
            margin = analyse(deal, seat, worlds=args.worlds, counted="margin", hindsight=False)
            pairs += list(zip(own.decisions, margin.decisions, strict=True))
            print(f"  {preset} {seed}: {len(pairs)} decisions", file=sys.stderr, flush=True)
        scale = args.players / (args.players - 1)  # a point of one's own is n/(n-1) points of margin
        same_best = sum(a.best == b.best for a, b in pairs)
        same_label = sum(a.label == b.label for a, b in pairs)
        print(f"| {preset} | {len(pairs)} | {100 * same_best / len(pairs):.1f} % | "
              f"{100 * same_label / len(pairs):.1f} % | {interval([a.loss for a, _ in pairs])} | "
              f"{interval([b.loss for _, b in pairs])} | "
              f"{interval([b.loss - scale * a.loss for a, b in pairs])} |")
    print(f"(mean |margin − own ×{args.players}/{args.players - 1}| over the last preset: "
          f"{statistics.fmean(abs(b.loss - scale * a.loss) for a, b in pairs):.2f} points)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
