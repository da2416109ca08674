"""Reading a person's answers in the terminal, one line at a time: what ``bibi play`` and ``bibi practice`` ask,
and the command words a person types there in his language (``read_command``: ``выход`` or ``esci`` is ``quit``).

No keystroke and no byte ends a session. ``ask_line`` asks again, after a one-line message, when a line
cannot be decoded (one byte that is not UTF-8, with a standard input that decodes strictly, as under
``LANG=en_US.UTF-8``); ``read_line``, the default way to ask, reads a piped standard input one line of bytes
at a time, so that such a byte spoils its own line and no other (``input`` would lose every line read
with it).

>>> lines = [b"\\xff\\n", b"  K\\xe2\\x99\\xa5 \\n"]
>>> def ask(prompt):
...     if not lines:
...         raise EOFError
...     return lines.pop(0).decode("utf-8")
>>> said = []
>>> ask_line(ask, "> ", said.append)
'K♥'
>>> said
['could not read that line (byte 0xff is not utf-8 text); type it again']
>>> ask_line(ask, "> ", said.append) is None  # the end of input
True
"""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Callable

from bibi.i18n import _, pgettext


def read_line(prompt: str = "") -> str:
    """``input(prompt)``, except that a standard input that is no terminal (a pipe, a file) is read one line
    of bytes at a time and decoded as the stream says (its encoding and its errors setting): a line that
    cannot be decoded raises ``UnicodeDecodeError`` for that line alone. ``EOFError`` at the end of input."""
    stdin = sys.stdin
    raw = getattr(stdin, "buffer", None)
    if raw is None or stdin.isatty():  # a terminal gives one line per read: input() loses only a bad line
        return input(prompt)
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = raw.readline()
    if not line:
        raise EOFError
    text = line.decode(stdin.encoding or "utf-8", stdin.errors or "strict")
    return text.removesuffix("\n").removesuffix("\r")


def unreadable(exc: UnicodeDecodeError) -> str:
    """The one line said for a line that cannot be decoded, in the language in force."""
    try:
        byte = _("byte {byte}").format(byte=f"0x{exc.object[exc.start]:02x}")
    except (IndexError, TypeError):
        byte = _("a byte")
    return _("could not read that line ({byte} is not {encoding} text); type it again").format(
        byte=byte, encoding=exc.encoding)


def ask_line(ask: Callable[[str], str], prompt: str, say: Callable[[str], None]) -> str | None:
    """The next line ``ask(prompt)`` reads, stripped; ``None`` at the end of input. A line that cannot be
    decoded is told in one line (``say``) and asked again."""
    while True:
        try:
            return ask(prompt).strip()
        except EOFError:
            return None
        except UnicodeDecodeError as exc:
            say(unreadable(exc))


# -- what a person types, in his language ------------------------------------------------------------------

COMMANDS = ("quit", "help", "hint", "more", "why", "score", "rules", "undo", "review", "analyse")
_ALIASES = {"exit": "quit", "q": "quit", "?": "help", "analyze": "analyse"}


def command_word(name: str, lang: str | None = None) -> str:
    """The word a player types for the command ``name`` (one of ``COMMANDS``) in the language in force (or
    ``lang``): ``quit`` is ``выход`` in Russian, ``esci`` in Italian. The English words always work too."""
    words = {
        "quit": pgettext("typed command", "quit", lang), "help": pgettext("typed command", "help", lang),
        "hint": pgettext("typed command", "hint", lang), "more": pgettext("typed command", "more", lang),
        "why": pgettext("typed command", "why", lang), "score": pgettext("typed command", "score", lang),
        "rules": pgettext("typed command", "rules", lang), "undo": pgettext("typed command", "undo", lang),
        "review": pgettext("typed command", "review", lang),
        "analyse": pgettext("typed command", "analyse", lang),
    }
    return words[name]


def _fold(text: str) -> str:
    """A typed word as it is compared: lower case, spaces single, without accents (``perche`` is ``perché``,
    ``счет`` is ``счёт``: people type either)."""
    bare = "".join(c for c in unicodedata.normalize("NFD", text.lower()) if not unicodedata.combining(c))
    return " ".join(bare.split())


def read_command(text: str, lang: str | None = None) -> tuple[str | None, str]:
    """The command a typed line starts with (its English name, or None) and the rest of the line, folded:
    ``read_command("подсказка подробнее", "ru")`` is ``("hint", "подробнее")``."""
    words = _fold(text).split(" ", 1)
    first, rest = words[0], (words[1] if len(words) > 1 else "")
    if first in _ALIASES:
        return _ALIASES[first], rest
    for name in COMMANDS:
        if first in (name, _fold(command_word(name, lang))):
            return name, rest
    return None, rest


__all__ = ["COMMANDS", "ask_line", "command_word", "read_command", "read_line", "unreadable"]
