"""bibi — a teaching and rules-exploration kit for the card game Bi-bi! / bip bip / Pip-Pip!.

The engine (cards, rules, deal, game, bots) needs only the standard library. Simulation (pandas),
rendering (HTML) and the widget views (ipywidgets) are imported on first use.

>>> import bibi
>>> deal = bibi.Deal.new(bibi.RUSSIAN, players=6, seed=7)
>>> str(deal.trump) in "SHDC", deal.stock_size
(True, 62)

The kit speaks English, Russian and Italian (``bibi.set_language("ru")``, or ``with bibi.language("it"):`` for
a block); records stay in one language-free notation.

>>> with bibi.language("ru"):
...     bibi.Card("QH").display(), bibi.read_card("ДЧ")
('Д♥', Card('QH'))
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

import bibi._engine  # noqa: F401  # first: which build of the engine's group runs, compiled or pure
import bibi.cards as cards  # the module: bibi.cards.Card, bibi.cards.sort_key, …
from bibi.actions import Action
from bibi.cards import CARDS, SUITS, Card, Rank, Suit, pack, parse_card, read_card, read_cards
from bibi.cards import cards as parse_cards  # a list of cards from a text: bibi.parse_cards("KS QH")
from bibi.deal import Deal
from bibi.dealing import stack
from bibi.errors import IllegalAction, NotationError, WrongType, shorten
from bibi.i18n import LANGUAGES, UnknownLanguage, get_language, language, set_language
from bibi.kinds import ActionKind, EventKind
from bibi.outcome import Outcome
from bibi.play import BOTS as _BOTS
from bibi.reports import Call, Event, Trick, View
from bibi.rules import ENGLISH, ITALIAN, OPTIONS, PRESETS, RUSSIAN, CardPoints, Rules, parse_rules, preset

__version__ = "0.1.0"

_BOTS.fill_from("bibi.bots")  # the kit's own bots join the registry when it is first read (play never imports bots)

# Names served lazily, so that `import bibi` stays light (no pandas, no ipywidgets). Those that would import
# pandas or ipywidgets are kept out of __all__, so `from bibi import *` imports neither.
_LAZY = {
    "Game": "bibi.game",
    "random_bot": "bibi.bots",
    "greedy_bot": "bibi.bots",
    "heuristic_bot": "bibi.bots",
    "sampling_bot": "bibi.bots",
    "BOTS": "bibi.play",  # the one registry; reading it loads the kit's bots
    "simulate": "bibi.simulation",
    "compare": "bibi.simulation",
    "profile": "bibi.profile",  # the module, which is callable too: bibi.profile("ru") (bibi/profile.py)
    "practice": "bibi.practice",
    "notation": "bibi.notation",
    "texts": "bibi.texts",
    "render": "bibi.render",
    "widgets": "bibi.widgets",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'bibi' has no attribute {name!r}")
    mod = import_module(module)
    return mod if module.endswith("." + name) else getattr(mod, name)


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])


_HEAVY = ("simulate", "compare", "profile", "widgets")  # pandas, ipywidgets

__all__ = [
    "CARDS", "SUITS", "ENGLISH", "ITALIAN", "LANGUAGES", "OPTIONS", "PRESETS", "RUSSIAN",
    "Action", "ActionKind", "Call", "Card", "CardPoints", "Deal", "Event", "EventKind", "IllegalAction",
    "NotationError", "Outcome", "Rank", "Rules", "Suit", "Trick", "UnknownLanguage", "View", "WrongType",
    "cards", "get_language", "language", "pack", "parse_card", "parse_cards", "parse_rules", "preset",
    "read_card", "read_cards", "set_language", "shorten", "stack",
    *(name for name in _LAZY if name not in _HEAVY),
]
