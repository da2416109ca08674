"""The ground of the rendering layer: the ``HTML`` value, the style sheets as one ``<style>`` block, the
``style=`` wrapper every fragment builder takes, escaping, and whole pages."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from html import escape
from importlib import resources
from typing import Any

from bibi.cards import Suit
from bibi.i18n import _, get_language


class HTML(str):
    """Markup that displays itself: a ``str`` (it composes, compares and writes to files as one) with
    ``_repr_html_``, so Jupyter shows it rendered."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        return str(self)


def _sheet(name: str) -> str:
    """A style sheet of the package's data (``bibi/data/NAME``), its comments left out."""
    text = resources.files("bibi").joinpath("data", name).read_text(encoding="utf-8")
    return re.sub(r"/\*.*?\*/\s*", "", text, flags=re.S)


def _block(css: str) -> str:
    """A style sheet as one ``<style>`` block: each line stripped, the lines joined by a space."""
    return f"<style>{' '.join(line.strip() for line in css.strip().splitlines())}</style>"


# The style sheets, read once: every view's and page's (``bibi/data/bibi.css``), and the play table's own
# (``bibi/data/play.css``: its card buttons show the card big, its name in words small below; the trick just
# completed sits under a dashed line).
CSS = _sheet("bibi.css")
PLAY_CSS = _sheet("play.css")
_STYLE = _block(CSS)
_PLAY_STYLE = _block(PLAY_CSS)


def play_style_block() -> str:
    """The play table's style rules (``PLAY_CSS``) as one ``<style>`` block."""
    return _PLAY_STYLE


def scrolling(html: str, label: str, max_height: str) -> HTML:
    """``html`` in a box at most ``max_height`` tall that scrolls, reachable by the keyboard (it takes the focus,
    so the arrow keys scroll it) and named ``label`` for a screen reader.

    >>> print(scrolling("1", "Log", "9em"))
    <div class="bibi-scroll" tabindex="0" role="region" aria-label="Log" style="max-height:9em;overflow:auto">1</div>
    """
    return HTML(f'<div class="bibi-scroll" tabindex="0" role="region" aria-label="{_e(label)}" '
                f'style="max-height:{_e(max_height)};overflow:auto">{html}</div>')


def style_block() -> str:
    """The one ``<style>`` block every view shares (put it once on a page built from fragments)."""
    return _STYLE


def _styled(fragment: Callable[..., str]) -> Callable[..., HTML]:
    """Give a fragment builder a ``style=True`` keyword that wraps it with the style block; return ``HTML``."""

    @functools.wraps(fragment)
    def html(*args: Any, style: bool = True, **kwargs: Any) -> HTML:
        body = fragment(*args, **kwargs)
        return HTML(f'<div class="bibi">{_STYLE}{body}</div>' if style else body)

    return html


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def _seat_name(seat: int, names: Sequence[str] | None) -> str:
    """A seat as a table names it: ``names[seat]``, else ``seat 2`` in the language in force (``игрок 2``)."""
    return names[seat] if names else _("seat {seat}").format(seat=seat)


def _suit(suit: Suit | None) -> str:
    """A suit symbol coloured red or black."""
    if suit is None:
        return "—"
    red = ' class="bibi-red"' if suit.is_red else ""
    return f'<span{red} title="{_e(suit.spoken())}">{suit.symbol}</span>'


def wrap(*fragments: str, style: bool = True) -> HTML:
    """Fragments in one ``<div class="bibi">``, the style block first (``style=False``: without it, for a fragment
    shown where the page has it already)."""
    return HTML(f'<div class="bibi">{_STYLE if style else ""}{"".join(fragments)}</div>')



def page(*fragments: str, title: str = "bibi") -> HTML:
    """A whole HTML document around fragments (for screenshots and files), with the style block once."""
    return HTML(
        f'<!DOCTYPE html><html lang="{get_language()}"><head><meta charset="utf-8"><title>{_e(title)}</title></head>'
        f'<body style="margin:12px"><div class="bibi">{_STYLE}{"".join(fragments)}</div></body></html>'
    )
