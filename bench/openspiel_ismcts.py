"""OpenSpiel's ISMCTS at the kit's table: its paired score against the kit's heuristic and search bots, and what
a decision costs through OpenSpiel's API and on the engine.

The design is bench/bot_strength.py's: in deal ``i`` the tested bot sits in seat ``i mod players`` and the
heuristic bot plays every other seat; every tested bot plays the very same packs (deal ``i`` is
``Deal.new(rules, players, seed=SEED+i, ask_every_chance=True)``, played by the play layer with the bots' stream
``bots_rng(SEED+i)``), so the column "ISMCTS − bot" is the mean of the paired differences in the same seat of
the same deal, with its 95% interval (1.96 standard errors). The table asks every seat at each chance to call
(``ask_every_chance``), as OpenSpiel's public player to move needs; the kit's bots play the same deal either way
(a forced pass is taken without asking them).

ISMCTS is OpenSpiel's Python ``ISMCTSBot`` (``bibi.openspiel.IsmctsPlayer``): at each decision with a choice it
draws a world from the seat's view, turns it into an OpenSpiel state, and runs ``--simulations`` simulations,
each from a world resampled by the kit's sampler (seeded), each leaf valued by ``--rollouts`` random playouts on
the engine (``bibi.openspiel.engine_rollouts``), not through OpenSpiel's API.

The cost of a decision: random play to the end of a deal, per player decision, through OpenSpiel's API
(``state.legal_actions()``, ``state.apply_action``, chance by ``state.chance_outcomes()``) and on the engine
(``bibi.playout.random_playout``); and one leaf's valuation by OpenSpiel's ``RandomRolloutEvaluator`` (through the API)
and by ``engine_rollouts``.

    nice .venv/bin/python bench/openspiel_ismcts.py --deals 24 --players 4 --simulations 60 --worlds 40
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np
from bot_strength import interval, shown

from bibi import openspiel as bo
from bibi.bots import SEARCH_WORLDS, heuristic_bot, make_search_bot
from bibi.deal import Deal
from bibi.play import bots_rng, play
from bibi.playout import random_playout

SEED = 32000
TESTED = ("ismcts", "heuristic", "search")


def scores(job: tuple) -> tuple[str, list[int], list[float]]:
    """The tested bot's score in deals ``start`` … ``stop - 1``, and the CPU seconds of each of its decisions."""
    rules, players, name, simulations, rollouts, worlds, start, stop = job
    out: list[int] = []
    times: list[float] = []
    for i in range(start, stop):
        seat = i % players
        if name == "ismcts":
            bot = bo.IsmctsPlayer(rules, players, seed=SEED + i, simulations=simulations, rollouts=rollouts)
        elif name == "search":
            bot = make_search_bot(worlds)
        else:
            bot = heuristic_bot

        def timed(view, rng, bot=bot):
            began = time.process_time()
            action = bot(view, rng)
            times.append(time.process_time() - began)
            return action

        bots = [heuristic_bot] * players
        bots[seat] = timed
        deal = play(Deal.new(rules, players, seed=SEED + i, log=False, ask_every_chance=True), bots,
                    bots_rng(SEED + i))
        out.append(deal.scores[seat])
    return name, out, times


def strength(args) -> dict[str, tuple[list[int], list[float]]]:
    chunk = max(1, args.deals // max(1, args.workers))
    jobs = [(args.rules, args.players, name, args.simulations, args.rollouts, args.worlds, start,
             min(start + chunk, args.deals)) for name in TESTED for start in range(0, args.deals, chunk)]
    results: dict[str, tuple[list[int], list[float]]] = {name: ([], []) for name in TESTED}
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for name, values, spent in pool.map(scores, jobs):
            results[name][0].extend(values)
            results[name][1].extend(spent)
    return results


def random_step(state, rng: random.Random) -> bool:
    """One step of random play through OpenSpiel's API: chance by its outcomes' probabilities, a player uniformly
    among the legal actions. True when a player decided."""
    if state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probs)[0])
        return False
    state.apply_action(rng.choice(state.legal_actions()))
    return True


def decision_costs(rules: str, players: int, deals: int) -> list[tuple[str, float]]:
    """Microseconds per player decision of random play through OpenSpiel's API and on the engine, and per leaf
    valued by OpenSpiel's random rollout evaluator and by ``engine_rollouts``."""
    from open_spiel.python.algorithms import mcts

    game = bo.load(rules, players)
    rng = random.Random(1)
    decisions, began = 0, time.perf_counter()
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            decisions += random_step(state, rng)
    through_api = (time.perf_counter() - began) / decisions
    decisions, began = 0, time.perf_counter()
    for k in range(deals):
        deal = random_playout(Deal.new(rules, players, seed=k, log=False, ask_every_chance=True), rng)
        decisions += len(deal.actions)
    on_engine = (time.perf_counter() - began) / decisions
    leaves = []  # states 40 decisions into a deal
    for _ in range(max(4, deals // 4)):
        state = game.new_initial_state()
        steps = 0
        while steps < 40 or state.is_chance_node():
            steps += random_step(state, rng)
        leaves.append(state)
    costs = []
    for label, evaluator in (("OpenSpiel's RandomRolloutEvaluator", mcts.RandomRolloutEvaluator(
            1, np.random.RandomState(1))), ("engine_rollouts", bo.engine_rollouts(1))):
        began = time.perf_counter()
        for state in leaves:
            evaluator.evaluate(state)
        costs.append((f"a leaf valued by {label}, one rollout", (time.perf_counter() - began) / len(leaves)))
    return [("a decision of random play through OpenSpiel's API", through_api),
            ("a decision of random play on the engine (random_playout)", on_engine), *costs]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="russian", help="the rules (default: russian)")
    parser.add_argument("--players", type=int, default=4, help="players (default 4)")
    parser.add_argument("--deals", type=int, default=24, help="deals per tested bot (default 24)")
    parser.add_argument("--simulations", type=int, default=60, help="ISMCTS simulations per decision (default 60)")
    parser.add_argument("--rollouts", type=int, default=1, help="engine rollouts per ISMCTS leaf (default 1)")
    parser.add_argument("--worlds", type=int, default=SEARCH_WORLDS,
                        help=f"the search bot's worlds per decision (default {SEARCH_WORLDS})")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    results = strength(args)
    print(f"{args.deals} deals, {args.rules}, {args.players} players, the tested bot in one seat (rotating) and "
          f"heuristic_bot in the others; seeds {SEED}…{SEED + args.deals - 1}; ISMCTS {args.simulations} "
          f"simulations, {args.rollouts} engine rollout(s) a leaf; search {args.worlds} worlds\n")
    print("| bot | mean score per deal (95% CI) | ISMCTS − bot, same deals (95% CI) | CPU ms per decision |")
    print("|---|---|---|---|")
    ismcts = results["ismcts"][0]
    for name in TESTED:
        values, spent = results[name]
        mean, half = interval(values)
        versus = "—"
        if name != "ismcts":
            d_mean, d_half = interval([a - b for a, b in zip(ismcts, values, strict=True)])
            versus = shown(d_mean, d_half, sign=True)
        cost = f"{1000 * statistics.fmean(spent):.2f}" if spent else "—"
        print(f"| {name} | {shown(mean, half)} | {versus} | {cost} |")
    print("\n| what | µs |\n|---|---|")
    for label, seconds in decision_costs(args.rules, args.players, 20):
        print(f"| {label} | {1e6 * seconds:,.0f} |")
    print(f"\n{time.perf_counter() - began:.0f} s with {args.workers} worker(s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
