"""Tables of one deal or game as pandas frames, for the views and the notebooks (simulation frames are in
``bibi.simulation``). Like the simulation layer, this module imports pandas; the engine never does.

>>> from bibi.play import play_seeded
>>> frame = score_frame(play_seeded("ru", 4, seed=2, bots="greedy"))
>>> int(frame.loc["total", "all"]) == 264 + 50 * int((frame.index.str.startswith("Bi-bi")).sum())
True
"""

from __future__ import annotations

from typing import NamedTuple

import pandas as pd

from bibi.cards import Card, Rank
from bibi.deal import Deal


class ScoreLine(NamedTuple):
    """One line of a deal's score: a trick, a Bi-bi, the leftovers, or the points still out.

    ``kind`` is ``trick``, ``call``, ``leftovers`` or ``out``; ``trick`` the trick's number (0-based; for a call,
    the trick it came in, -1 before the first); ``seat`` who got the points (``None``: nobody); ``cards`` the cards
    that scored, each with its card points (for a call, the king and queen laid down, each with 0: the call's
    points are the pair's, its cards score again in the trick that wins them); ``points`` the line's points.
    """

    label: str
    kind: str
    trick: int | None
    seat: int | None
    cards: tuple[tuple[Card, int], ...]
    points: int


def score_lines(deal: Deal) -> list[ScoreLine]:
    """The lines of ``deal``'s score in the order they came (the rows of ``score_frame``), with the cards that
    scored: every trick (its cards worth points), every Bi-bi, the leftovers nobody won, and what is still out.

    Their points add up to the pack's card points plus the Bi-bi points of every call.

    >>> from bibi.play import play_seeded
    >>> deal = play_seeded("it", 5, seed=3, bots="greedy")
    >>> sum(line.points for line in score_lines(deal)) == 264 + 50 * len(deal.calls)
    True
    """
    rules = deal.rules
    value = rules.card_points

    def scoring(cards: tuple[Card, ...] | list[Card]) -> tuple[tuple[Card, int], ...]:
        return tuple((c, value[c.rank]) for c in cards if value[c.rank])

    def call_line(call, where: str) -> ScoreLine:
        pair = (Card(Rank.KING, call.suit), Card(Rank.QUEEN, call.suit))
        return ScoreLine(f"Bi-bi {call.suit.symbol} ({where})", "call", call.trick, call.seat,
                         ((pair[0], 0), (pair[1], 0)), rules.bibi_points)

    lines: list[ScoreLine] = []
    calls = list(deal.calls)
    for call in [c for c in calls if c.trick < 0]:
        lines.append(call_line(call, "dealt"))
    for trick in deal.tricks:
        lines.append(ScoreLine(f"trick {trick.number + 1}", "trick", trick.number, trick.winner,
                               scoring(trick.cards), trick.points))
        for call in [c for c in calls if c.trick == trick.number]:
            lines.append(call_line(call, f"trick {trick.number + 1}"))
    for call in [c for c in calls if c.trick >= len(deal.tricks)]:
        lines.append(call_line(call, f"trick {call.trick + 1}"))
    lines.append(ScoreLine("leftovers", "leftovers", None, None, scoring(deal.leftovers), deal.leftover_points))
    if not deal.is_over:
        played = sum(deal.card_points) + deal.leftover_points
        lines.append(ScoreLine("still in hands and stock", "out", None, None, (), rules.total_points() - played))
    return lines


def score_frame(deal: Deal) -> pd.DataFrame:
    """The deal's points as a pandas DataFrame: a row per trick and per call, in the order they came,
    then the leftovers and the cards still out; a column per seat, ``nobody`` and ``all``; a total row.

    The card points of all rows but the calls add up to the pack's (264 with two packs).
    """
    n = deal.players
    columns = [f"seat {s}" for s in range(n)] + ["nobody", "all"]
    rows: list[tuple[str, list[int]]] = []
    for line in score_lines(deal):
        values = [0] * (n + 2)
        values[n if line.seat is None else line.seat] = line.points
        values[-1] = line.points
        rows.append((line.label, values))
    frame = pd.DataFrame([v for _, v in rows], index=[label for label, _ in rows], columns=columns)
    frame.loc["total"] = frame.sum()
    return frame


__all__ = ["ScoreLine", "score_frame", "score_lines"]
