"""Who won: the one place that says it, for a deal (``Deal.outcome()``) and a game (``Game.outcome()``).

The highest score wins (R9; I17); equal highest scores share the win (a convention: no text says it).
Every surface that names a winner (the command line, the score sheets, the views, the simulation's
``win``/``shared_win`` columns) asks ``Outcome``. Its text is in the language in force (``bibi.language``).

>>> o = Outcome.of([120, 300, 300, 90])
>>> o.winners, o.shared, o.margin, o.margins
((1, 2), True, 0, (180, 0, 0, 210))
>>> Outcome.on_top([120, 300, 300, 90]) == o.winners
True
>>> str(o)
'shared win: seat 1 and seat 2'
>>> Outcome.of([120, 300, 90]).margin, str(Outcome.of([120, 300, 90]))
(180, 'winner: seat 1')
>>> str(Outcome.of([0, 0, 0, 0], final=False)), str(Outcome.of([5, 0, 5, 5]))
('all 4 seats are level', 'shared win: seat 0, seat 2 and seat 3')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bibi.i18n import _, ngettext, pgettext


class Outcome(NamedTuple):
    """The scores, the seats on top (``winners``), whether they share the win, and ``margin``: the lead of
    the winner over the next best seat (0 when the win is shared). ``final`` is False while play goes on
    (the winners are then the leaders)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    shared: bool
    margin: int
    final: bool = True

    @classmethod
    def of(cls, scores: Sequence[int], final: bool = True) -> Outcome:
        """The outcome of ``scores``, one per seat."""
        scores = tuple(scores)
        winners = cls.on_top(scores)
        best = scores[winners[0]]
        if len(winners) > 1:
            return cls(scores, winners, True, 0, final)
        return cls(scores, winners, False, best - max([s for s in scores if s != best], default=best), final)

    @staticmethod
    def on_top(scores: Sequence[int]) -> tuple[int, ...]:
        """The seats with the highest score: ``Outcome.of(scores).winners``, for a caller that needs no more
        (``simulate`` asks it once a deal)."""
        best = max(scores)
        return tuple([seat for seat, score in enumerate(scores) if score == best])

    @property
    def winner(self) -> int | None:
        """The one winner, or ``None`` when the win is shared."""
        return None if self.shared else self.winners[0]

    @property
    def margins(self) -> tuple[int, ...]:
        """How far each seat is behind the top score (0 for the winners)."""
        best = max(self.scores)
        return tuple(best - score for score in self.scores)

    def wins(self, seat: int) -> float:
        """The seat's share of the win: 1 alone on top, 1/k when k share it, else 0."""
        return 1 / len(self.winners) if seat in self.winners else 0.0

    def place(self, seat: int) -> int:
        """The seat's place: 1 + how many seats scored more (seats sharing a score share the place)."""
        mine = self.scores[seat]
        return 1 + sum(1 for score in self.scores if score > mine)

    def who(self) -> str:
        """The winners in words: ``seat 1``, ``seat 1 and seat 2``, ``seat 0, seat 1 and seat 3``, or ``all 4
        seats`` when every seat is on the same score."""
        n = len(self.scores)
        if len(self.winners) == n > 2:
            return ngettext("all {n} seats", "all {n} seats", n).format(n=n)
        names = [_("seat {seat}").format(seat=s) for s in self.winners]
        if len(names) == 1:
            return names[0]
        # TRANSLATORS: the last two of a list of seats ("seat 0, seat 2 and seat 3")
        return pgettext("list", "{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])

    def __str__(self) -> str:
        n = len(self.scores)
        if not self.final:
            if len(self.winners) == n > 1:
                if n > 2:
                    return ngettext("all {n} seats are level", "all {n} seats are level", n).format(n=n)
                return _("both seats are level")
            return _("leading: {who}").format(who=self.who())
        if self.shared:
            return _("shared win: {who}").format(who=self.who())
        return _("winner: {who}").format(who=self.who())


__all__ = ["Outcome"]
