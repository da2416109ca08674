"""How strong is each level for learners? Ratings on one scale, each level paired with the club level deal by deal.

The levels are ``bibi.levels.LEVELS`` (``beginner``, ``casual``, ``club``, ``expert``: the kit's random, greedy,
heuristic and search bots). They are measured as ``bench/bot_strength.py`` measures a bot, with its own functions:
in deal ``i`` the level sits in seat ``i mod 6`` of a table of 6 whose other seats are club players (the heuristic
bot), every level on the very same packs (``Deal.new(rules, 6, seed=20260+i)``, the bots' stream
``bots_rng(20260+i)``). A level's **rating** is the mean over the deals of its score less the club level's in the
same seat of the same deal (so ``club`` is 0), with its 95 % interval (1.96 standard errors of the paired
differences); its **margin** is the same against the level below it. A level's seat rotates, so each is measured
in every seat as often. ``--write`` stores them in ``bibi/data/levels.toml``, from which notebook 06 and the play
table show them (``bibi.levels``).

    nice -n 10 .venv/bin/python bench/levels.py --deals 2000 --workers 2 --write

``--against CSV`` (``bot_strength.py --scores``'s files) reads levels' bots measured earlier on the same deals instead
of playing them again, as ``bot_strength.py`` does; ``--scores CSV`` writes the bots played now for it. The deals
run in parallel worker processes, one per core unless ``--workers`` says otherwise.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import tomllib
from pathlib import Path

from bot_strength import SEED, interval, read_scores, run, shown, write_scores

from bibi.levels import LEVELS

PRESETS = ("russian", "italian")
PLAYERS = 6
DATA = Path(__file__).resolve().parent.parent / "bibi" / "data" / "levels.toml"


def measure(results: dict, rules: str) -> dict[str, tuple[float, float, float, float]]:
    """Per level: its rating and half-interval, its margin over the level below and half-interval, from each
    level's bot's scores (``results[(rules, bot)]``, deal by deal)."""
    score = {level.name: results[(rules, level.bot)][0] for level in LEVELS}
    out = {}
    for k, level in enumerate(LEVELS):
        rating, half = interval([a - b for a, b in zip(score[level.name], score["club"], strict=True)])
        if level.name == "club":
            rating = half = 0.0  # the scale's zero: a club player against itself
        margin = margin_half = 0.0
        if k:
            below = score[LEVELS[k - 1].name]
            margin, margin_half = interval([a - b for a, b in zip(score[level.name], below, strict=True)])
        out[level.name] = (rating, half, margin, margin_half)
    return out


def write(found: dict, args: argparse.Namespace, argv: list[str], seeds: str) -> None:
    """Store the ratings of the presets measured in ``DATA``, with the command that measured them (``--against`` and
    ``--scores`` left out: the figures are the same without them), keeping the other presets' as they were."""
    kept = tomllib.loads(DATA.read_text("utf-8")) if DATA.exists() else {}
    spare = ("--against", "--scores")  # files of this machine: the figures are the same without them
    words = [w for k, w in enumerate(argv) if w not in spare and (k == 0 or argv[k - 1] not in spare)]
    runs = {**kept.get("runs", {}), **{rules: {"command": "nice -n 10 .venv/bin/python bench/levels.py "
                                               + " ".join(words), "deals": args.deals, "seeds": seeds}
                                       for rules in found}}
    ratings = {**kept.get("ratings", {}), **found}
    lines = ["# Written by bench/levels.py: the levels' ratings (bibi.levels). Do not edit by hand.",
             f"players = {PLAYERS}", ""]
    for rules in sorted(runs, key=lambda r: (r not in PRESETS, PRESETS.index(r) if r in PRESETS else 0, r)):
        run_ = runs[rules]
        lines += [f"[runs.{rules}]", f'command = "{run_["command"]}"', f"deals = {run_['deals']}",
                  f'seeds = "{run_["seeds"]}"', "", f"[ratings.{rules}]"]
        lines += [f"{name} = [{', '.join(f'{x:.4f}' for x in values)}]" for name, values in ratings[rules].items()]
        lines.append("")
    DATA.write_text("\n".join(lines), encoding="utf-8")
    print(f"\nwritten to {DATA}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per preset (default 2000)")
    parser.add_argument("--presets", nargs="+", default=list(PRESETS), help="the rules (default: russian italian)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--against", metavar="CSV", action="append", default=[],
                        help="levels' bots measured earlier on the same deals (bot_strength.py --scores files)")
    parser.add_argument("--scores", metavar="CSV", help="also write every deal's score per bot played now to this "
                                                            "file (bot_strength.py --against reads it)")
    parser.add_argument("--write", action="store_true", help=f"store the ratings in {DATA.name} (bibi.levels)")
    args = parser.parse_args(argv)
    if args.deals < 2:
        parser.error(f"--deals must be 2 or more, not {args.deals}")
    began = time.perf_counter()
    options = argparse.Namespace(deals=args.deals, first=0, players=PLAYERS, table="heuristic", presets=args.presets,
                                 samples=8, worlds=None, workers=args.workers, against=args.against,
                                 duplicate=False)
    earlier = read_scores(args.against, options)
    options.bots = [level.bot for level in LEVELS if any((rules, level.bot) not in earlier for rules in args.presets)]
    if "search" in options.bots:
        from bibi.bots import SEARCH_WORLDS

        options.worlds = SEARCH_WORLDS
    ran = run(options)
    if args.scores:
        write_scores(args.scores, ran, PLAYERS)
    results = {**ran, **earlier}
    found = {rules: measure(results, rules) for rules in args.presets}
    seeds = f"{SEED}…{SEED + args.deals - 1}"
    print(f"{args.deals} deals per preset, {PLAYERS} players, each level in one seat (rotating) and club players "
          f"(heuristic) in the others; seeds {seeds}\n")
    print("| preset | level | bot | rating: points a deal vs club (95% CI) | margin over the level below (95% CI) |")
    print("|---|---|---|---|---|")
    for rules, levels in found.items():
        for k, level in enumerate(LEVELS):
            rating, half, margin, margin_half = levels[level.name]
            above = "—" if not k else shown(margin, margin_half, sign=True)
            print(f"| {rules} | {level.name} | {level.bot} | {shown(rating, half, sign=True)} | {above} |")
    if args.write:
        write(found, args, argv if argv is not None else sys.argv[1:], seeds)
    print(f"\n{time.perf_counter() - began:.0f} s with {args.workers} worker(s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
