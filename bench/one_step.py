"""Which bot decides better, one decision at a time? Paired on the same positions, the stock's luck averaged out.

``bot_strength.py`` pairs whole deals, and once two bots choose differently the rest of their deals part: the
draws go elsewhere and a Bi-bi is a 50-point swing, so over hundreds of deals two search variants still differ by
less than the interval of their difference (bench/README.md, "One decision at a time"). This bench asks each bot for
one decision at a time, in the same positions:

- **The positions.** Deal ``i`` (``Deal.new(rules, players, seed=SEED+i)``) is played by the table's bots,
  ``heuristic_bot`` at every seat, through the play layer with the bots' stream ``bots_rng(SEED+i)``. Every
  decision with a choice of seat ``i mod players`` is a position. So the positions are the heuristic's, not
  the tested bot's: this measures one decision made better, not a whole deal played better.
- **The choices.** At each position every tested bot chooses from the seat's view (``Deal.view``), each with
  the same stream, ``random.Random(f"one-step:{seed}:{k}")``.
- **The values.** Each action chosen is valued on the true deal: the action applied, then the deal played on
  to its end by ``heuristic_bot`` at every seat; the seat's final score. The stock's order is the only luck
  left that no seat has seen (every hand is as it is; the stock, drawn blind, is equally likely in any order
  given them), so each value is the mean over ``--shuffles`` orders of it, the same orders for every action.
- **The figure.** A bot's one-step gain over the base bot is, per deal, the sum over its positions of the
  value of its action less the value of the base bot's action; its mean per deal and 95 % interval, split by
  phase: the draws with two rounds or more left, the last rounds of draws (fewer than two rounds left: the
  heuristic's final-trick rules already apply) and the final tricks (the stock no longer in play). Beside it,
  the decisions changed a deal: the positions at which the bot chose otherwise than the base bot.

Bots are named as in ``bot_strength.py``. The oracle (``make_oracle_bot``) sees the true deal, the stock's order
too, so it chooses again in each order of the stock and is valued in it: what all the hidden cards are worth to
one decision. With two tested bots or more, each is also paired with the first of them.

    nice -n 5 .venv/bin/python bench/one_step.py --deals 600 --presets russian --bots search oracle
    .venv/bin/python bench/one_step.py --deals 20 --bots greedy search --worlds 50

The deals run in parallel worker processes, one per core unless ``--workers`` says otherwise.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from bot_strength import NAMES, PRESETS, SEED, bot_named, interval, seats, shown

from bibi.bots import SEARCH_WORLDS, heuristic_bot
from bibi.deal import Deal
from bibi.heuristic import _phase, _rules_facts
from bibi.play import bots_rng, play

PHASES = ("drawing", "last draws", "final tricks")


def phase(deal: Deal, seat: int) -> str:
    """The phase of a position: the final tricks once the stock is out of play; the last draws once the
    heuristic's final-trick rules apply (``bibi.bots._phase``: fewer than two rounds of draws left); else the
    draws."""
    if not deal.drawing:
        return PHASES[2]
    _, final, _ = _phase(deal.view(seat), _rules_facts(deal.rules))
    return PHASES[1] if final else PHASES[0]


def positions(rules: str, players: int, seed: int, table: str = "heuristic") -> list[Deal]:
    """The tested seat's decisions with a choice in deal ``seed``, played by the table's bots (``bot_strength``'s
    tables; the heuristic at every seat by default, the tested seat a heuristic bot): the deal at each of them
    (a copy)."""
    seat = seed % players
    found: list[Deal] = []

    def recording(deal: Deal) -> bool:  # before each decision; never stops the loop
        if deal.to_act == seat and len(deal.legal_actions()) > 1:
            found.append(deal.copy())
        return False

    bots = seats(table, players, seat, heuristic_bot)
    play(Deal.new(rules, players, seed=seed, log=False), bots, bots_rng(seed), until=recording)
    return found


def reshuffled(deal: Deal, rng: random.Random) -> Deal:
    """``deal`` with the cards still in its stock in another order: its record (``Deal.record``) with the
    stock's part of the pack shuffled, replayed by the engine (``Deal.replay``)."""
    record = deal.record()
    pack = record["deck"]
    dealt = len(pack) - deal.stock_size
    stock = pack[dealt:]
    rng.shuffle(stock)
    record["deck"] = pack[:dealt] + stock
    return Deal.replay(record)


def one_deal(job: tuple) -> list[tuple[str, list[float], list[float]]]:
    """Per position of one deal: its phase, the value of each tested bot's choice (in ``names`` order), and the
    share of the orders of the stock in which that choice is not the base bot's."""
    rules, players, names, worlds, shuffles, seed, differing = job
    seat = seed % players
    out = []
    for k, deal in enumerate(positions(rules, players, seed)):

        def choice(name: str, world: Deal, k: int = k):
            return bot_named(name, 8, worlds, world)(world.view(seat), random.Random(f"one-step:{seed}:{k}"))

        # A bot that sees only the view chooses once; the oracle sees the deal, so it chooses again in each
        # order of the stock, knowing that order, and is valued in it.
        once = {name: choice(name, deal) for name in names if name != "oracle"}
        totals = [0.0] * len(names)
        changed = [0.0] * len(names)
        if differing and len(set(once.values())) == 1:  # every bot chose alike: no difference to value
            out.append((phase(deal, seat), totals, changed))
            continue
        for j in range(shuffles):
            world = reshuffled(deal, random.Random(f"one-step-stock:{seed}:{k}:{j}"))
            values: dict = {}
            actions = [once[name] if name in once else choice(name, world) for name in names]
            for b, action in enumerate(actions):
                changed[b] += (action != actions[0]) / shuffles
                if action not in values:
                    after = world.copy()
                    after.apply(action)
                    play(after, [heuristic_bot] * players, random.Random(f"one-step-play:{seed}:{k}:{j}"))
                    values[action] = after.scores[seat]
                totals[b] += values[action] / shuffles
        out.append((phase(deal, seat), totals, changed))
    return out


def report(rules: str, names: list[str], deals: list[list[tuple[str, list[float], list[float]]]]) -> list[str]:
    """The Markdown rows of one preset: each bot's one-step gain over the base (``names[0]``), by phase."""
    rows = []
    first = names[1] if len(names) > 2 else None
    for b, name in enumerate(names[1:], start=1):
        per_deal = [sum(v[b] - v[0] for _, v, _ in deal) for deal in deals]
        mean, half = interval(per_deal)
        changed = sum(c[b] for deal in deals for _, _, c in deal) / len(deals)
        by = [sum(v[b] - v[0] for deal in deals for ph, v, _ in deal if ph == p) / len(deals) for p in PHASES]
        versus = "—"
        if first is not None and name != first:
            f = names.index(first)
            d_mean, d_half = interval([sum(v[b] - v[f] for _, v, _ in deal) for deal in deals])
            versus = shown(d_mean, d_half, 2, sign=True)
        rows.append(f"| {rules} | {name} | {shown(mean, half, 2, sign=True)} | {changed:.1f} | "
                    + " | ".join(f"{x:+.2f}" for x in by) + f" | {versus} |")
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=600, help="deals per preset (default 600)")
    parser.add_argument("--players", type=int, default=6, help="players (default 6)")
    parser.add_argument("--bots", nargs="+", default=["search", "oracle"], choices=NAMES,
                        help="the bots to test (default: search oracle)")
    parser.add_argument("--base", default="heuristic", choices=NAMES, help="the bot the others are paired with")
    parser.add_argument("--presets", nargs="+", default=list(PRESETS), help="the rules (default: russian italian)")
    parser.add_argument("--worlds", type=int, default=SEARCH_WORLDS, help="the search bot's worlds per decision")
    parser.add_argument("--shuffles", type=int, default=8, help="orders of the stock each value is averaged over")
    parser.add_argument("--differing", action="store_true",
                        help="value only the positions where the bots choose differently (the others differ by 0): "
                             "a paired comparison of bots that mostly agree, such as two searches, with --base one "
                             "of them and more --shuffles")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes")
    args = parser.parse_args(argv)
    if args.differing and "oracle" in args.bots + [args.base]:
        parser.error("--differing: the oracle chooses again in each order of the stock; leave it out")
    if args.deals < 2 or args.shuffles < 1:
        parser.error(f"--deals must be 2 or more and --shuffles 1 or more, not {args.deals} and {args.shuffles}")
    names = [args.base] + [n for n in args.bots if n != args.base]
    if len(names) < 2:
        parser.error(f"--bots: name a bot other than the base ({args.base})")
    began = time.perf_counter()
    lines = [f"| preset | bot | one-step gain over {args.base}, points a deal (95% CI) | decisions changed a deal "
             f"| {' | '.join(PHASES)} | vs {names[1]} (95% CI) |", "|---|---|---|---|---|---|---|---|"]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for rules in args.presets:
            jobs = [(rules, args.players, names, args.worlds, args.shuffles, SEED + i, args.differing)
                    for i in range(args.deals)]
            lines += report(rules, names, list(pool.map(one_deal, jobs, chunksize=4)))
    print(f"{args.deals} deals per preset, {args.players} players, positions of one seat (rotating) in deals "
          f"played by heuristic_bot; each value the mean over {args.shuffles} orders of the stock; seeds "
          f"{SEED}…{SEED + args.deals - 1}\n")
    print("\n".join(lines))
    print(f"\n{time.perf_counter() - began:.0f} s with {args.workers} worker(s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
