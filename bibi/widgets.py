"""Widget views over the engine (ipywidgets 8): explore a deal, toggle the rules, inspect scores, play.

Each view is a small container with private children, one ``_render()`` that reads the engine's
state, and callbacks that only turn a click into an engine call and render again. The views hold no
rules: what is legal, why a card is illegal, who wins, all come from ``bibi.deal``. An error inside a
callback is shown in the view (``view.message`` for a refused move or a bad value, the traceback in
``view.errors`` for anything else), never lost.

- ``DealExplorer(rules, players, seed)``: deal, step an action or a trick either way, jump to the
  start or the end, look from one seat, click a card to learn why it is illegal (or play it there).
- ``RulesPanel(rules, players, seed)``: presets and a control per option with its sentences; every
  change replays the same seeded deal and sets the two outcomes side by side.
- ``ScoreInspector(deal_or_game)``: points trick by trick and seat by seat as a pandas table.
- ``PlayTable(rules, players, bots, seat, seed)``: play one seat against bots, a whole game: the last trick
  stays in sight, a hint, undo, the bots' reasons, the score sheet.

Bots are callables ``(view, rng) -> action`` (``bibi.play``); the default plays at random. Every view
plays through the play layer (``bibi.play.play``) with the bots' stream ``bots_rng(seed)``, so a view
of seed S shows the very deal ``bibi deal --seed S`` and a notebook play with the same rules and bots.

This is the only module of the kit that imports ipywidgets.
"""

from __future__ import annotations

import dataclasses
import random
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from html import escape
from typing import Any, NamedTuple

import ipywidgets as widgets

from bibi import render, texts
from bibi.cards import Card
from bibi.deal import PASS, Action, Deal
from bibi.game import Game
from bibi.play import Bot, Explanation, as_bots, bot_name, bots_rng, explain, get_bot, play, random_bot, snapshots
from bibi.rules import OPTIONS, PRESETS, CardPoints, Rules, as_rules, preset


def as_bot(bot: Bot | str | None) -> Bot:
    """A bot from a callable, a name the play layer knows (``bibi.play.BOTS``), or ``None`` (the random bot)."""
    return random_bot if bot is None else get_bot(bot)


# -- pieces shared by the views --------------------------------------------------------------


def _html(value: str = "", **layout: Any) -> widgets.HTML:
    return widgets.HTML(value=value, layout=widgets.Layout(**layout))


def _button(description: str, tooltip: str, *, width: str = "auto", icon: str = "") -> widgets.Button:
    return widgets.Button(description=description, tooltip=tooltip, icon=icon, layout=widgets.Layout(width=width))


def _wrap(html: str) -> str:
    """A fragment with the shared style block, for one HTML widget."""
    return f'<div class="bibi">{render.style_block()}{html}</div>'


def _note(text: str, *, error: bool = False) -> str:
    colour = "#b71c1c" if error else "inherit"
    return f'<div class="bibi" style="color:{colour};font-size:14px">{escape(text)}</div>'


class _Choice(NamedTuple):
    """One button of an action row: what it does, how it looks, and whether it is enabled."""

    action: Action
    label: str
    tooltip: str
    enabled: bool = True
    legal: bool = True
    red: bool = False
    laid: bool = False


class _ActionRow(widgets.HBox):
    """A row of buttons, one per choice, reused between renders; a click calls ``on_pick(action)``."""

    def __init__(self, on_pick: Callable[[Action], None], css_class: str, *, card_size: bool):
        super().__init__(layout=widgets.Layout(flex_flow="row wrap", min_height="0"))
        self._on_pick = on_pick
        self._class = css_class
        self._card_size = card_size
        self._pool: list[widgets.Button] = []
        self._choices: list[_Choice] = []

    @property
    def buttons(self) -> tuple[widgets.Button, ...]:
        """The buttons shown now, in order."""
        return self.children

    def show(self, choices: Sequence[_Choice]) -> None:
        """Show one button per choice."""
        while len(self._pool) < len(choices):
            i = len(self._pool)
            # Wide enough for "10♦" with JupyterLab's button padding taken out.
            layout = (widgets.Layout(width="64px", height="48px", padding="0 2px", border="1px solid #8d8d8d",
                                     margin="0 4px 4px 0")
                      if self._card_size else widgets.Layout(width="auto"))
            button = widgets.Button(layout=layout)
            button.add_class(self._class)
            button.on_click(lambda _, i=i: self._on_pick(self._choices[i].action))
            self._pool.append(button)
        self._choices = list(choices)
        for button, choice in zip(self._pool, choices, strict=False):
            button.description = choice.label
            button.tooltip = choice.tooltip
            button.disabled = not choice.enabled
            if self._card_size:
                button.style.font_size = "18px"
                button.style.font_weight = "bold"
                ink = ("#c62828", "#1d1d1d") if choice.legal else ("#e3a3a3", "#a3a3a3")
                button.style.text_color = ink[0] if choice.red else ink[1]
                paper = ("#fff3c4", "#ffffff") if choice.legal else ("#f0e6c0", "#e9e9e9")
                button.style.button_color = paper[0] if choice.laid else paper[1]
        self.children = tuple(self._pool[: len(choices)])

    def button_for(self, action: Action | str) -> widgets.Button:
        """The first button shown for ``action`` (``"KS"``, ``"bibi H"``, ``"pass"``)."""
        act = Action.parse(action)
        for button, choice in zip(self.children, self._choices, strict=False):
            if choice.action is act:
                return button
        raise KeyError(f"no button for {act} now")


def _card_choices(deal: Deal, seat: int, *, enable_illegal: bool) -> list[_Choice]:
    """A button per card of ``seat``'s hand; illegal ones carry the engine's reason as their tooltip."""
    laid = list(deal.laid_down(seat))
    out = []
    for card in deal.hand(seat):
        is_laid = card in laid
        if is_laid:
            laid.remove(card)
        why = deal.why_illegal(card, seat)
        tip = why or f"play the {card.name}"
        if is_laid:
            tip += " (laid down)"
        legal = why is None
        out.append(_Choice(card, card.unicode, tip, legal or enable_illegal, legal, card.suit.is_red, is_laid))
    return out


def _other_choices(deal: Deal, seat: int) -> list[_Choice]:
    """Buttons for the legal calls, passes and trump switches of ``seat`` (none when it is not his turn)."""
    if deal.to_act != seat:
        return []
    out = []
    for action in deal.legal_actions():
        if action.kind == Action.CALL:
            out.append(_Choice(action, action.unicode, f"say Bi-bi: lay down K+Q {action.suit.symbol} (R15; I11)"))
        elif action.kind == Action.SWITCH:
            out.append(_Choice(action, action.unicode, f"make {action.suit.symbol} trump for this trick (I12, I14)"))
        elif action is PASS:
            out.append(_Choice(action, "pass", "do not call (no points for this pair now, R23)"))
    return out


class _View(widgets.VBox):
    """A view: a container with a message line and an ``Output`` that catches callback errors."""

    css_class = "bibi-view"

    def __init__(self) -> None:
        super().__init__()
        self.add_class(self.css_class)
        self.message = _html()
        self.errors = widgets.Output()
        self._syncing = False

    def _say(self, text: str, *, error: bool = False) -> None:
        self.message.value = _note(text, error=error) + render.banner_hider()  # a live view: no "Run All" banner

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):  # a still picture too, for a saved notebook opened without a kernel
            bundle = {**bundle, "text/html": self.picture_html()}
        return bundle

    def picture_html(self, note: bool = True) -> str:
        """A still picture of the view, its HTML parts in order: what a saved notebook shows without a kernel
        (the widget's own view cannot work there)."""
        parts = []
        stack = [self]
        while stack:
            widget = stack.pop(0)
            if isinstance(widget, _View) and widget is not self:  # a view inside: its own picture
                parts.append(widget.picture_html(note=False).replace(render.style_block(), ""))
                continue
            if isinstance(widget, widgets.HTML):
                parts.append(widget.value.replace(render.banner_hider(), "").replace(render.style_block(), ""))
            stack[:0] = list(getattr(widget, "children", ()))
        head = '<div class="bibi-status">A picture of this view: Run All to bring it to life.</div>' if note else ""
        return _wrap(head + "".join(parts))

    def _guard(self, handler: Callable[..., None]) -> Callable[..., None]:
        """Wrap a callback: a refused move or bad value is said in the message, any other error goes to ``errors``."""

        def guarded(*args: Any) -> None:
            if self._syncing:
                return
            try:
                handler(*args)
            except ValueError as exc:  # IllegalAction is a ValueError: the engine's reason, with its citation
                self._say(str(exc), error=True)
            except Exception:
                self.errors.append_stderr(traceback.format_exc())
                self._say("something went wrong: see the error below", error=True)

        return guarded

    def _on_click(self, button: widgets.Button, handler: Callable[[], None]) -> None:
        button.on_click(self._guard(lambda _: handler()))

    def _on_value(self, control: widgets.Widget, handler: Callable[[], None]) -> None:
        control.observe(self._guard(lambda _: handler()), names="value")


# -- the deal explorer -----------------------------------------------------------------------


class _ActionView(_View):
    """A view with a row of card buttons (``hand_row``) and a row of call/pass/switch buttons (``action_row``)."""

    hand_row: _ActionRow
    action_row: _ActionRow

    def button_for(self, action: Action | str) -> widgets.Button:
        """The card or action button for ``action`` shown now."""
        act = Action.parse(action)
        row = self.hand_row if act.kind == Action.PLAY else self.action_row
        return row.button_for(act)


class DealExplorer(_ActionView):
    """Deal a seeded hand, let a bot play it, and step through it action by action or trick by trick.

    Clicking a card of the seat to act (or of the seat you look from) tells why it is illegal; a
    legal one is played there and the bot plays the rest of the deal from that point.
    """

    css_class = "bibi-deal-explorer"

    def __init__(self, rules: Rules | str = "russian", players: int = 6, seed: int = 1, *,
                 bot: Bot | str | None = None, seat: int | None = None, deal: Deal | None = None):
        super().__init__()
        if deal is not None:
            rules, players = deal.rules, deal.players
        self.rules = as_rules(rules)
        self.bot = as_bot(bot)
        self.seed_box = widgets.IntText(value=seed, description="seed", layout=widgets.Layout(width="150px"))
        self.players_box = widgets.BoundedIntText(value=players, min=2, max=self.rules.max_players,
                                                  description="players", layout=widgets.Layout(width="150px"))
        self.deal_button = _button("Deal", "deal the hand of this seed", icon="refresh")
        self.start_button = _button("start", "back to the start of the deal", icon="fast-backward")
        self.back_trick_button = _button("trick", "back one trick", icon="backward")
        self.back_button = _button("action", "back one action", icon="step-backward")
        self.next_button = _button("action", "forward one action", icon="step-forward")
        self.next_trick_button = _button("trick", "forward one trick", icon="forward")
        self.end_button = _button("end", "to the end of the deal", icon="fast-forward")
        self.position_slider = widgets.IntSlider(min=0, max=0, description="action", continuous_update=False,
                                                 layout=widgets.Layout(width="320px"))
        self.seat_select = widgets.Dropdown(description="show", layout=widgets.Layout(width="190px"))
        self.table = _html()
        self.hand_label = _html()
        self.hand_row = _ActionRow(self._pick, "bibi-card-button", card_size=True)
        self.action_row = _ActionRow(self._pick, "bibi-action-button", card_size=False)
        self.reason = _html()
        self.event_log = _html(max_height="220px", overflow="auto")
        self._states: list[Deal] = []
        self._at = 0
        self._rng = bots_rng(seed)

        for button, handler in [
            (self.deal_button, self.new_deal), (self.start_button, lambda: self.go(0)),
            (self.back_trick_button, self.back_trick), (self.back_button, lambda: self.go(self._at - 1)),
            (self.next_button, lambda: self.go(self._at + 1)), (self.next_trick_button, self.next_trick),
            (self.end_button, lambda: self.go(len(self._states) - 1)),
        ]:
            self._on_click(button, handler)
        self._on_value(self.position_slider, lambda: self.go(self.position_slider.value))
        self._on_value(self.seat_select, self._render)
        nav = [self.start_button, self.back_trick_button, self.back_button, self.next_button,
               self.next_trick_button, self.end_button]
        self.children = [
            widgets.HBox([self.seed_box, self.players_box, self.deal_button, self.seat_select],
                         layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([*nav, self.position_slider], layout=widgets.Layout(flex_flow="row wrap")),
            self.message, self.table, self.hand_label, self.hand_row, self.action_row, self.reason,
            widgets.HTML("<b>Events</b> (newest first)"), self.event_log, self.errors,
        ]
        self._start(seat, deal)

    # -- what the view shows ----------------------------------------------------------------

    @property
    def deal(self) -> Deal:
        """The deal at the position shown (a snapshot: apply nothing to it)."""
        return self._states[self._at]

    @property
    def final(self) -> Deal:
        """The deal played to its end along the line shown."""
        return self._states[-1]

    @property
    def position(self) -> int:
        """How many actions have been applied at the position shown."""
        return self._at

    @property
    def length(self) -> int:
        """How many actions the whole line has."""
        return len(self._states) - 1

    @property
    def seat(self) -> int | None:
        """The seat looked from (``None``: all hands face up; the selector's value is then ``"all"``)."""
        value = self.seat_select.value
        return None if value == "all" else value

    # -- callbacks: clicks become engine calls --------------------------------------------------

    def _start(self, seat: int | None, deal: Deal | None = None) -> None:
        players = self.players_box.value
        self._syncing = True
        try:
            self.seat_select.options = [("all hands", "all")] + [(f"seat {s}'s view", s) for s in range(players)]
            self.seat_select.value = "all" if seat is None else seat
        finally:
            self._syncing = False
        seed = self.seed_box.value
        self._rng = bots_rng(seed)
        self._play_on(deal.copy() if deal is not None else Deal.new(self.rules, players, seed=seed))
        self._at = 0
        self._say(f"Deal of seed {seed}: {self.length} actions. Step through it, or click a card.")
        self._render()

    def new_deal(self) -> None:
        """Deal the hand of the seed in the box, with the number of players in the box."""
        self._start(self.seat if self.seat is None or self.seat < self.players_box.value else None)

    def _play_on(self, deal: Deal) -> None:
        """Let the bot play ``deal`` to its end (the play layer), keeping the line's states up to there."""
        start = len(deal.actions)
        line = snapshots(play(deal, self.bot, self._rng))
        # A branch keeps the line up to where it leaves it; a deal given already under way is all new.
        self._states = self._states[:start] + line[start:] if start and len(self._states) >= start else line

    def go(self, position: int) -> None:
        """Show the deal after ``position`` actions (clamped to the line)."""
        self._at = max(0, min(position, self.length))
        self.reason.value = ""
        self._render()

    def _boundaries(self) -> list[int]:
        """The positions where a trick has just been completed, with the start and the end."""
        marks = [0]
        for i in range(1, len(self._states)):
            if len(self._states[i].tricks) > len(self._states[i - 1].tricks):
                marks.append(i)
        marks.append(self.length)
        return marks

    def next_trick(self) -> None:
        """Forward to the end of the trick being played (or the next one)."""
        self.go(next((p for p in self._boundaries() if p > self._at), self.length))

    def back_trick(self) -> None:
        """Back to the end of the previous trick."""
        self.go(max((p for p in self._boundaries() if p < self._at), default=0))

    def _pick(self, action: Action) -> None:
        self._guard(self.choose)(action)

    def choose(self, action: Action | str) -> None:
        """Try ``action`` at the position shown: say why it is illegal, or play it and let the bot go on."""
        deal = self.deal
        seat = deal.to_act if self.seat is None else self.seat
        why = deal.why_illegal(action, seat)
        if why is not None:
            self.reason.value = _note(f"{Action.parse(action).unicode} is illegal: {why}", error=True)
            return
        branch = deal.copy()
        branch.apply(action)
        self._states = self._states[: self._at + 1]
        self._play_on(branch)
        self._at += 1
        self.reason.value = _note(f"played {Action.parse(action).unicode}; the bot plays on from here")
        self._render()

    # -- rendering ------------------------------------------------------------------------------

    def _render(self) -> None:
        deal = self.deal
        self._syncing = True
        try:
            self.position_slider.max = self.length
            self.position_slider.value = self._at
        finally:
            self._syncing = False
        at_start, at_end = self._at == 0, self._at == self.length
        for button in (self.start_button, self.back_trick_button, self.back_button):
            button.disabled = at_start
        for button in (self.next_button, self.next_trick_button, self.end_button):
            button.disabled = at_end
        self.table.value = _wrap(render.table_html(deal, self.seat, style=False))
        self.event_log.value = _wrap(render.events_html(deal.events, newest_first=True, style=False))
        seat = deal.to_act if self.seat is None else self.seat
        if seat is None:
            self.hand_label.value = ""
            self.hand_row.show([])
            self.action_row.show([])
            return
        self.hand_label.value = (f"<b>Seat {seat}'s cards</b>: click one to play it here, "
                                 "or to see why it is illegal (greyed)")
        self.hand_row.show(_card_choices(deal, seat, enable_illegal=True))
        self.action_row.show(_other_choices(deal, seat))


# -- the rules panel -------------------------------------------------------------------------

_PRESET_LABELS = {"russian": "Russian (Би-би!)", "italian": "Italian (bip bip)", "english": "English (Pip-Pip!)"}


def _control(name: str, value: Any) -> widgets.Widget:
    """The widget for one option, by the kind of its value."""
    title = OPTIONS[name].title
    style = {"description_width": "110px"}
    layout = widgets.Layout(width="330px", min_width="330px")
    if isinstance(value, bool):
        return widgets.Dropdown(options=[("true", True), ("false", False)], value=value, description=title,
                                style=style, layout=layout)
    if isinstance(value, Enum):
        return widgets.Dropdown(options=[e.value for e in type(value)], value=value.value, description=title,
                                style=style, layout=layout)
    if isinstance(value, CardPoints):
        return widgets.Text(value=str(value), description=title, continuous_update=False, style=style,
                            layout=layout)
    if name == "decks":
        return widgets.Dropdown(options=[1, 2], value=value, description=title, style=style, layout=layout)
    low, high = {"max_players": (2, 12), "hand_size": (1, 26)}.get(name, (0, 1000))
    return widgets.BoundedIntText(value=value, min=low, max=high, description=title, style=style, layout=layout)


def _control_value(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, CardPoints):
        return str(value)
    return value


class RulesPanel(_View):
    """Presets and a control per rule option, each with its source sentences; every change replays
    the same seeded deal under the new rules and shows both outcomes side by side.

    The baseline is the preset last chosen; the same pack, dealer and first trump are dealt under
    both rules, and the same bot with the same seed plays both.
    """

    css_class = "bibi-rules-panel"

    def __init__(self, rules: Rules | str = "russian", players: int = 6, seed: int = 1, *,
                 bot: Bot | str | None = None):
        super().__init__()
        start = as_rules(rules)
        self.bot = as_bot(bot)
        self.baseline: Rules = PRESETS.get(start.name, start)
        self.rules: Rules = start
        self.base_deal: Deal | None = None
        self.deal: Deal | None = None
        self.preset_buttons = {
            name: _button(label, f"start from the {name} rules", width="auto") for name, label in _PRESET_LABELS.items()
        }
        self.seed_box = widgets.IntText(value=seed, description="seed", layout=widgets.Layout(width="150px"))
        self.players_box = widgets.BoundedIntText(value=players, min=2, max=12, description="players",
                                                  layout=widgets.Layout(width="150px"))
        self.controls: dict[str, widgets.Widget] = {}
        self.sources: dict[str, widgets.HTML] = {}
        rows = []
        for name, value in start.options().items():
            control = self.controls[name] = _control(name, value)
            source = self.sources[name] = _html(width="100%")
            self._on_value(control, self._changed)
            rows.append(widgets.HBox([control, source], layout=widgets.Layout(align_items="flex-start")))
        for name, button in self.preset_buttons.items():
            self._on_click(button, lambda name=name: self.choose_preset(name))
        self._on_value(self.seed_box, self.replay)
        self._on_value(self.players_box, self.replay)
        self.comparison = _html()
        self.options_box = widgets.VBox(rows)
        self.children = [
            widgets.HBox([*self.preset_buttons.values(), self.seed_box, self.players_box],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.message, self.comparison,
            widgets.HTML("<b>Options</b>: each with the sentences it comes from (click to unfold)"),
            self.options_box, self.errors,
        ]
        self._sync_controls()
        self.replay()

    # -- callbacks ---------------------------------------------------------------------------------

    def choose_preset(self, name: str) -> None:
        """Start again from a preset: it becomes the baseline and every control shows its values."""
        self.baseline = self.rules = preset(name)
        self._sync_controls()
        self.replay()

    def set_option(self, name: str, value: Any) -> None:
        """Set one option's control (as a click would) and replay."""
        self.controls[name].value = _control_value(value)

    def _changed(self) -> None:
        values = {}
        for name, control in self.controls.items():
            values[name] = CardPoints.parse(control.value) if name == "card_points" else control.value
        self.rules = dataclasses.replace(self.baseline, **values)
        self.replay()

    def replay(self) -> None:
        """Deal the seed's pack under the baseline and under the current rules; play both out; show them."""
        players, seed = self.players_box.value, self.seed_box.value
        self.base_deal = self._play(Deal.new(self.baseline, players, seed=seed), seed)
        base = self.base_deal
        if self.rules.decks == self.baseline.decks:
            deal = Deal.new(self.rules, players, deck=base.deck, dealer=base.dealer, trump=base.first_trump)
        else:
            deal = Deal.new(self.rules, players, seed=seed)
        self.deal = self._play(deal, seed)
        self._render()

    def _play(self, deal: Deal, seed: int) -> Deal:
        return play(deal, self.bot, bots_rng(seed))

    # -- rendering ---------------------------------------------------------------------------------

    def _sync_controls(self) -> None:
        self._syncing = True
        try:
            for name, value in self.rules.options().items():
                self.controls[name].value = _control_value(value)
        finally:
            self._syncing = False

    def _render(self) -> None:
        changed = self.baseline.diff(self.rules)
        for button_name, button in self.preset_buttons.items():
            button.button_style = "info" if button_name == self.baseline.name else ""
        for name, value in self.rules.options().items():
            self.sources[name].value = self._source_html(name, value, any(k == name for k, _, _ in changed))
        labels = (self.baseline.name, f"{self.baseline.name}, changed" if changed else self.baseline.name)
        self.comparison.value = _wrap(render.comparison_html(self.base_deal, self.deal, labels=labels, style=False))
        what = ", ".join(f"{k} = {_control_value(v)}" for k, _, v in changed) or "no option changed"
        self._say(f"Seed {self.seed_box.value}, {self.players_box.value} players, "
                  f"{self.baseline.name} rules; {what}.")

    def _source_html(self, name: str, value: Any, changed: bool) -> str:
        meaning = escape(render.option_meaning(name, value))
        cite = escape(self.rules.citation(name))
        sentences = render.sentences_html(texts.cite(OPTIONS[name].sources), style=False)
        mark = ' style="background:#fff3c4"' if changed else ""
        return _wrap(f'<div{mark}><details><summary>{meaning} <span class="bibi-label">({cite})</span></summary>'
                     f"{sentences}</details></div>")


# -- the score inspector ---------------------------------------------------------------------


class ScoreInspector(_View):
    """The points of a deal trick by trick and seat by seat (``inspector.frame``), the check that the
    card points add up to the pack's, and a bar chart; for a game, a deal selector and the game's sheet."""

    css_class = "bibi-score-inspector"

    def __init__(self, deal_or_game: Any):
        super().__init__()
        self.source = deal_or_game
        self.deal_select = widgets.Dropdown(description="deal", layout=widgets.Layout(width="200px"))
        self.refresh_button = _button("Refresh", "read the deal again (it may have moved on)", icon="refresh")
        self.game_sheet = _html()
        self.table = _html(max_height="360px", overflow="auto")
        self.check = _html()
        self.chart = _html()
        self.frame: Any = None
        self._on_value(self.deal_select, self._render)
        self._on_click(self.refresh_button, self.refresh)
        is_game = hasattr(deal_or_game, "deals")
        top = [self.deal_select, self.refresh_button] if is_game else [self.refresh_button]
        self.children = [widgets.HBox(top), self.game_sheet, self.message, self.check, self.chart, self.table,
                         self.errors]
        self.refresh()

    @property
    def deals(self) -> tuple[Deal, ...]:
        """The deals inspected: the game's, or the one deal."""
        return tuple(getattr(self.source, "deals", (self.source,)))

    @property
    def deal(self) -> Deal:
        """The deal shown."""
        return self.deals[self.deal_select.value or 0]

    def refresh(self) -> None:
        """Read the deal or game again and show it (the last deal of a game)."""
        count = len(self.deals)
        self._syncing = True
        try:
            self.deal_select.options = [(f"deal {i + 1}", i) for i in range(count)]
            self.deal_select.value = count - 1
        finally:
            self._syncing = False
        if hasattr(self.source, "deals"):
            self.game_sheet.value = render.game_html(self.source)
        self._render()

    def _render(self) -> None:
        deal = self.deal
        from bibi.tables import score_frame  # lazy: pandas only when this view renders

        self.frame = frame = score_frame(deal)
        cards = int(frame.loc["total", "all"]) - sum(deal.bonus_points)
        total = deal.rules.total_points()
        ok = "✓" if cards == total else "✗"
        self.check.value = _wrap(
            f'<div class="bibi-check{"" if cards == total else " bibi-bad"}">card points {cards} = the pack\'s '
            f"{total} {ok}; Bi-bi {sum(deal.bonus_points)} ({len(deal.calls)} calls); scores "
            f"{' '.join(map(str, deal.scores))}</div>"
        )
        self.chart.value = _wrap(render.score_bars_html(deal, style=False))
        self.table.value = _wrap(frame.to_html(classes="bibi-sheet", border=0))
        state = "over" if deal.is_over else f"in play, trick {len(deal.tricks) + 1} of {deal.tricks_total}"
        self._say(f"{deal.rules.label} rules, {deal.players} players, dealer seat {deal.dealer}: {state}.")


# -- the play table --------------------------------------------------------------------------

_CALL_WORDS = {"russian": "Bi-bi!", "italian": "bip bip", "english": "Pip-Pip!"}


def _call_word(rules: Rules) -> str:
    """What a player says when calling a pair under ``rules``: «bip bip» in Italian, Bi-bi! otherwise."""
    return _CALL_WORDS.get(rules.name, "Bi-bi!")


def strongest_bot() -> str:
    """The name of the strongest bot the play layer knows: ``search`` where it is registered, else ``heuristic``."""
    for name in ("search", "heuristic"):
        try:
            get_bot(name)
        except ValueError:
            continue
        return name
    return "random"


def _card_label(card: Card, laid: bool) -> str:
    """A card button's description, its accessible name too: ``"K♥ king of hearts"``."""
    return f"{card.unicode} {card.name}" + (" (laid down)" if laid else "")


class _HandRow(widgets.HBox):
    """The person's hand as one row of buttons, one per card: the button IS the card (its description is the card
    and its name in words, so a keyboard or a screen reader can play). Every card is clickable: a click on an
    illegal one is answered with the engine's reason, in the view's message line."""

    def __init__(self, on_pick: Callable[[Card], None]):
        super().__init__(layout=widgets.Layout(flex_flow="row wrap", min_height="0"))
        self._on_pick = on_pick
        self._pool: list[widgets.Button] = []
        self._cards: list[Card] = []

    @property
    def buttons(self) -> tuple[widgets.Button, ...]:
        """The card buttons shown now, in the hand's order."""
        return self.children

    def show(self, deal: Deal, seat: int, *, active: bool) -> None:
        """One button per card of ``seat``'s hand; the illegal ones look faded (and stay clickable)."""
        hand = deal.hand(seat)
        while len(self._pool) < len(hand):
            i = len(self._pool)
            button = widgets.Button(layout=widgets.Layout(width="66px", height="72px", padding="2px 2px",
                                                          border="1px solid #8d8d8d", margin="0 4px 4px 0"))
            button.add_class("bibi-card-button")
            button.add_class("bibi-hand-button")
            button.on_click(lambda _, i=i: self._on_pick(self._cards[i]))
            self._pool.append(button)
        laid = list(deal.laid_down(seat))
        legal = set(a for a in deal.legal_actions() if isinstance(a, Card)) if active else set()
        self._cards = list(hand)
        for button, card in zip(self._pool, hand, strict=False):
            is_laid = card in laid
            if is_laid:
                laid.remove(card)
            ok = card in legal
            button.description = _card_label(card, is_laid)
            button.tooltip = None
            button.disabled = not active
            ink = ("#c62828", "#1d1d1d") if ok else ("#d99a9a", "#8f8f8f")
            button.style.text_color = ink[0] if card.suit.is_red else ink[1]
            paper = ("#fff3c4", "#ffffff") if ok else ("#f3ecd2", "#eeeeee")
            button.style.button_color = paper[0] if is_laid else paper[1]
            (button.remove_class if ok or not active else button.add_class)("bibi-illegal")
        self.children = tuple(self._pool[: len(hand)])

    def button_for(self, card: Card | str) -> widgets.Button:
        """The first button shown for ``card`` (``"KS"``)."""
        card = Card(card)
        for button, shown in zip(self.children, self._cards, strict=False):
            if shown == card:
                return button
        raise KeyError(f"no button for {card} now")


class PlayTable(_ActionView):
    """Play one seat against bots, a whole game of deals (R26) or one deal.

    Your hand is the row of card buttons under the table: click one (or Tab to it and press Enter) to play it;
    a card the rules do not allow now answers with the engine's reason in the message line. A Bi-bi, pass or
    trump button appears when one is legal. The bots move until it is your turn, their cards shown one by one
    (``delay`` seconds apart once the view is on show; ``None``: 0.25 s in a front end, none in a test).
    The trick just completed stays on the table beside the new one, with its winner, points and the rule that
    gave it. **Hint** asks the strongest bot (``hint_bot``) what it would do and why; **Undo** takes your last
    move back (the deal replayed from its record up to your previous decision, the bots' stream restored);
    **Why seat N?** tells why that bot made its last move, from the view it had. A call the rules make for you
    (``bibi_call=mandatory``) is announced as yours. ``game=True`` plays ``rounds`` rounds: the totals and the
    score sheet are under the table, and **New deal** deals the game's next deal; ``game=`` a ``Game`` under way
    plays on from its current deal (the bots drawing from its stream, ``Game.bots_rng()``).
    """

    css_class = "bibi-play-table"

    def __init__(self, rules: Rules | str = "russian", players: int = 4,
                 bots: Bot | str | Sequence[Bot | str | None] | Mapping[int, Bot | str] | None = None,
                 seat: int = 0, seed: int = 1, *, deal: Deal | None = None, game: bool | Game = True,
                 rounds: int = 1, delay: float | None = None, hint_bot: Bot | str | None = None):
        super().__init__()
        given = game if isinstance(game, Game) else None
        if deal is not None:
            rules, players, game = deal.rules, deal.players, False
        elif given is not None:
            rules, players, rounds = given.rules, given.players, given.rounds
        self.rules = as_rules(rules)
        if not 0 <= seat < players:
            raise ValueError(f"seat: {seat!r} is not a seat 0…{players - 1}")
        if delay is not None and (isinstance(delay, bool) or not isinstance(delay, int | float) or delay < 0):
            raise ValueError(f"delay: {delay!r:.40} is not a number of seconds ≥ 0")
        self.players = players
        self.seat = seat
        self.bots = self._seat_bots(bots)
        self.hint_bot: Bot = get_bot(hint_bot if hint_bot is not None else strongest_bot())
        self.delay = delay
        self.playing_game = game
        self.rounds = rounds
        self.game: Game | None = None
        self._deal: Deal = None  # type: ignore[assignment]
        self._rng = bots_rng(seed)
        self._decisions: list[tuple[int, Any]] = []  # the undo stack: (position, bots' stream state) per decision
        self._rng_before: dict[int, Any] = {}  # the bots' stream before each bot move of this deal, by position
        self._seen = 0  # events announced so far
        self._shown = False  # displayed in a front end (the bots' cards then appear one by one)
        self._deal_end: list[Callable[[Deal], None]] = []
        self.seed_box = widgets.IntText(value=seed, description="seed", layout=widgets.Layout(width="150px"))
        self.deal_button = _button("New game" if game else "Deal", "start again with the seed in the box",
                                   icon="refresh")
        self.new_button = _button("New deal", "the game's next deal (after the last one, a new game)",
                                  icon="forward")
        self.hint_button = _button("Hint", "what the strongest bot would play here, and why", icon="lightbulb-o")
        self.undo_button = _button("Undo", "take back your last move", icon="undo")
        self.table = _html()
        self.news = _html()
        self.hand_label = _html()
        self.hand_row = _HandRow(self.play)
        self.action_row = _ActionRow(self.play, "bibi-action-button", card_size=False)
        self.hint_box = _html()
        self.why_buttons = {s: _button(f"Why seat {s}?", f"why seat {s}'s bot made its last move")
                            for s in range(players) if s != seat}
        self.reasons = _html()
        self.sheet = _html()
        self.event_log = _html(max_height="200px", overflow="auto")
        self._on_click(self.deal_button, self.new_game)
        self._on_click(self.new_button, self.next_deal)
        self._on_click(self.hint_button, self.hint)
        self._on_click(self.undo_button, self.undo)
        for s, button in self.why_buttons.items():
            self._on_click(button, lambda s=s: self.why(s))
        wrap = widgets.Layout(flex_flow="row wrap")
        self.children = [
            widgets.HBox([self.seed_box, self.deal_button, self.new_button, self.hint_button, self.undo_button],
                         layout=wrap),
            self.news, self.table, self.message, self.hand_label, self.hand_row, self.action_row, self.hint_box,
            widgets.HBox(list(self.why_buttons.values()), layout=wrap), self.reasons, self.sheet,
            widgets.HTML("<b>Events</b> (newest first)"), self.event_log, self.errors,
        ]
        if given is not None:  # a game under way: play on from its current deal
            if given.seed is not None:
                self.seed_box.value = given.seed
            self.game, self._rng = given, given.bots_rng()
            self._begin_deal()
        else:
            self._start(deal)

    def _seat_bots(self, bots: Any) -> list[Bot | None]:
        """One bot per seat for the play layer, ``None`` at the person's seat (the loop stops there)."""
        if isinstance(bots, Mapping):
            seats = [as_bot(bots.get(s)) for s in range(self.players)]
        elif isinstance(bots, Sequence) and not isinstance(bots, str):
            if len(bots) != self.players:
                raise ValueError(f"bots: {len(bots)} given for {self.players} seats (the human's is ignored)")
            seats = [as_bot(b) for b in bots]
        else:
            seats = as_bots(as_bot(bots), self.players)
        seats[self.seat] = None
        return seats

    # -- what the view shows ---------------------------------------------------------------------

    @property
    def deal(self) -> Deal:
        """The deal being played (the game's current deal)."""
        return self.game.deal if self.game is not None else self._deal

    @property
    def totals(self) -> tuple[int, ...]:
        """The running totals per seat: the game's, or the one deal's scores."""
        return self.game.totals if self.game is not None else self.deal.scores

    def on_deal_end(self, callback: Callable[[Deal], None]) -> None:
        """Call ``callback(deal)`` each time a deal of this table ends (an app shows it in an explorer)."""
        self._deal_end.append(callback)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        self._shown = True  # on show in a front end: the bots' cards now appear one by one
        return super()._repr_mimebundle_(**kwargs)

    def picture_html(self, note: bool = True) -> str:
        """A still picture of the table (the hand face up), for a saved notebook opened without a kernel."""
        body = render.table_html(self.deal, self.seat, names=self._names(), last_trick=True, style=False)
        said = self.message.value.replace(render.banner_hider(), "")
        sheet = self.sheet.value.replace(render.style_block(), "")
        head = '<div class="bibi-status">A picture of the play table: Run All to play.</div>' if note else ""
        return _wrap(f"{head}{said}{body}{sheet}")

    def _names(self) -> list[str]:
        return [f"seat {s}" + (" (you)" if s == self.seat else "") for s in range(self.players)]

    # -- callbacks -------------------------------------------------------------------------------

    def _start(self, deal: Deal | None = None) -> None:
        seed = self.seed_box.value
        self._rng = bots_rng(seed)
        if deal is not None:
            self.game, self._deal = None, deal.copy()
        elif self.playing_game:
            self.game = Game.new(self.rules, self.players, self.rounds, seed=seed)
        else:
            self.game, self._deal = None, Deal.new(self.rules, self.players, seed=seed)
        self._begin_deal()

    def _begin_deal(self) -> None:
        self._decisions, self._rng_before, self._seen = [], {}, 0
        self.hint_box.value = self.reasons.value = ""
        self._bots_move()
        self._render()

    def new_game(self) -> None:
        """Start again from the seed in the box: a new game (or deal)."""
        self._start()

    def next_seed(self) -> None:
        """A new game (or deal) with the next seed."""
        self.seed_box.value += 1
        self._start()

    def next_deal(self) -> None:
        """The game's next deal (R26); after the game's last deal, a new game with the next seed."""
        if self.game is None or self.game.is_over:
            self.next_seed()
            return
        if not self.deal.is_over:
            self._say(f"Finish deal {len(self.game.deals)} first (or press New game).", error=True)
            return
        self.game.next_deal()
        self._begin_deal()

    def play(self, action: Card | Action | str) -> None:
        """Make the person's move (a click does this), then let the bots play to the next decision."""
        self._guard(self._play)(action)

    def _play(self, action: Card | Action | str) -> None:
        deal = self.deal
        act = Action.parse(action)
        why = deal.why_illegal(act, self.seat)
        if why is not None:
            self._say(f"{act.unicode} cannot be played now: {why}", error=True)
            return
        deal.apply(act, seat=self.seat)
        self.hint_box.value = self.reasons.value = ""
        self._bots_move()
        self._render()

    def _bots_move(self) -> None:
        """The bots' turns through the play layer, up to the person's decision; each card shown a moment."""
        deal = self.deal
        delay = self.delay if self.delay is not None else (0.25 if self._shown else 0.0)
        start = len(deal.actions)

        def watch(now: Deal) -> bool:  # before each decision: the play layer's loop, watched, never stopped
            at = len(now.actions)
            if delay and at > start and isinstance(now.actions[-1], Card):  # a bot's card: let the eye follow it
                self._render()
                time.sleep(delay)
            self._rng_before[at] = self._rng.getstate()  # what ``why`` replays a bot's choice with
            return False

        play(deal, self.bots, self._rng, until=watch)
        if not deal.is_over and (not self._decisions or self._decisions[-1][0] != len(deal.actions)):
            self._decisions.append((len(deal.actions), self._rng.getstate()))
        if deal.is_over:
            for callback in self._deal_end:
                callback(deal)

    def undo(self) -> None:
        """Back to your previous decision: the deal replayed from its record, the bots' stream as it was then."""
        at = len(self.deal.actions)
        stack = self._decisions
        if stack and stack[-1][0] == at:
            if len(stack) == 1:
                self._say("Nothing to take back: this is your first move of the deal.", error=True)
                return
            stack.pop()
        elif not stack:
            self._say("Nothing to take back in this deal.", error=True)
            return
        position, state = stack[-1]
        if self.game is not None:
            self.game.take_back(position)
        else:
            self._deal = Deal.replay(self._deal.record(), upto=position)
        self._rng.setstate(state)
        self._rng_before = {k: v for k, v in self._rng_before.items() if k < position}
        self._seen = len(self.deal.events)
        self.hint_box.value = self.reasons.value = ""
        self._render()
        self._say(f"Taken back: your move again ({self._where()}).")

    def hint(self) -> None:
        """What the strongest bot would do in your seat, and why (``bibi.play.explain``); nothing is played."""
        deal = self.deal
        if deal.is_over or deal.to_act != self.seat:
            self.hint_box.value = _note("No decision of yours to hint at now.")
            return
        rng = random.Random(f"bibi-hint:{self.seed_box.value}:{len(self._all_deals())}:{len(deal.actions)}")
        told = explain(self.hint_bot, deal.view(self.seat), rng)
        self.hint_box.value = _note(f"Hint ({bot_name(self.hint_bot)}): {_told(told)}")

    def why(self, seat: int) -> None:
        """Why the bot of ``seat`` made its last move of this deal, asked of the view that bot had then."""
        if seat not in self.why_buttons:
            raise ValueError(f"why: seat {seat!r} has no bot at this table")
        states = snapshots(self.deal)
        for i in range(len(states) - 2, -1, -1):
            if states[i].to_act == seat:
                break
        else:
            self.reasons.value = _note(f"Seat {seat} has not moved yet in this deal.")
            return
        rng = random.Random()
        if i in self._rng_before:
            rng.setstate(self._rng_before[i])
        told = explain(self.bots[seat], states[i].view(seat), rng)  # type: ignore[arg-type]
        made = self.deal.actions[i]
        trick = min(len(states[i].tricks) + 1, self.deal.tricks_total)
        said = _told(told) if told.action == made else f"{made.unicode}; asked again, it says {_told(told)}"
        self.reasons.value = _note(f"Seat {seat} ({bot_name(self.bots[seat])}), trick {trick}: {said}")

    def _all_deals(self) -> tuple[Deal, ...]:
        return self.game.deals if self.game is not None else (self.deal,)

    # -- rendering -------------------------------------------------------------------------------

    def _say(self, text: str, *, error: bool = False) -> None:
        colour = "#b71c1c" if error else "inherit"
        self.message.value = (f'<div class="bibi" role="status" aria-live="polite" style="color:{colour};'
                              f'font-size:14px">{escape(text)}</div>{render.banner_hider()}')

    def _where(self) -> str:
        deal = self.deal
        number = min(len(deal.tricks) + 1, deal.tricks_total)
        where = f"trick {number} of {deal.tricks_total}"
        if self.game is not None:
            where = f"deal {len(self.game.deals)} of {self.game.deals_total}, " + where
        return where

    def _announce(self) -> None:
        """The calls made since the person's last move; one the rules made for the person is announced as his."""
        deal = self.deal
        word = _call_word(deal.rules)
        lines = []
        for event in deal.events[self._seen:]:
            if event.kind != "call":
                continue
            pair = f"K{event.suit.symbol} Q{event.suit.symbol} laid down, +{deal.rules.bibi_points}"
            if event.seat == self.seat and event.info == "mandatory":
                lines.append(f"You must say {word}: {pair} (I11).")
            elif event.seat == self.seat:
                lines.append(f"You say {word}: {pair}.")
            else:
                how = " (mandatory, I11)" if event.info == "mandatory" else ""
                lines.append(f"Seat {event.seat} says {word}: {pair}{how}.")
        self._seen = len(deal.events)
        if lines:
            self.news.value = _note(" ".join(lines))
        elif self.deal.to_act == self.seat or deal.is_over:
            self.news.value = ""

    def _render(self) -> None:
        deal = self.deal
        mine = deal.to_act == self.seat and not deal.is_over
        self.table.value = _wrap(render.play_style_block()
                                 + render.table_html(deal, self.seat, names=self._names(), last_trick=True,
                                                     hand_below=True, style=False))
        self.event_log.value = _wrap(render.events_html(deal.events, newest_first=True, style=False))
        self.sheet.value = render.game_html(self.game) if self.game is not None else ""
        self.hand_label.value = (f"<b>Your cards</b> (seat {self.seat}): click one, or Tab to it and press Enter, "
                                 "to play it; a faded card tells why it may not be played" if not deal.is_over
                                 else f"<b>Your cards</b> (seat {self.seat}): none left, the deal is over")
        self.hand_row.show(deal, self.seat, active=mine)
        self.action_row.show(_other_choices(deal, self.seat))
        self.hint_button.disabled = not mine
        self.undo_button.disabled = not self._decisions or (len(self._decisions) == 1 and mine)
        self._announce()
        if deal.is_over:
            self._say(self._end_text())
        elif deal.to_act != self.seat:
            self._say(f"Seat {deal.to_act} is playing…")
        elif deal.phase == "call":
            self._say(f"Your turn ({self._where()}): say Bi-bi (lay down your king and queen) or pass.")
        elif not deal.trick:
            switch = " or switch the trump" if self.action_row.children else ""
            self._say(f"Your lead ({self._where()}): play any card{switch}.")
        else:
            self._say(f"Your turn ({self._where()}): {len(deal.trick)} card(s) played to this trick.")

    def _end_text(self) -> str:
        deal = self.deal
        mine = deal.scores[self.seat]
        place = 1 + sum(1 for s in deal.scores if s > mine)
        text = f"Deal over: you scored {mine}, place {place} of {self.players}."
        if self.game is None:
            return text + " Press Deal for this seed again, or change the seed."
        total = self.game.totals[self.seat]
        place = 1 + sum(1 for s in self.game.totals if s > total)
        if self.game.is_over:
            return (f"{text} Game over after {self.game.deals_total} deals: your total {total}, place {place} of "
                    f"{self.players}. Press New deal for a new game.")
        return (f"{text} Your total {total} (place {place}) after deal {len(self.game.deals)} of "
                f"{self.game.deals_total}. Press New deal for the next one.")


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
        self.players_box = widgets.BoundedIntText(value=players, min=2, max=12, description="players",
                                                  style=style, layout=small)
        self.seat_box = widgets.BoundedIntText(value=seat, min=0, max=11, description="your seat", style=style,
                                               layout=small)
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
            widgets.HTML("<h3>Your game, deal by deal, in the explorer</h3>"), self.explorer_note,
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
        rules, players, seat = self.rules, self.players_box.value, self.seat_box.value
        if not 0 <= seat < players:
            raise ValueError(f"your seat: {seat} is not a seat 0…{players - 1}")
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


def _told(told: Explanation) -> str:
    """An explanation in words: the action, its reason, and the estimated value of each action if given."""
    text = told.action.unicode + (f" — {told.reason}" if told.reason else "")
    if told.values:
        ranked = sorted(told.values.items(), key=lambda kv: -kv[1])
        text += "; estimated points: " + ", ".join(f"{a.unicode} {v:+.1f}" for a, v in ranked)
    return text


__all__ = ["DealExplorer", "PlayApp", "PlayTable", "RulesPanel", "ScoreInspector", "as_bot", "strongest_bot"]
