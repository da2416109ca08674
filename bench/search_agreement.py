"""Does the racing search choose as the search that plays every world? The same positions, the same streams.

At the positions of ``search_cost.py`` (the decisions with a choice of seat ``i mod players`` in deals played by the
heuristic) both searches choose once from the seat's view with the same stream, so the race's worlds are the first
worlds of the other's. Per preset it prints how often they agree, what the race's choices cost by the other's
judgement (the points a deal by which the every-world search's mean scores rank the race's choice below its own,
summed over the deal's decisions, with a 95 % interval over the deals), and the CPU time of each.

``--hope`` runs the race with other values of its rule for hopeless actions (``bibi.bots._HOPE``: an action
leaves the race when even its mean plus that many standard errors falls short of what the rule at the budget
would ask), one row each, all judged by the same every-world searches.

    nice .venv/bin/python bench/search_agreement.py --deals 6
    nice .venv/bin/python bench/search_agreement.py --deals 100 --presets italian --hope 0.5 1 1.5 2
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from bot_strength import interval, shown
from search_cost import PRESETS, SEED, positions

import bibi
import bibi.bots
from bibi.bots import SEARCH_WORLDS, make_search_bot
from bibi.play import explain


def _interval(per_deal: list[float]) -> str:
    """The mean a deal and its 95 % interval, "1.23 ± 0.45"."""
    return shown(*interval(per_deal), 2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--presets", nargs="+", default=list(PRESETS))
    parser.add_argument("--worlds", type=int, default=SEARCH_WORLDS)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--hope", type=float, nargs="+", default=[bibi.bots._HOPE],
                        help="values of the race's rule for hopeless actions (default: the bot's own)")
    args = parser.parse_args(argv)
    # One race serves every --hope: bibi.bots._race reads _HOPE each time it is called.
    race, every = make_search_bot(args.worlds), make_search_bot(args.worlds, sequential=False)
    began = time.perf_counter()
    print(f"{args.players} players, seeds {args.seed}…{args.seed + args.deals - 1}; engine compiled: "
          f"{bibi.deal.COMPILED}")
    print("| preset | hope | decisions | the same choice | points lost a deal by the other's means (95% CI) "
          "| CPU ms a decision, race | every world |")
    print("|---|---|---|---|---|---|---|")
    kept = bibi.bots._HOPE
    for name in args.presets:
        rules = bibi.rules.preset(name)
        same = dict.fromkeys(args.hope, 0)
        lost: dict[float, list[float]] = {hope: [] for hope in args.hope}
        spent = dict.fromkeys([*args.hope, "every"], 0.0)
        total = 0
        for i in range(args.deals):
            seed = args.seed + i
            for hope in args.hope:
                lost[hope].append(0.0)
            for k, deal in enumerate(positions(rules, args.players, seed)):
                view = deal.view(deal.to_act)
                stream = f"search-cost:{seed}:{k}"
                start = time.process_time()
                judged = explain(every, view, random.Random(stream))
                spent["every"] += time.process_time() - start
                for hope in args.hope:
                    bibi.bots._HOPE = hope
                    try:
                        start = time.process_time()
                        chosen = race(view, random.Random(stream))
                        spent[hope] += time.process_time() - start
                    finally:
                        bibi.bots._HOPE = kept
                    same[hope] += chosen == judged.action
                    lost[hope][-1] += judged.values[judged.action] - judged.values[chosen]
                total += 1
        for hope in args.hope:
            print(f"| {name} | {hope:g} | {total} | {same[hope]} ({100 * same[hope] / total:.0f} %) | "
                  f"{_interval(lost[hope])} | {1000 * spent[hope] / total:.1f} | {1000 * spent['every'] / total:.1f} |")
    print(f"\n{time.perf_counter() - began:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
