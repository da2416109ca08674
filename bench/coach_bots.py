"""Does the review tell a weak player from a strong one? The coach on the random bot's seat and the search bot's.

Deal ``i`` (``Deal.new(rules, players, seed=SEED+i)``, the bots' stream ``bots_rng(SEED+i)``) is played twice, seat
``i mod players`` by each bot of ``--bots`` in turn and the other seats by ``--table``; the coach analyses that seat
(``bibi.coach.analyse``, its defaults). Per preset and player count it prints, for each bot, the points lost a
decision (the mean over its decisions, with a 95 % interval over the deals), the accuracy (the summary's figure, mean
over the deals), the share of decisions labelled mistake or blunder, and the paired difference of the points lost a
decision between the first bot and each other (the same deals and seats), with its 95 % interval.

    nice -n 10 .venv/bin/python bench/coach_bots.py --deals 20 --players 4 6 --workers 2
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from search_agreement import _interval as interval  # the mean and its 95 % interval, "1.23 ± 0.45"

import bibi
from bibi.coach import WORLDS, analyse
from bibi.deal import Deal
from bibi.play import bots_rng, play

SEED = 47000
PRESETS = ("russian", "italian")


def one(job: tuple) -> tuple:
    """The analysis of one deal's tested seat: (loss a decision, accuracy, mistakes or blunders, decisions, CPU s)."""
    preset, players, seed, bot, table, worlds = job
    seat = seed % players
    bots = [table] * players
    bots[seat] = bot
    deal = play(Deal.new(preset, players, seed=seed), bots, bots_rng(seed))
    start = time.process_time()
    analysis = analyse(deal, seat, worlds=worlds)
    s = analysis.summary()
    bad = s.labels["mistake"] + s.labels["blunder"]
    return (preset, players, seed, bot, s.per_decision, s.accuracy, bad, s.decisions, time.process_time() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="deals per preset and player count (default 20)")
    parser.add_argument("--players", type=int, nargs="+", default=[4, 6])
    parser.add_argument("--presets", nargs="+", default=list(PRESETS))
    parser.add_argument("--bots", nargs="+", default=["random", "search"])
    parser.add_argument("--table", default="heuristic")
    parser.add_argument("--worlds", type=int, default=WORLDS)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    jobs = [(preset, players, args.seed + i, bot, args.table, args.worlds) for preset in args.presets
            for players in args.players for i in range(args.deals) for bot in args.bots]
    print(f"coach: {args.worlds} worlds at most a decision; the tested seat {' / '.join(args.bots)}, the table "
          f"{args.table}; seeds {args.seed}…{args.seed + args.deals - 1}; engine compiled: {bibi.deal.COMPILED}")
    began = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        rows = list(pool.map(one, jobs))
    print("| preset | players | bot | decisions | points lost a decision (95% CI over deals) | accuracy | mistakes "
          f"and blunders | vs {args.bots[0]}, paired (95% CI) |")
    print("|---|---|---|---|---|---|---|---|")
    for preset in args.presets:
        for players in args.players:
            cell = [r for r in rows if r[0] == preset and r[1] == players]
            base = {r[2]: r[4] for r in cell if r[3] == args.bots[0]}
            for bot in args.bots:
                mine = [r for r in cell if r[3] == bot]
                decisions = sum(r[7] for r in mine)
                paired = "—" if bot == args.bots[0] else interval([r[4] - base[r[2]] for r in mine])
                print(f"| {preset} | {players} | {bot} | {decisions} | {interval([r[4] for r in mine])} | "
                      f"{statistics.fmean(r[5] for r in mine):.0f} % | "
                      f"{100 * sum(r[6] for r in mine) / max(1, decisions):.1f} % | {paired} |")
    cpu = sum(r[8] for r in rows)
    print(f"\n{time.perf_counter() - began:.0f} s wall with {args.workers} worker(s); {cpu:.0f} s CPU in the analyses "
          f"({cpu / len(rows):.2f} s a deal)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
