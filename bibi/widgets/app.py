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
from bibi.widgets.base import _PRESET_LABELS, _button, _control_value, _html, _message, _View
from bibi.widgets.explorer import DealExplorer
from bibi.widgets.play_table import PlayTable


class PlayApp(_View):
    """The Voilà app: pick the rules (a preset, and one option changed if you like), the players, your seat, the
    bots and the seed, then play a whole game at a ``PlayTable``; each deal of YOUR game, once over, is replayed in
    a ``DealExplorer`` below (every hand face up, step by step), and any deal of it over can be picked again.

    The seed is chosen once, in the app's row: the table's own seed box is not shown (it follows the app's, and
    the app's follows it when the table moves on to a new game), nor the explorer's seed and Deal controls (a
    deal of your game is no seed's first deal)."""

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
        self.explorer_message = _html()
        self.replay_select = widgets.Dropdown(options=[], description="replay", disabled=True,
                                              style={"description_width": "initial"},
                                              layout=widgets.Layout(width="260px"))  # room for "deal 12 of your game"
        self._on_value(self.replay_select, lambda: self.replay(self.replay_select.value))
        self.explorer_box = widgets.VBox()
        self._listed: list[Deal] = []  # the deals the replay list offers (of the game they were listed from)
        self._seed_link: Any = None
        self.table: PlayTable | None = None
        self.explorer: DealExplorer | None = None
        self._shown = False
        wrap = widgets.Layout(flex_flow="row wrap")
        self.children = [
            widgets.HBox([self.preset_select, self.option_select, self.value_select], layout=wrap),
            widgets.HBox([self.players_box, self.seat_box, self.bots_select, self.seed_box, self.start_button],
                         layout=wrap),
            self.message, self.table_box,
            widgets.HTML(render.heading_html("Your game, deal by deal, in the explorer")), self.explorer_message,
            self.replay_select, self.explorer_box, self.errors,
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
        table.seed_box.layout.display = "none"  # one seed box on the page: the app's, linked to the table's
        if self._seed_link is not None:
            self._seed_link.unlink()
        self._seed_link = widgets.link((self.seed_box, "value"), (table.seed_box, "value"))
        self.table, self.explorer = table, None
        self.table_box.children = [table]
        self.explorer_box.children = []
        self._list_deals(None)
        self.explorer_message.value = _message("When a deal of your game is over, the explorer replays it here, every "
                                         "hand face up: step through it trick by trick.")
        changed = ", ".join(f"{k} = {_control_value(v)}" for k, _, v in preset(rules.name).diff(rules))
        self._say(f"A game of {table.game.deals_total if table.game else 1} deals: {rules.name} rules"
                  + (f" ({changed})" if changed else "") + f", {players} players, you at seat {seat}, "
                  f"{self.bots_select.value} bots, seed {self.seed_box.value}.")
        if table.deal.is_over:
            self.show_deal(table.deal)

    def _finished(self) -> list[Deal]:
        """The deals of the table's game that are over, in order (the table's one deal outside a game)."""
        table = self.table
        if table is None:
            return []
        deals = table.game.deals if table.game is not None else (table.deal,)
        return [d for d in deals if d.is_over]

    def _list_deals(self, number: int | None) -> None:
        """Offer every deal of the game that is over in the replay list, ``number`` (1-based) chosen."""
        self._listed = self._finished()
        count = len(self._listed)
        self._syncing = True
        try:
            self.replay_select.options = [(f"deal {i} of your game", i) for i in range(1, count + 1)]
            self.replay_select.value = number
        finally:
            self._syncing = False
        self.replay_select.disabled = not count

    def show_deal(self, deal: Deal) -> None:
        """Replay ``deal`` (a deal of this game, over) in the explorer, and list it with the others over."""
        finished = self._finished()
        number = next((i for i, d in enumerate(finished, 1) if d is deal), len(finished))
        self._list_deals(number)
        self.replay(number)

    def replay(self, number: int) -> None:
        """Replay deal ``number`` (1-based) of those the replay list offers (your game's deals that are over), in
        the explorer, every hand face up."""
        listed = self._listed
        if not listed:
            raise ValueError("replay: no deal of your game is over yet")
        whole("number", number, 1, len(listed))
        explorer = DealExplorer(deal=listed[number - 1], bot=self.bots_select.value,
                                title=f"Deal {number} of your game")
        for control in (explorer.seed_box, explorer.players_box, explorer.deal_button):
            control.layout.display = "none"  # they deal a seed's deal, which is not one of your game
        self.explorer = explorer
        self.explorer_box.children = [explorer]
        self._syncing = True
        try:
            self.replay_select.value = number
        finally:
            self._syncing = False
        self.explorer_message.value = _message(f"Deal {number} of your game, as you played it: every hand face up.")


def _known_bot_names() -> list[str]:
    get_bot("random")
    from bibi.play import BOTS

    return list(BOTS)


