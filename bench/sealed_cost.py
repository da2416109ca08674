"""What a sealed seat costs per decision: the same deals played by the same bots in one process and at a sealed table.

    nice -n 10 .venv/bin/python bench/sealed_cost.py --deals 40 --players 6 --bots heuristic --seed 1

Both runs play deals ``0 … deals-1`` of ``simulate``'s scheme for ``seed`` (the pack of ``deal_seed(seed, i)``, seat
``i % players`` dealing, the bots' stream ``bots_rng`` of the same key) and must give the same records (the script
checks). It prints, per decision a bot was asked: the wall time, the CPU time of this process, and the CPU time of
the seats' processes (counted once they have ended, ``resource.RUSAGE_CHILDREN``), and the one-off cost of starting
the table's processes. The machine's other work weighs on the wall time; the CPU figures are the ones to compare.
"""

from __future__ import annotations

import argparse
import resource
import time

from bibi.deal import Deal
from bibi.play import bots_rng, play
from bibi.sealed import SealedTable
from bibi.simulation import deal_seed


def deals(args: argparse.Namespace) -> list[tuple[Deal, object]]:
    out = []
    for i in range(args.deals):
        key = deal_seed(args.seed, i)
        out.append((Deal.new(args.rules, args.players, seed=key, dealer=i % args.players), bots_rng(key)))
    return out


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--rules", default="russian")
    parser.add_argument("--bots", default="heuristic", help="a bot name for every seat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=10.0)
    args = parser.parse_args()

    wall, cpu = time.perf_counter(), time.process_time()
    here = [play(deal, args.bots, rng).record() for deal, rng in deals(args)]
    wall_here, cpu_here = time.perf_counter() - wall, time.process_time() - cpu

    children = children_cpu()
    table = SealedTable(args.bots, args.players, timeout=args.timeout)
    wall, cpu = time.perf_counter(), time.process_time()
    for seat in table.seats:  # start every process first: the one-off cost, apart
        seat._start()
    started_wall, started_cpu = time.perf_counter() - wall, time.process_time() - cpu
    wall, cpu = time.perf_counter(), time.process_time()
    sealed = [table.play(deal, rng).record() for deal, rng in deals(args)]
    wall_sealed, cpu_sealed = time.perf_counter() - wall, time.process_time() - cpu
    table.close()
    children = children_cpu() - children
    if sealed != here or table.faults:
        raise SystemExit(f"sealed_cost: the sealed table played otherwise ({len(table.faults)} faults)")
    n = table.decisions
    print(f"{args.rules}, {args.players} players, bots {args.bots}, {args.deals} deals (seed {args.seed}): "
          f"{n} decisions asked")
    print(f"{'per decision':<34} {'wall µs':>10} {'CPU µs here':>12} {'CPU µs seats':>13}")
    print(f"{'in one process':<34} {wall_here / n * 1e6:>10,.0f} {cpu_here / n * 1e6:>12,.0f} {'':>13}")
    print(f"{'sealed table':<34} {wall_sealed / n * 1e6:>10,.0f} {cpu_sealed / n * 1e6:>12,.0f} "
          f"{children / n * 1e6:>13,.0f}")
    print(f"starting {args.players} processes: {started_wall:.2f} s wall, {started_cpu:.2f} s CPU here "
          "(their own CPU is in the seats' column)")


if __name__ == "__main__":
    main()
