"""Do the search's worlds hold what the other hands truly hold? The sampler's priors against the true deals.

The search bot (``make_search_bot``) judges its options in worlds dealt consistent with its view. Consistent is
not enough: players shed cheap cards and keep trumps, point cards, kings and queens, so after a few tricks the
other hands hold more of these than a random deal of the hidden cards gives them, and less of them is left in
the stock. This bench measures it. The positions are ``bench/one_step.py``'s: deal ``i`` played by
``heuristic_bot`` at every seat, every decision with a choice of seat ``i mod players`` while the stock lasts
(in the final tricks every hidden card is in a hand, and both priors agree on how many of each kind). At each,
``--worlds`` worlds are sampled under each prior (``--priors``: ``uniform``, every consistent world alike, and
``keeps``, the search bot's default, ``bibi.bots._keeps``); for each kind of card (trumps, kings and queens,
card points, aces and 2s) it prints what the other hands together truly hold, on average, and how far each
prior's mean over its worlds is from it (true − sampled, 95 % interval), by the tricks played and
over all.

    nice -n 5 .venv/bin/python bench/calibration.py --deals 150

The deals run in parallel worker processes, one per core unless ``--workers`` says otherwise. The seeds start at
30000 (``--seed``), apart from the strength benches' (20260 on) and the one-step bench's variants (90000 on): the
``keeps`` prior's weights were fitted on the first 150 of them; ``--seed 40000`` measures it on other deals.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from bot_strength import interval, shown
from one_step import phase, positions

from bibi.bots import SEARCH_PRIORS, _keeps, _rules_facts
from bibi.cards import Rank
from bibi.deal import Deal
from bibi.sampling import Sampler

SEED = 30000
KINDS = ("trumps", "kings and queens", "card points", "aces and 2s")
STAGES = ((0, 2), (3, 5), (6, None), (0, None))  # tricks played; the last row of a kind pools them all
_KQ = (int(Rank.KING), int(Rank.QUEEN))
_HIGH = (int(Rank.ACE), int(Rank.TWO))


def held(deal: Deal, seat: int) -> list[int]:
    """What the hands other than ``seat``'s hold together, per kind (``KINDS``)."""
    trump, points = deal.trump.index, _rules_facts(deal.rules).points
    cards = [c for s in range(deal.players) if s != seat for c in deal.hand(s)]
    return [sum(c // 13 == trump for c in cards), sum(c % 13 in _KQ for c in cards), sum(points[c] for c in cards),
            sum(c % 13 in _HIGH for c in cards)]


def one_deal(job: tuple) -> list[tuple[int, list[int], dict[str, list[float]]]]:
    """Per position while the stock lasts: the tricks played, the true holdings, each prior's mean holdings."""
    rules, players, priors, worlds, seed = job
    seat = seed % players
    out = []
    for k, deal in enumerate(positions(rules, players, seed)):
        if phase(deal, seat) == "final tricks":
            continue
        view = deal.view(seat)
        means = {}
        for prior in priors:
            sampler = Sampler(view, _keeps(view, _rules_facts(view.rules)) if prior == "keeps" else None)
            rng = random.Random(f"calibration:{seed}:{k}")
            found = [w for w in (sampler.sample(rng, 3) for _ in range(worlds)) if w is not None]
            holdings = [held(w, seat) for w in found]
            means[prior] = [sum(x) / len(found) for x in zip(*holdings, strict=True)] if found else None
        out.append((len(view.tricks), held(deal, seat), means))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=150, help="deals per preset (default 150)")
    parser.add_argument("--players", type=int, default=6, help="players (default 6)")
    parser.add_argument("--presets", nargs="+", default=["russian"], help="the rules (default: russian)")
    parser.add_argument("--priors", nargs="+", default=list(SEARCH_PRIORS), choices=SEARCH_PRIORS,
                        help="the priors to measure (default: all)")
    parser.add_argument("--worlds", type=int, default=40, help="worlds per position and prior (default 40)")
    parser.add_argument("--seed", type=int, default=SEED, help=f"the first deal's seed (default {SEED})")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes")
    args = parser.parse_args(argv)
    if args.deals < 2 or args.worlds < 1:
        parser.error(f"--deals must be 2 or more and --worlds 1 or more, not {args.deals} and {args.worlds}")
    began = time.perf_counter()
    lines = ["| preset | tricks played | positions | kind | the other hands hold | "
             + " | ".join(f"true − {p} (95% CI)" for p in args.priors) + " |",
             "|---|---|---|---|---|" + "---|" * len(args.priors)]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for rules in args.presets:
            jobs = [(rules, args.players, args.priors, args.worlds, args.seed + i) for i in range(args.deals)]
            found = [p for deal in pool.map(one_deal, jobs, chunksize=4) for p in deal]
            for low, high in STAGES:
                stage = [p for p in found if p[0] >= low and (high is None or p[0] <= high)
                         and all(p[2][q] is not None for q in args.priors)]
                if len(stage) < 2:
                    continue
                played = f"{low}–{high}" if high is not None else f"{low}+" if low else "all"
                for k, kind in enumerate(KINDS):
                    true = sum(p[1][k] for p in stage) / len(stage)
                    cells = []
                    for prior in args.priors:
                        mean, half = interval([p[1][k] - p[2][prior][k] for p in stage])
                        cells.append(shown(mean, half, 2, sign=True))
                    lines.append(f"| {rules} | {played} | {len(stage)} | {kind} | {true:.2f} | "
                                 + " | ".join(cells) + " |")
    print(f"{args.deals} deals per preset, {args.players} players, positions of one seat (rotating) while the stock "
          f"lasts, in deals played by heuristic_bot; {args.worlds} worlds per position and prior; seeds "
          f"{args.seed}…{args.seed + args.deals - 1}\n")
    print("\n".join(lines))
    print(f"\n{time.perf_counter() - began:.0f} s with {args.workers} worker(s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
