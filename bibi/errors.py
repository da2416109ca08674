"""The kit's errors and the one rule for bad input.

Bad input raises an error whose message names the parameter and quotes the value *shortened* (``shorten``): never a
hang, never an error from deep inside, never a silent change, and a refused action or change leaves everything as it
was. Which class, by what is wrong:

- a value of the wrong type (a text where a seat is asked, a float seed): ``WrongType``, a ``TypeError``;
- a value of the right type that is not allowed (a seat the table has not, a preset the kit does not know, a
  record or a text that cannot be read: a field of the wrong type inside a record is the record's fault, a bad
  value): a ``ValueError``, or one of its subclasses here.

``WrongType`` is a ``ValueError`` too, so that ``except ValueError`` catches every refusal of the kit's (the command
line, the views' message line, a notebook's ``try``), while ``except TypeError`` still tells a wrong type. A bare
``TypeError`` from the kit is a bug, never a refusal (``tests/test_signatures.py`` holds the sources to it).

Two failures of an action are told apart, as python-chess tells ``InvalidMoveError`` from ``IllegalMoveError``:

- ``NotationError``: the text cannot be read as a card or an action at all (``"KX"``, ``"bibi"``);
- ``IllegalAction``: the action is readable, but the rules do not allow it now.

The checks every module shares are here: ``check_type``, ``whole`` (a whole number: an ``int``, or anything
``operator.index`` reads, as numpy's integers, never a bool), ``number`` (a finite int or float), ``seconds`` (a
time limit) and ``check_seed``; and the words of refusals more than one module says: ``wrong_value`` (a value of
the right type the parameter does not take, in ``wrong_type``'s frame) and ``not_at_least``.
They check what a public signature says (``Seed`` is what a seed may be), so that a type checker's reading of a call
and the kit's agree. A wrong type is refused by ``wrong_type`` (which ``check_type`` calls): one frame, "name:
expected <what the parameter takes>, not <the value>", said in the reader's language, what the parameter takes a
message of the catalogs too; the parameter's name and the value stay as written.

>>> len(shorten("x" * 10**7)) <= LIMIT
True
>>> shorten([[[[[[1]]]]]])
'[[[[[...]]]]]'
>>> issubclass(NotationError, ValueError) and issubclass(IllegalAction, ValueError)
True
>>> issubclass(WrongType, TypeError) and issubclass(WrongType, ValueError)
True
"""

from __future__ import annotations

import math
import operator
import reprlib
from collections.abc import Callable, Mapping
from typing import Any, Never, SupportsIndex, TypeAlias, TypeVar

LIMIT = 60  # the most characters of a value a message quotes
MAX_SEED = 2**64  # the largest whole-number seed (either sign)

_REPR = reprlib.Repr()
_REPR.maxlevel = 4
_REPR.maxstring = LIMIT
_REPR.maxother = LIMIT
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = _REPR.maxfrozenset = 8
_REPR.maxlong = 40


# What a seed may be (``check_seed``): a whole number, a text or bytes, or None for a fresh one.
Seed: TypeAlias = SupportsIndex | str | bytes | None

_T = TypeVar("_T")
# An argument the function checks itself, in both builds alike. To a type checker ``Checked[X]`` is ``X`` (``X |
# Never``); to mypyc, which compiles the engine's group, it is any object. mypyc checks an argument annotated
# ``bool``, ``str`` or ``int``, a ``list`` or a ``tuple``, or one of the group's own classes (``Deal``, ``View``,
# ``LiveView``), itself, before the function runs, with a bare TypeError that names no parameter, and only in the
# compiled build: a public function of the group annotates such an argument ``Checked[...]`` (a whole number
# ``SupportsIndex``, a collection ``Sequence`` or ``Mapping``, which mypyc leaves alone as they are) and refuses a
# wrong one with a ``WrongType`` naming it (``tests/test_signatures.py``). It checks an argument by handing it to a
# check that takes ``Any`` (``check_type``, ``whole``, …), not by ``isinstance`` on the annotated name: mypyc narrows
# the name by its annotation and the test, and would cast a value the annotation does not admit, failing its own way.
Checked: TypeAlias = _T | Never


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


# The words of this module's refusals in the language in force: ``bibi.i18n``, which imports this module (so this
# one cannot import it back), hands its ``_`` over as it loads (``speak_with``); until then, and without it, English.
# Its numbers, as the language in force groups them (``10,001``, «10 001»): ``bibi.i18n.number``, handed over too.
_say: Callable[[str], str] = str
_count: Callable[[int], str] = "{:,}".format


def speak_with(translate: Callable[[str], str], count: Callable[[int], str] | None = None) -> None:
    """Word this module's refusals with ``translate`` (message → the language in force's words): ``bibi.i18n``'s
    ``_``, handed over once as that module loads; and write the whole numbers they count with ``count`` (a number
    → its digits grouped as the language in force groups them: ``bibi.i18n.number``)."""
    global _say, _count
    if not callable(translate):
        raise WrongType(f"translate: expected a callable (message) -> text, not {shorten(translate)}")
    if count is not None and not callable(count):
        raise WrongType(f"count: expected a callable (number) -> text, not {shorten(count)}")
    _say = translate
    if count is not None:
        _count = count


def _(message: str) -> str:
    """``message`` in the language in force, once ``bibi.i18n`` has loaded (``speak_with``); marked for the
    catalogs as every ``_`` is."""
    return _say(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it yet (kept in a table, translated on use: ``wrong_type``
    says what a parameter takes so). The kit's one marker: ``bibi.i18n`` gives it to the other modules."""
    return message


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


def check_type(name: str, value: Any, kind: type | tuple[type, ...], wanted: str, /, **notation: str) -> None:
    """Refuse ``value`` with a ``WrongType`` naming ``name`` unless it is a ``kind`` (a bool is never a number):
    ``wrong_type(name, value, wanted, **notation)``, in the language in force."""
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _types(kind)):
        raise WrongType(_refusal(name, value, wanted, notation))


def wrong_type(name: str, value: Any, wanted: str, /, *, typed: bool = True, limit: int = LIMIT,
               **notation: str) -> WrongType:
    """The refusal of ``value`` for the parameter ``name``, in the language in force: "name: expected <wanted>, not
    <value> (<its type>)" (without the type if not ``typed``), the value shortened to ``limit`` (``shorten``).

    ``wanted`` is a message, what the parameter takes ("a Deal", "True or False"): the catalogs hold it (the
    extractor reads ``wrong_type``'s third argument and ``check_type``'s fourth, ``bibi/locale/babel.cfg``), and it
    is said in the language in force, its ``{fields}`` filled after with ``notation``, words that stay as written (a
    label, a list of names, an example as typed). The parameter's name, the value and its type are notation too.

    >>> str(wrong_type("players", "six", "a whole number"))
    "players: expected a whole number, not 'six' (str)"
    >>> str(wrong_type("follow", 3, "one of {choices}", typed=False, choices="must_follow, free"))
    'follow: expected one of must_follow, free, not 3'
    """
    return WrongType(_refusal(name, value, wanted, notation, typed, limit))


def wrong_value(name: str, value: Any, wanted: str, /, *, limit: int = LIMIT, **notation: str) -> ValueError:
    """The refusal of ``value``, of the right type but not one the parameter ``name`` takes, in the language in
    force: "name: expected <wanted>, not <value>", a ``ValueError`` worded as ``wrong_type``'s (``wanted`` a
    message of the catalogs too, its ``{fields}`` filled with ``notation``).

    >>> str(wrong_value("players", 1, "a whole number ≥ {least}", least="2"))
    'players: expected a whole number ≥ 2, not 1'
    """
    return ValueError(_refusal(name, value, wanted, notation, False, limit))


def _refusal(name: str, value: Any, wanted: str, notation: Mapping[str, str], typed: bool = True,
             limit: int = LIMIT) -> str:
    """The words of a refusal "name: expected <wanted>, not <value>" (``wrong_type``, ``wrong_value``)."""
    wanted = _(wanted).format(**notation)
    if typed:
        # TRANSLATORS: {wanted} is what the parameter takes ("a whole number", "a Deal", "True or False"), a
        # message of its own; {value} the value refused, quoted as Python writes it, and {type} its type (str, int)
        said = _("expected {wanted}, not {value} ({type})")
    else:
        # TRANSLATORS: {wanted} is what the parameter takes ("a whole number", "a Deal", "True or False"), a
        # message of its own; {value} the value refused, quoted as Python writes it
        said = _("expected {wanted}, not {value}")
    return f"{name}: " + said.format(wanted=wanted, value=shorten(value, limit), type=type(value).__name__)


def _types(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _index(value: Any) -> int | None:
    """``value`` as a whole number if it is one (an ``int``, or anything ``operator.index`` reads), never a bool."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return int(value)
    if not hasattr(type(value), "__index__"):
        return None
    try:
        return operator.index(value)
    except Exception:  # an __index__ that fails or returns no int: not a whole number
        return None


def whole(name: str, value: Any, low: int | None = None, high: int | None = None, *, ids: str = "") -> int:
    """``value`` as an ``int`` if it is a whole number within ``low…high`` (an ``int``, or anything ``operator.index``
    reads, as numpy's integers): a ``WrongType`` for another type (bools too), a ``ValueError`` for a number out of
    bounds, both naming ``name``; the bounds' refusal in the language in force, citing ``ids`` (the sentences that
    set them, ``R8``). Callers use the ``int`` it returns.

    >>> whole("players", 13, 2, 12, ids="R2")
    Traceback (most recent call last):
    ...
    ValueError: players: 13 is outside 2…12 (R2)
    """
    number = _index(value)
    if number is None:
        raise wrong_type(name, value, "a whole number")
    _within(name, number, low, high, ids)
    return number


def number(name: str, value: Any, low: float | None = None, high: float | None = None, *,
           wanted: str = N_("a number")) -> float:
    """``value`` if it is a finite number (an ``int`` or a ``float``, never a bool) within ``low…high``: a
    ``WrongType`` for another type, a ``ValueError`` for nan, an infinity or a number out of bounds, naming ``name``
    (``wanted`` says what is asked for, a message marked for the catalogs: ``N_("a number of seconds")``)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise wrong_type(name, value, wanted)
    if isinstance(value, float) and not math.isfinite(value):
        # TRANSLATORS: {value} is the number refused: nan, inf or -inf, as Python writes it
        raise ValueError(f"{name}: " + _("{value} is not a finite number").format(value=shorten(value)))
    _within(name, value, low, high)
    return value


def not_at_least(value: int, least: int) -> str:
    """Why a whole number ``value`` below ``least`` is refused, in the language in force: "<value> is not a whole
    number ≥ <least>" (the caller puts the parameter's name before it)."""
    # TRANSLATORS: {value} is the number refused; {least} the least one allowed
    return _("{value} is not a whole number ≥ {least}").format(value=shorten(value), least=least)


def seconds(name: str, value: Any, *, wanted: str = N_("a number of seconds")) -> float:
    """``value`` as a time limit in seconds, a finite number > 0 (an ``int`` or a ``float``, never a bool): a
    ``WrongType`` for another type (``wanted`` says what is asked for, a message marked for the catalogs), a
    ``ValueError`` for a number ≤ 0, nan or an infinity, naming ``name``.

    >>> seconds("timeout", 0)
    Traceback (most recent call last):
    ...
    ValueError: timeout: 0 is not a number of seconds > 0
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise wrong_type(name, value, wanted, typed=False)
    if not 0 < value < math.inf:
        # TRANSLATORS: {value} is the time limit refused (0, -1.5, nan), as Python writes it
        raise ValueError(f"{name}: " + _("{value} is not a number of seconds > 0").format(value=shorten(value)))
    return float(value)


def _within(name: str, value: float, low: float | None, high: float | None, ids: str = "") -> None:
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"{low}…{high}" if low is not None and high is not None else f"≥ {low}" if low is not None \
            else f"≤ {high}"
        # TRANSLATORS: {value} is the value refused (a number); {bounds} the values allowed: 1…52, ≥ 0 or ≤ 12
        reason = _("{value} is outside {bounds}").format(value=shorten(value), bounds=bounds)
        raise ValueError(f"{name}: {reason}" + (f" ({ids})" if ids else ""))


def check_seed(name: str, seed: Any) -> int | str | bytes | None:
    """A seed ``random.Random`` takes the same way in every process (``Seed``): ``None``, a whole number (as ``whole``
    reads it), text or bytes.

    A float is refused (``nan`` would seed differently in every process), and so is any other type; a whole
    number is at most ``MAX_SEED`` either way (so that records and labels can write it), a text at most 10,000
    characters.
    """
    if seed is None:
        return None
    if isinstance(seed, str | bytes):
        if len(seed) > 10_000:
            # TRANSLATORS: {n} is a count of characters, above 10,000, its digits grouped (said without a plural form in
            # Russian)
            raise ValueError(f"{name}: " + _("a text of {n} characters is too long for a seed (10,000 at most)")
                             .format(n=_count(len(seed))))
        return seed
    if isinstance(seed, float):  # nan hashes by identity: it would seed differently in every process
        # TRANSLATORS: {value} is the number refused as a seed (a float, 1.5), as Python writes it
        raise WrongType(f"{name}: " + _("{value} is not a seed: use a whole number or a text").format(
            value=shorten(seed)))
    value = _index(seed)
    if value is None:
        raise wrong_type(name, seed, "a whole number or a text")
    if not -MAX_SEED <= value <= MAX_SEED:
        # TRANSLATORS: {value} is the seed refused; the whole-number seeds lie within ±2**64
        raise ValueError(f"{name}: " + _("{value} is outside ±2**64").format(value=shorten(seed)))
    return value


__all__ = [
    "Checked", "IllegalAction", "LIMIT", "MAX_SEED", "N_", "NoWorld", "NotationError", "SearchExhausted", "Seed",
    "WrongType",
    "check_seed", "check_type", "not_at_least", "number", "seconds", "shorten", "speak_with", "whole", "wrong_type",
    "wrong_value",
]
