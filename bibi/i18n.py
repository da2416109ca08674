"""The kit's languages: the language in force, the message catalogs (gettext) and plural forms.

The kit speaks English (the source of every message), Russian and Italian. The language in force is,
the first of these that decides:

1. the one set for a notebook with ``set_language``, or for a block with ``language`` (a context manager);
2. the standard environment (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, read as ``gettext`` reads
   them: the first one set), when it names a language other than ``C``/``POSIX`` (a language the kit lacks
   decides too: English);
3. in a Jupyter kernel, the language chosen in JupyterLab (Settings ▸ Language, saved as ``locale`` of
   ``@jupyterlab/translation-extension:plugin`` in the user settings folder, ``JUPYTERLAB_SETTINGS_DIR`` or
   ``<jupyter_config_dir>/lab/user-settings``): a kernel started by JupyterLab has the server's environment,
   often ``C.UTF-8`` or nothing, and the page's language is what its reader chose (``language_from_jupyterlab``);
4. English.

The environment and JupyterLab's setting are read once per entry, not per message (``settle``): when first asked,
at each ``bibi`` command, at each ``language(None)`` block, at ``set_language(None)``, and in a Jupyter kernel before
each cell runs (an IPython ``pre_run_cell`` hook); a message in between costs a look-up, never a file's ``stat``.

``set_language`` sets the language of the whole process (every thread, asyncio task and context): a Jupyter kernel
may run each cell in a context of its own (the browser's Pyodide kernel runs each in a new asyncio task), and the
language a notebook's first cell sets must hold in its later cells and in its widgets' callbacks. ``language`` sets
it for a block alone, in the current thread or asyncio task (a ``contextvars.ContextVar``), so a view or a command
can speak its own language without touching another's.

>>> with language("ru"):
...     get_language(), ngettext("{n} trick", "{n} tricks", 5).format(n=5)
('ru', '5 взяток')
>>> with language("it"):
...     pgettext("suit", "hearts"), ngettext("{n} point", "{n} points", 1).format(n=1)
('cuori', '1 punto')
>>> language_from_environment({"LANG": "it_IT.UTF-8"}), language_from_environment({"LANG": "de_DE"})
('it', 'en')
>>> set_language("klingon")
Traceback (most recent call last):
...
bibi.i18n.UnknownLanguage: lang: unknown language 'klingon': use one of 'en', 'ru', 'it'

The catalogs are gettext's own: ``bibi/locale/<lang>/LC_MESSAGES/bibi.po`` are the sources (English
msgids; ``make catalogs`` extracts, updates and compiles them with Babel). The kit reads them with the
standard library alone: on first use in a process each ``.po`` is compiled in memory into the ``.mo``
form and read by ``gettext.GNUTranslations``, so the wheel, an editable install and the browser
(Pyodide) all read the very sources, with nothing compiled to ship or to go stale.

Mark a string for the catalogs where it is used: ``_("…")``, ``ngettext(singular, plural, n)`` for a
count, ``pgettext(context, "…")`` where one English word has two meanings (a rank letter, a suit
letter). ``N_("…")`` marks a string kept in a table and translated later.
"""

from __future__ import annotations

import ast
import gettext
import math
import numbers
import os
import re
import struct
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from functools import cache
from importlib import resources

from bibi.errors import N_, shorten, speak_with, wrong_type  # N_: the one marker, errors' own

DOMAIN = "bibi"
SOURCE = "en"  # the language of the msgids; it has no catalog
LANGUAGES: tuple[str, ...] = ("en", "ru", "it")
TRANSLATED: tuple[str, ...] = ("ru", "it")  # the languages with a catalog in bibi/locale
NAMES: dict[str, str] = {"en": "English", "ru": "русский", "it": "italiano"}  # each in its own words
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # gettext's order: the first one set decides

_ALIASES: dict[str, str] = {
    "english": "en", "russian": "ru", "русский": "ru", "italian": "it", "italiano": "it",
    "eng": "en", "rus": "ru", "ita": "it", "c": "en", "posix": "en",
}


class UnknownLanguage(ValueError):
    """A language the kit does not speak (it speaks ``en``, ``ru`` and ``it``)."""


# The pseudo-language (Microsoft's "qps-ploc", Android's "en-XA"), for tests alone: every message of the catalogs comes
# out visibly transformed (``pseudo``), so any plain English left on a surface is text that went around the catalogs.
# The kit speaks it only once ``use_pseudo`` (or the environment's ``BIBI_PSEUDO=1``) has turned it on.
PSEUDO = "qps"
_pseudo_on = os.environ.get("BIBI_PSEUDO") == "1"


def use_pseudo(on: bool = True) -> None:
    """Let the kit speak the pseudo-language ``"qps"`` (tests only), or no longer (``on=False``)."""
    global _pseudo_on
    _pseudo_on = bool(on)


_current: ContextVar[str | None] = ContextVar("bibi_language", default=None)  # the ``language`` block in force here
_process: str | None = None  # ``set_language``'s choice: every thread and context's, outside a ``language`` block


def _code(value: str) -> str | None:
    """``ru`` from ``ru``, ``RU``, ``ru_RU.UTF-8``, ``ru-RU``, ``russian``…; None when the kit lacks it."""
    key = value.strip().lower()
    if key in _ALIASES:
        return _ALIASES[key]
    key = key.split(".")[0].split("@")[0].replace("-", "_").split("_")[0]
    if key in LANGUAGES or (key == PSEUDO and _pseudo_on):
        return key
    return _ALIASES.get(key)


def find_language(value: str, parameter: str = "lang") -> str:
    """The kit's code (``en``, ``ru``, ``it``) for a language name or locale; ``UnknownLanguage`` otherwise.

    >>> find_language("ru_RU.UTF-8"), find_language("Italiano"), find_language("en-GB")
    ('ru', 'it', 'en')
    """
    if not isinstance(value, str):
        raise wrong_type(parameter, value, "a language like 'ru', 'it' or 'en'")
    code = _code(value)
    if code is None:
        raise UnknownLanguage(f"{parameter}: unknown language {shorten(value)}: use one of "
                              + ", ".join(repr(lang) for lang in LANGUAGES))
    return code


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, English when it asks for none the kit speaks.

    As ``gettext`` does, the first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set
    decides; ``LANGUAGE`` may list several (``it:ru``), and the first the kit speaks is taken.

    >>> language_from_environment({"LANGUAGE": "de:ru", "LANG": "it_IT.UTF-8"})
    'ru'
    >>> language_from_environment({"LC_ALL": "C.UTF-8", "LANG": "ru_RU.UTF-8"})
    'en'
    """
    env = os.environ if environ is None else environ
    for name in ENVIRONMENT:
        value = env.get(name)
        if value:
            for part in value.split(":"):
                code = _code(part) if part else None
                if code is not None:
                    return code
            return SOURCE
    return SOURCE


def _environment_choice(env: Mapping[str, str]) -> str | None:
    """The environment's language when it names one (``C`` and ``POSIX`` name none): None when it leaves the
    choice to JupyterLab's setting."""
    for name in ENVIRONMENT:
        value = env.get(name)
        if value:
            if all(part.split(".")[0].upper() in ("C", "POSIX", "") for part in value.split(":")):
                return None
            return language_from_environment(env)
    return None


def jupyterlab_settings_file() -> str | None:
    """Where JupyterLab saves its language setting (``@jupyterlab/translation-extension/plugin``), or None
    where there is no Jupyter (``jupyter_core``) to say where its settings live."""
    folder = os.environ.get("JUPYTERLAB_SETTINGS_DIR")
    if not folder:
        try:
            from jupyter_core.paths import jupyter_config_dir
        except ImportError:  # the engine alone, or Python in the browser
            return None
        folder = os.path.join(jupyter_config_dir(), "lab", "user-settings")
    return os.path.join(folder, "@jupyterlab", "translation-extension", "plugin.jupyterlab-settings")


_LOCALE = re.compile(r'"locale"\s*:\s*"([^"]*)"')
_lab_cache: dict[tuple[str, int], str | None] = {}


def language_from_jupyterlab(path: str | None = None) -> str | None:
    """The language JupyterLab's Settings ▸ Language saved (``"locale": "ru_RU"``) as the kit's code; None when
    nothing is saved, JupyterLab follows the server (``default``) or the kit lacks the language.

    ``path``: the settings file (default: ``jupyterlab_settings_file()``). The file is read again only when it
    changes, so a language switched in JupyterLab is followed by the next message.
    """
    path = jupyterlab_settings_file() if path is None else path
    if path is None:
        return None
    try:
        key = (path, os.stat(path).st_mtime_ns)
    except OSError:
        return None
    if key not in _lab_cache:
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError):
            return None
        # JSON with comments (JupyterLab writes ``//`` lines): the one field is found without parsing the rest
        text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
        found = _LOCALE.search(text)
        _lab_cache.clear()
        _lab_cache[key] = _code(found.group(1)) if found and found.group(1) else None
    return _lab_cache[key]


def _in_kernel() -> bool:
    """Whether this Python is a Jupyter kernel (IPython imported, with a kernel behind its shell)."""
    return _kernel_shell() is not None


def _kernel_shell() -> object | None:
    """IPython's shell when this Python is a Jupyter kernel, else None."""
    ipython = sys.modules.get("IPython")
    get_ipython = getattr(ipython, "get_ipython", None)
    shell = get_ipython() if get_ipython is not None else None
    return shell if getattr(shell, "kernel", None) is not None else None


_settled: str | None = None  # the environment's or JupyterLab's language, as read at the last entry (``settle``)
_watched: set[int] = set()  # the kernels' shells whose cells settle the language (``_watch_cells``)


def settle() -> str:
    """Read the language the surroundings ask for again, the environment's, else (in a Jupyter kernel) JupyterLab's
    Settings ▸ Language, else English, and keep it until the next entry; returns it.

    The kit calls it at its entries: a ``bibi`` command, a ``language(None)`` block, ``set_language(None)``, and in a
    kernel each cell (the first call there hooks it to IPython's ``pre_run_cell``), so a language switched in
    JupyterLab is followed from the next cell on. Between entries, ``get_language`` reads what was settled."""
    global _settled
    chosen = _environment_choice(os.environ)
    if chosen is None:
        shell = _kernel_shell()
        if shell is not None:
            _watch_cells(shell)
            chosen = language_from_jupyterlab()
    _settled = chosen or SOURCE
    return _settled


def _settle_cell(*_info: object) -> None:
    settle()


def _watch_cells(shell: object) -> None:
    """Settle the language before each cell of this kernel runs (once per shell)."""
    events = getattr(shell, "events", None)
    if events is None or id(shell) in _watched:
        return
    try:
        events.register("pre_run_cell", _settle_cell)
    except Exception:  # an IPython without that event: the language is settled at the other entries
        return
    _watched.add(id(shell))


def get_language() -> str:
    """The language in force: the one set for this context (a ``language`` block), else the one ``set_language``
    set for the process, else the one settled at the last entry (``settle``: the environment's, else in a kernel
    JupyterLab's, else English; the order in the module's docstring)."""
    return _current.get() or _process or _settled or settle()


def set_language(lang: str | None) -> str:
    """Set the language of the whole process (``"ru"``, ``"it"``, ``"en"``; None: follow the environment again),
    in force at once in the current context too; returns the language now in force. A refused language leaves the
    language as it was.

    The process's language holds in every thread, asyncio task and context, so the next cells of a notebook keep it
    in any kernel, also one that runs each cell in a fresh context, and so do its widgets' callbacks. A ``language``
    block elsewhere keeps its own language until it ends; one open here is set aside until it ends, when the
    language it found comes back.

    >>> import contextvars
    >>> contextvars.copy_context().run(set_language, "it")  # as a kernel's cell in a context of its own
    'it'
    >>> get_language()  # the next cell's context
    'it'
    >>> _ = set_language(None)
    """
    global _process
    code = None if lang is None else find_language(lang, "lang")
    _process = code
    _current.set(None)  # in force here at once, also inside a ``language`` block (which restores its own at its end)
    if code is None:
        settle()
    return get_language()


@contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` inside a ``with`` block, then the language before it again. None: the language in force, the
    surroundings' settled anew (``settle``): the way an entry (a command) begins."""
    if lang is None:
        settle()
        code = get_language()
    else:
        code = find_language(lang, "lang")
    token = _current.set(code)
    try:
        yield code
    finally:
        _current.reset(token)


# -- who reads: the seat a surface speaks to ----------------------------------------------------------------

_reader: ContextVar[int | None] = ContextVar("bibi_reader", default=None)


def reader() -> int | None:
    """The seat of the person reading, where a surface seats one (the play table, ``bibi play``): a message about
    that seat's own hand speaks to the reader («у вас есть 3♥», «hai in mano R♥»), not of "seat 0". None: a reader
    who plays no seat (a notebook's cell, the explorer, a bot's view), spoken to of every seat alike."""
    return _reader.get()


def you(seat: int | None) -> bool:
    """Whether ``seat`` is the reader's own (``reader``): the messages about it say "you"."""
    return seat is not None and seat == _reader.get()


@contextmanager
def reading(seat: int | None) -> Iterator[int | None]:
    """Speak to the person at ``seat`` inside a ``with`` block (None: to nobody's seat), settled where a surface
    that seats a person is entered, as the language is."""
    token = _reader.set(seat)
    try:
        yield seat
    finally:
        _reader.reset(token)


def resolve(lang: str | None, parameter: str = "lang") -> str:
    """``lang`` as the kit's code, or the language in force when it is None."""
    return get_language() if lang is None else find_language(lang, parameter)


# -- the catalogs --------------------------------------------------------------------------------------


def catalog_file(lang: str) -> str:
    """The path of a language's ``.po`` source inside the package: ``locale/ru/LC_MESSAGES/bibi.po``."""
    return f"locale/{lang}/LC_MESSAGES/{DOMAIN}.po"


def read_po(text: str) -> list[dict[str, object]]:
    """The entries of a ``.po`` file, each a dict of ``msgctxt``, ``msgid``, ``msgid_plural``, ``msgstr``
    (a list of the plural forms, or one string), ``flags`` (a set) and ``obsolete`` (entries after ``#~``).

    >>> read_po('msgctxt "suit"\\nmsgid "hearts"\\nmsgstr "cuori"\\n')[0]["msgstr"]
    'cuori'
    """
    entries: list[dict[str, object]] = []
    entry: dict[str, object] = {}
    field: tuple[str, int | None] | None = None

    def finish() -> None:
        nonlocal entry
        if "msgid" in entry:
            entries.append(entry)
        entry = {}

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        if not line:
            continue
        if line.startswith("#"):
            if "msgid" in entry and field is not None:
                finish()
                field = None
            if line.startswith("#,"):
                flags = entry.setdefault("flags", set())
                assert isinstance(flags, set)
                flags.update(f.strip() for f in line[2:].split(",") if f.strip())
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            if field is None:
                raise ValueError(f"po line {number}: a string continues no field: {shorten(raw)}")
            value = ast.literal_eval(line)
        else:
            index = None
            if keyword.startswith("msgstr["):
                index = int(keyword[7:-1])
                keyword = "msgstr"
            if keyword not in ("msgctxt", "msgid", "msgid_plural", "msgstr"):
                raise ValueError(f"po line {number}: unknown keyword {shorten(keyword)}")
            if keyword in ("msgctxt", "msgid") and "msgstr" in entry:
                finish()
            field = (keyword, index)
            value = ast.literal_eval(rest.strip())
            if obsolete:
                entry["obsolete"] = True
            if index is None:
                entry.setdefault(keyword, "")
            else:
                forms = entry.setdefault(keyword, {})
                assert isinstance(forms, dict)
                forms.setdefault(index, "")
        name, index = field
        if index is None:
            entry[name] = str(entry[name]) + value
        else:
            forms = entry[name]
            assert isinstance(forms, dict)
            forms[index] += value
    finish()
    for found in entries:
        found.setdefault("flags", set())
        found.setdefault("obsolete", False)
        if isinstance(found.get("msgstr"), dict):
            forms = found["msgstr"]
            assert isinstance(forms, dict)
            found["msgstr"] = [forms[i] for i in sorted(forms)]
    return entries


def compile_po(text: str) -> bytes:
    """A ``.po`` source compiled to the ``.mo`` form ``gettext`` reads (as ``msgfmt`` writes it): fuzzy,
    obsolete and untranslated entries are left out, so their English shows, as with any gettext catalog."""
    messages: dict[bytes, bytes] = {}
    for entry in read_po(text):
        flags = entry["flags"]
        assert isinstance(flags, set)
        if entry["obsolete"] or ("fuzzy" in flags and entry["msgid"]):
            continue
        key = str(entry["msgid"])
        if "msgid_plural" in entry:
            key += "\0" + str(entry["msgid_plural"])
        if "msgctxt" in entry:
            key = str(entry["msgctxt"]) + "\x04" + key
        strings = entry.get("msgstr", "")
        value = "\0".join(strings) if isinstance(strings, list) else str(strings)
        if not value.strip("\0") and entry["msgid"]:
            continue
        messages[key.encode("utf-8")] = value.encode("utf-8")
    keys = sorted(messages)
    ids = b"".join(k + b"\0" for k in keys)
    strs = b"".join(messages[k] + b"\0" for k in keys)
    start = 7 * 4 + 16 * len(keys)  # the header, then the two tables of (length, offset)
    offsets, pos = [], 0
    for k in keys:
        offsets += [len(k), start + pos]
        pos += len(k) + 1
    value_start, pos = start + len(ids), 0
    for k in keys:
        offsets += [len(messages[k]), value_start + pos]
        pos += len(messages[k]) + 1
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + 8 * len(keys), 0, 0)
    return header + struct.pack(f"{len(offsets)}i", *offsets) + ids + strs


# -- the pseudo-language -------------------------------------------------------------------------------------

_ACCENTS = str.maketrans(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
    "ÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽåƀçðéƒĝĥîĵķļṁñöþǫŕšţûṽŵẋýž",
)
# What the pseudo-language leaves as it is: placeholders ({n}, {card:>3}, %(prog)s), markup (<b>, &amp;), escapes,
# and the notation a message quotes, the same in every language (trump_change=next_deal, must_follow).
# Kept as written: placeholders, %-formats, markup, entities, escapes, option names (``must_follow``) and the source
# texts' sentence ids (``R13``, ``I7``: the same in every language, and read back from a message by practice).
_KEPT = re.compile(r"\{[^{}]*\}|%\([^()]*\)[a-z]|%[a-z%]|<[^<>]*>|&[#\w]+;|\\.|\b[a-z]+(?:_[a-z]+)+(?:=[\w{}]+)?"
                   r"|\b[RI]\d+\b")
OPEN, CLOSE = "⟦", "⟧"  # around a pseudo-translated message of more than one character


def pseudo(message: str) -> str:
    """``message`` as the pseudo-language says it: every ASCII letter accented (``Å`` for ``A``), placeholders,
    markup and sentence ids kept (``_KEPT``), the whole in ``⟦ ⟧`` unless it is one character (a card's letter).

    >>> pseudo("seat {seat} wins the <b>trick</b> (R14)")
    '⟦šéåţ {seat} ŵîñš ţĥé <b>ţŕîçķ</b> (R14)⟧'
    >>> pseudo("K")
    'Ķ'
    """
    parts, last = [], 0
    for kept in _KEPT.finditer(message):
        parts += [message[last:kept.start()].translate(_ACCENTS), kept.group()]
        last = kept.end()
    parts.append(message[last:].translate(_ACCENTS))
    text = "".join(parts)
    return text if len(message) <= 1 else OPEN + text + CLOSE


class _Pseudo(gettext.NullTranslations):
    """The pseudo-language's catalog: every message transformed (``pseudo``), plural forms as English's."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


# -- the catalogs, read ---------------------------------------------------------------------------------------


@cache
def translation(lang: str) -> gettext.NullTranslations:
    """The catalog of a language (English: the messages as written), compiled on first use."""
    code = find_language(lang, "lang")
    if code == SOURCE:
        return gettext.NullTranslations()
    if code == PSEUDO:
        return _Pseudo()
    import io

    source = resources.files("bibi").joinpath(catalog_file(code)).read_text("utf-8")
    return gettext.GNUTranslations(io.BytesIO(compile_po(source)))


def _(message: str, lang: str | None = None) -> str:
    """``message`` in the language in force (or ``lang``)."""
    return translation(resolve(lang)).gettext(message)


def _plural_count(n: object) -> int:
    """The whole number whose plural form a count ``n`` takes: its absolute value (CLDR's rules read the number
    without its sign: -1 взятка, -5 взяток); a count with a fraction takes the form of 2, the form CLDR gives
    fractions in the kit's languages (1,5 очка, 1,5 punti, 1.5 points). Anything else is refused, naming ``n``."""
    if isinstance(n, bool) or not isinstance(n, numbers.Real):
        raise wrong_type("n", n, "a number to count by")
    if isinstance(n, int):
        return abs(n)
    if not math.isfinite(n):
        raise ValueError(f"n: {shorten(n)} is not a count: a plural form needs a finite number")
    whole_part = int(math.trunc(n))
    return abs(whole_part) if whole_part == n else 2


def ngettext(singular: str, plural: str, n: float, lang: str | None = None) -> str:
    """The form of a counted message for ``n`` in the language in force: Russian has three (1 взятка,
    2 взятки, 5 взяток), Italian and English two. The text keeps its ``{n}`` for ``.format``. A negative count
    takes the form of its absolute value, a count with a fraction the form CLDR gives it (``_plural_count``); a
    count that is no number, or not finite, is refused naming ``n``.

    >>> ngettext("{n} trick", "{n} tricks", -1, "ru"), ngettext("{n} point", "{n} points", 1.5, "ru")
    ('{n} взятка', '{n} очка')
    """
    return translation(resolve(lang)).ngettext(singular, plural, _plural_count(n))


def pgettext(context: str, message: str, lang: str | None = None) -> str:
    """``message`` in the sense ``context`` names (the rank letter ``"K"``, the suit ``"spades"``)."""
    return translation(resolve(lang)).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: float, lang: str | None = None) -> str:
    """``ngettext`` in the sense ``context`` names."""
    return translation(resolve(lang)).npgettext(context, singular, plural, _plural_count(n))


NOUNS = ("trick", "point", "card", "player", "deal")  # the game's counted words (``count``)


def count(n: int, noun: str, lang: str | None = None) -> str:
    """``n`` and the game's word ``noun`` in its plural form: ``count(5, "trick", "ru")`` is ``5 взяток``; the
    number as the language writes it (``2 000 сдач``, ``number``).

    >>> [count(n, "point", "ru") for n in (1, 2, 5, 21, -1)], count(2, "trick", "it")
    (['1 очко', '2 очка', '5 очков', '21 очко', '-1 очко'], '2 prese')
    """
    if not isinstance(n, int) or isinstance(n, bool):
        raise wrong_type("n", n, "a whole number")
    code = resolve(lang)
    if noun == "trick":
        text = ngettext("{n} trick", "{n} tricks", n, code)
    elif noun == "point":
        text = ngettext("{n} point", "{n} points", n, code)
    elif noun == "card":
        text = ngettext("{n} card", "{n} cards", n, code)
    elif noun == "player":
        text = ngettext("{n} player", "{n} players", n, code)
    elif noun == "deal":
        text = ngettext("{n} deal", "{n} deals", n, code)
    else:
        raise ValueError(f"noun: unknown word {shorten(noun)}: use one of {', '.join(NOUNS)}")
    return text.format(n=number(n, lang=code))


def plural_forms(lang: str) -> int:
    """How many plural forms a language's catalog has (Russian 3, Italian and English 2)."""
    code = find_language(lang, "lang")
    catalog = translation(code)
    if isinstance(catalog, gettext.GNUTranslations):
        header = catalog.info().get("plural-forms", "")
        return int(header.split("nplurals=")[1].split(";")[0])
    return 2


# -- the words of Python's argparse, for the ``bibi`` command ----------------------------------------------------

# argparse's own messages (Python 3.11 and later), word for word: its usage line, its group titles, its help option
# and its refusals. The catalogs translate them like the kit's own (``argparse_speaking``).
ARGPARSE_MESSAGES = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("invalid %(type)s value: %(value)r"), N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
    N_("expected one argument"), N_("expected at most one argument"), N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"), N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"), N_("ignored explicit argument %r"),
    N_("unexpected option string: %s"),
)


def _argparse_ngettext(singular: str, plural: str, n: int) -> str:
    # argparse's one counted message ("expected %s argument(s)")
    # TRANSLATORS: argparse's refusal of an option given too few values; %s is the number expected
    return ngettext("expected %s argument", "expected %s arguments", n)


@contextmanager
def argparse_speaking() -> Iterator[None]:
    """Inside the block, Python's ``argparse`` speaks the language in force: its usage line, group titles, help
    option and refusals (``ARGPARSE_MESSAGES``), as the ``bibi`` command's own texts do. argparse looks its words
    up when it writes them, through its module's ``_`` and ``ngettext``, which the block points at the catalogs
    and then back."""
    import argparse

    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = _, _argparse_ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


# -- numbers as each language writes them -------------------------------------------------------------------


@dataclass(frozen=True)
class NumberFormat:
    """How a language writes numbers, from CLDR (what Babel's ``babel.numbers`` reads; tests/test_numbers.py holds
    the two to each other): the decimal mark, the group separator (every three digits, from 1 000 on: CLDR's
    minimum grouping of 1 in the kit's languages), the percent pattern, the minus and plus signs."""

    decimal: str
    group: str
    percent: str  # "{}%": the number, then the sign (with a no-break space in Russian)
    minus: str = "-"
    plus: str = "+"


NUMBER_FORMATS: dict[str, NumberFormat] = {
    "en": NumberFormat(".", ",", "{}%"),
    "ru": NumberFormat(",", "\u00a0", "{}\u00a0%"),
    "it": NumberFormat(",", ".", "{}%"),
    PSEUDO: NumberFormat(",", "\u00a0", "{}\u00a0%"),  # a decimal point there is a number the formatter missed
}


def number(value: float, digits: int | None = 0, *, sign: bool = False, lang: str | None = None) -> str:
    """``value`` as the language in force (or ``lang``) writes it: rounded to ``digits`` decimals (half to even, as
    Babel rounds; None: as many as it has), digits grouped by three, the language's decimal mark: ``1,234.5`` in
    English, ``1 234,5`` in Russian (a no-break space), ``1.234,5`` in Italian. ``sign``: a ``+`` before a positive
    value (and before zero). A value that rounds to zero is never negative: ``0,0``, not ``-0,0``.

    >>> number(1234.5, 1), number(1234.5, 1, lang="ru"), number(-0.55, 2, lang="it"), number(7.6, 1, sign=True)
    ('1,234.5', '1\\xa0234,5', '-0,55', '+7.6')
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real | Decimal):
        raise wrong_type("value", value, "a number")
    form = NUMBER_FORMATS[resolve(lang)]
    if not math.isfinite(value):
        return "−∞" if value < 0 else "∞" if value > 0 else "NaN"
    exact = value if isinstance(value, Decimal) else Decimal(value if isinstance(value, int) else str(value))
    if digits is not None:
        exact = exact.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_EVEN)
    text = f"{abs(exact):,f}"
    whole_part, _dot, fraction = text.partition(".")
    text = whole_part.replace(",", form.group) + (form.decimal + fraction if fraction else "")
    if exact < 0 and exact != 0:
        return form.minus + text
    return form.plus + text if sign else text


def decimal(value: float, digits: int = 1, *, sign: bool = False, lang: str | None = None) -> str:
    """``value`` with ``digits`` decimals as the language in force writes it (``number``): ``162.1`` in English,
    ``162,1`` in Russian and Italian; ``sign``: a ``+`` before a positive value.

    >>> decimal(162.14), decimal(-0.55, 2, lang="ru"), decimal(7.6, sign=True, lang="it")
    ('162.1', '-0,55', '+7,6')
    """
    return number(value, digits, sign=sign, lang=lang)


def percent(fraction: float, digits: int = 0, *, lang: str | None = None) -> str:
    """``fraction`` as a percentage, as the language writes one: ``7.7%``, ``7,7 %`` (Russian, a no-break space),
    ``7,7%`` (Italian).

    >>> percent(0.077, 1), percent(0.077, 1, lang="ru"), percent(0.95, lang="it")
    ('7.7%', '7,7\\xa0%', '95%')
    """
    if isinstance(fraction, bool) or not isinstance(fraction, numbers.Real):
        raise wrong_type("fraction", fraction, "a number")
    code = resolve(lang)
    return NUMBER_FORMATS[code].percent.format(number(Decimal(str(fraction)) * 100, digits, lang=code))


# "±" between an estimate and the half-width of its interval, held to both by no-break spaces (U+00A0)
PLUS_MINUS = "\u00a0±\u00a0"


def capitalized(text: str) -> str:
    """``text`` as it begins a sentence: its first letter a capital, the rest as it is (a rules' name, a reason the
    engine words in lower case). The one way the views start a sentence with a word from elsewhere.

    >>> capitalized("русские: следовать масти"), capitalized("italiane"), capitalized("")
    ('Русские: следовать масти', 'Italiane', '')
    """
    if not isinstance(text, str):
        raise wrong_type("text", text, "a text", typed=False)
    return text[:1].upper() + text[1:]


def interval(mean: float, half: float, digits: int = 1, *, sign: bool = False, lang: str | None = None) -> str:
    """An estimate and its interval, the one way the kit writes one: ``+2.4 ± 1.1`` (the mean, then the half-width
    of its interval), with the language's numbers. The spaces around "±" are no-break spaces (``PLUS_MINUS``), so
    that no line, on a screen or on paper, ends at "+2.4" and goes on at "± 1.1".

    >>> interval(2.43, 1.06, sign=True), interval(49.22, 0.93, 2, lang="ru")
    ('+2.4\xa0±\xa01.1', '49,22\xa0±\xa00,93')
    """
    return f"{number(mean, digits, sign=sign, lang=lang)}{PLUS_MINUS}{number(abs(half), digits, lang=lang)}"


# bibi.errors' refusals (a count out of its bounds, a seed out of range) in the language in force, with its numbers
speak_with(_, number)


__all__ = [
    "ARGPARSE_MESSAGES", "LANGUAGES", "NAMES", "NOUNS", "NUMBER_FORMATS", "N_", "PLUS_MINUS", "PSEUDO", "NumberFormat",
    "UnknownLanguage", "_",
    "argparse_speaking", "capitalized", "catalog_file", "compile_po", "count", "decimal", "find_language",
    "get_language", "interval",
    "jupyterlab_settings_file", "language", "language_from_environment", "language_from_jupyterlab", "ngettext",
    "npgettext", "number", "percent", "pgettext", "plural_forms", "pseudo", "read_po", "reader", "reading", "resolve",
    "set_language", "settle", "translation", "use_pseudo", "you",
]
