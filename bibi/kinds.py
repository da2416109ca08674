"""The kinds of actions and events, as enums with distinct names.

An action is what a player decides (``Card.kind``, ``Action.kind``); an event is what happened
(``Event.kind``). The two vocabularies share a word only where they speak of the same thing: a call
(the action ``bibi H`` and the event of the call), a pass, a card played. The trump moving is an event,
``trump_change``; the leader's decision that moves it is the action ``switch`` (notation ``trump H``).
Both are ``StrEnum``: a kind compares equal to its value (``Event.kind == "draw"``), for the user who types one;
the kit itself compares kinds as enums (``event.kind is EventKind.DRAW``), never as strings.

>>> ActionKind.SWITCH, EventKind.TRUMP_CHANGE
(<ActionKind.SWITCH: 'switch'>, <EventKind.TRUMP_CHANGE: 'trump_change'>)
>>> ActionKind.SWITCH == EventKind.TRUMP_CHANGE
False
"""

from __future__ import annotations

from enum import StrEnum


class ActionKind(StrEnum):
    """What a decision is: play a card (``KS``), call a pair (``bibi H``), ``pass``, switch the trump (``trump H``)."""

    PLAY = "play"
    CALL = "call"
    PASS = "pass"
    SWITCH = "switch"


class EventKind(StrEnum):
    """What happened: see ``bibi.deal.Event`` for the fields each kind sets."""

    DEAL = "deal"
    CALL = "call"
    PASS = "pass"
    PLAY = "play"
    DRAW = "draw"
    TRICK = "trick"
    TRUMP_CHANGE = "trump_change"
    TURN_UP = "turn_up"
    END = "end"


__all__ = ["ActionKind", "EventKind"]
