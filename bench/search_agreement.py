"""Does the racing search choose as the search that plays every world? The same positions, the same streams.

At the positions of ``search_cost.py`` (the decisions with a choice of seat ``i mod players`` in deals played by the
heuristic) both searches choose once from the seat's view with the same stream, so the race's worlds are the first
worlds of the other's; it prints how often they agree, per preset, and the CPU time of each.

    nice .venv/bin/python bench/search_agreement.py --deals 6
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from search_cost import PRESETS, SEED, positions

import bibi
from bibi.bots import SEARCH_WORLDS, make_search_bot


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--presets", nargs="+", default=list(PRESETS))
    parser.add_argument("--worlds", type=int, default=SEARCH_WORLDS)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    race, every = make_search_bot(args.worlds), make_search_bot(args.worlds, sequential=False)
    began = time.perf_counter()
    print(f"{args.players} players, seeds {args.seed}…{args.seed + args.deals - 1}; engine compiled: "
          f"{bibi.deal.COMPILED}")
    print("| preset | decisions | the same choice | CPU s, race | CPU s, every world |")
    print("|---|---|---|---|---|")
    for name in args.presets:
        rules = bibi.rules.preset(name)
        same = total = 0
        spent = [0.0, 0.0]
        for i in range(args.deals):
            seed = args.seed + i
            for k, deal in enumerate(positions(rules, args.players, seed)):
                view = deal.view(deal.to_act)
                chosen = []
                for j, bot in enumerate((race, every)):
                    start = time.process_time()
                    chosen.append(bot(view, random.Random(f"search-cost:{seed}:{k}")))
                    spent[j] += time.process_time() - start
                same += chosen[0] == chosen[1]
                total += 1
        print(f"| {name} | {total} | {same} ({100 * same / total:.0f} %) | {spent[0]:.1f} | {spent[1]:.1f} |")
    print(f"\n{time.perf_counter() - began:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
