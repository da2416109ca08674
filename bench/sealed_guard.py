"""What the fast path's guard costs: two checkouts' ``simulate`` with bots at every seat, alternated round by round.

    .venv/bin/python bench/sealed_guard.py --before /tmp/before --after . --rounds 7             # pure Python
    .venv/bin/python bench/sealed_guard.py --before /tmp/before --after . --rounds 7 --compiled  # each build/compiled

After each decision a bot makes on the fast path, ``bibi.live.Guard`` looks at what the bot could have broken (the
hands, the stock, the history, the trump, the scores), and a ``LiveView`` reaches its deal through the module rather
than a field a bot can read. Both cost a little at every decision a bot is asked, nothing at a forced one. This runs
``simulate`` (6 players by default, Russian, one core) with a table of heuristic bots, a table of greedy bots and a
table of random bots (the engine's fast path, which asks no bot: the control) on each checkout in a fresh process
(``BIBI_PURE=1`` and the checkout on ``PYTHONPATH``, or its ``build/compiled`` copy with ``--compiled``: build it first
with that checkout's ``tools/build_compiled.py``), the two checkouts alternated round by round and the first of each
round alternated too, so that a machine shared with other work weighs on both alike. Each figure is deals per CPU
second of the child (``time.process_time``); the table gives each side's median and the median of the per-round
ratios after ÷ before, with the lowest and highest round. The figures measured here: bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from throughput_pair import alternate, environment, table  # the same alternation, beside it in bench/

# What a child process runs: each table's deals per CPU second, printed as JSON. The checkout's own kit is imported.
CHILD = """
import json, sys, time
import bibi
from bibi.deal import COMPILED
from bibi.simulation import simulate
rules, players, deals, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
out = {"compiled": COMPILED}
for bots, share in (("heuristic", 1), ("greedy", 1), ("random", 4)):
    simulate(rules, players, deals=20, bots=bots, seed=seed + 1, progress=False)  # warm up
    start = time.process_time()
    simulate(rules, players, deals=deals * share, bots=bots, seed=seed, progress=False)
    out[bots] = deals * share / (time.process_time() - start)
print(json.dumps(out))
"""


def run(checkout: Path, compiled: bool, args: argparse.Namespace) -> dict[str, float]:
    """One child on ``checkout``: its deals per CPU second by table."""
    done = subprocess.run([sys.executable, "-c", CHILD, args.rules, str(args.players), str(args.deals),
                           str(args.seed)], env=environment(checkout, compiled), capture_output=True, text=True,
                          check=True, cwd=str(checkout.parent))
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    if figures.pop("compiled") != compiled:
        sys.exit(f"sealed_guard: {checkout} did not run {'compiled' if compiled else 'pure'} "
                 "(build/compiled missing or stale?)")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="the checkout before the change")
    parser.add_argument("--after", type=Path, default=Path("."), help="the checkout after it (default: here)")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--deals", type=int, default=300, help="deals a round for the bot tables (random: 4 ×)")
    parser.add_argument("--rules", default="russian")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--compiled", action="store_true", help="each checkout's build/compiled, not pure Python")
    args = parser.parse_args()
    sides = {"before": args.before.resolve(), "after": args.after.resolve()}
    runs = alternate(sides, args.rounds, lambda checkout: run(checkout, args.compiled, args))
    build = "compiled" if args.compiled else "pure Python"
    print(f"{build}; {args.rules}, {args.players} players, {args.deals} deals a round (random {4 * args.deals}); "
          f"{args.rounds} rounds alternated; before {sides['before']}, after {sides['after']}")
    table(runs, "simulate, bots", 20)


if __name__ == "__main__":
    main()
