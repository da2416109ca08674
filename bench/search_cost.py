"""What a search decision costs: CPU time per decision of the search bot, on positions of heuristic play.

Deal ``i`` (``Deal.new(rules, players, seed=SEED+i)``) is played by ``heuristic_bot`` at every seat through the play
layer; every decision with a choice of seat ``i mod players`` is a position. At each the search bot chooses once from
the seat's view (``Deal.view``, as a hint asks it), with ``random.Random(f"search-cost:{seed}:{k}")``, and the CPU
time of that one call (``time.process_time``) is kept. It prints the mean, the median, the 95th percentile and the
worst, per preset, with the positions and the time it took.

    nice .venv/bin/python bench/search_cost.py --players 6 --deals 30
    nice .venv/bin/python bench/search_cost.py --players 2 --hand-size 52 --deals 6
    nice .venv/bin/python bench/search_cost.py --players 6 --deals 10 --profile   # pyinstrument's report too

``--worlds`` sets the search's budget (default ``bibi.bots.SEARCH_WORLDS``); ``--legacy`` times the search as it
was before its sequential stopping (every world played, ``make_search_bot(sequential=False)``); ``--infer``,
``--careful`` and ``--endgame K`` turn on the registered search's options (``bibi.bots.search_bot``: all three).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
import time

from one_step import positions  # the tested seat's decisions in a deal the heuristic plays

import bibi
from bibi.bots import SEARCH_ENDGAME, SEARCH_WORLDS, make_search_bot

SEED = 20260
PRESETS = ("russian", "italian")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="deals per preset (default 20)")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--hand-size", type=int, default=None, help="the rules' hand_size (default: the preset's)")
    parser.add_argument("--presets", nargs="+", default=list(PRESETS))
    parser.add_argument("--worlds", type=int, default=SEARCH_WORLDS)
    parser.add_argument("--legacy", action="store_true", help="the search without its sequential stopping")
    parser.add_argument("--infer", action="store_true", help="the search with inference from play")
    parser.add_argument("--careful", action="store_true", help="the search falling back on the careful heuristic")
    parser.add_argument("--endgame", type=int, default=0, metavar="K",
                        help="the last tricks judged exactly from K cards in hand (the registered search: "
                             f"--infer --careful --endgame {SEARCH_ENDGAME})")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--profile", action="store_true", help="pyinstrument's report of the decisions")
    args = parser.parse_args(argv)
    bot = make_search_bot(args.worlds, sequential=not args.legacy, infer=args.infer, careful=args.careful,
                          endgame=args.endgame)
    began = time.perf_counter()
    profiler = None
    if args.profile:
        from pyinstrument import Profiler

        profiler = Profiler(interval=0.0005)
    extras = "".join(f", {word}" for word, on in (("inference", args.infer), ("careful", args.careful),
                                                  (f"endgame {args.endgame}", args.endgame)) if on)
    print(f"search bot ({'every world' if args.legacy else 'sequential'}, {args.worlds} worlds at most{extras}), "
          f"{args.players} players{f', hands of {args.hand_size}' if args.hand_size else ''}, "
          f"seeds {args.seed}…{args.seed + args.deals - 1}; engine compiled: {bibi.deal.COMPILED}")
    print("| preset | positions | CPU ms per decision: mean | median | 95th percentile | worst |")
    print("|---|---|---|---|---|---|")
    for name in args.presets:
        rules = bibi.rules.preset(name)
        if args.hand_size:
            rules = dataclasses.replace(rules, hand_size=args.hand_size)
        times: list[float] = []
        for i in range(args.deals):
            seed = args.seed + i
            for k, deal in enumerate(positions(rules, args.players, seed)):
                view = deal.view(deal.to_act)
                rng = random.Random(f"search-cost:{seed}:{k}")
                if profiler is not None:
                    profiler.start()
                start = time.process_time()
                bot(view, rng)
                times.append(time.process_time() - start)
                if profiler is not None:
                    profiler.stop()
        ms = [1000 * t for t in times]
        print(f"| {name} | {len(ms)} | {statistics.fmean(ms):.1f} | {statistics.median(ms):.1f} "
              f"| {percentile(ms, 0.95):.1f} | {max(ms):.1f} |")
    if profiler is not None:
        print(profiler.output_text(unicode=True, color=False, show_all=False))
    print(f"\n{time.perf_counter() - began:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
