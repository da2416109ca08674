"""How strong is each level for learners? Ratings on one scale from tables where every level plays, paired deal by deal.

The levels are ``bibi.levels.LEVELS`` (``beginner``, ``casual``, ``club``, ``expert``: the kit's random, greedy,
heuristic and search bots). Every deal is played by a table of 6 holding every level: the lineup ``LINEUP`` (the
expert once, the club and casual levels twice, the beginner once), its first seat ``i mod 6`` in deal ``i``, so
every level sits in every seat as often, after and before every other. Deal ``i`` is ``Deal.new(rules, 6,
seed=SEED+i)``, played through the play layer with the bots' stream ``bots_rng(SEED+i)``.

Per deal, each level's score is the mean of its seats' scores. A level's **rating** is the mean over the deals of
its score less the ``club`` level's at the same table (so ``club`` is 0), with its 95 % interval (1.96 standard
errors of the paired differences); its **margin** is the same against the level below it. ``--write`` stores them
in ``bibi/data/levels.toml``, from which notebook 06 and the play table show them (``bibi.levels``).

    nice -n 10 .venv/bin/python bench/levels.py --deals 2000 --workers 2 --write

The deals run in parallel worker processes, one per core unless ``--workers`` says otherwise.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bot_strength import interval

from bibi.deal import Deal
from bibi.levels import LEVELS, level_bot
from bibi.play import bots_rng, play

SEED = 50000
PRESETS = ("russian", "italian")
PLAYERS = 6
LINEUP = ("expert", "club", "casual", "beginner", "club", "casual")  # seats from the first, clockwise
DATA = Path(__file__).resolve().parent.parent / "bibi" / "data" / "levels.toml"


def scores(job: tuple) -> list[dict[str, float]]:
    """Per deal of ``start`` … ``stop - 1``: each level's mean score at its seats."""
    rules, start, stop = job
    bots = {name: level_bot(name) for name in set(LINEUP)}
    out = []
    for i in range(start, stop):
        seats = [LINEUP[(s - i) % PLAYERS] for s in range(PLAYERS)]  # LINEUP[0] sits in seat i mod 6
        deal = play(Deal.new(rules, PLAYERS, seed=SEED + i, log=False), [bots[name] for name in seats],
                    bots_rng(SEED + i))
        by_level: dict[str, list[int]] = {}
        for seat, name in enumerate(seats):
            by_level.setdefault(name, []).append(deal.scores[seat])
        out.append({name: sum(points) / len(points) for name, points in by_level.items()})
    return out


def measure(rules: str, deals: int, workers: int) -> dict[str, tuple[float, float, float, float]]:
    """Per level: its rating and half-interval, its margin over the level below and half-interval."""
    chunk = max(1, min(25, deals // max(1, 2 * workers)))
    jobs = [(rules, start, min(start + chunk, deals)) for start in range(0, deals, chunk)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        per_deal = [row for rows in pool.map(scores, jobs) for row in rows]
    out = {}
    for k, level in enumerate(LEVELS):
        rating, half = interval([row[level.name] - row["club"] for row in per_deal])
        margin = margin_half = 0.0
        if k:
            margin, margin_half = interval([row[level.name] - row[LEVELS[k - 1].name] for row in per_deal])
        out[level.name] = (rating, half, margin, margin_half)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per preset (default 2000)")
    parser.add_argument("--presets", nargs="+", default=list(PRESETS), help="the rules (default: russian italian)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--write", action="store_true", help=f"store the ratings in {DATA.name} (bibi.levels)")
    args = parser.parse_args(argv)
    if args.deals < 2:
        parser.error(f"--deals must be 2 or more, not {args.deals}")
    began = time.perf_counter()
    found = {rules: measure(rules, args.deals, args.workers) for rules in args.presets}
    seeds = f"{SEED}…{SEED + args.deals - 1}"
    print(f"{args.deals} deals per preset, {PLAYERS} players, every level at every table ({', '.join(LINEUP)}, "
          f"rotating); seeds {seeds}\n")
    print("| preset | level | bot | rating: points a deal vs club (95% CI) | margin over the level below (95% CI) |")
    print("|---|---|---|---|---|")
    for rules, levels in found.items():
        for k, level in enumerate(LEVELS):
            rating, half, margin, margin_half = levels[level.name]
            above = "—" if not k else f"{margin:+.1f} ± {margin_half:.1f}"
            print(f"| {rules} | {level.name} | {level.bot} | {rating:+.1f} ± {half:.1f} | {above} |")
    if args.write:
        command = "nice -n 10 .venv/bin/python bench/levels.py " + " ".join(argv if argv is not None else sys.argv[1:])
        lines = ["# Written by bench/levels.py: the levels' ratings (bibi.levels). Do not edit by hand.",
                 f'command = "{command}"', f"deals = {args.deals}", f"players = {PLAYERS}", f'seeds = "{seeds}"', ""]
        for rules, levels in found.items():
            lines.append(f"[ratings.{rules}]")
            lines += [f"{name} = [{', '.join(f'{x:.2f}' for x in values)}]" for name, values in levels.items()]
            lines.append("")
        DATA.write_text("\n".join(lines), encoding="utf-8")
        print(f"\nwritten to {DATA}", file=sys.stderr)
    print(f"\n{time.perf_counter() - began:.0f} s with {args.workers} worker(s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
