"""The kit's errors and the one rule for bad input.

Bad input raises a ``ValueError`` (or one of its subclasses here), or a ``TypeError`` for a value of the
wrong type, whose message names the parameter and quotes the value *shortened* (``shorten``): never a
hang, never an error from deep inside, never a silent change. Two failures of an action are told apart,
as python-chess tells ``InvalidMoveError`` from ``IllegalMoveError``:

- ``NotationError``: the text cannot be read as a card or an action at all (``"KX"``, ``"bibi"``);
- ``IllegalAction``: the action is readable, but the rules do not allow it now.

>>> len(shorten("x" * 10**7)) <= LIMIT
True
>>> shorten([[[[[[1]]]]]])
'[[[[[...]]]]]'
>>> issubclass(NotationError, ValueError) and issubclass(IllegalAction, ValueError)
True
"""

from __future__ import annotations

import reprlib
from typing import Any

LIMIT = 60  # the most characters of a value a message quotes
MAX_SEED = 2**64  # the largest whole-number seed (either sign)

_REPR = reprlib.Repr()
_REPR.maxlevel = 4
_REPR.maxstring = LIMIT
_REPR.maxother = LIMIT
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = _REPR.maxfrozenset = 8
_REPR.maxlong = 40


class WrongType(TypeError, ValueError):
    """A value of the wrong type. A ``TypeError``, and a ``ValueError`` too, so that code written to catch
    the kit's bad-input errors as ``ValueError`` (the command line, the views) catches these as well."""


class NotationError(ValueError):
    """Text that cannot be read as a card or an action (not a question of the rules)."""


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message names the rule and its sentence ids."""


class NoWorld(ValueError):
    """No deal is consistent with a view: nothing could have been dealt so that the seat sees what it sees
    (``bibi.sampling``)."""


class SearchExhausted(RuntimeError):
    """The sampler's exhaustive search gave up within its budget, without deciding whether a world exists
    (``bibi.sampling``)."""


def shorten(value: Any, limit: int = LIMIT) -> str:
    """``repr(value)`` cut to at most ``limit`` characters (an ellipsis marks the cut); safe on any value:
    deeply nested lists, huge numbers and strings, objects whose ``repr`` fails."""
    try:
        if isinstance(value, int) and value.bit_length() > 128:  # a number too long to write in full
            text = f"<a whole number of about {int(value.bit_length() * 0.30103) + 1} digits>"
        elif isinstance(value, str | bytes) and type(value) in (str, bytes):
            text = repr(value[: limit + 1])  # a path or a label keeps up to ``limit`` characters
        else:
            text = _REPR.repr(value)
    except Exception:  # a repr that fails must not hide the error being reported
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def check_type(name: str, value: Any, kind: type | tuple[type, ...], wanted: str) -> None:
    """Refuse ``value`` with a ``TypeError`` naming ``name`` unless it is a ``kind`` (a bool is never a number)."""
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _types(kind)):
        raise WrongType(f"{name}: expected {wanted}, not {shorten(value)} ({type(value).__name__})")


def _types(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def whole(name: str, value: Any, low: int | None = None, high: int | None = None) -> int:
    """``value`` if it is a whole number within ``low…high``: a ``TypeError`` for another type (bools too),
    a ``ValueError`` for a number out of bounds, both naming ``name``."""
    check_type(name, value, int, "a whole number")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"{low}…{high}" if low is not None and high is not None else f"≥ {low}" if low is not None \
            else f"≤ {high}"
        raise ValueError(f"{name}: {shorten(value)} is outside {bounds}")
    return int(value)


def check_seed(name: str, seed: Any) -> Any:
    """A seed ``random.Random`` takes the same way in every process: ``None``, a whole number, text or bytes.

    A float is refused (``nan`` would seed differently in every process), and so is any other type; a whole
    number is at most ``MAX_SEED`` either way (so that records and labels can write it), a text at most 10,000
    characters.
    """
    if isinstance(seed, int) and not isinstance(seed, bool):
        if not -MAX_SEED <= seed <= MAX_SEED:
            raise ValueError(f"{name}: {shorten(seed)} is outside ±2**64")
        return seed
    if isinstance(seed, str | bytes) and len(seed) > 10_000:
        raise ValueError(f"{name}: a text of {len(seed)} characters is too long for a seed (10,000 at most)")
    if seed is None or isinstance(seed, str | bytes):
        return seed
    if isinstance(seed, float):  # nan hashes by identity: it would seed differently in every process
        raise WrongType(f"{name}: {shorten(seed)} is not a seed: use a whole number or a text")
    raise WrongType(f"{name}: expected a whole number or a text, not {shorten(seed)} ({type(seed).__name__})")


__all__ = [
    "IllegalAction", "LIMIT", "MAX_SEED", "NoWorld", "NotationError", "SearchExhausted", "WrongType", "check_seed",
    "check_type", "shorten", "whole",
]
