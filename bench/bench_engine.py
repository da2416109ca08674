"""Engine throughput and memory: random play, Russian and Italian presets, 6 players, one core.

    python bench/bench_engine.py            # the full run (it prints the time it took)
    python bench/bench_engine.py --quick    # small numbers, to check the script itself
    PYTHONPATH=build/compiled python bench/bench_engine.py --throughput   # the compiled engine
                                            # (make compiled builds it; make bench runs both)

Throughput is measured two ways on the same deals: through ``simulate`` (the engine's fast path,
``Deal.playout``, events off, rows streamed into frames) and through the rule-checking ``Deal``
API (``apply`` one action at a time, events on). Rates are per CPU second of this process
(``time.process_time``), so that other work on the machine does not distort them; "card plays"
are tricks × players. Memory is measured in fresh child processes running ``simulate`` alone: the
growth of the resident set (what is held after the run, and the peak during it), per deal, next to
the bytes per deal of the frames it returns. Flat memory means these stay the same per deal as
the run grows.

Beside it, in the same run and on the same core: OpenSpiel's C++ ``oh_hell`` (a trick-taking game with trumps, 6
players, a standard pack) driven from Python through ``pyspiel``, random play (every chance outcome and every legal
action picked by ``random.Random``), in card plays per CPU second, against the engine's ``simulate``; the target is
at least twice OpenSpiel's rate (``pip install open-spiel`` for this part; it is skipped, saying so, without it).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import subprocess
import sys
import time

import bibi
from bibi.deal import COMPILED, Deal
from bibi.play import bots_rng, random_choice
from bibi.simulation import deal_seed, simulate

PLAYERS = 6
TARGET_SIMULATE = 5_000  # deals/s on one core
TARGET_API = 2_500
TARGET_OPENSPIEL = 2.0  # simulate's card plays per CPU second, at least this many times OpenSpiel's oh_hell's


def machine() -> str:
    """Python, CPU model and the cores this process may use."""
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            model = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    engine = (f"the engine compiled by mypyc ({bibi.deal.__file__})" if COMPILED
              else f"the pure-Python engine ({bibi.deal.__file__})")
    return (f"Python {platform.python_version()} on {model}, {cores} cores usable (the runs use one); "
            f"load average {load} before the run\n{engine}")


def through_simulate(rules, deals: int) -> tuple[float, int]:
    """CPU seconds and card plays for ``deals`` deals through ``simulate`` (one worker, no progress bar)."""
    start = time.process_time()
    sim = simulate(rules, PLAYERS, deals, seed=1, progress=False)
    seconds = time.process_time() - start
    return seconds, int(sim.deals.tricks.sum()) * PLAYERS


def through_deal_api(rules, deals: int) -> tuple[float, int]:
    """CPU seconds and card plays for ``deals`` deals through ``Deal.apply``, events on, the same packs and the
    same random choices as ``simulate`` (this measures the checked API itself, so it calls it directly)."""
    plays = 0
    start = time.process_time()
    for i in range(deals):
        key = deal_seed(1, i)
        d = Deal.new(rules, PLAYERS, seed=key, dealer=i % PLAYERS)
        choose = random_choice(bots_rng(key))
        while not d.is_over:
            d.apply(choose(d.legal_actions()))
        plays += len(d.tricks) * PLAYERS
    return time.process_time() - start, plays


def through_openspiel(deals: int) -> tuple[float, int, int] | None:
    """CPU seconds, card plays and actions (every step of the state: chance outcomes, bids, plays) for ``deals``
    random deals of OpenSpiel's ``oh_hell`` at 6 players, driven from Python; ``None`` without ``pyspiel``."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": PLAYERS})
    pack = game.get_parameters()["num_suits"] * game.get_parameters()["num_cards_per_suit"]
    rng = random.Random(1)
    r = rng.random
    plays = steps = 0
    start = time.process_time()
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(r() * len(outcomes))][0])
            else:
                legal = state.legal_actions()
                action = legal[int(r() * len(legal))]
                plays += action < pack  # a card played (bids are numbered after the cards)
                state.apply_action(action)
            steps += 1
    return time.process_time() - start, plays, steps


def against_openspiel(deals: int, ours_deals: int) -> None:
    print(f"\nAgainst OpenSpiel's C++ oh_hell driven from Python ({PLAYERS} players, random play, one core)")
    found = through_openspiel(max(10, deals // 10))
    if found is None:
        print("pyspiel is not installed (pip install open-spiel): skipped")
        return
    seconds, plays, steps = found
    theirs = plays / seconds
    ours = {}
    for rules in (bibi.RUSSIAN, bibi.ITALIAN):
        s, p = through_simulate(rules, ours_deals)
        ours[rules.name] = p / s
    print(f"oh_hell: {plays / seconds:,.0f} card plays/s ({steps / seconds:,.0f} state steps/s, chance outcomes and "
          "bids included)")
    for name, rate in ours.items():
        ratio = rate / theirs
        verdict = "met" if ratio >= TARGET_OPENSPIEL else "NOT met"
        print(f"{name:<9} simulate: {rate:,.0f} card plays/s = {ratio:.2f} × OpenSpiel's"
              f"  ≥ {TARGET_OPENSPIEL:g}×: {verdict}")


def throughput(deals: int, api_deals: int) -> None:
    print(f"\nThroughput, random play, {PLAYERS} players, one core (rates per CPU second of this process)")
    print(f"{'rules':<9} {'path':<24} {'deals':>8} {'CPU s':>8} {'deals/s':>9} {'plays/s':>10}  target")
    for rules in (bibi.RUSSIAN, bibi.ITALIAN):
        simulate(rules, PLAYERS, 200, progress=False)  # warm up
        for path, run, n, target in (("simulate (fast path)", through_simulate, deals, TARGET_SIMULATE),
                                     ("Deal API (apply, events)", through_deal_api, api_deals, TARGET_API)):
            seconds, plays = run(rules, n)
            rate = n / seconds
            verdict = "met" if rate >= target else "NOT met"
            print(f"{rules.name:<9} {path:<24} {n:>8,} {seconds:>8.2f} {rate:>9,.0f} {plays / seconds:>10,.0f}"
                  f"  ≥ {target:,} deals/s: {verdict}")


def _rss() -> int:
    """The resident set size now, in bytes (Linux)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def child(deals: int) -> None:
    """In a fresh process: the memory a ``simulate`` run takes, printed as JSON."""
    simulate("ru", PLAYERS, 100, progress=False)  # imports and caches first
    before = _rss()
    sim = simulate("ru", PLAYERS, deals, progress=False)
    held = _rss()
    peak = max(held, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024)
    frames = int(sim.seats.memory_usage(deep=True).sum() + sim.deals.memory_usage(deep=True).sum())
    print(json.dumps({"peak": peak - before, "held": held - before, "frames": frames}))


def measure(deals: int) -> dict:
    """Run ``child`` in a fresh interpreter and read its figures."""
    done = subprocess.run([sys.executable, __file__, "--child", str(deals)], capture_output=True, text=True,
                          check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def memory(sizes: list[int]) -> None:
    print(f"\nMemory of simulate (Russian, {PLAYERS} players, one worker), each run in a fresh process;")
    print("growth of the resident set over the run, in bytes per deal:")
    print(f"{'deals':>9} {'frames returned':>18} {'held after':>11} {'peak':>6} {'peak / frames':>14}")
    for n in sizes:
        m = measure(n)
        print(f"{n:>9,} {m['frames'] / 2**20:>7.1f} MB = {m['frames'] / n:>4.0f} {m['held'] / n:>11.0f}"
              f" {m['peak'] / n:>6.0f} {m['peak'] / m['frames']:>14.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="small numbers, to check the script")
    parser.add_argument("--throughput", action="store_true", help="throughput only, no memory runs")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    quick = args.quick
    began = time.perf_counter()
    print(machine())
    throughput(deals=2_000 if quick else 20_000, api_deals=1_000 if quick else 5_000)
    against_openspiel(2_000 if quick else 20_000, 1_000 if quick else 5_000)
    if not args.throughput:
        memory([5_000, 20_000] if quick else [20_000, 200_000])
    print(f"\n{time.perf_counter() - began:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
