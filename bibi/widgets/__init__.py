"""Widget views over the engine (ipywidgets 8): explore a deal, compare two rules, toggle the rules, inspect
scores, play a game, run the app, practise.

Each view is a small container with private children, one ``_render()`` that reads the engine's
state, and callbacks that only turn a click into an engine call and render again. The views hold no
rules: what is legal, why a card is illegal, who wins, all come from ``bibi.deal``; no markup either: every
piece of HTML comes from ``bibi.render``. An error inside a callback is shown in the view (``view.message``
for a refused move or a bad value, the traceback in ``view.errors`` for anything else), never lost.

One module a view, the pieces they share in ``bibi.widgets.base``:

- ``DealExplorer(rules, players, seed)`` (``explorer``): deal, step an action or a trick either way, jump to
  the start or the end, look from one seat, click a card to learn why it is illegal (or play it there).
- ``CompareView(a, b, players, seed)`` (``compare``): the same pack under two sets of rules, side by side,
  stepped together trick by trick, with the point where the deals part and the option responsible.
- ``RulesPanel(rules, players, seed)`` (``rules_panel``): a ``CompareView`` with presets, any two labels and
  a control per option with its sentences; every change replays the same seeded pack.
- ``ScoreInspector(deal_or_game)`` (``scores``): where every point comes from, trick by trick and seat by
  seat (a pandas table), a game's score sheet.
- ``PlayTable(rules, players, bots, seat, seed)`` (``play_table``): play one seat against bots, a whole game:
  the last trick stays in sight, a hint, undo, the bots' reasons, the score sheet.
- ``PlayApp(rules, players, seat, bots, seed)`` (``app``): the Voilà app: choose the rules, players, seat and
  bots, play a game at a ``PlayTable``, replay each deal of it in a ``DealExplorer``.
- ``Practice(rules, players, n, seed)`` (``practice``): a round of exercises (``bibi.practice``) with the
  engine's feedback and a running score.

Every view takes ``lang=`` (``"en"``, ``"ru"``, ``"it"``; None: the language in force when it is made) and speaks
it from then on: what it shows, what a click answers and the still picture it leaves in a saved notebook, whatever
the notebook's language later (``bibi.set_language``). ``view.set_language(lang)`` switches any view afterwards, the
same way for every one: its controls, what it shows and its answer to the last click are said again, the deal or
round shown as it stands. The app's language menu does this for its whole page.

Bots are callables ``(view, rng) -> action`` (``bibi.play``); the default plays at random. Every view
plays through the play layer (``bibi.play.play``) with the bots' stream ``bots_rng(seed)``, so a view
of seed S shows the very deal ``bibi deal --seed S`` and a notebook play with the same rules and bots.

This is the only package of the kit that imports ipywidgets.
"""

from __future__ import annotations

# The play layer's names the views use, and the panel's reading of an option's value, reachable from here too.
from bibi.play import bot_name as bot_name
from bibi.play import random_bot as random_bot
from bibi.play import snapshots as snapshots
from bibi.play import strongest_bot
from bibi.widgets.app import PlayApp
from bibi.widgets.base import as_bot
from bibi.widgets.compare import CompareView
from bibi.widgets.explorer import DealExplorer
from bibi.widgets.play_table import PlayTable
from bibi.widgets.practice import Practice
from bibi.widgets.rules_panel import RulesPanel
from bibi.widgets.scores import ScoreInspector

__all__ = ["CompareView", "DealExplorer", "PlayApp", "PlayTable", "Practice", "RulesPanel", "ScoreInspector", "as_bot",
           "strongest_bot"]
