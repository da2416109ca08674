"""A notebook that shows every view of the kit in one language, each in a state a learner meets: the play table a
few cards in (a trick won, a hint shown), the explorer mid-deal, the compare view and the rules panel at the point
where the two texts part (notebook 03's set-up), a score sheet, a practice round, the app, and a table whose deal is
over (its end-of-deal row, and the deal opened in the explorer from it).

Written by the browser tests' ``lab`` fixture as ``fixtures/views-<lang>.ipynb`` for each language, so the axe-core
and label-fit checks (``test_pages.py``) look at the same views in every language.
"""

from __future__ import annotations

import json
from pathlib import Path

LANGUAGES = ("en", "ru", "it")

# Each view's root element, by the name used in the tests' messages and screenshots.
VIEWS = {
    "play-table": ".bibi-play-table",
    "explorer": ".bibi-deal-explorer",
    "compare": ".bibi-compare-view",
    "rules-panel": ".bibi-rules-panel",
    "scores": ".bibi-score-inspector",
    "practice": ".bibi-practice",
    "app": ".bibi-play-app",
    # a table whose deal is over: its end-of-deal row (save the record, open it in the explorer) and the explorer
    "table-over": ".bibi-play-table:has(.bibi-finish button)",
}

_CELLS = [
    "import bibi\nbibi.set_language({lang!r})\n"
    "from bibi.widgets import (CompareView, DealExplorer, PlayApp, PlayTable, Practice, RulesPanel,\n"
    "                          ScoreInspector)",
    # The play table: seat 0 plays three cards (a trick or two won), then asks for a hint.
    "table = PlayTable('russian', players=4, bots='random', seat=0, seed=3, delay=0)\n"
    "for _ in range(3):\n"
    "    table.play(table.deal.view(0).legal_actions[-1])\n"
    "table.hint()\n"
    "table",
    "explorer = DealExplorer('italian', players=6, seed=2)\nexplorer.go(9)\nexplorer",
    "compare = CompareView('russian', 'italian', players=6, seed=1)\ncompare",
    "RulesPanel('russian', players=6, seed=1, bot='greedy', other='italian')",
    "ScoreInspector(explorer.final)",
    "Practice('russian', 4, 3, seed=1)",
    "PlayApp('russian', players=4, seat=0, bots='random', seed=1, delay=0)",
    # A deal played to its end, then opened in the explorer from the table's end-of-deal row.
    "over = PlayTable('italian', players=4, bots='random', seat=0, seed=5, game=False, delay=0, keep=False)\n"
    "while not over.deal.is_over:\n"
    "    over.play(over.deal.view(0).legal_actions[0])\n"
    "over.explore()\n"
    "over",
]


def views_notebook(lang: str) -> dict:
    """The notebook (nbformat 4, as JSON) showing every view in ``lang``."""
    return _notebook([source.format(lang=lang) for source in _CELLS])


def _notebook(cells: list[str]) -> dict:
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [],
                       "source": source} for i, source in enumerate(cells)],
            # (language_info: the JupyterLite site, which has no kernel named python3, starts its Python for it)
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                         "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


# Each language's table is a set-up of its own (its number of players), so that each keeps its own game.
TABLE_PLAYERS = {"en": 4, "ru": 3, "it": 5}


def table_notebook(lang: str) -> dict:
    """A notebook with one play table in ``lang`` (its game kept beside the notebook: ``test_game_kept.py``)."""
    return _notebook([f"import bibi\nbibi.set_language({lang!r})\nfrom bibi.widgets import PlayTable",
                      f"PlayTable('russian', players={TABLE_PLAYERS[lang]}, bots='heuristic', seat=0, seed=11)"])


def write_views_notebooks(folder: Path) -> None:
    """``views-<lang>.ipynb`` and ``table-<lang>.ipynb`` for each language, into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for lang in LANGUAGES:
        (folder / f"views-{lang}.ipynb").write_text(json.dumps(views_notebook(lang), ensure_ascii=False, indent=1))
        (folder / f"table-{lang}.ipynb").write_text(json.dumps(table_notebook(lang), ensure_ascii=False, indent=1))
