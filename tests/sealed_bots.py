"""Bots for the sealed table's tests (``tests/test_sealed.py``): importable, so that a process of their own can
load them. Each misbehaves at decisions fixed by its view alone, and has an in-process twin that takes the
table's default move (the first legal action) at exactly those decisions."""

from __future__ import annotations

import gc
import os
import time

from bibi.bots import heuristic_bot
from bibi.cards import CARDS


def hangs_here(view) -> bool:
    """Rare decisions, fixed by the view: the fourth trick's lead, in about one deal in seven."""
    return len(view.tricks) == 3 and not view.trick and sum(int(c) for c in view.hand) % 7 == 0


def crashes_here(view) -> bool:
    """Other rare decisions: the sixth trick, in about one deal in six."""
    return len(view.tricks) == 5 and sum(int(c) for c in view.hand) % 6 == 1


def hangs(view, rng):
    if hangs_here(view):
        time.sleep(3600)
    return heuristic_bot(view, rng)


def crashes(view, rng):
    if crashes_here(view):
        os._exit(3)
    return heuristic_bot(view, rng)


def cheats(view, rng):
    """The bot that read every hand through the deal behind its view: here it looks for the deal, or any object
    of the engine's that leads to one, everywhere in its process, and says so by raising."""
    found = {type(x).__name__ for x in gc.get_objects() if type(x).__name__ in ("Deal", "LiveView", "_Tally", "Guard")}
    if found:
        raise RuntimeError(f"found {sorted(found)}")
    return heuristic_bot(view, rng)


def late(view, rng):
    """Answers every time, but after the table's time limit."""
    time.sleep(5)
    return heuristic_bot(view, rng)


def raises(view, rng):
    raise KeyError("no idea")


def nonsense(view, rng):
    return object()


def unreadable(view, rng):
    return "zz top"


def illegal(view, rng):
    return next(c for c in CARDS if c not in view.hand)  # a card it does not hold


def exits(view, rng):
    raise SystemExit(0)


def floods(view, rng):
    """Writes a reply far beyond any action's to the table's pipe, by reaching its connection."""
    for thing in gc.get_objects():
        if type(thing).__name__ == "Connection":
            thing.send_bytes(b"x" * (1 << 20))
    return heuristic_bot(view, rng)


def forges(view, rng):
    """Sends a reply of its own before its answer: a made-up action's number."""
    for thing in gc.get_objects():
        if type(thing).__name__ == "Connection":
            thing.send_bytes(b'{"action": 60, "rng": [1, 2, 3]}')
    return heuristic_bot(view, rng)
