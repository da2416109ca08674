"""How strong is each bot? Mean score per deal, with 95% confidence intervals, at a table of heuristic bots.

The design: 6 players; in deal ``i`` the tested bot sits in seat ``i mod 6`` and ``heuristic_bot`` plays
the five other seats. Every bot plays the very same packs (deal ``i`` is ``Deal.new(rules, 6, seed=SEED+i)``,
played by the play layer with the bots' stream ``bots_rng(SEED+i)``), so the bots can be compared deal by
deal: the column "vs heuristic" is the mean of the paired differences from ``heuristic_bot`` in the same seat
of the same deal, with its own 95% interval (normal approximation, 1.96 standard errors).

    .venv/bin/python bench/bot_strength.py                 # 2,000 deals per preset, every bot
    .venv/bin/python bench/bot_strength.py --deals 300 --bots heuristic sampling --samples 16

It prints a Markdown table (the one in README.md, "Bot strength") and the time taken; the deals run in
parallel worker processes, one per core unless ``--workers`` says otherwise.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from bibi.bots import BOTS, heuristic_bot, make_sampling_bot
from bibi.deal import Deal
from bibi.play import bots_rng, play

PRESETS = ("russian", "italian")
PLAYERS = 6
SEED = 20260


def bot_named(name: str, samples: int):
    """A bot by name; ``sampling`` gets the budget asked for."""
    return make_sampling_bot(samples) if name == "sampling" else BOTS[name]


def scores(job: tuple[str, str, int, int, int]) -> tuple[list[int], float]:
    """The tested bot's score in deals ``start`` … ``stop - 1`` of one preset, and the CPU seconds it took."""
    rules, name, samples, start, stop = job
    bot = bot_named(name, samples)
    began = time.process_time()
    out = []
    for i in range(start, stop):
        seat = i % PLAYERS
        bots = [heuristic_bot] * PLAYERS
        bots[seat] = bot
        deal = play(Deal.new(rules, PLAYERS, seed=SEED + i, log=False), bots, bots_rng(SEED + i))
        out.append(deal.scores[seat])
    return out, time.process_time() - began


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval."""
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def run(deals: int, names: list[str], samples: int, workers: int) -> dict[tuple[str, str], tuple[list[int], float]]:
    """Every (preset, bot) pair's scores over ``deals`` deals, and its CPU seconds, in parallel chunks."""
    chunk = max(1, min(100, deals // max(1, workers)))
    jobs = [(rules, name, samples, start, min(start + chunk, deals))
            for rules in PRESETS for name in names for start in range(0, deals, chunk)]
    results: dict[tuple[str, str], tuple[list[int], float]] = {}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for (rules, name, *_), (values, seconds) in zip(jobs, pool.map(scores, jobs), strict=True):
            old, spent = results.get((rules, name), ([], 0.0))
            results[(rules, name)] = (old + values, spent + seconds)
    return results


def table(results: dict[tuple[str, str], tuple[list[int], float]], names: list[str], samples: int) -> str:
    """The Markdown table: mean score per deal, its interval, the paired difference from heuristic_bot."""
    lines = ["| preset | bot | mean score per deal (95% CI) | vs heuristic, same deals (95% CI) | CPU ms per deal |",
             "|---|---|---|---|---|"]
    for rules in PRESETS:
        base = results.get((rules, "heuristic"))
        for name in names:
            values, seconds = results[(rules, name)]
            mean, half = interval(values)
            label = f"sampling ({samples} samples)" if name == "sampling" else name
            if base is None or name == "heuristic":
                versus = "—"
            else:
                d_mean, d_half = interval([a - b for a, b in zip(values, base[0], strict=True)])
                versus = f"{d_mean:+.1f} ± {d_half:.1f}"
            cost = 1000 * seconds / len(values)
            lines.append(f"| {rules} | {label} | {mean:.1f} ± {half:.1f} | {versus} | {cost:.0f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per preset and bot (default 2000)")
    parser.add_argument("--bots", nargs="+", default=list(BOTS), choices=list(BOTS), help="the bots to test")
    parser.add_argument("--samples", type=int, default=8, help="the sampling bot's samples per decision")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    results = run(args.deals, args.bots, args.samples, args.workers)
    print(f"{args.deals} deals per preset, {PLAYERS} players, the tested bot in one seat (rotating) and "
          f"heuristic_bot in the others; seeds {SEED}…{SEED + args.deals - 1}\n")
    print(table(results, args.bots, args.samples))
    print(f"\n{time.perf_counter() - began:.0f} s with {args.workers} worker(s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
