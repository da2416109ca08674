"""The end of a deal at the play table: the game's record saved beside the notebook (in the JupyterLite site, in the
browser's own storage, where the site keeps its files), and the deal opened in a ``DealExplorer``; the review of
your moves is the table's own (``PlayTable.review_mine``).

A part of ``PlayTable`` of its own (``_Finish``), so that the table's module keeps to the play."""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from bibi.deal import Deal
from bibi.i18n import _
from bibi.session import AtTable
from bibi.widgets.base import _ActionView, _button, _html, _message, speaking
from bibi.widgets.explorer import DealExplorer


def named_file(prefix: str, named_by: Any, folder: Path | None = None) -> Path:
    """``PREFIX-DIGEST.json`` in ``folder`` (default: the kernel's working folder, beside the notebook; in the
    JupyterLite site, the browser's own storage), DIGEST that of ``named_by`` as JSON: the same thing, one file."""
    digest = hashlib.sha1(json.dumps(named_by, sort_keys=True).encode()).hexdigest()[:10]
    return (Path.cwd() if folder is None else folder) / f"{prefix}-{digest}.json"


def write_whole(path: Path, text: str) -> None:
    """``text`` written to ``path`` whole or not at all (a ``.part`` file moved into place): a reload or a crash
    mid-write leaves the file as it was."""
    part = path.with_name(path.name + ".part")
    part.write_text(text, encoding="utf-8")
    os.replace(part, path)


def record_path(record: dict[str, Any], folder: Path | None = None) -> Path:
    """Where a finished game's ``record`` is saved: ``bibi-record-DIGEST.json``, named by the record itself
    (``named_file``), so the same game saved twice is one file and two games are two."""
    return named_file("bibi-record", record, folder)


class _Finish(AtTable, _ActionView):
    """The play table's end-of-deal row: what to do with the deal just over. Shown once a deal is over (the row is
    empty otherwise): **Save the record** writes the game's record (``Game.record``; one deal's, outside a game) to
    ``record_path``, **Open in the explorer** replays the deal in a ``DealExplorer`` under the table (in the app,
    in the app's own explorer: ``explore_with``), and the table's **Review your moves** weighs your decisions."""

    seat: int  # the person's (PlayTable's)

    def __init__(self, *, lang: str | None = None):
        super().__init__(lang=lang)
        self._finish_controls()

    def _finish_controls(self) -> None:
        self.explore_with: Callable[[Deal], None] | None = None  # another view's explorer (the app's), else one here
        self.save_button = _button("", "", icon="download")
        self.explore_button = _button("", "", icon="search")
        self.finish_note = _html()
        self.finish_row = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.finish_row.add_class("bibi-finish")
        self.explore_box = widgets.VBox([])
        self._on_click(self.save_button, self.save_record)
        self._on_click(self.explore_button, self.explore)

    def _label_finish(self) -> None:
        self.save_button.description = _("Save the record")
        self.save_button.tooltip = _("write the game's record to a file beside the notebook, to replay or analyse "
                                     "later")
        self.explore_button.description = _("Open in the explorer")
        self.explore_button.tooltip = _("replay the deal just played, every hand face up, step by step")
        self.finish_note.value = _message(_("The deal is over: save its record, open it in the explorer, or review "
                                            "your moves.")) if self.finish_row.children else ""
        for view in self.explore_box.children:  # the explorer opened here: opened again in the table's language,
            if view.lang != self.lang:  # its title too, at the same step
                again = self.explore()
                if again is not None:
                    again.position_box.value = view.position_box.value

    def _show_finish(self) -> None:
        """The row while a deal is over, gone while one is played (with the explorer of the last one)."""
        over = self.deal.is_over
        if not over:
            self.explore_box.children = ()
        self.finish_row.children = (self.finish_note, self.save_button, self.explore_button) if over else ()
        self._label_finish()

    def _played_record(self) -> dict[str, Any]:
        return self.game.record() if self.game is not None else self.deal.record()

    @speaking
    def save_record(self) -> Path:
        """Write the record of the game (of the deal, outside a game) to ``record_path`` beside the notebook, as
        ``bibi replay`` and ``bibi analyse`` read it; say where. Returns the file."""
        if not self.deal.is_over:
            raise ValueError(_("Finish the deal first: its record is saved once it is over."))
        record = self._played_record()
        path = record_path(record)
        write_whole(path, json.dumps(record, ensure_ascii=False, indent=1) + "\n")
        name, seat = path.name, self.seat
        if sys.platform == "emscripten":  # the JupyterLite site: its files are the browser's, and no terminal runs
            self._say(lambda: _("Saved the record in {file}, beside the notebook, in this browser's storage: the file "
                                "browser on the left lists it, to download and open with bibi replay or bibi analyse "
                                "where the kit is installed.").format(file=name))
        else:
            self._say(lambda: _("Saved the record in {file}, beside the notebook: bibi replay {file} shows it again, "
                                "bibi analyse {file} --seat {seat} weighs your moves.").format(file=name, seat=seat))
        return path

    @speaking
    def explore(self) -> DealExplorer | None:
        """Open the deal just over in a deal explorer, every hand face up (the app's own explorer when the table
        is the app's). Returns the explorer opened here (None when it opened elsewhere)."""
        deal = self.deal
        if not deal.is_over:
            raise ValueError(_("Finish the deal first: the explorer shows it once it is over."))
        if self.explore_with is not None:
            self.explore_with(deal)
            return None
        game = self.game
        title = _("Deal {number} of your game").format(number=len(game.deals)) if game is not None else None
        explorer = DealExplorer(deal=deal, title=title, lang=self.lang)
        for control in (explorer.seed_box, explorer.players_box, explorer.deal_button):
            control.layout.display = "none"  # they deal a seed's deal, which is not this one
        self.explore_box.children = (explorer,)
        return explorer
