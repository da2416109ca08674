"""Does the coach find real mistakes? Its labels against a reference run with ten times the worlds.

Deal ``i`` (``Deal.new(rules, players, seed=SEED+i)``) is played through the play layer with the bots' stream
``bots_rng(SEED+i)``, the seat ``i mod players`` by a bot of ``--seat-bots`` (in turn, deal by deal), the others by
``--table``. At every decision of that seat with a choice, **every legal action** is judged as if it had been played,
by the coach's own valuation (``bibi.coach.judge``: a budget of ``--worlds`` worlds, in batches, stopping once the
label is settled), and valued again by a **reference**: ten times the worlds (``--reference``, default 10 × worlds),
dealt from the same view on a stream of its own and every action played in every one of them. The reference's loss of
an action is its best mean minus the action's.

It prints, per preset and player count and in all: the (decision, action) pairs; of those the reference says lose
10 points or more, the share the coach flags as a mistake or a blunder (the acceptance: ≥ 90 %); of the reference's
best actions, the share it flags as a mistake or a blunder (≤ 5 %); the share of reference losses inside the coach's
95 % interval; the same for the actions played; and how other thresholds would fare on the same pairs (labels are a
function of the loss's interval and the thresholds, so they are recomputed from the rows). ``--out FILE`` writes
every pair (CSV) for further study. The CPU time is the process's own (``time.process_time``) per worker.

    nice -n 10 .venv/bin/python bench/coach_calibration.py --deals 8 --presets russian italian --players 6 4 \\
        --workers 2 --out coach_pairs.csv
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from bot_strength import interval, shown

import bibi
from bibi.bots import play_every_action, search_sampler
from bibi.coach import THRESHOLDS, WORLDS, Thresholds, _band, judge
from bibi.deal import Deal
from bibi.errors import SearchExhausted
from bibi.play import bots_rng, play, snapshots

SEED = 45000
PRESETS = ("russian", "italian")
FIELDS = ("preset", "players", "seed", "position", "trick", "bot", "action", "played", "actions", "loss", "low",
          "high", "worlds", "label", "close", "reference_loss", "reference_best", "reference_worlds", "cpu")


def reference(view, legal, worlds: int, seed: int) -> tuple[list[float], int]:
    """Every action's mean own points over ``worlds`` worlds of ``view`` on a stream of the reference's own."""
    sampler = search_sampler(view, steps=2_000_000)
    rng = random.Random(f"coach-reference:{seed}:{view!r}")
    found = []
    for _ in range(worlds):
        try:
            found.append(sampler.world(rng, 3))
        except SearchExhausted:
            break
    seat = view.seat
    sums = [0.0] * len(legal)
    for start in range(0, len(found), 500):  # in slices: the played-out deals are not all kept at once
        for i, per_world in enumerate(play_every_action(found[start:start + 500], legal)):
            sums[i] += sum(final[seat] for final in per_world)
    return [s / max(1, len(found)) for s in sums], len(found)


def pairs_of_deal(job: tuple) -> list[dict]:
    """Every (decision, action) pair of the tested seat in one deal."""
    preset, players, seed, seat_bot, table, worlds, ref_worlds = job
    seat = seed % players
    bots = [table] * players
    bots[seat] = seat_bot
    deal = play(Deal.new(preset, players, seed=seed), bots, bots_rng(seed))
    rows = []
    for at, state in enumerate(snapshots(deal)[:-1]):
        if state.to_act != seat or len(state.legal_actions()) < 2:
            continue
        view = state.view(seat)
        legal = view.legal_actions
        ref, ref_n = reference(view, legal, ref_worlds, seed)
        top = max(ref)
        for i, action in enumerate(legal):
            start = time.process_time()
            d = judge(state, action, worlds=worlds, seed=seed)
            rows.append({
                "preset": preset, "players": players, "seed": seed, "position": at, "trick": d.trick,
                "bot": seat_bot, "action": str(action), "played": action == deal.actions[at], "actions": len(legal),
                "loss": d.loss, "low": d.low, "high": d.high, "worlds": d.worlds, "label": d.label,
                "close": d.close, "reference_loss": top - ref[i], "reference_best": ref[i] == top,
                "reference_worlds": ref_n, "cpu": time.process_time() - start})
    return rows


def label_of(row: dict, thresholds: Thresholds) -> str:
    """The label the coach gives the row's interval under ``thresholds`` (as ``bibi.coach`` reads it)."""
    if row["loss"] == 0:
        return "best"
    return _band(row["low"], thresholds)


def share(hits: int, total: int) -> str:
    """``hits`` of ``total`` in percent, with a 95 % interval (Wilson's)."""
    if not total:
        return "—"
    p, z = hits / total, 1.96
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return f"{100 * p:.1f} % ({100 * (centre - half):.1f}–{100 * (centre + half):.1f}), {hits}/{total}"


def judged(rows: list[dict], thresholds: Thresholds = THRESHOLDS) -> tuple[str, str, str]:
    """Recall (losing ≥ 10, flagged mistake or blunder), false alarms (reference best, flagged), coverage."""
    big = [r for r in rows if r["reference_loss"] >= 10]
    best = [r for r in rows if r["reference_best"]]
    flag = ("mistake", "blunder")
    found = sum(1 for r in big if label_of(r, thresholds) in flag)
    false = sum(1 for r in best if label_of(r, thresholds) in flag)
    inside = sum(1 for r in rows if max(0.0, r["low"]) - 1e-9 <= r["reference_loss"] <= r["high"] + 1e-9)
    return share(found, len(big)), share(false, len(best)), share(inside, len(rows))


def report(rows: list[dict]) -> None:
    print("| preset | players | pairs | losing ≥ 10 flagged mistake or blunder | reference best flagged mistake or "
          "blunder | reference loss inside the interval |")
    print("|---|---|---|---|---|---|")
    groups = sorted({(r["preset"], r["players"]) for r in rows})
    for preset, players in [*groups, ("all", "all")]:
        some = [r for r in rows if preset == "all" or (r["preset"], r["players"]) == (preset, players)]
        print(f"| {preset} | {players} | {len(some)} | " + " | ".join(judged(some)) + " |")
    played = [r for r in rows if r["played"]]
    print(f"| played only | all | {len(played)} | " + " | ".join(judged(played)) + " |")
    halves = [(r["high"] - max(0.0, r["low"])) / 2 for r in played]
    best = [r["loss"] for r in rows if r["reference_best"]]
    print(f"\nThe interval's half-width at the actions played: median {statistics.median(halves):.2f}, mean "
          f"{statistics.fmean(halves):.2f} points; the coach's mean loss on the reference's best actions "
          f"{statistics.fmean(best):.2f} points.")
    print()
    print("Other thresholds (inaccuracy, mistake, blunder) on the same pairs:")
    print("| thresholds | losing ≥ 10 flagged | reference best flagged | labels of the played actions |")
    print("|---|---|---|---|")
    for t in (THRESHOLDS, Thresholds(2, 4, 15), Thresholds(2, 6, 15), Thresholds(3, 8, 20), Thresholds(2, 10, 20)):
        counts = {label: sum(1 for r in played if label_of(r, t) == label)
                  for label in ("best", "good", "inaccuracy", "mistake", "blunder")}
        found, false, _inside = judged(rows, t)
        print(f"| {t.inaccuracy:g}, {t.mistake:g}, {t.blunder:g} | {found} | {false} | "
              + ", ".join(f"{k} {v}" for k, v in counts.items()) + " |")
    print()
    print("Per decision, the actions played (the reference's loss), by the tested seat's bot:")
    print("| bot | decisions | reference loss a decision (95% CI) | coach's loss a decision | flagged mistake or "
          "blunder | worlds a decision (mean) | CPU s a judged action (mean) |")
    print("|---|---|---|---|---|---|---|")
    for bot in sorted({r["bot"] for r in rows}):
        mine = [r for r in played if r["bot"] == bot]
        ref = [r["reference_loss"] for r in mine]
        flagged = sum(1 for r in mine if r["label"] in ("mistake", "blunder"))
        print(f"| {bot} | {len(mine)} | {shown(*interval(ref), 2)} | "
              f"{statistics.fmean(r['loss'] for r in mine):.2f} | {flagged} | "
              f"{statistics.fmean(r['worlds'] for r in mine):.0f} | "
              f"{statistics.fmean(r['cpu'] for r in rows if r['bot'] == bot):.3f} |")


def read(path: str) -> list[dict]:
    def value(key: str, text: str):
        if key in ("played", "reference_best", "close"):
            return text == "True"
        if key in ("loss", "low", "high", "reference_loss", "cpu"):
            return float(text)
        if key in ("players", "seed", "position", "trick", "actions", "worlds", "reference_worlds"):
            return int(text)
        return text

    with open(path, newline="", encoding="utf-8") as f:
        return [{k: value(k, v) for k, v in row.items()} for row in csv.DictReader(f)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=8, help="deals per preset and player count (default 8)")
    parser.add_argument("--players", type=int, nargs="+", default=[6])
    parser.add_argument("--presets", nargs="+", default=list(PRESETS))
    parser.add_argument("--seat-bots", nargs="+", default=["random", "heuristic"],
                        help="the tested seat's bot, in turn deal by deal (default: random heuristic)")
    parser.add_argument("--table", default="heuristic", help="the other seats' bot (default heuristic)")
    parser.add_argument("--worlds", type=int, default=WORLDS, help="the coach's budget per decision")
    parser.add_argument("--reference", type=int, default=None, help="the reference's worlds (default 10 × worlds)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", help="write every pair to this CSV file")
    parser.add_argument("--read", nargs="+", help="report on pairs written before by --out, running nothing")
    args = parser.parse_args(argv)
    if args.read:
        rows = [r for path in args.read for r in read(path)]
        report(rows)
        return 0
    ref_worlds = args.reference or 10 * args.worlds
    jobs = [(preset, players, args.seed + i, args.seat_bots[i % len(args.seat_bots)], args.table, args.worlds,
             ref_worlds) for preset in args.presets for players in args.players for i in range(args.deals)]
    print(f"coach: {args.worlds} worlds at most a decision, reference {ref_worlds}; thresholds {tuple(THRESHOLDS)}; "
          f"seeds {args.seed}…{args.seed + args.deals - 1}; tested seat {' / '.join(args.seat_bots)}, table "
          f"{args.table}; engine compiled: {bibi.deal.COMPILED}")
    began, cpu = time.perf_counter(), time.process_time()
    rows: list[dict] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for done in pool.map(pairs_of_deal, jobs):
            rows += done
            print(f"  {len(rows)} pairs", file=sys.stderr, flush=True)
    if args.out:
        with open(args.out, "w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=FIELDS)
            writer.writeheader()
            writer.writerows(rows)
    report(rows)
    judged_cpu = sum(r["cpu"] for r in rows)
    print(f"\n{time.perf_counter() - began:.0f} s wall with {args.workers} worker(s); {judged_cpu:.0f} s CPU in the "
          f"coach's judgements (the reference's not counted); main process {time.process_time() - cpu:.1f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
