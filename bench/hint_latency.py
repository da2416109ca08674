"""How long a learner waits for a hint at the play table: ``Session.hint()`` timed at the person's decisions.

For each preset and player count, games of one deal are played by a ``Session`` (the person in seat
``seed mod players``, ``heuristic_bot`` in the other seats, the hint from the kit's strongest bot): at each of the
person's decisions with a choice the hint is asked once (wall-clock time, ``time.perf_counter``, the first ask: a
second ask at the same position is answered from the session's memory), then the person plays the heuristic's
choice and the bots play on. The CPU time of each hint (``time.process_time``) is printed beside it: on a busy
machine the wall clock measures the other work too. Positions are taken in turn from deals ``SEED``, ``SEED+1``, …
until ``--positions``
are timed per preset and player count. It prints the median, the 95th percentile and the worst, per cell and over
all, the engine build that ran (``bibi.deal.COMPILED``) and the time it took.

    nice .venv/bin/python bench/hint_latency.py                     # 200 positions: russian/italian × 4/6 players
    nice .venv/bin/python bench/hint_latency.py --positions 20      # a quick look
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import bibi
from bibi.bots import heuristic_bot
from bibi.deal import Deal
from bibi.session import Session

SEED = 20260


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def cell(preset: str, players: int, positions: int, seed: int) -> tuple[list[float], list[float]]:
    """The hint's wall-clock and CPU seconds at ``positions`` decisions of the person, deals from ``seed`` on."""
    times: list[float] = []
    cpu: list[float] = []
    i = 0
    while len(times) < positions:
        seat = (seed + i) % players
        session = Session(Deal.new(preset, players, seed=seed + i), seat, "heuristic", seed=seed + i)
        session.advance()
        while not session.deal.is_over and len(times) < positions:
            legal = session.deal.legal_actions()
            if len(legal) > 1:
                start, start_cpu = time.perf_counter(), time.process_time()
                session.hint()
                times.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
            view = session.deal.view(seat)
            session.play(heuristic_bot(view, random.Random(0)) if len(legal) > 1 else legal[0])
        i += 1
    return times, cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200, help="hints timed per preset and player count")
    parser.add_argument("--presets", nargs="+", default=["russian", "italian"])
    parser.add_argument("--players", nargs="+", type=int, default=[4, 6])
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    began = time.perf_counter()
    print(f"Session.hint() at the person's decisions, {args.positions} positions per cell, seeds from {args.seed}; "
          f"engine compiled: {bibi.deal.COMPILED}")
    print("| preset | players | positions | median s | 95th percentile s | worst s | CPU s: median / 95th / worst |")
    print("|---|---|---|---|---|---|---|")
    every: list[float] = []
    every_cpu: list[float] = []

    def row(label: str, times: list[float], cpu: list[float]) -> str:
        return (f"| {label} | {len(times)} | {statistics.median(times):.3f} | {percentile(times, 0.95):.3f} "
                f"| {max(times):.3f} | {statistics.median(cpu):.3f} / {percentile(cpu, 0.95):.3f} / {max(cpu):.3f} |")

    for preset in args.presets:
        for players in args.players:
            times, cpu = cell(preset, players, args.positions, args.seed)
            every += times
            every_cpu += cpu
            print(row(f"{preset} | {players}", times, cpu))
    print(row("all | ", every, every_cpu))
    print(f"\n{time.perf_counter() - began:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
