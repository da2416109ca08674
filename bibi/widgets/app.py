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
from bibi.i18n import LANGUAGES, NAMES, _, count
from bibi.levels import choice_label
from bibi.play import bot_title, get_bot
from bibi.render.names import changes_told
from bibi.rules import OPTIONS, Rules, preset, rules_titled
from bibi.widgets.base import (
    _button,
    _html,
    _message,
    _preset_labels,
    _value_choices,
    _View,
    speaking,
)
from bibi.widgets.explorer import DealExplorer
from bibi.widgets.play_table import PlayTable


class PlayApp(_View):
    """The Voilà app: pick the rules (a preset, and one option changed if you like), the players, your seat, the
    bots and the seed, then play a whole game at a ``PlayTable``; each deal of YOUR game, once over, is replayed in
    a ``DealExplorer`` below (every hand face up, step by step), and any deal of it over can be picked again.

    The language menu (English, русский, italiano) shows the whole app in another language, the game going on as
    it stands (``set_language``); ``lang`` is the language it starts in (None: the language in force).

    The seed is chosen once, in the app's row: the table's own seed box is not shown (it follows the app's, and
    the app's follows it when the table moves on to a new game), nor the explorer's seed and Deal controls (a
    deal of your game is no seed's first deal)."""

    css_class = "bibi-play-app"

    def __init__(self, rules: str = "russian", players: int = 4, seat: int = 0, bots: str = "heuristic",
                 seed: int = 1, *, delay: float | None = None, lang: str | None = None):
        super().__init__(lang=lang)
        self.delay = delay
        style = {"description_width": "70px"}
        small = widgets.Layout(width="170px")
        spoken = [*LANGUAGES, *([self.lang] if self.lang not in LANGUAGES else [])]  # (the tests' pseudo-language)
        self.language_select = widgets.Dropdown(options=[(NAMES.get(code, code), code) for code in spoken],
                                                value=self.lang,
                                                style=style, layout=widgets.Layout(width="200px"))
        self.preset_select = widgets.Dropdown(options=[(name, name) for name in _preset_labels()],
                                              value=preset(rules).name, style=style,
                                              layout=widgets.Layout(width="270px"))
        self.option_select = widgets.Dropdown(options=[("", "")] + [(n, n) for n in OPTIONS if OPTIONS[n].values],
                                              value="", style=style, layout=widgets.Layout(width="250px"))
        self.value_select = widgets.Dropdown(options=[], style=style, layout=widgets.Layout(width="330px"))
        # Boxes without bounds of their own (a bounded box clamps a typed value silently): ``start`` asks the rules.
        self.players_box = widgets.IntText(value=players, style=style, layout=small)
        self.seat_box = widgets.IntText(value=seat, style=style, layout=small)
        names = list(dict.fromkeys([bots, *_known_bot_names()]))
        self.bots_select = widgets.Dropdown(options=[(choice_label(n), n) for n in names], value=bots, style=style,
                                            layout=widgets.Layout(width="300px"))  # "клубный игрок (эвристический)"
        self.seed_box = widgets.IntText(value=seed, style=style, layout=small)
        self.start_button = _button("", "", icon="play")
        self._on_value(self.option_select, self._option_values)
        self._on_value(self.language_select, lambda: self.set_language(self.language_select.value))
        self._on_click(self.start_button, self.start)
        self.table_box = widgets.VBox()
        self.explorer_message = _html()
        self.explorer_heading = _html()
        self.replay_select = widgets.Dropdown(options=[], disabled=True, style={"description_width": "initial"},
                                              layout=widgets.Layout(width="260px"))  # room for "deal 12 of your game"
        self._on_value(self.replay_select, lambda: self.replay(self.replay_select.value))
        self.explorer_box = widgets.VBox()
        self._listed: list[Deal] = []  # the deals the replay list offers (of the game they were listed from)
        self._seed_link: Any = None
        self.table: PlayTable | None = None
        self.explorer: DealExplorer | None = None
        self._shown = False
        # What the message line says of the game started (said again in another language): its rules' name, the
        # options changed, deals, players, seat, bots and seed.
        self._greeting: tuple[Any, ...] = ()
        wrap = widgets.Layout(flex_flow="row wrap")
        self.children = [
            widgets.HBox([self.language_select], layout=wrap),
            widgets.HBox([self.preset_select, self.option_select, self.value_select], layout=wrap),
            widgets.HBox([self.players_box, self.seat_box, self.bots_select, self.seed_box, self.start_button],
                         layout=wrap),
            self.message, self.table_box, self.explorer_heading, self.explorer_message,
            self.replay_select, self.explorer_box, self.errors,
        ]
        self._label()
        self.start()

    def _label(self) -> None:
        """The words of the app's own controls, in its language (the choices made stay as they are)."""
        self._syncing = True
        try:
            self.language_select.description = _("language")
            self.preset_select.description = _("rules")
            chosen = self.preset_select.value
            self.preset_select.options = [(label, name) for name, label in _preset_labels().items()]
            self.preset_select.value = chosen
            self.option_select.description = _("change")
            chosen = self.option_select.value
            self.option_select.options = [(_("no change"), "")] + [(_(OPTIONS[n].title), n) for n in OPTIONS
                                                                    if OPTIONS[n].values]
            self.option_select.value = chosen
            self.value_select.description = _("to")
            chosen = self.value_select.value
            self._option_values()
            if chosen in [value for _label, value in self.value_select.options]:
                self.value_select.value = chosen
            self.players_box.description = _("players")
            self.seat_box.description = _("your seat")
            self.bots_select.description = _("bots")
            chosen = self.bots_select.value
            self.bots_select.options = [(choice_label(n), n) for _shown, n in self.bots_select.options]
            self.bots_select.value = chosen
            self.seed_box.description = _("seed")
            self.start_button.description = _("Start the game")
            self.start_button.tooltip = _("deal the first deal of a game with these choices")
            self.replay_select.description = _("replay")
            chosen = self.replay_select.value
            self.replay_select.options = [(_("deal {number} of your game").format(number=i), i)
                                          for i in range(1, len(self._listed) + 1)]
            self.replay_select.value = chosen
        finally:
            self._syncing = False
        self.explorer_heading.value = render.heading_html(_("Your game, deal by deal, in the explorer"))

    def _respeak(self) -> None:
        """The whole app in its language (``set_language``; the language menu calls it), the game as it stands: the
        table, its messages and the deal replayed below, all said again."""
        code = self.lang
        if self.language_select.value != code:
            self._syncing = True
            try:
                self.language_select.value = code
            finally:
                self._syncing = False
        self._label()
        if self.table is not None:
            self.table.set_language(code)
        self._say(self._greeting_text())
        if self.explorer is not None:
            explorer, number = self.explorer, self.replay_select.value
            self.replay(number)
            assert self.explorer is not None
            self.explorer.seat_select.value = explorer.seat_select.value
            self.explorer.go(explorer.position)
        else:
            self.explorer_message.value = _message(self._waiting_text())

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        self._shown = True  # on show: the table's bots play their cards one by one
        if self.table is not None:
            self.table._shown = True
        return super()._repr_mimebundle_(**kwargs)

    def _option_values(self) -> None:
        name = self.option_select.value
        self.value_select.options = [(label, str(value)) for label, value in _value_choices(name)] if name else []
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

    @speaking
    def start(self) -> None:
        """A new game with the choices made: the table, and the explorer waiting for the first deal's end."""
        rules = self.rules
        players = check_players(rules, self.players_box.value)
        seat = whole("your seat", self.seat_box.value)
        if not 0 <= seat < players:
            raise ValueError(f"your seat: {shorten(seat)} is not a seat 0…{players - 1}")
        table = PlayTable(rules, players, bots=self.bots_select.value, seat=seat, seed=self.seed_box.value,
                          delay=self.delay, lang=self.lang)
        table.on_deal_end(self.show_deal)
        table.explore_with = self.show_deal  # the table's "Open in the explorer": the app's explorer, below
        table._shown = self._shown
        table.seed_box.layout.display = "none"  # one seed box on the page: the app's, linked to the table's
        table.level_select.layout.display = "none"  # the bots are chosen in the app's row (a level's by its title)
        if self._seed_link is not None:
            self._seed_link.unlink()
        self._seed_link = widgets.link((self.seed_box, "value"), (table.seed_box, "value"))
        self.table, self.explorer = table, None
        self.table_box.children = [table]
        self.explorer_box.children = []
        self._list_deals(None)
        self.explorer_message.value = _message(self._waiting_text())
        self._greeting = (rules, table.game.deals_total if table.game else 1, players, seat,
                          self.bots_select.value, self.seed_box.value)
        self._say(self._greeting_text())
        if table.deal.is_over:
            self.show_deal(table.deal)

    def _waiting_text(self) -> str:
        return _("When a deal of your game is over, the explorer replays it here, every hand face up: step through it "
                 "trick by trick.")

    def _greeting_text(self) -> str:
        """What the message line says of the game started: its deals, rules (``rules_titled``), players, seat, bots and
        seed, in the app's language; then, for rules with changes, the options changed as the rules panel names them
        (``changes_told``), in a sentence of their own."""
        if not self._greeting:
            return ""
        played, deals, players, seat, bots, seed = self._greeting
        rules = _("{rules} rules").format(rules=rules_titled(played))
        said = _("A game of {deals}: {rules}, {players}, you at seat {seat}, {bots} bots, seed {seed}.").format(
            deals=count(deals, "deal"), rules=rules, players=count(players, "player"), seat=seat,
            bots=bot_title(bots), seed=seed)
        changes = changes_told(played)  # a sentence of its own: a meaning ending in parentheses nests in nothing
        return f"{said} {changes}" if changes else said

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
        listed = len(self._listed)
        self._syncing = True
        try:
            self.replay_select.options = [(_("deal {number} of your game").format(number=i), i)
                                          for i in range(1, listed + 1)]
            self.replay_select.value = number
        finally:
            self._syncing = False
        self.replay_select.disabled = not listed

    @speaking
    def show_deal(self, deal: Deal) -> None:
        """Replay ``deal`` (a deal of this game, over) in the explorer, and list it with the others over."""
        finished = self._finished()
        number = next((i for i, d in enumerate(finished, 1) if d is deal), len(finished))
        self._list_deals(number)
        self.replay(number)

    @speaking
    def replay(self, number: int) -> None:
        """Replay deal ``number`` (1-based) of those the replay list offers (your game's deals that are over), in
        the explorer, every hand face up."""
        listed = self._listed
        number = whole("number", number)
        if not listed:
            raise ValueError("replay: no deal of your game is over yet")
        whole("number", number, 1, len(listed))
        explorer = DealExplorer(deal=listed[number - 1], bot=self.bots_select.value,
                                title=_("Deal {number} of your game").format(number=number), lang=self.lang)
        for control in (explorer.seed_box, explorer.players_box, explorer.deal_button):
            control.layout.display = "none"  # they deal a seed's deal, which is not one of your game
        self.explorer = explorer
        self.explorer_box.children = [explorer]
        self._syncing = True
        try:
            self.replay_select.value = number
        finally:
            self._syncing = False
        self.explorer_message.value = _message(_("Deal {number} of your game, as you played it: every hand face "
                                                 "up.").format(number=number))


def _known_bot_names() -> list[str]:
    get_bot("random")
    from bibi.play import BOTS

    return list(BOTS)


