"""How fast do bots play? ``simulate`` with heuristic bots against the random fast path, in one run.

    .venv/bin/python bench/bot_speed.py              # 6 players, Russian and Italian, three rounds
    .venv/bin/python bench/bot_speed.py --profile    # and where the heuristic run spends its time (cProfile)

Both run through ``bibi.simulation.simulate`` (one worker, no progress bar) on the same deals: the random bots
on the one fast loop with the random draw written in (``bibi.playout.random_playout``), the heuristic bots on its
seated table (``bibi.playout.seated_playout``, a ``LiveView`` per seat). Rates are deals per CPU second of this process
(``time.process_time``), each the best of ``--rounds`` alternating rounds, so that other work on the machine
distorts them as little as it can. Each preset's ratio heuristic ÷ random is printed with its target
(``TARGET_RATIO``) and whether it is met. Greedy bots are timed too. The figures measured here: bench/README.md.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from bibi.simulation import simulate

PLAYERS = 6
TARGET_RATIO = 0.40  # heuristic bots at every seat: at least this share of the random fast path's deals/s


def rate(rules: str, bots: str, deals: int) -> float:
    """Deals per CPU second of ``simulate`` with ``bots`` at every seat."""
    began = time.process_time()
    simulate(rules, PLAYERS, deals, bots=bots, seed=1, progress=False)
    return deals / (time.process_time() - began)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals per bot run (the random runs play 4×)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds; the best of each is kept")
    parser.add_argument("--profile", action="store_true", help="print cProfile's top functions of a heuristic run")
    args = parser.parse_args(argv)
    print(f"{PLAYERS} players, deals per CPU second, the best of {args.rounds} alternating rounds "
          f"({args.deals:,} heuristic and greedy deals, {4 * args.deals:,} random deals a round)\n")
    print(f"| preset | random (fast path) deals/s | heuristic deals/s | greedy deals/s | heuristic ÷ random "
          f"(target ≥ {TARGET_RATIO:.2f}) |")
    print("|---|---|---|---|---|")
    for rules in ("russian", "italian"):
        best = {"random": 0.0, "heuristic": 0.0, "greedy": 0.0}
        for _ in range(args.rounds):
            for bots in best:
                deals = 4 * args.deals if bots == "random" else args.deals
                best[bots] = max(best[bots], rate(rules, bots, deals))
        ratio = best["heuristic"] / best["random"]
        print(f"| {rules} | {best['random']:,.0f} | {best['heuristic']:,.0f} | {best['greedy']:,.0f} "
              f"| {ratio:.2f}: {'met' if ratio >= TARGET_RATIO else 'NOT met'} |")
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(simulate, "russian", PLAYERS, args.deals, bots="heuristic", seed=1, progress=False)
        pstats.Stats(profile).sort_stats("tottime").print_stats(12)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
