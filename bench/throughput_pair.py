"""Two checkouts' engine throughput, alternated: ``bench_engine.py --throughput`` run in turn on each, round by round.

    .venv/bin/python bench/throughput_pair.py --before /tmp/bibi-main --after . --rounds 5           # pure Python
    .venv/bin/python bench/throughput_pair.py --before /tmp/bibi-main --after . --rounds 5 --compiled

A change to the engine must not slow it: this runs each checkout's own ``bench/bench_engine.py --throughput`` in a
fresh process, with ``BIBI_PURE=1`` and the checkout on ``PYTHONPATH`` (pure), or with its ``build/compiled`` copy on
``PYTHONPATH`` (``--compiled``: build it first with that checkout's ``tools/build_compiled.py``), the two checkouts
alternated round by round, the first of each round alternated too, so that a machine shared with other work weighs
on both alike. Every figure the benchmark prints for the engine (deals per CPU second through ``simulate`` and
through ``Deal.apply``, for each preset, and ``simulate``'s card plays per CPU second beside OpenSpiel's) is read
from each run; the table gives each side's median and the median of the per-round ratios after ÷ before, with the
lowest and highest round. The before checkout can be any earlier commit (``git archive COMMIT | tar -x -C DIR``).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from bot_strength import interval, shown

# "russian   simulate (fast path)   20,000  3.61  5,540  565,000  ≥ …" and "russian   simulate: 556,878 card plays/s"
_RATE = re.compile(r"^(\w+)\s+(simulate \(fast path\)|Deal API \(apply, events\))\s+[\d,]+\s+[\d.]+\s+([\d,]+)\s")
_PLAYS = re.compile(r"^(\w+)\s+simulate: ([\d,]+) card plays/s")


def environment(checkout: Path, compiled: bool) -> dict[str, str]:
    """The environment that runs ``checkout``'s kit: its ``build/compiled`` copy, or its sources pure."""
    env = dict(os.environ)
    if compiled:
        env["PYTHONPATH"] = str(checkout / "build" / "compiled")
        env.pop("BIBI_PURE", None)
    else:
        env["PYTHONPATH"] = str(checkout)
        env["BIBI_PURE"] = "1"
    return env


def run(checkout: Path, compiled: bool) -> dict[str, float]:
    """One ``--throughput`` run on ``checkout``: its figures by name."""
    done = subprocess.run([sys.executable, str(checkout / "bench" / "bench_engine.py"), "--throughput"],
                          env=environment(checkout, compiled), capture_output=True, text=True, check=True)
    if compiled and "compiled by mypyc" not in done.stdout:
        sys.exit(f"throughput_pair: {checkout} did not run compiled (build/compiled missing or stale?)")
    figures: dict[str, float] = {}
    for line in done.stdout.splitlines():
        if found := _RATE.match(line):
            figures[f"{found[1]} {found[2]}, deals/s"] = float(found[3].replace(",", ""))
        elif found := _PLAYS.match(line):
            figures[f"{found[1]} simulate beside OpenSpiel, card plays/s"] = float(found[2].replace(",", ""))
    return figures


def alternate(sides: dict[str, Path], rounds: int, run: Callable[[Path], dict[str, float]]
              ) -> dict[str, list[dict[str, float]]]:
    """``run`` on each side's checkout, ``rounds`` times, the two alternated round by round (and which goes first)."""
    runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    for k in range(rounds):
        for side in (("before", "after") if k % 2 == 0 else ("after", "before")):
            runs[side].append(run(sides[side]))
        print(f"round {k + 1} of {rounds} done", file=sys.stderr)
    return runs


def table(runs: dict[str, list[dict[str, float]]], title: str, width: int) -> None:
    """Each figure's median on each side, and the per-round ratios after ÷ before: their median, lowest and
    highest, and their mean with its 95 % interval (1.96 standard errors)."""
    print(f"{title:<{width}} {'before':>10} {'after':>10} {'after/before':>13} {'rounds':>13} {'mean, 95 %':>16}")
    for name in runs["before"][0]:
        before = [r[name] for r in runs["before"]]
        after = [r[name] for r in runs["after"]]
        ratios = [a / b for a, b in zip(after, before, strict=True)]
        print(f"{name:<{width}} {statistics.median(before):>10,.0f} {statistics.median(after):>10,.0f} "
              f"{statistics.median(ratios):>13.3f} {min(ratios):>6.3f}…{max(ratios):.3f} "
              f"{shown(*interval(ratios), 3):>17}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="the checkout before the change")
    parser.add_argument("--after", type=Path, default=Path("."), help="the checkout after it (default: here)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--compiled", action="store_true", help="each checkout's build/compiled, not pure Python")
    args = parser.parse_args()
    sides = {"before": args.before.resolve(), "after": args.after.resolve()}
    runs = alternate(sides, args.rounds, lambda checkout: run(checkout, args.compiled))
    build = "compiled" if args.compiled else "pure Python"
    print(f"{build}; {args.rounds} rounds alternated; before {sides['before']}, after {sides['after']}")
    table(runs, "figure", 52)


if __name__ == "__main__":
    main()
