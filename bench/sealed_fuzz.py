"""A fuzz run over the sealed table: bots that crash, hang, answer late, answer nonsense or illegal actions, raise,
exit, flood or forge the table's pipe, and look for the deal in their process, at random decisions.

    nice -n 10 .venv/bin/python bench/sealed_fuzz.py --deals 300 --seed 1

Every seat plays ``chaos``: the heuristic, except at about one decision in ``--rate`` where it misbehaves in one of
the ways above, chosen from its view alone (so the same view misbehaves the same way every run). Deal ``i`` has
``3 + i % 4`` players and ``simulate``'s pack for ``(seed, i)``. Each deal must finish; then the same deal is
played in one process by bots that take the default move (the first legal action) at exactly the decisions that
misbehaved, and must give the same record, with one fault reported for each of those decisions and no other. Any
difference stops the run. It prints the counts: deals, decisions, faults by kind, and what each misbehaviour
caused.
"""

from __future__ import annotations

import argparse
import collections
import gc
import hashlib
import os
import sys
import time

from bibi.bots import heuristic_bot
from bibi.cards import CARDS
from bibi.deal import Deal
from bibi.play import bots_rng, play
from bibi.sealed import SealedTable
from bibi.simulation import deal_seed

WAYS = ("crash", "hang", "late", "nonsense", "unreadable", "illegal", "raise", "exit", "flood", "forge", "look")
RATE = 40  # one decision in RATE misbehaves


def way(view) -> str | None:
    """How ``view``'s decision misbehaves (``None``: it does not), from the view alone."""
    key = f"{view.seat}/{view.hand}/{view.trick}/{len(view.tricks)}/{view.stock_size}".encode()
    digest = int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big")
    if digest % RATE:
        return None
    return WAYS[(digest // RATE) % len(WAYS)]


def chaos(view, rng):
    """The heuristic, but at the decisions ``way`` picks."""
    how = way(view)
    if how == "crash":
        os._exit(9)
    if how in ("hang", "late"):
        time.sleep(3600 if how == "hang" else 3)  # late: an answer after the time limit
    if how == "nonsense":
        return object()
    if how == "unreadable":
        return "zz top"
    if how == "illegal":
        return next(c for c in CARDS if c not in view.hand)
    if how == "raise":
        raise KeyError("chaos")
    if how == "exit":
        raise SystemExit(0)
    if how in ("flood", "forge"):
        for thing in gc.get_objects():
            if type(thing).__name__ == "Connection":
                thing.send_bytes(b"x" * (1 << 20) if how == "flood" else b'{"asked": 0, "action": 60}')
    if how == "look":  # the cheat: anything of the engine's that leads to the deal, in this process
        found = [type(x).__name__ for x in gc.get_objects() if type(x).__name__ in ("Deal", "LiveView", "Guard")]
        if found:
            raise RuntimeError(f"found {found[:3]}")
    return heuristic_bot(view, rng)


def twin(log, deal):
    """``chaos`` in one process: the default move where it misbehaves (but ``look``, which finds nothing there)."""
    def bot(view, rng):
        how = way(view)
        if how is not None and how != "look":
            log.append((len(deal.actions), how))
            return view.legal_actions[0]
        return heuristic_bot(view, rng)
    return bot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=1.0)
    args = parser.parse_args()
    caused: collections.Counter[tuple[str, str]] = collections.Counter()
    kinds: collections.Counter[str] = collections.Counter()
    decisions = 0
    start = time.perf_counter()
    tables = {}
    try:
        for i in range(args.deals):
            players = 3 + i % 4
            table = tables.get(players) or tables.setdefault(
                players, SealedTable([chaos] * players, players, timeout=args.timeout))
            key = deal_seed(args.seed, i)
            deal = Deal.new("russian", players, seed=key, dealer=i % players)
            before = len(table.faults)
            table.play(deal, bots_rng(key))
            assert deal.is_over
            faults = table.faults[before:]
            log: list[tuple[int, str]] = []
            again = Deal.new("russian", players, seed=key, dealer=i % players)
            play(again, twin(log, again), bots_rng(key))
            if again.record() != deal.record() or sorted(f.position for f in faults) != sorted(p for p, _ in log):
                sys.exit(f"sealed_fuzz: deal {i} ({players} players) differs from its twin: faults {faults}, "
                         f"expected {log}")
            for fault, (_, how) in zip(sorted(faults, key=lambda f: f.position), sorted(log), strict=True):
                caused[how, fault.kind] += 1
                kinds[fault.kind] += 1
            if (i + 1) % 50 == 0:
                print(f"{i + 1} deals, {sum(kinds.values())} faults, {time.perf_counter() - start:.0f} s",
                      file=sys.stderr)
    finally:
        for table in tables.values():
            decisions += table.decisions
            table.close()
    print(f"{args.deals} deals (3 to 6 players, seed {args.seed}), {decisions} decisions asked of sealed seats, "
          f"{sum(kinds.values())} faults, every deal equal to its in-process twin; "
          f"{time.perf_counter() - start:.0f} s wall")
    print("faults by kind:", dict(sorted(kinds.items())))
    print("what each misbehaviour caused:", {f"{how} -> {kind}": n for (how, kind), n in sorted(caused.items())})


if __name__ == "__main__":
    main()
