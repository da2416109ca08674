"""A deal's record: the one language-free notation of a deal, as JSON-ready data.

A record holds what makes the deal (the rules, the players, the dealer, the first trump, the whole pack top
first) and the decisions taken in it, each in its notation (``KS``, ``bibi H``, ``pass``, ``trump H``):
``Deal.record()`` writes one with ``deal_record``, and ``Deal.replay`` reads one back with ``check_record``,
then deals the pack and applies the decisions again. Records are strict: every field, no other, each of its
type, the rules whole, as ``Rules.to_json`` writes them. A record's header (a dict, its ``format``, its fields) is
checked here alone, for a deal's record and for a game's (``bibi.game``), in one wording (``check_header``);
``record_format`` says which of the two a record is (``bibi replay``). One field is written only when it is true:
``ask_every_chance`` (``Deal.ask_every_chance``), under which every seat is asked at each chance to call and its
passes are among the decisions; a record without it is a deal made without it.

The module sits below ``bibi.deal`` and builds no deal itself; it is compiled with it
(tools/build_compiled.py).

>>> from bibi.rules import RUSSIAN
>>> record = deal_record(RUSSIAN, 4, 3, Suit.SPADES, [Card("KS")], ["KS"])
>>> record["format"], record["deck"], record["actions"]
('bibi-deal/1', ['KS'], ['KS'])
>>> check_record(record, upto=0).actions
[]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

from bibi.cards import CARD_TEXT, Card, Suit
from bibi.errors import shorten, whole, wrong_type
from bibi.rules import Rules

RECORD_FORMAT: Final = "bibi-deal/1"
GAME_FORMAT: Final = "bibi-game/1"  # bibi.game writes and reads it
RECORD_FIELDS: Final = ("format", "rules", "players", "dealer", "trump", "deck", "actions")
OPTIONAL_FIELDS: Final = ("ask_every_chance",)  # written only when true
_RECORD_NAMES: Final = {RECORD_FORMAT: "record", GAME_FORMAT: "game record"}  # what a message calls each


def check_header(record: Any, form: str, fields: Sequence[str], optional: Sequence[str] = ()) -> None:
    """Check a record's header: a dict, of the format ``form`` (``RECORD_FORMAT``, ``GAME_FORMAT``), holding every
    one of ``fields`` and no other but ``optional``. Another type raises ``TypeError``; the rest ``ValueError``,
    each message led by what the record is ("record: …", "game record: …").

    >>> check_header({"format": "bibi-deal/0"}, RECORD_FORMAT, RECORD_FIELDS)
    Traceback (most recent call last):
    ValueError: record: format is 'bibi-deal/0', expected 'bibi-deal/1'
    >>> check_header({"format": "bibi-game/1", "x": 1}, GAME_FORMAT, ("format",))
    Traceback (most recent call last):
    ValueError: game record: unknown field(s) 'x'
    """
    what = _RECORD_NAMES[form]
    if not isinstance(record, Mapping):
        raise wrong_type(what, record, "a dict")
    if record.get("format") != form:
        raise ValueError(f"{what}: format is {shorten(record.get('format'))}, expected {form!r}")
    for key in fields:
        if key not in record:
            raise ValueError(f"{what}: missing field {key!r}")
    extra = [shorten(k) for k in record if k not in fields and k not in optional]
    if extra:
        raise ValueError(f"{what}: unknown field(s) {', '.join(sorted(extra))[:200]}")


def record_format(record: Any) -> str:
    """The format ``record`` is in, of those the kit reads (a deal's, a game's); ``ValueError`` for another."""
    form = record.get("format") if isinstance(record, Mapping) else None
    if form not in _RECORD_NAMES:
        raise ValueError(f"record: format is {shorten(form)}, expected {RECORD_FORMAT!r} or {GAME_FORMAT!r}")
    return str(form)


def deal_record(
    rules: Rules, players: int, dealer: int, trump: Suit, deck: Sequence[Card], actions: Sequence[object],
    ask_every_chance: bool = False,
) -> dict[str, Any]:
    """The record of a deal: ``trump`` is the first trump, ``deck`` the whole pack top first, ``actions`` the
    decisions applied, in order (each written in its notation, ``str``); ``ask_every_chance`` only if true."""
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "rules": rules.to_json(),
        "players": players,
        "dealer": dealer,
        "trump": trump.value,
        "deck": [CARD_TEXT[c] for c in deck],
        "actions": [str(a) for a in actions],
    }
    if ask_every_chance:
        record["ask_every_chance"] = True
    return record


class CheckedRecord(NamedTuple):
    """A record's fields once checked: the rules read back; the players, dealer, trump and pack as written (the
    deal checks them when it is made from them); the first ``upto`` actions."""

    rules: Rules
    players: Any
    dealer: Any
    trump: str
    deck: list[Any]
    actions: list[str]
    ask_every_chance: bool = False


def check_record(record: Any, upto: Any = None) -> CheckedRecord:
    """The fields of ``record`` (as ``deal_record`` writes it), with its first ``upto`` actions only if given (0 to
    as many as it holds). A malformed record raises ``ValueError`` saying which field is wrong; another type than
    a dict, ``TypeError``."""
    check_header(record, RECORD_FORMAT, RECORD_FIELDS, OPTIONAL_FIELDS)
    for key in RECORD_FIELDS:
        if record[key] is None:  # Deal.new would fill a default in: not the recorded deal
            raise ValueError(f"record: field {key!r} is null")
    try:
        rules = Rules.from_json(record["rules"])
    except (ValueError, TypeError) as exc:
        raise ValueError(f"record: bad rules: {exc}") from None
    actions = record["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ValueError("record: 'actions' must be a list of action notations")
    if upto is not None:  # a position of the record's line, not cut down to its length
        actions = actions[:whole("upto", upto, 0, len(actions))]
    if not isinstance(record["deck"], list):
        raise ValueError("record: 'deck' must be a list of cards")
    if not isinstance(record["trump"], str):
        raise ValueError(f"record: 'trump' must be a suit letter (S, H, D, C), not {shorten(record['trump'])}")
    ask = record.get("ask_every_chance", False)
    if not isinstance(ask, bool):
        raise ValueError(f"record: 'ask_every_chance' must be true or false, not {shorten(ask)}")
    return CheckedRecord(rules, record["players"], record["dealer"], record["trump"], record["deck"], list(actions),
                         ask)


__all__ = ["GAME_FORMAT", "OPTIONAL_FIELDS", "RECORD_FIELDS", "RECORD_FORMAT", "CheckedRecord", "check_header",
           "check_record", "deal_record", "record_format"]
