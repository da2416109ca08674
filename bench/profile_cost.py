"""What a profile costs, and what it finds: the Russian and Italian presets profiled on the same packs.

    .venv/bin/python bench/profile_cost.py                         # 6 players, 2,000 deals, both cores
    .venv/bin/python bench/profile_cost.py --deals 20000           # the figures the README and notebook 03 quote
    nice -n 10 .venv/bin/python bench/profile_cost.py --deals 2000 --ladder random greedy heuristic search

It runs ``bibi.profile.compare(a, b, players, deals, seed, workers=…)`` once (the profile's default bots unless
``--table`` or ``--ladder`` say otherwise) and prints the comparison's table, then what the run cost: the wall
clock against the target (``TARGET_SECONDS`` for both presets at the default bots, both cores) and the CPU time
of this process and of its worker processes (``time.process_time`` and ``resource.getrusage``), which other work on
the machine distorts far less than the wall clock. The figures measured here: bench/README.md, "Profiles".
"""

from __future__ import annotations

import argparse
import resource
import time

from bibi.i18n import language
from bibi.profile import DEALS, LADDER, TABLE, compare

TARGET_SECONDS = 180.0  # the Russian and Italian profiles at 6 players, 2,000 deals each, paired, both cores
TARGET_DEALS = 2000


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", nargs=2, default=["russian", "italian"], metavar=("A", "B"),
                        help="the two rules to profile on the same packs (default: russian italian)")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--deals", type=int, default=TARGET_DEALS, help=f"default {TARGET_DEALS} (the profile's "
                        f"own default is {DEALS})")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2: both cores)")
    parser.add_argument("--table", default=TABLE, help=f"the other players' bot (default {TABLE})")
    parser.add_argument("--ladder", nargs="+", default=list(LADDER), help=f"default {' '.join(LADDER)}")
    parser.add_argument("--lang", default="en", help="the table's language (en, ru, it)")
    args = parser.parse_args(argv)

    wall, cpu, children = time.perf_counter(), time.process_time(), _children_cpu()
    result = compare(*args.presets, players=args.players, deals=args.deals, seed=args.seed, table=args.table,
                     ladder=args.ladder, workers=args.workers, progress=False)
    wall, cpu, children = time.perf_counter() - wall, time.process_time() - cpu, _children_cpu() - children
    with language(args.lang):
        print(result)
    print()
    default = args.table == TABLE and args.ladder == list(LADDER)
    runs = len(result.a.simulations) + len(result.b.simulations)
    print(f"cost: {runs} runs of {args.deals:,} deals ({runs * args.deals:,} deals), {args.players} players, "
          f"seed {args.seed}, {args.workers} worker process(es)")
    print(f"  wall clock {wall:.1f} s; CPU {cpu + children:.1f} s (this process {cpu:.1f} s, workers {children:.1f} s)")
    if default and args.deals >= TARGET_DEALS and args.players == 6:
        verdict = "met" if wall <= TARGET_SECONDS else "NOT met"
        print(f"  target: both presets, ≥ {TARGET_DEALS:,} deals, the default bots, ≤ {TARGET_SECONDS:.0f} s of "
              f"wall clock: {verdict} (a busy machine reads slower: the CPU time says what the run itself took)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
