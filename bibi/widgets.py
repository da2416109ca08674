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
- ``PlayTable(rules, players, bots, seat, seed)``: play one seat against bots.

Bots are callables ``(view, rng) -> action`` (``bibi.play``); the default plays at random. Every view
plays through the play layer (``bibi.play.play``) with the bots' stream ``bots_rng(seed)``, so a view
of seed S shows the very deal ``bibi deal --seed S`` and a notebook play with the same rules and bots.

This is the only module of the kit that imports ipywidgets.
"""

from __future__ import annotations

import dataclasses
import traceback
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from html import escape
from typing import Any, NamedTuple

import ipywidgets as widgets

from bibi import render, texts
from bibi.deal import PASS, Action, Deal, check_players
from bibi.errors import WrongType, check_type, shorten, whole
from bibi.play import Bot, as_bots, bots_rng, get_bot, play, random_bot, snapshots
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


_SAFE = 2**53  # the largest whole number a browser's IntText holds exactly


def _table(rules: Any, players: Any, seed: Any, deal: Any) -> tuple[Rules, int]:
    """A view's rules and players, checked before any widget is built: from ``deal`` when given, else from
    ``rules`` and ``players``; ``seed`` is a whole number a seed box can show."""
    whole("seed", seed, -_SAFE, _SAFE)
    if deal is not None:
        check_type("deal", deal, Deal, "a Deal")
        return deal.rules, deal.players
    rules = as_rules(rules)
    return rules, check_players(rules, players)


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
        self.message.value = _note(text, error=error)

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
        rules, players = _table(rules, players, seed, deal)
        if seat is not None:
            whole("seat", seat, 0, players - 1)
        super().__init__()
        self.rules = rules
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
        self._states = self._states[:start] + line[start:] if start else line

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
        start, players = _table(rules, players, seed, None)
        super().__init__()
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
        if not isinstance(deal_or_game, Deal) and not hasattr(deal_or_game, "deals"):  # a Game, or any with deals
            raise WrongType(f"deal_or_game: expected a Deal or a Game, not {shorten(deal_or_game)} "
                            f"({type(deal_or_game).__name__})")
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


class PlayTable(_ActionView):
    """Play one seat against bots: click a card (illegal ones are disabled, their reason in the
    tooltip), or a Bi-bi, pass or trump button when one is legal; the bots move until it is your turn."""

    css_class = "bibi-play-table"

    def __init__(self, rules: Rules | str = "russian", players: int = 4,
                 bots: Bot | str | Sequence[Bot | str | None] | Mapping[int, Bot | str] | None = None,
                 seat: int = 0, seed: int = 1, *, deal: Deal | None = None):
        rules, players = _table(rules, players, seed, deal)
        whole("seat", seat, 0, players - 1)
        super().__init__()
        self.rules = rules
        self.players = players
        self.seat = seat
        self.bots = self._seat_bots(bots)
        self.deal: Deal = None  # type: ignore[assignment]
        self._rng = bots_rng(seed)
        self.seed_box = widgets.IntText(value=seed, description="seed", layout=widgets.Layout(width="150px"))
        self.deal_button = _button("Deal", "deal the hand of this seed", icon="refresh")
        self.new_button = _button("New deal", "the next seed's deal", icon="forward")
        self.table = _html()
        self.hand_row = _ActionRow(self.play, "bibi-card-button", card_size=True)
        self.action_row = _ActionRow(self.play, "bibi-action-button", card_size=False)
        self.event_log = _html(max_height="200px", overflow="auto")
        self._on_click(self.deal_button, self.new_deal)
        self._on_click(self.new_button, self.next_seed)
        self.children = [
            widgets.HBox([self.seed_box, self.deal_button, self.new_button]),
            self.message, self.table,
            widgets.HTML(f"<b>Your cards</b> (seat {seat})"), self.hand_row, self.action_row,
            widgets.HTML("<b>Events</b> (newest first)"), self.event_log, self.errors,
        ]
        self.new_deal(deal)

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

    # -- callbacks -------------------------------------------------------------------------------

    def new_deal(self, deal: Deal | None = None) -> None:
        """Deal the seed in the box (or start from a copy of ``deal``); the bots play up to the human's turn."""
        seed = self.seed_box.value
        self._rng = bots_rng(seed)
        self.deal = deal.copy() if deal is not None else Deal.new(self.rules, self.players, seed=seed)
        self._bots_move()
        self._render()

    def next_seed(self) -> None:
        """Deal the next seed's hand."""
        self.seed_box.value += 1
        self.new_deal()

    def play(self, action: Action | str) -> None:
        """Make the human's move (a click does this), then let the bots play to his next turn."""
        self._guard(self._play)(action)

    def _play(self, action: Action | str) -> None:
        self.deal.apply(action, seat=self.seat)
        self._bots_move()
        self._render()

    def _bots_move(self) -> None:
        play(self.deal, self.bots, self._rng)  # the play layer stops at the person's decision

    # -- rendering -------------------------------------------------------------------------------

    def _render(self) -> None:
        deal = self.deal
        names = [f"seat {s}" + (" (you)" if s == self.seat else "") for s in range(self.players)]
        self.table.value = _wrap(render.table_html(deal, self.seat, names=names, style=False))
        self.event_log.value = _wrap(render.events_html(deal.events, newest_first=True, style=False))
        self.hand_row.show(_card_choices(deal, self.seat, enable_illegal=False))
        self.action_row.show(_other_choices(deal, self.seat))
        if deal.is_over:
            outcome = deal.outcome()
            mine, place = outcome.scores[self.seat], outcome.place(self.seat)
            self._say(f"Deal over: you scored {mine}, place {place} of {self.players}. "
                      "Press New deal for another.")
        elif deal.phase == "call":
            self._say("Your turn: say Bi-bi (lay down your king and queen) or pass.")
        elif not deal.trick:
            self._say("Your lead: play any card" + (" or switch the trump." if self.action_row.children else "."))
        else:
            self._say(f"Your turn: {len(deal.trick)} card(s) played to this trick.")


__all__ = ["DealExplorer", "PlayTable", "RulesPanel", "ScoreInspector", "as_bot"]
