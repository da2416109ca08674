"""What the one fast loop saves: the same deals played by the play layer's public loop and by the fast loop.

    .venv/bin/python bench/loops.py                      # 6 players, Russian, 400 deals a round, 5 rounds
    .venv/bin/python bench/loops.py --deals 100 --rounds 2 --rules it --players 4
    PYTHONPATH=build/compiled .venv/bin/python bench/loops.py   # the compiled engine (tools/build_compiled.py)

The kit has two loops that play a deal on (ARCHITECTURE.md, "Loops"): ``bibi.play.play``, decision by decision,
each bot handed a frozen ``View`` (what a view that stops mid-deal uses), and ``bibi.playout.run``, the engine's
transitions run directly, each bot reading its seat's ``LiveView``, or the random draw written into the loop. On
the same deals (deal ``i`` of seed ``deal_seed(1, i)``, the bots drawing from ``bots_rng`` of it, so every path plays
the very same actions, which the script checks), it times, per CPU second of this process:

- a table of random bots: the public loop (``play(..., fast=False)``), the fast loop with the random pick asked of a
  chooser (``run(deal, random_pick(rng))``), and the fast loop with the draw written in (``random_playout``,
  ``simulate``'s default);
- a table of heuristic bots: the public loop and the fast loop's seated table (``seated_playout``).

The paths are alternated round by round (the machine may be shared), and each rate is the median of the rounds;
the speed-ups are the medians of the per-round ratios, with the lowest and highest round. The figures measured here:
bench/README.md.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from bibi.deal import COMPILED, Deal
from bibi.play import bots_rng, get_bot, play
from bibi.playout import random_pick, random_playout, run, seated_playout
from bibi.rules import parse_rules
from bibi.simulation import deal_seed

Path = Callable[[Deal, int], Deal]


def paths(heuristic: Callable) -> dict[str, dict[str, Path]]:
    """Each table's paths, by name: each plays deal ``deal`` (seeded by ``key``) to its end."""
    return {
        "random": {
            "public loop (play, fast=False)": lambda deal, key: play(deal, "random", bots_rng(key), fast=False),
            "fast loop, pick asked": lambda deal, key: run(deal, random_pick(bots_rng(key))),
            "fast loop, draw written in": lambda deal, key: random_playout(deal, bots_rng(key)),
        },
        "heuristic": {
            "public loop (play, fast=False)": lambda deal, key: play(deal, heuristic, bots_rng(key), fast=False),
            "fast loop (seated_playout)": lambda deal, key: seated_playout(deal, [heuristic] * deal.players,
                                                                           bots_rng(key)),
        },
    }


def one_round(rules, players: int, deals: int, path: Path) -> tuple[float, list[tuple]]:
    """CPU seconds for ``deals`` deals by ``path`` (the set-up made before the clock starts), and their actions."""
    keys = [deal_seed(1, i) for i in range(deals)]
    fresh = [Deal.new(rules, players, seed=key, dealer=i % players, log=False) for i, key in enumerate(keys)]
    start = time.process_time()
    for deal, key in zip(fresh, keys, strict=True):
        path(deal, key)
    seconds = time.process_time() - start
    return seconds, [deal.actions for deal in fresh]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="ru")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--deals", type=int, default=400, help="deals a round, for each path (default: 400)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds, the paths alternated (default: 5)")
    args = parser.parse_args()
    rules = parse_rules(args.rules)
    print(f"{rules.label}, {args.players} players, {args.deals} deals a round, {args.rounds} rounds; "
          f"{'compiled' if COMPILED else 'pure Python'} engine")
    for table, table_paths in paths(get_bot("heuristic")).items():
        deals = args.deals if table == "random" else max(1, args.deals // 10)
        rates: dict[str, list[float]] = {name: [] for name in table_paths}
        for _ in range(args.rounds):
            lines = []
            for name, path in table_paths.items():
                seconds, played = one_round(rules, args.players, deals, path)
                rates[name].append(deals / seconds)
                lines.append(played)
            assert all(played == lines[0] for played in lines), "the paths played different deals"
        print(f"\n{table} bots ({deals} deals a round): deals per CPU second, median of the rounds")
        first = next(iter(table_paths))
        for name, found in rates.items():
            ratios = [r / base for r, base in zip(found, rates[first], strict=True)]
            print(f"  {name:<32} {statistics.median(found):>9,.0f}   × {statistics.median(ratios):.2f} the public "
                  f"loop (rounds {min(ratios):.2f}…{max(ratios):.2f})")


if __name__ == "__main__":
    main()
