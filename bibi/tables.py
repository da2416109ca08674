"""Tables of one deal or game as pandas frames, for the views and the notebooks (simulation frames are in
``bibi.simulation``). Like the simulation layer, this module imports pandas; the engine never does.

>>> from bibi.play import play_seeded
>>> frame = score_frame(play_seeded("ru", 4, seed=2, bots="greedy"))
>>> int(frame.loc["total", "all"]) == 264 + 50 * int((frame.index.str.startswith("Bi-bi")).sum())
True
"""

from __future__ import annotations

import pandas as pd

from bibi.deal import Deal


def score_frame(deal: Deal) -> pd.DataFrame:
    """The deal's points as a pandas DataFrame: a row per trick and per call, in the order they came,
    then the leftovers and the cards still out; a column per seat, ``nobody`` and ``all``; a total row.

    The card points of all rows but the calls add up to the pack's (264 with two packs).
    """
    n = deal.players
    columns = [f"seat {s}" for s in range(n)] + ["nobody", "all"]
    rows: list[tuple[str, list[int]]] = []

    def add(label: str, seat: int | None, points: int) -> None:
        values = [0] * (n + 2)
        values[n if seat is None else seat] = points
        values[-1] = points
        rows.append((label, values))

    calls = list(deal.calls)
    for call in [c for c in calls if c.trick < 0]:
        add(f"Bi-bi {call.suit.symbol} (dealt)", call.seat, deal.rules.bibi_points)
    for trick in deal.tricks:
        add(f"trick {trick.number + 1}", trick.winner, trick.points)
        for call in [c for c in calls if c.trick == trick.number]:
            add(f"Bi-bi {call.suit.symbol} (trick {trick.number + 1})", call.seat, deal.rules.bibi_points)
    for call in [c for c in calls if c.trick >= len(deal.tricks)]:
        add(f"Bi-bi {call.suit.symbol} (trick {call.trick + 1})", call.seat, deal.rules.bibi_points)
    add("leftovers", None, deal.leftover_points)
    if not deal.is_over:
        played = sum(deal.card_points) + rows[-1][1][-1]
        add("still in hands and stock", None, deal.rules.total_points() - played)
    frame = pd.DataFrame([v for _, v in rows], index=[label for label, _ in rows], columns=columns)
    frame.loc["total"] = frame.sum()
    return frame


__all__ = ["score_frame"]
