"""How long a learner waits for the review of a whole deal: ``bibi.coach.analyse`` of one seat, deal by deal.

Deal ``i`` (``Deal.new(rules, players, seed=SEED+i)``) is played by ``--bots`` at every seat through the play layer,
and seat ``i mod players`` is analysed with the coach's defaults (``bibi.coach.WORLDS`` worlds at most a decision,
seed 0). It prints, per preset, the CPU time of each analysis (``time.process_time``: the median, the mean, the 90th
percentile and the worst) and the wall time beside it, the decisions analysed and the worlds they took; the target
is a median ≤ 10 s at 6 players on the compiled engine.

    nice -n 10 .venv/bin/python bench/coach_speed.py --deals 50 --players 6
    BIBI_PURE=1 nice -n 10 .venv/bin/python bench/coach_speed.py --deals 10 --players 6   # the pure engine
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from search_cost import percentile

import bibi
from bibi.coach import WORLDS, analyse
from bibi.play import play_seeded

SEED = 46000
PRESETS = ("russian", "italian")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50, help="deals per preset (default 50)")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--presets", nargs="+", default=list(PRESETS))
    parser.add_argument("--bots", default="heuristic", help="every seat's bot (default heuristic)")
    parser.add_argument("--worlds", type=int, default=WORLDS)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    print(f"coach: {args.worlds} worlds at most a decision; {args.players} players, {args.bots} at every seat, "
          f"seeds {args.seed}…{args.seed + args.deals - 1}; engine compiled: {bibi.deal.COMPILED}")
    print("| preset | deals | decisions a deal | worlds a decision | CPU s a deal: median | mean | 90th percentile "
          "| worst | wall s: median | worst |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for preset in args.presets:
        cpu, wall, seeds, decisions, worlds = [], [], [], 0, 0
        for i in range(args.deals):
            seed = args.seed + i
            deal = play_seeded(preset, args.players, seed, args.bots)
            start, began = time.process_time(), time.perf_counter()
            analysis = analyse(deal, i % args.players, worlds=args.worlds)
            cpu.append(time.process_time() - start)
            seeds.append(seed)
            wall.append(time.perf_counter() - began)
            decisions += len(analysis.decisions)
            worlds += sum(d.worlds for d in analysis.decisions)
            print(f"  {preset} {seed}: {cpu[-1]:.2f} s CPU, {wall[-1]:.2f} s wall", file=sys.stderr, flush=True)
        print(f"| {preset} | {args.deals} | {decisions / args.deals:.1f} | {worlds / max(1, decisions):.0f} | "
              f"{statistics.median(cpu):.2f} | {statistics.fmean(cpu):.2f} | {percentile(cpu, 0.9):.2f} | "
              f"{max(cpu):.2f} (seed {seeds[cpu.index(max(cpu))]}) | {statistics.median(wall):.2f} | {max(wall):.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
