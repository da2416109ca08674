"""The text notation of deals and games, what ``chess.pgn`` is to python-chess: a transcript a person reads (the
hands dealt, each trick, the calls, the trump changes, the scores) and a game's text, deal by deal.

The records themselves (``Deal.record``, ``Game.record``) are the language-free notation that replays a deal;
this module writes what a reader follows, from the engine's own values: the tricks, the events and their text,
the outcome. The engine never imports it; the command line prints with it and the golden playthroughs
(tests/golden) are checked against it.

>>> from bibi.deal import Deal
>>> deal = Deal.new("russian", players=4, seed=1)
>>> print(transcript(deal).splitlines()[0])
russian rules, 4 players; seat 3 deals; trump ♠
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from bibi.cards import Card, sort_key
from bibi.kinds import EventKind

if TYPE_CHECKING:
    from bibi.deal import Deal
    from bibi.game import Game

# What a transcript tells between the tricks; the draws too when asked.
_TOLD = (EventKind.CALL, EventKind.TRUMP_CHANGE, EventKind.TURN_UP)


def cards_text(cards: Iterable[Card]) -> str:
    """Cards by suit and rank in their display form (``K♠ Q♥``); ``—`` for none."""
    return " ".join(c.unicode for c in sorted(cards, key=sort_key)) or "—"


def transcript(deal: Deal, draws: bool = False) -> str:
    """A deal trick by trick: the hands dealt, each trick, the calls and trump changes, the scores."""
    lines = [
        f"{deal.rules.label} rules, {deal.players} players; seat {deal.dealer} deals; "
        f"trump {deal.first_trump.symbol}",
        *(f"  seat {seat}: {cards_text(hand)}" for seat, hand in enumerate(deal.dealt_hands())),
    ]
    tricks = deal.tricks
    pending: list[str] = []  # what happened since the last trick line
    done = started = 0
    for event in deal.events:
        if event.kind == "play" and not started:  # a trick starts: what happened before it comes first
            lines += pending
            pending, started = [], 1
        elif event.kind == "trick":
            lines.append(str(tricks[done]))
            lines += pending
            pending, done, started = [], done + 1, 0
        elif event.kind in _TOLD or (draws and event.kind == EventKind.DRAW):
            pending.append(f"    {event}")
    lines += pending
    lines.append(score_line(deal))
    return "\n".join(lines)


def score_line(deal: Deal) -> str:
    """The scores (card points + Bi-bi points), and the winner(s) once the deal is over."""
    parts = []
    for seat, (cards, bonus) in enumerate(zip(deal.card_points, deal.bonus_points, strict=True)):
        parts.append(f"seat {seat} {cards + bonus}" + (f" ({cards} + Bi-bi {bonus})" if bonus else ""))
    text = "scores: " + ", ".join(parts)
    if not deal.is_over:
        return text + f"\ndeal in progress: seat {deal.to_act} to act ({deal.phase})"
    return text + "\n" + str(deal.outcome())


def game_text(game: Game, deals: bool = False) -> str:
    """Each deal's dealer and trump, each deal's transcript if ``deals``, and the score sheet."""
    lines = []
    for i, deal in enumerate(game.deals):
        lines.append(f"deal {i + 1}: seat {deal.dealer} deals; trump {deal.first_trump.symbol} "
                     f"from {game.trump_source(i)}")
        if deals:
            lines += ["  " + line for line in transcript(deal).splitlines()]
    lines.append(str(game))
    return "\n".join(lines)


__all__ = ["cards_text", "game_text", "score_line", "transcript"]
