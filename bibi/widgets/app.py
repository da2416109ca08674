"""``PlayApp``: the Voilà app (``notebooks/app.ipynb``): the rules, players, seat, bots and seed chosen in one row,
a game at a ``PlayTable``, and each deal of it, once over, replayed in a ``DealExplorer``."""

from __future__ import annotations

import dataclasses
from typing import Any

import ipywidgets as widgets

from bibi import render
from bibi.deal import Deal
from bibi.dealing import check_players
from bibi.errors import shorten, whole
from bibi.play import get_bot
from bibi.rules import OPTIONS, Rules, preset
from bibi.widgets.base import _PRESET_LABELS, _button, _control_value, _html, _note, _View
from bibi.widgets.explorer import DealExplorer
from bibi.widgets.play_table import PlayTable


class PlayApp(_View):
    """The Voilà app: pick the rules (a preset, and one option changed if you like), the players, your seat and
    the bots, then play a whole game at a ``PlayTable``; each deal of YOUR game, once over, is replayed in a
    ``DealExplorer`` below (every hand face up, step by step)."""

    css_class = "bibi-play-app"

    def __init__(self, rules: str = "russian", players: int = 4, seat: int = 0, bots: str = "heuristic",
                 seed: int = 1, *, delay: float | None = None):
        super().__init__()
        self.delay = delay
        style = {"description_width": "70px"}
        small = widgets.Layout(width="170px")
        self.preset_select = widgets.Dropdown(options=[(label, name) for name, label in _PRESET_LABELS.items()],
                                              value=preset(rules).name, description="rules", style=style,
                                              layout=widgets.Layout(width="250px"))
        changeable = [(OPTIONS[n].title, n) for n in OPTIONS if OPTIONS[n].values]
        self.option_select = widgets.Dropdown(options=[("no change", "")] + changeable, value="",
                                              description="change", style=style, layout=widgets.Layout(width="250px"))
        self.value_select = widgets.Dropdown(options=[], description="to", style=style,
                                             layout=widgets.Layout(width="330px"))
        # Boxes without bounds of their own (a bounded box clamps a typed value silently): ``start`` asks the rules.
        self.players_box = widgets.IntText(value=players, description="players", style=style, layout=small)
        self.seat_box = widgets.IntText(value=seat, description="your seat", style=style, layout=small)
        names = list(dict.fromkeys([bots, *_known_bot_names()]))
        self.bots_select = widgets.Dropdown(options=names, value=bots, description="bots", style=style,
                                            layout=widgets.Layout(width="200px"))
        self.seed_box = widgets.IntText(value=seed, description="seed", style=style, layout=small)
        self.start_button = _button("Start the game", "deal the first deal of a game with these choices",
                                    icon="play")
        self._on_value(self.option_select, self._option_values)
        self._on_click(self.start_button, self.start)
        self.table_box = widgets.VBox()
        self.explorer_note = _html()
        self.explorer_box = widgets.VBox()
        self.table: PlayTable | None = None
        self.explorer: DealExplorer | None = None
        self._shown = False
        wrap = widgets.Layout(flex_flow="row wrap")
        self.children = [
            widgets.HBox([self.preset_select, self.option_select, self.value_select], layout=wrap),
            widgets.HBox([self.players_box, self.seat_box, self.bots_select, self.seed_box, self.start_button],
                         layout=wrap),
            self.message, self.table_box,
            widgets.HTML(render.heading_html("Your game, deal by deal, in the explorer")), self.explorer_note,
            self.explorer_box, self.errors,
        ]
        self._option_values()
        self.start()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        self._shown = True  # on show: the table's bots play their cards one by one
        if self.table is not None:
            self.table._shown = True
        return super()._repr_mimebundle_(**kwargs)

    def _option_values(self) -> None:
        name = self.option_select.value
        values = OPTIONS[name].values if name else {}
        self.value_select.options = [(f"{v}: {m}"[:70], v) for v, m in values.items()]
        self.value_select.disabled = not name

    @property
    def rules(self) -> Rules:
        """The rules chosen: the preset, with the changed option if any."""
        rules = preset(self.preset_select.value)
        name, value = self.option_select.value, self.value_select.value
        if name and value is not None:
            typed: Any = value == "True" if name == "dealt_pairs" else value
            rules = dataclasses.replace(rules, **{name: typed})
        return rules

    def start(self) -> None:
        """A new game with the choices made: the table, and the explorer waiting for the first deal's end."""
        rules = self.rules
        players = check_players(rules, self.players_box.value)
        seat = whole("your seat", self.seat_box.value)
        if not 0 <= seat < players:
            raise ValueError(f"your seat: {shorten(seat)} is not a seat 0…{players - 1}")
        table = PlayTable(rules, players, bots=self.bots_select.value, seat=seat, seed=self.seed_box.value,
                          delay=self.delay)
        table.on_deal_end(self.show_deal)
        table._shown = self._shown
        self.table, self.explorer = table, None
        self.table_box.children = [table]
        self.explorer_box.children = []
        self.explorer_note.value = _note("When a deal of your game is over, the explorer replays it here, every "
                                         "hand face up: step through it trick by trick.")
        changed = ", ".join(f"{k} = {_control_value(v)}" for k, _, v in preset(rules.name).diff(rules))
        self._say(f"A game of {table.game.deals_total if table.game else 1} deals: {rules.name} rules"
                  + (f" ({changed})" if changed else "") + f", {players} players, you at seat {seat}, "
                  f"{self.bots_select.value} bots, seed {self.seed_box.value}.")
        if table.deal.is_over:
            self.show_deal(table.deal)

    def show_deal(self, deal: Deal) -> None:
        """Replay ``deal`` (a deal of this game, over) in the explorer."""
        number = len(self.table.game.deals) if self.table is not None and self.table.game is not None else 1
        self.explorer = DealExplorer(deal=deal, bot=self.bots_select.value)
        self.explorer_box.children = [self.explorer]
        self.explorer_note.value = _note(f"Deal {number} of your game, as you played it: every hand face up.")


def _known_bot_names() -> list[str]:
    get_bot("random")
    from bibi.play import BOTS

    return list(BOTS)


