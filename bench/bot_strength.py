"""How strong is each bot? Mean score per deal, with 95% confidence intervals, paired on the same packs.

The design: in deal ``i`` the tested bot sits in seat ``i mod players`` and the other seats are played by the
table's bots: ``heuristic_bot`` everywhere (``--table heuristic``, the default), ``greedy_bot`` everywhere
(``--table greedy``), or notebook 05's mixed table (``--table mixed``: 4 players, the seat after the tested
one ``greedy_bot``, the other two ``random_bot``). Every bot plays the very same packs (deal ``i`` is
``Deal.new(rules, players, seed=SEED+i)``, played by the play layer with the bots' stream
``bots_rng(SEED+i)``), so the bots can be compared deal by deal: the column "vs BASE" is the mean of the
paired differences from the base bot (``--base``, default heuristic) in the same seat of the same deal, with
its own 95% interval (normal approximation, 1.96 standard errors). With both ``search`` and ``oracle`` tested
it also prints the share of the base→oracle gap that the search bot closes. The CPU time of every decision the
tested bot is asked (forced moves are not asked) is measured: its mean and its worst.

    .venv/bin/python bench/bot_strength.py                                 # 2,000 deals per preset
    .venv/bin/python bench/bot_strength.py --bots heuristic greedy --table mixed --base greedy
    nice -n 10 .venv/bin/python bench/bot_strength.py --deals 300 --bots heuristic search oracle

``--duplicate`` deals every pack with duplicate draws (``Deal.duplicate``): each seat draws the same cards whatever
is played, so two bots' deals that part (a trick won by another seat) still give every seat the same draws, and
the pairing keeps its hold to the deal's end. The chance of the deal is the same (every round's cards are unseen
until drawn, and laid by who draws first, which is public), so each bot's mean score is the same as on ordinary
deals; only its paired difference is less noisy (bench/README.md, "Duplicate draws").

The search bot's budget is ``--worlds`` (default: ``bibi.bots.SEARCH_WORLDS``). ``--scores FILE`` also writes every
deal's score per bot (CSV), from which any paired figure can be had to any precision; ``--against FILE`` reads
such a file back, so a bot that has not changed is paired with a new one without being run again (the file's
table, players and budgets are taken as they were; only its number of players is checked). The oracle
(``make_oracle_bot``) is given the true deal. It prints a Markdown table (the ones in bench/README.md) and
the time taken; the deals run in parallel worker processes, one per core unless ``--workers`` says otherwise.
"""

from __future__ import annotations

import argparse
import csv
import os
import statistics
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor

from bibi.bots import (
    BOTS,
    SEARCH_ENDGAME,
    SEARCH_WORLDS,
    greedy_bot,
    heuristic_bot,
    make_oracle_bot,
    make_sampling_bot,
    make_search_bot,
    random_bot,
)
from bibi.deal import Deal
from bibi.play import bots_rng, play
from bibi.simulation import mean_ci

PRESETS = ("russian", "italian")
SEED = 20260
# search-every: the search playing every world of its budget; the others, variants measured in the lab log
NAMES = [*BOTS, "oracle", "search-before", "search-every", "search-infer", "search-plus", "heuristic-plus"]


def bot_named(name: str, samples: int, worlds: int, deal: Deal):
    """A bot by name; ``sampling`` and ``search`` get the budget asked for, ``oracle`` the deal."""
    if name == "sampling":
        return make_sampling_bot(samples)
    if name == "search":  # the registered search: inference, the careful fallback, the last tricks judged exactly
        return make_search_bot(worlds, infer=True, careful=True, endgame=SEARCH_ENDGAME)
    if name == "search-plus":  # the same, the last tricks judged by the quick rule
        return make_search_bot(worlds, infer=True, careful=True)
    if name == "search-before":  # the search before inference from play (the registered one until it came)
        return make_search_bot(worlds)
    if name == "search-every":
        return make_search_bot(worlds, sequential=False)
    if name == "search-infer":
        return make_search_bot(worlds, infer=True)
    if name == "heuristic-plus":
        from bibi.heuristic import _heuristic, _reasoned

        return _reasoned(lambda view, rng, why: _heuristic(view, rng, why, True), "heuristic_plus", "")
    if name == "oracle":
        return make_oracle_bot(deal)
    return BOTS[name]


def seats(table: str, players: int, seat: int, bot) -> list:
    """The bots of one deal: the tested bot in ``seat``, the table's bots elsewhere."""
    if table == "mixed":
        bots = [random_bot] * players
        bots[(seat + 1) % players] = greedy_bot
    else:
        bots = [greedy_bot if table == "greedy" else heuristic_bot] * players
    bots[seat] = bot
    return bots


def scores(job: tuple) -> tuple[list[int], list[float]]:
    """The tested bot's score in deals ``start`` … ``stop - 1`` of one preset, and the CPU seconds of each of
    its decisions."""
    rules, players, table, name, samples, worlds, start, stop, duplicate = job
    out: list[int] = []
    times: list[float] = []
    for i in range(start, stop):
        seat = i % players
        deal = Deal.new(rules, players, seed=SEED + i, log=False, duplicate=duplicate)
        bot = bot_named(name, samples, worlds, deal)

        def timed(view, rng, bot=bot):
            began = time.process_time()
            action = bot(view, rng)
            times.append(time.process_time() - began)
            return action

        play(deal, seats(table, players, seat, timed), bots_rng(SEED + i))
        out.append(deal.scores[seat])
    return out, times


def interval(values: Iterable[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % confidence interval: the kit's one estimate
    (``bibi.simulation.mean_ci``, the normal approximation; NaN with fewer than two values). Every benchmark takes
    its intervals from here, and writes them with ``shown``."""
    mean, _, high = mean_ci(values)
    return mean, high - mean


def shown(mean: float, half: float, digits: int = 1, sign: bool = False) -> str:
    """An estimate as the lab log writes it, ``+2.4 ± 1.1`` (plain spaces: the log is Markdown; what a person reads
    in the kit is ``bibi.i18n.interval``, in the reader's language)."""
    return f"{mean:{'+' if sign else ''}.{digits}f} ± {half:.{digits}f}"


def run(args) -> dict[tuple[str, str], tuple[list[int], list[float]]]:
    """Every (preset, bot) pair's scores over ``deals`` deals, and its decisions' CPU seconds, in parallel."""
    chunk = max(1, min(50, args.deals // max(1, 2 * args.workers)))
    first, end = args.first, args.first + args.deals
    jobs = [(rules, args.players, args.table, name, args.samples, args.worlds, start, min(start + chunk, end),
             args.duplicate)
            for rules in args.presets for name in args.bots for start in range(first, end, chunk)]
    results: dict[tuple[str, str], tuple[list[int], list[float]]] = {}
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for job, (values, times) in zip(jobs, pool.map(scores, jobs), strict=True):
            key = (job[0], job[3])
            old, spent = results.get(key, ([], []))
            results[key] = (old + values, spent + times)
    return results


HEADER = ["preset", "bot", "deal", "seat", "score"]
DRAWS = {False: "ordinary", True: "duplicate"}  # the ``draws`` column: how the packs were dealt (``--duplicate``)


def write_scores(path: str, results, players: int, first: int = 0, duplicate: bool = False) -> None:
    """Every deal's score per (preset, bot) as CSV, for paired figures to any precision: preset, bot, deal
    (its seed is ``SEED`` + deal), seat, score, draws (``ordinary`` or ``duplicate``)."""
    with open(path, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow([*HEADER, "draws"])
        for (rules, name), (values, _) in results.items():
            writer.writerows([rules, name, i, i % players, score, DRAWS[duplicate]]
                             for i, score in enumerate(values, first))


def read_scores(paths: list[str], args) -> dict[tuple[str, str], tuple[list[int], list[float]]]:
    """The scores of an earlier run's ``--scores`` files, deals 0 … ``deals - 1`` of each of ``presets``, per
    (preset, bot): the same deals (seeds ``SEED`` + deal) as a run now, so they pair with it deal by deal. A file
    that lacks one of these deals, or was run with another number of players or other draws (``--duplicate``; a
    file without the ``draws`` column was dealt ordinary ones), is refused; its CPU times are not kept."""
    found: dict[tuple[str, str], dict[int, int]] = {}
    for path in paths:
        with open(path, newline="", encoding="utf-8") as source:
            rows = list(csv.reader(source))
        if not rows or rows[0] not in (HEADER, [*HEADER, "draws"]):
            sys.exit(f"--against: {path!r} is not a --scores file (its first line is {rows[0] if rows else ''!r})")
        for rules, name, deal, seat, score, *drawn in rows[1:]:
            dealt = drawn[0] if drawn else DRAWS[False]  # a file without the column was dealt ordinary draws
            if dealt != DRAWS[args.duplicate]:
                sys.exit(f"--against: {path!r} was dealt {dealt} draws, this run {DRAWS[args.duplicate]} ones "
                         "(--duplicate): they do not pair")
            if int(seat) != int(deal) % args.players:
                sys.exit(f"--against: {path!r} was run with other than {args.players} players (deal {deal}, seat "
                         f"{seat})")
            found.setdefault((rules, name), {})[int(deal)] = int(score)
    results: dict[tuple[str, str], tuple[list[int], list[float]]] = {}
    for (rules, name), by_deal in found.items():
        if rules not in args.presets:
            continue
        deals = range(args.first, args.first + args.deals)
        missing = [i for i in deals if i not in by_deal]
        if missing:
            sys.exit(f"--against: {name} ({rules}) lacks {len(missing)} of deals {deals[0]}…{deals[-1]}, the first "
                     f"{missing[0]}")
        results[(rules, name)] = ([by_deal[i] for i in deals], [])
    return results


def label(name: str, args) -> str:
    if name == "sampling":
        return f"sampling ({args.samples} samples)"
    if name == "search":
        return f"search ({args.worlds} worlds at most)"
    if name == "search-every":
        return f"search, every world ({args.worlds})"
    return name


def table(results, args) -> str:
    """The Markdown table: mean score per deal, its interval, the paired difference from the base bot, the CPU
    time per decision; then each paired difference exactly (its total and its mean to four decimals), and the
    share of the gap to the oracle that the search bot closes."""
    base_name = args.base
    lines = [f"| preset | bot | mean score per deal (95% CI) | vs {base_name}, same deals (95% CI) "
             f"| CPU ms per decision, mean / worst |", "|---|---|---|---|---|"]
    notes: list[str] = []
    exact: list[str] = []
    for rules in args.presets:
        base = results.get((rules, base_name))
        diffs = {}
        for name in args.bots:
            values, times = results[(rules, name)]
            mean, half = interval(values)
            if base is None or name == base_name:
                versus = "—"
            else:
                paired = [a - b for a, b in zip(values, base[0], strict=True)]
                d_mean, d_half = interval(paired)
                diffs[name] = d_mean
                versus = shown(d_mean, d_half, sign=True)
                # Exact, where the table's one decimal may not tell which side of a round figure it lies.
                exact.append(f"{rules}: {name} − {base_name}: {sum(paired):+,} points over {len(paired):,} deals, "
                             f"{d_mean:+.4f} a deal")
            cost = f"{1000 * statistics.fmean(times):.2f} / {1000 * max(times):.1f}" if times else "—"
            lines.append(f"| {rules} | {label(name, args)} | {shown(mean, half)} | {versus} | {cost} |")
        if "search" in diffs and "oracle" in diffs and diffs["oracle"] > 0:
            notes.append(f"{rules}: the search bot closes {100 * diffs['search'] / diffs['oracle']:.0f} % of the "
                         f"{base_name}→oracle gap ({diffs['search']:+.1f} of {diffs['oracle']:+.1f} points a deal)")
    return "\n".join(lines + ([""] + exact + notes if exact or notes else []))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per preset and bot (default 2000)")
    parser.add_argument("--first", type=int, default=0, help="the first deal (seed 20260 + first), to run a longer "
                                                                "run in parts: --against reads the parts together")
    parser.add_argument("--players", type=int, default=6, help="players (default 6; the mixed table has 4)")
    parser.add_argument("--bots", nargs="+", choices=NAMES,
                        help="the bots to test (default: random greedy heuristic sampling; with --against, none: "
                             "the files' bots are paired as they are)")
    parser.add_argument("--base", default="heuristic", choices=NAMES, help="the bot the others are paired with")
    parser.add_argument("--table", default="heuristic", choices=["heuristic", "greedy", "mixed"],
                        help="who plays the other seats: heuristic bots, greedy bots, or notebook 05's greedy and "
                             "random bots")
    parser.add_argument("--presets", nargs="+", default=list(PRESETS), help="the rules (default: russian italian)")
    parser.add_argument("--duplicate", action="store_true",
                        help="deal duplicate draws: each seat draws the same cards whatever is played (Deal.duplicate)")
    parser.add_argument("--samples", type=int, default=8, help="the sampling bot's samples per decision")
    parser.add_argument("--worlds", type=int, default=SEARCH_WORLDS, help="the search bot's worlds per decision")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument("--scores", metavar="CSV", help="also write every deal's score per bot to this file (the "
                                                            "bots run now)")
    parser.add_argument("--against", metavar="CSV", action="append", default=[],
                        help="pair with the bots of an earlier run's --scores file, on the same deals, without "
                             "running them again (the table, the players and the budgets are the file's own)")
    args = parser.parse_args(argv)
    if args.table == "mixed":
        args.players = 4
    if args.bots is None:
        args.bots = [] if args.against else ["random", "greedy", "heuristic", "sampling"]
    earlier = read_scores(args.against, args)
    kept = list(dict.fromkeys(name for _, name in earlier))
    both = sorted(set(kept) & set(args.bots))
    if both:
        parser.error(f"--bots and --against both give {', '.join(both)}: run it, or read it, not both")
    if args.base not in args.bots and args.base not in kept:
        args.bots.insert(0, args.base)
    if not args.bots and not earlier:
        parser.error(f"--against: no scores of {', '.join(args.presets)} in {', '.join(args.against)}")
    began = time.perf_counter()
    results = run(args)
    ran = dict(results)
    results.update(earlier)
    args.bots += kept
    others = {"heuristic": "heuristic_bot in the others", "greedy": "greedy_bot in the others",
              "mixed": "greedy_bot in the next seat and random_bot in the other two (notebook 05's mixed table)",
              }[args.table]
    print(f"{args.deals} deals per preset, {args.players} players, the tested bot in one seat (rotating) and "
          f"{others}; seeds {SEED + args.first}…{SEED + args.first + args.deals - 1}"
          f"{', duplicate draws' if args.duplicate else ''}\n")
    print(table(results, args))
    if args.scores:
        write_scores(args.scores, ran, args.players, args.first, args.duplicate)
    print(f"\n{time.perf_counter() - began:.0f} s with {args.workers} worker(s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
