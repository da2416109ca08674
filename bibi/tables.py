"""Tables of one deal: its score line by line, the stock at each lead, the events of each trick, for the views
and the notebooks (simulation frames are in ``bibi.simulation``). Only ``score_frame`` needs pandas, and imports it
when called: the rest is plain Python, for pages that run without pandas.

>>> from bibi.play import play_seeded
>>> frame = score_frame(play_seeded("ru", 4, seed=2, bots="greedy"))
>>> int(frame.loc["total", "all"]) == 264 + 50 * int((frame.index.str.startswith("Bi-bi")).sum())
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from bibi.cards import Card, Rank
from bibi.deal import Deal, Event
from bibi.kinds import EventKind

if TYPE_CHECKING:
    import pandas as pd


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
    import pandas as pd  # lazy: the rest of the module runs without pandas

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


def stock_at_leads(deal: Deal) -> tuple[int, ...]:
    """The cards in the stock, face down, as each completed trick of ``deal`` was led: the pack less the hands
    dealt and the cards drawn before that lead (the deal's public ``history``), and 0 once the leftovers lie face up.

    >>> from bibi.play import play_seeded
    >>> stock_at_leads(play_seeded("ru", 6, seed=1, bots="random"))[:3]
    (62, 56, 50)
    """
    draws = [trick for trick, _ in deal.history.draws]
    start = len(deal.deck) - deal.players * deal.rules.hand_size
    face_up = deal.face_up_from
    return tuple(0 if face_up is not None and t >= face_up else start - sum(d < t for d in draws)
                 for t in range(len(deal.tricks)))


def trick_events(deal: Deal, number: int) -> tuple[Event, ...]:
    """The events of trick ``number`` (0-based) of ``deal``, in order: for the first trick the calls of pairs dealt
    in the hand; its plays, the draws and the calls they bring; the trick won; the trump change it brings; the draws
    after it (I9). A switch of the trump belongs to the trick its holder then leads, and the turn-up of the
    leftovers to the trick that begins with a short stock, whether the table sees it at that trick's start (R25)
    or at the failed draw after it (I16). Every event but the deal's first and last belongs to one trick.

    >>> from bibi.play import play_seeded
    >>> deal = play_seeded("it", 6, seed=1, bots="greedy")
    >>> [str(e) for e in trick_events(deal, 0)][-7:-5]
    ['seat 1 wins the trick (18 points)', 'seat 1 draws 7♠']
    """
    if not 0 <= number < len(deal.tricks):
        raise ValueError(f"number: {number!r} is not a completed trick of this deal (0 to {len(deal.tricks) - 1})")
    short = deal.rules.draw_rounds(deal.players)  # the trick that begins with a short stock
    current, over, mine = 0, False, []
    for event in deal.events:
        kind = event.kind
        if kind in (EventKind.DEAL, EventKind.END):
            continue
        if kind is EventKind.PLAY and over:
            current, over = current + 1, False
        owner = current
        if kind is EventKind.TURN_UP:
            owner = short
        elif kind is EventKind.TRUMP_CHANGE and event.info == "switch" and over:
            owner = current + 1
        elif kind is EventKind.TRICK:
            over = True
        if owner == number:
            mine.append(event)
    return tuple(mine)


__all__ = ["ScoreLine", "score_frame", "score_lines", "stock_at_leads", "trick_events"]
