"""Does reading the others' play place the hidden cards better? Each sampler's worlds against the true deals.

The positions are ``bench/one_step.py``'s: deal ``i`` played by the table's bots (``heuristic_bot`` at every seat
unless ``--table`` says otherwise), every decision with a choice of seat ``i mod players``, while the stock lasts
and in the final tricks. At each, ``--worlds`` worlds are dealt by each sampler (``--samplers``):

- ``uniform``: the hidden cards dealt at random among the worlds consistent with the view (``Sampler(view)``);
- ``keeps``: the search bot's prior before inference (point cards, kings and queens, and under R13 trumps, more
  often in the other hands than in the stock; ``bibi.bots._keeps``);
- ``inference``: that prior, and the worlds dealt within what each other seat's plays say it did not hold
  (``bibi.inference.lacks``, ``Sampler(view, held, lacks=…)``): the search bot's worlds now.

For each, ``bibi.inference.true_location`` measures the probability the worlds give to where each hidden point card
(2, A, K, Q, J) truly lies (in which other hand, or in the stock), and its log (floored at 0.01; a proper score,
which does not reward worlds surer than they should be). Each deal's positions are pooled (the positions of one
deal are not independent), and the samplers are paired deal by deal: the figure is the mean per deal of each
sampler's score less the first sampler's, with its 95 % interval over the deals. Rows by phase: while the stock
lasts (``drawing``; every hidden card may be in a hand or the stock), the final tricks (``final``; every hidden
card is in a hand), and all.

    nice -n 10 .venv/bin/python bench/inference.py --deals 300 --presets russian italian --workers 2
    nice -n 10 .venv/bin/python bench/inference.py --deals 100 --table mixed   # players the model does not fit

A bot writer measures a sampler of their own the same way: ``true_location(deal, seat, worlds)`` at positions of
their choice. The deals run in parallel worker processes, one per core unless ``--workers`` says otherwise; the
seeds start at 40000 (``--seed``), apart from the strength benches' (20260 on).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from bot_strength import interval, shown
from one_step import positions

from bibi.bots import _FEWEST, _STEPS, search_sampler
from bibi.inference import Placed, true_location
from bibi.sampling import Sampler, SearchExhausted

SEED = 40000
SAMPLERS = ("keeps", "inference", "uniform")
STEPS = _STEPS  # the exhaustive search's steps for all the worlds of one position and sampler (the search bot's)
FEWEST = _FEWEST  # a position where a sampler finds fewer worlds within them is left out, for every sampler
PHASES = ("drawing", "final", "all")


def sampler(kind: str, view) -> Sampler:
    """The sampler of a kind (``SAMPLERS``) for ``view``, its exhaustive search bounded as the search bot's is."""
    return search_sampler(view, "uniform" if kind == "uniform" else "keeps", STEPS, kind == "inference")


def one_deal(job: tuple) -> dict[tuple[str, str], list[float]]:
    """Per (sampler, phase), over the deal's positions: ``FIELDS`` (``Placed``'s sums, the CPU seconds the worlds
    took, the positions)."""
    rules, players, kinds, worlds, seed, table = job
    seat = seed % players
    out: dict[tuple[str, str], list[float]] = {}
    for k, deal in enumerate(positions(rules, players, seed, table)):
        view = deal.view(seat)
        phase = "drawing" if deal.drawing else "final"
        measured = []
        for kind in kinds:
            rng = random.Random(f"inference:{seed}:{k}")
            began = time.process_time()
            found = sampler(kind, view)
            dealt = []
            try:
                dealt += [found.world(rng, 3) for _ in range(worlds)]
            except SearchExhausted:  # where worlds are hard to find: those found so far, if enough
                pass
            measured.append((kind, dealt, time.process_time() - began))
        if any(len(dealt) < FEWEST for _, dealt, _ in measured):
            out.setdefault(("skipped", "all"), [0.0] * len(FIELDS))[-1] += 1
            continue
        for kind, dealt, spent in measured:
            placed = true_location(deal, seat, dealt)
            for key in ((kind, phase), (kind, "all")):
                row = out.setdefault(key, [0.0] * len(FIELDS))
                for i, value in enumerate((*placed, spent, 1)):
                    row[i] += value
    return out


# What ``one_deal`` sums, per (sampler, phase): ``Placed``'s fields, then the CPU seconds and the positions.
FIELDS = (*Placed._fields, "seconds", "positions")
_CARDS, _PROBABILITY, _IN_HANDS, _IN_HANDS_P, _KINDS, _LOG, _SECONDS, _POSITIONS = range(len(FIELDS))


def rows(rules: str, deals: list[dict], kinds: list[str], worlds: int) -> list[str]:
    """The Markdown rows of one preset: per phase and sampler, each measure and its paired difference from the
    first sampler's, per deal."""
    base = kinds[0]
    out = []
    for phase in PHASES:
        kept = [d for d in deals if (base, phase) in d]
        if len(kept) < 2:
            continue
        for kind in kinds:
            cells = []
            for value, over in ((_PROBABILITY, _CARDS), (_IN_HANDS_P, _IN_HANDS), (_LOG, _KINDS)):
                mean = sum(d[(kind, phase)][value] for d in kept) / max(1, sum(d[(kind, phase)][over] for d in kept))
                diffs = [(d[(kind, phase)][value] - d[(base, phase)][value]) / d[(base, phase)][over]
                         for d in kept if d[(base, phase)][over]]
                d_mean, d_half = interval(diffs)
                cells.append(f"{mean:.4f}" + ("" if kind == base else f" ({shown(d_mean, d_half, 4, sign=True)})"))
            spent = sum(d[(kind, phase)][_SECONDS] for d in kept)
            count = sum(d[(kind, phase)][_POSITIONS] for d in kept)
            out.append(f"| {rules} | {phase} | {int(count)} | {kind} | {' | '.join(cells)} | "
                       f"{1000 * spent / count / worlds:.2f} |")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="deals per preset (default 300)")
    parser.add_argument("--players", type=int, default=6, help="players (default 6)")
    parser.add_argument("--presets", nargs="+", default=["russian", "italian"], help="the rules (default: both)")
    parser.add_argument("--samplers", nargs="+", default=list(SAMPLERS), choices=SAMPLERS,
                        help="the samplers to measure, the first the one the others are paired with (default: all)")
    parser.add_argument("--worlds", type=int, default=40, help="worlds per position and sampler (default 40)")
    parser.add_argument("--table", default="heuristic", choices=["heuristic", "greedy", "mixed"],
                        help="who plays the deals: heuristic bots, greedy bots, or notebook 05's mixed table")
    parser.add_argument("--seed", type=int, default=SEED, help=f"the first deal's seed (default {SEED})")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes")
    args = parser.parse_args(argv)
    if args.table == "mixed":
        args.players = 4
    if args.deals < 2 or args.worlds < 1:
        parser.error(f"--deals must be 2 or more and --worlds 1 or more, not {args.deals} and {args.worlds}")
    began = time.perf_counter()
    lines = [f"| preset | phase | positions | sampler | probability of the true place (− {args.samplers[0]}, 95% CI) "
             "| of the cards in a hand | log score | CPU ms a world |", "|---|---|---|---|---|---|---|---|"]
    notes: list[str] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for rules in args.presets:
            jobs = [(rules, args.players, args.samplers, args.worlds, args.seed + i, args.table)
                    for i in range(args.deals)]
            deals = list(pool.map(one_deal, jobs, chunksize=2))
            lines += rows(rules, deals, args.samplers, args.worlds)
            skipped = int(sum(d.get(("skipped", "all"), [0])[-1] for d in deals))
            if skipped:
                notes.append(f"{rules}: {skipped} positions left out, where a sampler found fewer than {FEWEST} "
                             f"worlds within {STEPS:,} steps of search")
    print(f"{args.deals} deals per preset, {args.players} players, {args.table} table; positions of one seat "
          f"(rotating); {args.worlds} worlds per position and sampler; seeds "
          f"{args.seed}…{args.seed + args.deals - 1}\n")
    print("\n".join(lines + ([""] + notes if notes else [])))
    print(f"\n{time.perf_counter() - began:.0f} s with {args.workers} worker(s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
