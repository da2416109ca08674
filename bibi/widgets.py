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
from bibi.deal import PASS, Action, Deal, Trick
from bibi.dealing import check_players
from bibi.errors import WrongType, check_type, shorten, whole
from bibi.game import Game
from bibi.play import (
    Bot,
    as_bots,
    bots_rng,
    get_bot,
    play,
    random_bot,
    snapshots,
    strongest_bot,
)
from bibi.rules import OPTIONS, PRESETS, CardPoints, Rules, as_rules, call_word, parse_rules, preset
from bibi.session import Session


def _sym(suit: Any) -> str:
    """A suit's symbol (the suit of a call or a switch, which always has one)."""
    return suit.symbol if suit is not None else "?"


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


def _field_error(text: str) -> str:
    """An error shown next to the control that caused it."""
    return f'<div class="bibi" role="alert"><div class="bibi-field-error">⚠ {escape(text)}</div></div>'


_SAFE = 2**53  # the largest whole number a browser's IntText holds exactly


def _seed(seed: Any) -> int:
    """A seed a view's seed box can show: a whole number (``TypeError`` otherwise), within ±2**53."""
    return whole("seed", seed, -_SAFE, _SAFE)


def _table(rules: Any, players: Any, seed: Any, deal: Any) -> tuple[Rules, int]:
    """A view's rules and players, checked before any widget is built: from ``deal`` when given, else from
    ``rules`` and ``players`` (as the engine checks them: 2…max_players, the pack large enough; a wrong type
    is a ``TypeError``, a number out of range a ``ValueError``, both naming the parameter); ``seed`` is a
    whole number a seed box can show."""
    _seed(seed)
    if deal is not None:
        check_type("deal", deal, Deal, "a Deal")
        return deal.rules, deal.players
    rules = as_rules(rules)
    return rules, check_players(rules, players)


def _logged(deal: Deal) -> Deal:
    """A copy of ``deal`` that keeps its events, as the views show them: the deal copied, or, for a deal made
    with ``log=False`` (what ``Deal.resample`` returns), the same deal replayed from its record."""
    try:
        _ = deal.events  # raises for a deal that kept none
    except ValueError:  # log=False: no events kept, and Deal.replay keeps them
        return Deal.replay(deal.record())
    return deal.copy()


class _Choice(NamedTuple):
    """One button of an action row: what it does, how it looks, and whether it is enabled."""

    action: Card | Action
    label: str
    tooltip: str
    enabled: bool = True
    legal: bool = True
    red: bool = False
    laid: bool = False


class _ActionRow(widgets.HBox):
    """A row of buttons, one per choice, reused between renders; a click calls ``on_pick(action)``."""

    def __init__(self, on_pick: Callable[[Card | Action], None], css_class: str, *, card_size: bool):
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

    def button_for(self, action: Card | Action | str) -> widgets.Button:
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
            out.append(_Choice(action, action.unicode, f"say Bi-bi: lay down K+Q {_sym(action.suit)} (R15; I11)"))
        elif action.kind == Action.SWITCH:
            out.append(_Choice(action, action.unicode, f"make {_sym(action.suit)} trump from this trick on "
                                                       "(I12, I14; at the lead: the kit's reading)"))
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
        """The widget, and a still picture of it for the page that opens the notebook once this kernel is gone.

        In a kernel the picture is an output of its own, shown just before the widget: JupyterLab draws a saved
        widget output with the widget renderer ("Error displaying widget: model not found" once its model is
        gone), never with another form of the same output. The picture's style rules (``render.picture_rules``)
        hide it while the widget beside it is live, and hide the widget's placeholder while it is not. Outside a
        kernel the picture is the bundle's ``text/html``."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if not isinstance(bundle, dict):
            return bundle
        from IPython import get_ipython  # ipywidgets' own dependency
        from IPython.display import publish_display_data

        picture = f'<div class="bibi-picture">{render.picture_rules()}{self.picture_html()}</div>'
        if getattr(get_ipython(), "kernel", None) is None:  # no kernel: no front end to publish to
            return {**bundle, "text/html": picture}
        publish_display_data({"text/html": picture})
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

    def _guard(self, handler: Callable[..., object]) -> Callable[..., None]:
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

    def _on_click(self, button: widgets.Button, handler: Callable[..., object]) -> None:
        button.on_click(self._guard(lambda _: handler()))

    def _on_value(self, control: widgets.Widget, handler: Callable[..., object]) -> None:
        control.observe(self._guard(lambda _: handler()), names="value")


# -- the deal explorer -----------------------------------------------------------------------


class _ActionView(_View):
    """A view with a row of card buttons (``hand_row``) and a row of call/pass/switch buttons (``action_row``)."""

    hand_row: Any  # an _ActionRow (the explorer's) or a _HandRow (the play table's): both have button_for
    action_row: _ActionRow

    def button_for(self, action: Card | Action | str) -> widgets.Button:
        """The card or action button for ``action`` shown now."""
        act = Action.parse(action)
        row = self.hand_row if act.kind == Action.PLAY else self.action_row
        return row.button_for(act)


class DealExplorer(_ActionView):
    """Deal a seeded hand, let a bot play it, and step through it action by action or trick by trick.

    Clicking a card of the seat to act (or of the seat you look from) tells why it is illegal; a
    legal one is played there and the bot plays the rest of the deal from that point. ``deal=`` explores a
    copy of a deal given (one made with ``log=False``, as ``Deal.resample``'s, replayed from its record).
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
        # No bounds of its own: a bounded box clamps a typed value silently; ``new_deal`` asks the rules.
        self.players_box = widgets.IntText(value=players, description="players",
                                           layout=widgets.Layout(width="150px"))
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
        self.legend = _html(_wrap(render.marks_legend_html(style=False)))
        self._states: list[Deal] = []
        self._at = 0
        self._rng = bots_rng(seed)

        for button, handler in [
            # Each button asks for a position on the line (a disabled one may still be clicked from code).
            (self.deal_button, self.new_deal), (self.start_button, lambda: self.go(self._line()[0])),
            (self.back_trick_button, self.back_trick), (self.back_button, lambda: self.go(self._step(-1))),
            (self.next_button, lambda: self.go(self._step(+1))),
            (self.next_trick_button, self.next_trick), (self.end_button, lambda: self.go(self.length)),
        ]:
            self._on_click(button, handler)
        self._on_value(self.position_slider, lambda: self.go(self._line()[self.position_slider.value]))
        self._on_value(self.seat_select, self._look)
        nav = [self.start_button, self.back_trick_button, self.back_button, self.next_button,
               self.next_trick_button, self.end_button]
        self.children = [
            widgets.HBox([self.seed_box, self.players_box, self.deal_button, self.seat_select],
                         layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([*nav, self.position_slider], layout=widgets.Layout(flex_flow="row wrap")),
            self.message, self.table, self.legend, self.hand_label, self.hand_row, self.action_row, self.reason,
            widgets.HTML("<b>Events</b>, numbered by the step that brought them, as the slider counts "
                         "(newest first)"),
            self.event_log, self.errors,
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
        self._states = []
        self._play_on(_logged(deal) if deal is not None else Deal.new(self.rules, players, seed=seed))
        self._at = self._line()[0]
        self.reason.value = ""  # a click's message belongs to the line it was made on
        self._look()

    def _look(self) -> None:
        """Show the line from the seat chosen (or with every hand): what it counts, and the position shown."""
        seed = self.seed_box.value
        if self.seat is None:
            self._say(f"Deal of seed {seed}: {self.length} actions. Step through it, or click a card.")
        else:  # another seat's call decision is not a step the seat sees
            self._say(f"Deal of seed {seed}, as seat {self.seat} sees it: {len(self._line()) - 1} steps. "
                      "Step through it, or click a card.")
        self._at = self._seen_from(self._at)
        self._render()

    def new_deal(self) -> None:
        """Deal the hand of the seed in the box, with the number of players in the box. A number the rules
        refuse is refused, naming ``players``; the box shows the deal's again and nothing else changes."""
        try:
            players = check_players(self.rules, self.players_box.value)
        except ValueError:
            self._syncing = True
            try:
                self.players_box.value = self.deal.players
            finally:
                self._syncing = False
            raise
        self._start(self.seat if self.seat is None or self.seat < players else None)

    def _play_on(self, deal: Deal) -> None:
        """Let the bot play ``deal`` to its end (the play layer), keeping the line's states up to there."""
        start = len(deal.actions)
        line = snapshots(play(deal, self.bot, self._rng))
        # A branch keeps the line up to where it leaves it; a deal given already under way is all new.
        self._states = self._states[:start] + line[start:] if start and len(self._states) >= start else line

    def go(self, position: int) -> None:
        """Show the deal after ``position`` actions, 0…``length``: a position that is no whole number is a
        ``TypeError``, one off the line a ``ValueError``, both naming ``position``; the view stays as it was.
        In a seat's view, a position where another seat decides on a call (which the seat does not see: the
        table does not stop there for it) shows as the seat sees it, at the next position it sees."""
        self._at = self._seen_from(whole("position", position, 0, self.length))
        self.reason.value = ""
        self._render()

    def _line(self) -> list[int]:
        """The positions the view steps through: every one with all hands shown; in a seat's view, those the
        seat sees (``Deal.to_act_for``), always the end among them."""
        looking = self.seat
        if looking is None:
            return list(range(len(self._states)))
        return [i for i, s in enumerate(self._states) if s.is_over or s.to_act_for(looking) is not None]

    def _seen_from(self, position: int) -> int:
        """The first position at or after ``position`` that the view steps through."""
        return next(p for p in self._line() if p >= position)

    def _step(self, by: int) -> int:
        """The position one step back (``-1``) or forward (``+1``) on the line, or this one at either end."""
        line = self._line()
        k = line.index(self._at) + by
        return line[min(max(k, 0), len(line) - 1)]

    def _boundaries(self) -> list[int]:
        """The positions where a trick has just been completed, with the start and the end."""
        marks = [0]
        for i in range(1, len(self._states)):
            if len(self._states[i].tricks) > len(self._states[i - 1].tricks):
                marks.append(i)
        marks.append(self.length)
        return marks

    def show_trick(self, number: int) -> None:
        """Show the position right after trick ``number`` (0-based, as ``Trick.number``) is complete."""
        states = self._states
        at = next((i for i in range(1, len(states)) if len(states[i].tricks) > len(states[i - 1].tricks)
                   and states[i].tricks[-1].number == whole("number", number)), None)
        if at is None:
            raise ValueError(f"number: trick {shorten(number)} is not completed on the line shown")
        self.go(at)

    def next_trick(self) -> None:
        """Forward to the end of the trick being played (or the next one)."""
        self.go(next((p for p in self._boundaries() if p > self._at), self.length))

    def back_trick(self) -> None:
        """Back to the end of the previous trick."""
        seen = (self._seen_from(p) for p in self._boundaries())
        self.go(max((p for p in seen if p < self._at), default=self._line()[0]))

    def _pick(self, action: Card | Action) -> None:
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
        self._at = self._seen_from(self._at + 1)
        self.reason.value = _note(f"played {Action.parse(action).unicode}; the bot plays on from here")
        self._render()

    # -- rendering ------------------------------------------------------------------------------

    def _render(self) -> None:
        deal = self.deal
        line = self._line()
        step = line.index(self._at)
        self._syncing = True
        try:
            self.position_slider.max = len(line) - 1
            self.position_slider.value = step
            self.position_slider.description = "action" if self.seat is None else "step"
        finally:
            self._syncing = False
        at_start, at_end = step == 0, self._at == self.length
        for button in (self.start_button, self.back_trick_button, self.back_button):
            button.disabled = at_start
        for button in (self.next_button, self.next_trick_button, self.end_button):
            button.disabled = at_end
        self.table.value = _wrap(render.table_html(deal, self.seat, style=False))
        looking = self.seat

        def seen(state: Deal) -> tuple[Any, ...]:  # the log as the seat looked from knows it (all: every event)
            return state.events if looking is None else state.events_for(looking)

        numbers = render.event_actions([len(seen(self._states[p])) for p in line[: step + 1]])
        self.event_log.value = _wrap(render.events_html(seen(deal), newest_first=True, actions=numbers,
                                                        style=False))
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
    # A number box without bounds of its own: a bounded box would clamp a typed value silently (to its max); here
    # the rules decide, and a value they refuse is said next to the box (RulesPanel._option_changed).
    return widgets.IntText(value=value, description=title, style=style, layout=layout)


def _control_value(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, CardPoints):
        return str(value)
    return value


# -- two rules side by side, in lockstep -----------------------------------------------------


class CompareView(_View):
    """The same pack under two sets of rules, side by side, played by the same bots from the same seed and
    stepped together trick by trick; the point where the two deals first part is marked, with the option the
    engine finds responsible and its sentences (``bibi.parting``).

    ``a`` and ``b`` are any rules: a preset or a label with changes (``"it:follow=must_follow"``). Both deals are
    dealt from the seed's one pack, dealer and first trump, the same whichever rules are on the left
    (``bibi.parting.compare_lines``): where the rules find the first dealer or trump differently, by the
    high-card draw (a convention, rules §2), so a Russian side is the deal every other view shows for that seed.
    """

    css_class = "bibi-compare-view"

    def __init__(self, a: Rules | str = "russian", b: Rules | str = "italian", players: int = 6, seed: int = 1, *,
                 bot: Bot | str | None = None):
        super().__init__()
        self.bot = as_bot(bot)
        self.start_button = _button("start", "both deals back to the start", icon="fast-backward")
        self.back_button = _button("trick", "both deals back one trick", icon="backward")
        self.next_button = _button("trick", "both deals forward one trick", icon="forward")
        self.end_button = _button("end", "both deals to their end", icon="fast-forward")
        self.parting_button = _button("where they part", "both deals at the point where they first part",
                                      icon="code-fork")
        self.explanation = _html()
        self.left = _html(width="50%", min_width="0")
        self.right = _html(width="50%", min_width="0")
        for button, handler in [(self.start_button, lambda: self.go_trick(0)), (self.back_button, self.back_trick),
                                (self.next_button, self.next_trick), (self.end_button, self.to_end),
                                (self.parting_button, self.to_parting)]:
            self._on_click(button, handler)
        self.children = [
            self.explanation,
            widgets.HBox([self.start_button, self.back_button, self.next_button, self.end_button,
                          self.parting_button], layout=widgets.Layout(flex_flow="row wrap")),
            self.message,
            widgets.HBox([self.left, self.right], layout=widgets.Layout(width="100%", align_items="flex-start")),
            self.errors,
        ]
        self.set(a, b, players, seed)

    # -- what the view shows ----------------------------------------------------------------

    @property
    def rules_a(self) -> Rules:
        """The left-hand rules."""
        return self._rules[0]

    @property
    def rules_b(self) -> Rules:
        """The right-hand rules."""
        return self._rules[1]

    @property
    def deal_a(self) -> Deal:
        """The ``a`` deal at the position shown (a snapshot)."""
        return self.lines.a[self._at[0]]

    @property
    def deal_b(self) -> Deal:
        """The ``b`` deal at the position shown (a snapshot)."""
        return self.lines.b[self._at[1]]

    @property
    def positions(self) -> tuple[int, int]:
        """How many actions each deal shows."""
        return self._at[0], self._at[1]

    @property
    def parting(self) -> Any:
        """Where the two deals part (``bibi.parting.Parting``)."""
        return self.lines.parting

    @property
    def labels(self) -> tuple[str, str]:
        a, b = self.rules_a.label, self.rules_b.label
        return (f"{a} (left)", f"{b} (right)") if a == b else (a, b)

    # -- changes ---------------------------------------------------------------------------

    @staticmethod
    def prepare(a: Rules | str, b: Rules | str, players: int, seed: int, bot: Bot) -> Any:
        """Both lines and their parting for these rules, players and seed, changing nothing: ``ValueError``
        (``TypeError`` for a wrong type) when the engine refuses them."""
        from bibi.parting import compare_lines

        ra, rb = as_rules(a), as_rules(b)
        for rules in (ra, rb):
            check_players(rules, players)
        return compare_lines(ra, rb, players, _seed(seed), bot)

    def set(self, a: Rules | str, b: Rules | str, players: int, seed: int) -> None:
        """Compare ``a`` and ``b`` on the pack of ``seed`` with ``players``; refused (an exception) → nothing
        changes. Shows both deals at the start."""
        lines = self.prepare(a, b, players, seed, self.bot)
        self.lines, self.players, self.seed = lines, players, seed
        self._rules = (as_rules(a), as_rules(b))
        self._at = [0, 0]
        self._render()

    def _marks(self, line: list[Deal]) -> list[int]:
        """Positions of a line after 0, 1, 2 … completed tricks."""
        marks = [0]
        for i in range(1, len(line)):
            if len(line[i].tricks) > len(line[i - 1].tricks):
                marks.append(i)
        return marks

    def _tricks_shown(self) -> int:
        return min(len(self.deal_a.tricks), len(self.deal_b.tricks))

    def go_trick(self, done: int) -> None:
        """Both deals right after ``done`` tricks (0: the start), or at their end."""
        for side, line in enumerate((self.lines.a, self.lines.b)):
            marks = self._marks(line)
            self._at[side] = marks[done] if done < len(marks) else len(line) - 1
        self._render()

    def next_trick(self) -> None:
        """Both deals one trick on (from the parting point: to the end of its trick)."""
        self.go_trick(self._tricks_shown() + 1)

    def back_trick(self) -> None:
        """Both deals one trick back (from the parting point: to the start of its trick)."""
        here = self._tricks_shown()
        at_marks = all(p in self._marks(line) for p, line in zip(self._at, (self.lines.a, self.lines.b),
                                                                  strict=True))
        self.go_trick(max(0, here - 1) if at_marks else here)

    def to_end(self) -> None:
        self._at = [len(self.lines.a) - 1, len(self.lines.b) - 1]
        self._render()

    def to_parting(self) -> None:
        """Both deals at the point where they first part (the same number of actions in both)."""
        self._at = [self.parting.actions, self.parting.actions]
        self._render()

    # -- rendering ---------------------------------------------------------------------------

    def _render(self) -> None:
        la, lb = self.labels
        self.explanation.value = _wrap(render.parting_html(self.parting, labels=(la, lb), style=False))
        ends = (len(self.lines.a) - 1, len(self.lines.b) - 1)
        at_start, at_end = self._at == [0, 0], tuple(self._at) == ends
        for button in (self.start_button, self.back_button):
            button.disabled = at_start
        for button in (self.next_button, self.end_button):
            button.disabled = at_end
        self.parting_button.disabled = not self.parting.parted
        shared = self.parting.actions
        for html, deal, at, label in ((self.left, self.deal_a, self._at[0], la),
                                      (self.right, self.deal_b, self._at[1], lb)):
            if not self.parting.parted:
                note = "never parts"
            elif at < shared:
                note = "in step"
            elif at == shared:
                note = "where the deals part"
            else:
                note = "parted"
            html.value = _wrap(render.side_html(deal, label, position=at, note=note,
                                                apart=self.parting.parted and at > shared, style=False))
        tricks = self._tricks_shown()
        total = self.deal_a.tricks_total
        self._say(f"{la} | {lb}: after {tricks} of {total} tricks; the deals "
                  + (f"part after {shared} shared action{'' if shared == 1 else 's'} (trick {self.parting.trick + 1})."
                     if self.parting.parted else "never part."))


# -- the rules panel -------------------------------------------------------------------------------


_PAIRS = {("russian", "italian"): "Russian vs Italian", ("italian", "russian"): "Italian vs Russian"}


class RulesPanel(_View):
    """Any two rules side by side on one pack, in lockstep (a ``CompareView``), with a control per option of the
    right-hand rules and its sentences. "Russian vs Italian" is one click; the preset buttons set the right-hand
    rules; the two boxes take any labels (``it:turn_up=…``, ``ru:follow=follow_or_trump``).

    A change is atomic: if the engine refuses it (impossible rules, too many players for ``max_players``, …),
    nothing changes (rules, deals, controls, message) and the error shows next to the control that caused it.
    """

    css_class = "bibi-rules-panel"

    def __init__(self, rules: Rules | str = "russian", players: int = 6, seed: int = 1, *,
                 bot: Bot | str | None = None, other: Rules | str | None = None):
        left = _label_rules(rules)
        right = left if other is None else _label_rules(other)
        players, seed = whole("players", players), _seed(seed)
        super().__init__()
        self.bot = as_bot(bot)
        self.compare = CompareView(left, right, players, seed, bot=self.bot)  # refuses bad values, first
        self.pair_buttons = {pair: _button(label, f"the {pair[0]} rules on the left, the {pair[1]} on the right")
                             for pair, label in _PAIRS.items()}
        self.preset_buttons = {
            name: _button(label, f"the {name} rules on the right", width="auto")
            for name, label in _PRESET_LABELS.items()
        }
        text = {"continuous_update": False, "layout": widgets.Layout(width="300px"),
                "style": {"description_width": "40px"}}
        self.left_box = widgets.Text(value=left.label, description="left", **text)
        self.right_box = widgets.Text(value=right.label, description="right", **text)
        self.seed_box = widgets.IntText(value=seed, description="seed", layout=widgets.Layout(width="150px"))
        # No bounds of its own (a bounded box clamps silently): the rules refuse a count they do not seat.
        self.players_box = widgets.IntText(value=players, description="players", layout=widgets.Layout(width="150px"))
        self.field_errors = {name: _html() for name in ("left", "right", "seed", "players")}
        self.controls: dict[str, widgets.Widget] = {}
        self.control_errors: dict[str, widgets.HTML] = {}
        self.sources: dict[str, widgets.HTML] = {}
        rows = []
        for name, value in right.options().items():
            control = self.controls[name] = _control(name, value)
            error = self.control_errors[name] = _html(width="330px")
            source = self.sources[name] = _html(flex="1 1 0%", min_width="0")
            self._on_value(control, lambda name=name: self._option_changed(name))
            rows.append(widgets.HBox([widgets.VBox([control, error], layout=widgets.Layout(flex="0 0 auto")), source],
                                     layout=widgets.Layout(align_items="flex-start", width="100%")))
        for pair, button in self.pair_buttons.items():
            self._on_click(button, lambda pair=pair: self.compare_rules(*pair))
        for name, button in self.preset_buttons.items():
            self._on_click(button, lambda name=name: self.choose_preset(name))
        self._on_value(self.left_box, lambda: self._box_changed("left"))
        self._on_value(self.right_box, lambda: self._box_changed("right"))
        self._on_value(self.seed_box, lambda: self._box_changed("seed"))
        self._on_value(self.players_box, lambda: self._box_changed("players"))
        self.options_box = widgets.VBox(rows)
        fe = self.field_errors
        self.children = [
            widgets.HBox([*self.pair_buttons.values(), widgets.HTML("&nbsp;right-hand rules:"),
                          *self.preset_buttons.values()], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([widgets.VBox([self.left_box, fe["left"]]), widgets.VBox([self.right_box, fe["right"]]),
                          widgets.VBox([self.seed_box, fe["seed"]]), widgets.VBox([self.players_box, fe["players"]])],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.message, self.compare,
            widgets.HTML("<b>Options of the right-hand rules</b>: each with the sentences it comes from (click to "
                         "unfold); a yellow row differs from the left-hand rules"),
            self.options_box, self.errors,
        ]
        self._sync_controls()
        self._render()

    # -- state -------------------------------------------------------------------------------------

    @property
    def baseline(self) -> Rules:
        """The left-hand rules."""
        return self.compare.rules_a

    @property
    def rules(self) -> Rules:
        """The right-hand rules (the ones the option controls show)."""
        return self.compare.rules_b

    @property
    def base_deal(self) -> Deal:
        """The left-hand deal, played to its end."""
        return self.compare.lines.a[-1]

    @property
    def deal(self) -> Deal:
        """The right-hand deal (the same pack), played to its end."""
        return self.compare.lines.b[-1]

    # -- callbacks ---------------------------------------------------------------------------------

    def compare_rules(self, left: Rules | str, right: Rules | str) -> bool:
        """Set both sides (as the pair buttons do); ``False`` if refused (nothing changed)."""
        return self._attempt("left", lambda: (_label_rules(left), _label_rules(right), *self._where()))

    def choose_preset(self, name: str) -> bool:
        """The right-hand rules become preset ``name``; the left stays."""
        return self._attempt("right", lambda: (self.baseline, preset(name), *self._where()))

    def set_option(self, name: str, value: Any) -> None:
        """Set option ``name`` of the right-hand rules to ``value`` and compare again; its control follows.

        ``value`` is any value ``Rules`` takes for the option (an enum's value as text too; ``card_points`` as a
        map or as text, ``"2:11 A:10"``). An unknown option, or a value the rules refuse (alone, or with the
        other options and the players), raises a ``ValueError`` (a ``TypeError`` for a wrong type) naming the
        option and quoting the value, and the panel stays exactly as it was: rules, deals, controls, HTML.
        """
        check_type("option", name, str, "an option's name")
        if name not in OPTIONS:
            raise ValueError(f"option: {shorten(name)} is not an option; options are {', '.join(OPTIONS)}")
        try:
            self.compare.set(*self._with_option(name, value))
        except (ValueError, TypeError) as exc:
            text = _option_error(name, value, exc)
            raise (WrongType(text) if isinstance(exc, TypeError) else ValueError(text)) from None
        self._sync_controls()
        self._error_at(None, "")
        self._render()

    def _where(self) -> tuple[int, int]:
        return self.compare.players, self.compare.seed

    def _with_option(self, name: str, value: Any) -> tuple[Rules, Rules, int, int]:
        """Both sides, the players and the seed with option ``name`` of the right-hand rules set to ``value``."""
        if name == "card_points" and isinstance(value, str):
            value = CardPoints.parse(value)
        return self.baseline, dataclasses.replace(self.rules, **{name: value}), *self._where()

    def _option_changed(self, name: str) -> None:
        """A value typed or picked in an option's control: set as ``set_option`` sets it, or refused next to the
        control (which shows the rules' value again)."""
        value = self.controls[name].value
        self._attempt(name, lambda: self._with_option(name, value), lambda exc: _option_error(name, value, exc))

    def _box_changed(self, name: str) -> None:
        def changed() -> tuple[Rules, Rules, int, int]:
            players, seed = self._where()
            if name == "left":
                return _label_rules(self.left_box.value), self.rules, players, seed
            if name == "right":
                return self.baseline, _label_rules(self.right_box.value), players, seed
            if name == "seed":
                return self.baseline, self.rules, players, self.seed_box.value
            return self.baseline, self.rules, self.players_box.value, seed

        self._attempt(name, changed)

    def _attempt(self, where: str, change: Callable[[], tuple[Rules, Rules, int, int]],
                 say: Callable[[Exception], str] = str) -> bool:
        """Make one change, all or nothing: on a refusal every control shows the rules' values again and the
        error (as ``say`` words it) shows next to ``where`` (an option's name, ``left``, ``right``, ``seed`` or
        ``players``)."""
        try:
            left, right, players, seed = change()
            self.compare.set(left, right, players, seed)
        except (ValueError, TypeError) as exc:
            self._sync_controls()
            self._error_at(where, say(exc))
            return False
        self._sync_controls()
        self._error_at(None, "")
        self._render()
        return True

    def _error_at(self, where: str | None, text: str) -> None:
        for name, html in [*self.control_errors.items(), *self.field_errors.items()]:
            html.value = _field_error(text) if name == where else ""

    # -- rendering ---------------------------------------------------------------------------------

    def _sync_controls(self) -> None:
        self._syncing = True
        try:
            for name, value in self.rules.options().items():
                self.controls[name].value = _control_value(value)
            self.left_box.value, self.right_box.value = self.baseline.label, self.rules.label
            self.players_box.value, self.seed_box.value = self._where()
        finally:
            self._syncing = False

    def _render(self) -> None:
        left, right = self.baseline, self.rules
        changed = left.diff(right)
        for pair, button in self.pair_buttons.items():
            button.button_style = "info" if (left, right) == (PRESETS[pair[0]], PRESETS[pair[1]]) else ""
        for name, button in self.preset_buttons.items():
            button.button_style = "info" if right == PRESETS[name] and right.name == name else ""
        left_values = left.options()
        for name, value in right.options().items():
            self.sources[name].value = self._source_html(name, value, left_values[name])
        what = (f"{len(changed)} option{'s' if len(changed) != 1 else ''} differ: "
                + ", ".join(k for k, _, _ in changed)) if changed else "the same rules on both sides"
        players, seed = self._where()
        self._say(f"Seed {seed}, {players} players: {left.label} (left) vs {right.label} (right); {what}.")

    def _source_html(self, name: str, value: Any, theirs: Any) -> str:
        meaning = escape(self.rules.explain(name))  # or why it has no effect under these rules
        cite = escape(self.rules.citation(name))
        sentences = render.sentences_html(texts.cite(OPTIONS[name].sources), style=False)
        differs = value != theirs
        mark = ' style="background:#fff3c4"' if differs else ""
        left = (f' <span class="bibi-label">(left: {escape(str(_control_value(theirs)))})</span>'
                if differs else "")
        return _wrap(f'<div{mark}><details><summary>{meaning}{left} <span class="bibi-label">({cite})</span>'
                     f"</summary>{sentences}</details></div>")


def _option_error(name: str, value: Any, exc: Exception) -> str:
    """Why option ``name`` cannot be ``value``, naming the option and quoting the value."""
    reason = str(exc).removeprefix(f"Rules.{name}: ").removeprefix(f"{name}: ")
    quoted = shorten(value)
    return f"{name}: {reason}" if reason.startswith(f"{quoted} ") else f"{name}: {quoted} is refused: {reason}"


def _label_rules(rules: Rules | str) -> Rules:
    """Rules from a ``Rules`` or a label (``it``, ``ru:follow=follow_or_trump``)."""
    if isinstance(rules, Rules):
        return rules
    if not isinstance(rules, str):
        raise TypeError(f"rules: expected Rules or a label such as 'ru' or 'it:follow=must_follow', "
                        f"not {shorten(rules)}")
    return parse_rules(rules) if ":" in rules else preset(rules)


# -- the score inspector ---------------------------------------------------------------------


class ScoreInspector(_View):
    """Where every point of a deal comes from: a row per trick with the cards that scored and who won them, the
    Bi-bi calls, the leftovers nobody won, and the check that it all adds up to the pack's points plus the calls;
    a click on a row shows that trick (in a linked ``DealExplorer``, or below the rows). Then the points seat by
    seat (``inspector.frame``, a pandas table) and a bar chart. For a game, its score sheet, a button per deal.
    """

    css_class = "bibi-score-inspector"

    def __init__(self, deal_or_game: Any, *, explorer: DealExplorer | None = None):
        if not isinstance(deal_or_game, Deal) and not hasattr(deal_or_game, "deals"):  # a Game, or any with deals
            raise WrongType(f"deal_or_game: expected a Deal or a Game, not {shorten(deal_or_game)} "
                            f"({type(deal_or_game).__name__})")
        super().__init__()
        is_game = hasattr(deal_or_game, "deals")
        if not is_game and not isinstance(deal_or_game, Deal):
            raise TypeError(f"deal_or_game: expected a Deal or a Game, not {shorten(deal_or_game)}")
        if explorer is not None and not isinstance(explorer, DealExplorer):
            raise TypeError(f"explorer: expected a DealExplorer, not {shorten(explorer)}")
        self.source = deal_or_game
        self.explorer = explorer
        self.deal_select = widgets.Dropdown(description="deal", layout=widgets.Layout(width="200px"))
        self.refresh_button = _button("Refresh", "read the deal again: it is still being played", icon="refresh")
        self.game_sheet = _html()
        self.deal_buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.check = _html()
        self.rows = widgets.VBox(layout=widgets.Layout(max_height="430px", overflow="auto"))
        self.trick_view = _html()
        self.chart = _html()
        self.table = _html(max_height="360px", overflow="auto")
        self.frame: Any = None
        self.lines: list[Any] = []
        self.selected: int | None = None
        self._row_pool: list[tuple[widgets.Button, widgets.HTML, widgets.HBox]] = []
        self._on_value(self.deal_select, self._render)
        self._on_click(self.refresh_button, self.refresh)
        top = [self.deal_select, self.refresh_button] if is_game else [self.refresh_button]
        self.children = [widgets.HBox(top), self.game_sheet, self.deal_buttons, self.message, self.check,
                         widgets.HTML("<b>Where the points come from</b>: click a row to see its trick here"),
                         self.trick_view, self.rows, widgets.HTML("<b>Seat by seat</b>"), self.chart, self.table,
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

    @property
    def finished(self) -> bool:
        """Whether nothing more can happen to what is inspected (then there is nothing to refresh)."""
        over = all(d.is_over for d in self.deals)
        return over and bool(getattr(self.source, "is_over", True))

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
            buttons = []
            for i in range(count):
                button = _button(f"deal {i + 1}", f"show where the points of deal {i + 1} come from")
                self._on_click(button, lambda i=i: self.show_deal(i))
                buttons.append(button)
            self.deal_buttons.children = [widgets.HTML("show deal:"), *buttons]
        self.refresh_button.layout.display = "none" if self.finished else None
        self._render()

    def show_deal(self, index: int) -> None:
        """Show deal ``index`` (0-based) of the game."""
        if not 0 <= whole("index", index) < len(self.deals):
            raise ValueError(f"index: {shorten(index)} is not a deal 0…{len(self.deals) - 1}")
        self.deal_select.value = index

    def show_line(self, index: int) -> None:
        """Show the trick of row ``index`` (a click on the row does this): in the linked explorer, or below.

        ``index`` is a row, 0…``len(lines) - 1`` (a ``ValueError`` naming it otherwise, a ``TypeError`` for no
        whole number); a refused row, or an explorer showing another deal, leaves the view as it was."""
        if not 0 <= whole("index", index) < len(self.lines):
            raise ValueError(f"index: {shorten(index)} is not a line of this score, 0…{len(self.lines) - 1}")
        line = self.lines[index]
        deal = self.deal
        rules = deal.rules
        trick: Trick | None = None
        if line.kind == "leftovers":
            body = (f"<b>Leftovers</b>: turned face up when the stock ran low; nobody wins them, so their "
                    f"{line.points} points count for no one (R25; I16)."
                    + render.hand_html(deal.leftovers, small=True, style=False))
        elif line.kind == "out":
            body = f"<b>Still in hands and stock</b>: {line.points} points not played yet."
        elif line.kind == "call" and line.trick < 0:
            body = (f"<b>Bi-bi before the first trick</b>: seat {line.seat} laid down K+Q "
                    f"{line.cards[0][0].suit.symbol}, {rules.bibi_points} points (R16; I13).")
        else:
            trick = deal.tricks[line.trick] if line.trick < len(deal.tricks) else None
            if line.kind == "call":
                body = (f"<b>Bi-bi in trick {line.trick + 1}</b>: seat {line.seat} laid down K+Q "
                        f"{line.cards[0][0].suit.symbol}, {rules.bibi_points} points (R16; I13).")
            else:
                body = (f"<b>Trick {line.trick + 1}</b>: seat {line.seat} wins it with the green-ringed card; "
                        f"its cards worth points make {line.points}.")
            if trick is not None:
                body += render.trick_html(trick, style=False)
        if trick is not None and self.explorer is not None:
            self._check_explorer(deal)  # before anything changes
        self.selected = index
        for i, (button, _, _) in enumerate(self._row_pool[: len(self.lines)]):
            button.button_style = "info" if i == index else ""
        self.trick_view.value = _wrap(f'<div class="bibi-parting">{body}</div>')
        if trick is not None and self.explorer is not None:
            self.explorer.show_trick(trick.number)

    def _check_explorer(self, deal: Deal) -> None:
        """Refuse a linked explorer that shows another deal than ``deal``."""
        explorer = self.explorer
        assert explorer is not None
        line = explorer.final
        same = (line.deck == deal.deck and line.dealer == deal.dealer and line.rules == deal.rules
                and line.actions[: len(deal.actions)] == deal.actions)
        if not same:
            raise ValueError("explorer: it shows another deal than this inspector; deal the same one there")

    def _render(self) -> None:
        deal = self.deal
        from bibi.tables import score_frame, score_lines  # lazy: pandas only when this view renders

        self.frame = frame = score_frame(deal)
        self.lines = lines = score_lines(deal)
        cards = int(frame.loc["total", "all"]) - sum(deal.bonus_points)
        total = deal.rules.total_points()
        ok = "✓" if cards == total else "✗"
        calls = len(deal.calls)
        self.check.value = _wrap(
            f'<div class="bibi-check{"" if cards == total else " bibi-bad"}">card points {cards} = the pack\'s '
            f"{total} {ok}; Bi-bi {sum(deal.bonus_points)} ({calls} call{'' if calls == 1 else 's'}); scores "
            f"{' '.join(map(str, deal.scores))}</div>"
            f'<div class="bibi-check">{escape(render.points_check(deal, lines))}</div>'
        )
        while len(self._row_pool) < len(lines):
            i = len(self._row_pool)
            button = _button("", "show this line's trick", width="150px")
            self._on_click(button, lambda i=i: self.show_line(i))
            html = _html(width="100%")
            self._row_pool.append((button, html, widgets.HBox([button, html], layout=widgets.Layout(
                align_items="center", border_bottom="1px solid #ddd", flex="0 0 auto"))))  # no shrinking
        for (button, html, _), line in zip(self._row_pool, lines, strict=False):
            button.description = line.label
            button.button_style = ""
            button.disabled = line.kind == "out"
            # The style block comes once, with the check above; each row is a bare fragment.
            html.value = f'<div class="bibi">{render.score_line_html(line, style=False)}</div>'
        self.rows.children = [box for _, _, box in self._row_pool[: len(lines)]]
        self.selected = None
        self.trick_view.value = ""
        self.chart.value = _wrap(render.score_bars_html(deal, style=False))
        self.table.value = _wrap(frame.to_html(classes="bibi-sheet", border=0))
        state = "over" if deal.is_over else f"in play, trick {len(deal.tricks) + 1} of {deal.tricks_total}"
        self._say(f"{deal.rules.label} rules, {deal.players} players, dealer seat {deal.dealer}: {state}.")


# -- the play table --------------------------------------------------------------------------


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
    gave it. **Hint** asks the strongest bot (``hint_bot``) what it would do, in plain words, with the bot's own
    reasons and figures a click away (*details*); **Undo** takes your last move back (the deal replayed from its
    record up to your previous decision, the bots' stream restored); **Why seat N?** tells why that bot made its
    last move you saw: while the deal is on, what the table saw of it and what the rules make of it (never its
    hand); once it is over, the bot's own reasons from the view it had, and **Review** lists every bot move of
    the deal with them. The table, its messages and its event log show only what your seat may know
    (``Deal.events_for``, ``Deal.to_act_for``): the others' draws face down, their passes silent. A call the
    rules make for you (``bibi_call=mandatory``) is announced as yours. ``game=True`` plays ``rounds`` rounds:
    the totals and the score sheet are under the table, and **New deal** deals the game's next deal; ``game=`` a
    ``Game`` under way plays on from its current deal (the bots drawing from its stream, ``Game.bots_rng()``);
    ``deal=`` plays on a copy of a deal (one made with ``log=False``, as ``Deal.resample``'s, replayed from its
    record).

    The play is a ``bibi.session.Session`` (``table.session``), the very one ``bibi play`` drives: the same
    position gets the same hint and the same reasons here and in the terminal.
    """

    css_class = "bibi-play-table"

    def __init__(self, rules: Rules | str = "russian", players: int = 4,
                 bots: Bot | str | Sequence[Bot | str | None] | Mapping[int, Bot | str] | None = None,
                 seat: int = 0, seed: int = 1, *, deal: Deal | None = None, game: bool | Game = True,
                 rounds: int = 1, delay: float | None = None, hint_bot: Bot | str | None = None):
        given = game if isinstance(game, Game) else None
        if deal is not None:
            check_type("deal", deal, Deal, "a Deal")
            rules, players, game = deal.rules, deal.players, False
        elif given is not None:
            rules, players, rounds = given.rules, given.players, given.rounds
        rules, players = _table(rules, players, seed, None)
        whole("seat", seat, 0, players - 1)
        super().__init__()
        self.rules = rules
        if delay is not None and (isinstance(delay, bool) or not isinstance(delay, int | float) or delay < 0):
            raise ValueError(f"delay: {shorten(delay)} is not a number of seconds ≥ 0")
        self.players = players
        self.seat = seat
        seats = self._seat_bots(bots)
        hinter = get_bot(hint_bot if hint_bot is not None else strongest_bot())
        self.session: Session
        self.delay = delay
        self.playing_game = game
        self.rounds = rounds
        self._seen = 0  # the person's events (``Deal.events_for``) before the last move: calls after it are news
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
        self.review_button = _button("Review", "once the deal is over: every bot move with its own reasons",
                                     icon="list")
        self.reasons = _html()
        self.sheet = _html()
        self.event_log = _html(max_height="200px", overflow="auto")
        self._on_click(self.deal_button, self.new_game)
        self._on_click(self.new_button, self.next_deal)
        self._on_click(self.hint_button, self.hint)
        self._on_click(self.undo_button, self.undo)
        for s, button in self.why_buttons.items():
            self._on_click(button, lambda s=s: self.why(s))
        self._on_click(self.review_button, self.review)
        wrap = widgets.Layout(flex_flow="row wrap")
        self.children = [
            widgets.HBox([self.seed_box, self.deal_button, self.new_button, self.hint_button, self.undo_button],
                         layout=wrap),
            self.news, self.table, self.message, self.hand_label, self.hand_row, self.action_row, self.hint_box,
            widgets.HBox([*self.why_buttons.values(), self.review_button], layout=wrap), self.reasons, self.sheet,
            widgets.HTML("<b>Events</b> (newest first)"), self.event_log, self.errors,
        ]
        if given is not None:  # a game under way: play on from its current deal
            if given.seed is not None:
                self.seed_box.value = given.seed
            self.session = Session(given, seat, seats, hint_bot=hinter)
            self._begin_deal()
        else:
            self._start(deal, seats, hinter)

    def _seat_bots(self, bots: Any) -> list[Bot | None]:
        """One bot per seat for the play layer, ``None`` at the person's seat (the loop stops there)."""
        seats: list[Bot | None]
        if isinstance(bots, Mapping):
            seats = [as_bot(bots.get(s)) for s in range(self.players)]
        elif isinstance(bots, Sequence) and not isinstance(bots, str):
            if len(bots) != self.players:
                raise ValueError(f"bots: {len(bots)} given for {self.players} seats (the human's is ignored)")
            seats = [as_bot(b) for b in bots]
        else:
            seats = list(as_bots(as_bot(bots), self.players))
        seats[self.seat] = None
        return seats

    # -- what the view shows ---------------------------------------------------------------------

    @property
    def deal(self) -> Deal:
        """The deal being played (the game's current deal)."""
        return self.session.deal

    @property
    def game(self) -> Game | None:
        """The game being played, or ``None`` for one deal."""
        return self.session.game

    @property
    def bots(self) -> list[Bot | None]:
        """The bot of each seat, ``None`` at yours (the session's)."""
        return self.session.bots

    @bots.setter
    def bots(self, seats: list[Bot | None]) -> None:
        self.session.bots = seats

    @property
    def hint_bot(self) -> Bot:
        """The bot that gives the hints."""
        return self.session.hint_bot

    @property
    def _rng(self) -> random.Random:
        """The bots' stream (the session's)."""
        return self.session.rng

    @property
    def totals(self) -> tuple[int, ...]:
        """The running totals per seat: the game's, or the one deal's scores."""
        return self.session.totals

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

    def _start(self, deal: Deal | None = None, bots: list[Bot | None] | None = None,
               hint_bot: Bot | None = None) -> None:
        """A new session from the seed in the box: on a copy of ``deal``, or a new game or deal; the bots and the
        hint's bot as given, else as they were."""
        seed = self.seed_box.value
        if deal is not None:
            table: Deal | Game = _logged(deal)
        elif self.playing_game:
            table = Game.new(self.rules, self.players, self.rounds, seed=seed)
        else:
            table = Deal.new(self.rules, self.players, seed=seed)
        self.session = Session(table, self.seat, self.session.bots if bots is None else bots, bots_rng(seed),
                               seed=seed, hint_bot=self.session.hint_bot if hint_bot is None else hint_bot)
        self._begin_deal()

    def _begin_deal(self) -> None:
        self._seen = 0
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
        game = self.game
        if game is None or game.is_over:
            self.next_seed()
            return
        if not self.deal.is_over:
            self._say(f"Finish deal {len(game.deals)} first (or press New game).", error=True)
            return
        self.session.next_deal()
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
        self._seen = len(deal.events_for(self.seat))  # what follows this move is news, the rules' call for you too
        self.session.move(act)
        self.hint_box.value = self.reasons.value = ""
        self._bots_move()
        self._render()

    def _bots_move(self) -> None:
        """The bots' turns through the session, up to the person's decision; each card shown a moment."""
        deal = self.deal
        delay = self.delay if self.delay is not None else (0.25 if self._shown else 0.0)
        shown = [(len(deal.tricks), len(deal.trick))]  # the cards on the table when last shown

        def watch(now: Deal) -> None:  # before each decision of the session's loop
            cards = (len(now.tricks), len(now.trick))
            # A bot's card: let the eye follow it, at the next decision the person may see (another seat's
            # call or pass is nobody else's to see, so the table is shown as it stands after it).
            if delay and cards != shown[0] and now.to_act_for(self.seat) is not None:
                shown[0] = cards
                self._render()
                time.sleep(delay)

        self.session.advance(watch)
        if deal.is_over:
            for callback in self._deal_end:
                callback(deal)

    def undo(self) -> None:
        """Back to your previous decision: the deal replayed from its record, the bots' stream as it was then."""
        if self.session.undo() is None:
            self._say("Nothing to take back: this is your first move of the deal." if self.session.decisions
                      else "Nothing to take back in this deal.", error=True)
            return
        self._seen = len(self.deal.events_for(self.seat))
        self.hint_box.value = self.reasons.value = ""
        self._render()
        self._say(f"Taken back: your move again ({self._where()}).")

    def hint(self) -> None:
        """What the strongest bot would do in your seat, in plain words, with its own reasons and figures under
        *details* (``Session.hint``); nothing is played."""
        hint = self.session.hint()
        if hint is None:
            self.hint_box.value = _note("No decision of yours to hint at now.")
            return
        self.hint_box.value = (
            f'<div class="bibi" style="font-size:14px">{escape(f"Hint ({hint.bot}): {hint.words}")}'
            f'<details><summary>details: the bot\'s own reasons and figures</summary>{escape(hint.details)}'
            "</details></div>")

    def why(self, seat: int) -> None:
        """Why the bot of ``seat`` made its last move of this deal that you saw: while the deal is on, what the
        table saw of it and what the rules make of it (``bibi.play.why_move``: nothing of its hand); once the
        deal is over, its own reasons, asked of the view it had then (``Session.why``)."""
        if seat not in self.why_buttons:
            raise ValueError(f"why: seat {shorten(seat)} has no bot at this table")
        told = self.session.why(seat)
        if told is None:
            self.reasons.value = _note(f"Seat {seat} has not moved yet in this deal.")
            return
        self.reasons.value = _note(f"Seat {seat} ({told.bot}), trick {told.trick}: {told.words}")

    def review(self) -> None:
        """Once the deal is over: every move each bot made, with its own reasons (``Session.review``)."""
        if not self.deal.is_over:
            self.reasons.value = _note("The review comes when the deal is over: the bots' reasons show their hands.")
            return
        self.reasons.value = _wrap(render.review_html(self.session.review(), names=self._names(), style=False))

    # -- rendering -------------------------------------------------------------------------------

    def _say(self, text: str, *, error: bool = False) -> None:
        colour = "#b71c1c" if error else "inherit"
        self.message.value = (f'<div class="bibi" role="status" aria-live="polite" style="color:{colour};'
                              f'font-size:14px">{escape(text)}</div>{render.banner_hider()}')

    def _where(self) -> str:
        deal, game = self.deal, self.game
        where = f"trick {self.session.trick} of {deal.tricks_total}"
        if game is not None:
            where = f"deal {len(game.deals)} of {game.deals_total}, " + where
        return where

    def _announce(self) -> list[str]:
        """The calls made since the person's last move, in the news line (they stay there until the person
        moves again, however often the table is drawn meanwhile); one the rules made for the person is
        announced as his, and returned: the message line says it too."""
        deal = self.deal
        word = call_word(deal.rules)
        lines = []
        seen = deal.events_for(self.seat)
        for event in seen[self._seen:]:
            if event.kind != "call":
                continue
            pair = f"K{_sym(event.suit)} Q{_sym(event.suit)} laid down, +{deal.rules.bibi_points}"
            if event.seat == self.seat and event.info == "mandatory":
                lines.append(f"You must say {word}: {pair} (I11).")
            elif event.seat == self.seat:
                lines.append(f"You say {word}: {pair}.")
            else:
                how = " (mandatory, I11)" if event.info == "mandatory" else ""
                lines.append(f"Seat {event.seat} says {word}: {pair}{how}.")
        self.news.value = _note(" ".join(lines)) if lines else ""
        return [line for line in lines if line.startswith("You must")]

    def _render(self) -> None:
        deal = self.deal
        mine = deal.to_act == self.seat and not deal.is_over
        self.table.value = _wrap(render.play_style_block()
                                 + render.table_html(deal, self.seat, names=self._names(), last_trick=True,
                                                     hand_below=True, style=False))
        self.event_log.value = _wrap(render.events_html(deal.events_for(self.seat), newest_first=True, style=False))
        self.sheet.value = render.game_html(self.game) if self.game is not None else ""
        self.hand_label.value = (f"<b>Your cards</b> (seat {self.seat}): click one, or Tab to it and press Enter, "
                                 "to play it; a faded card tells why it may not be played" if not deal.is_over
                                 else f"<b>Your cards</b> (seat {self.seat}): none left, the deal is over")
        self.hand_row.show(deal, self.seat, active=mine)
        self.action_row.show(_other_choices(deal, self.seat))
        self.hint_button.disabled = not mine
        self.review_button.disabled = not deal.is_over
        self.undo_button.disabled = not self.session.can_undo
        forced = " ".join(self._announce())  # a call the rules made for you: said where you look, the message
        said = f"{forced} " if forced else ""
        if deal.is_over:
            self._say(said + self._end_text())
        elif deal.to_act != self.seat:
            acting = deal.to_act_for(self.seat)  # another seat's call decision is not shown
            self._say("The others draw…" if acting is None else f"Seat {acting} is playing…")
        elif deal.phase == "call":
            self._say(f"{said}Your turn ({self._where()}): say Bi-bi (lay down your king and queen) or pass.")
        elif not deal.trick:
            switch = " or switch the trump" if self.action_row.children else ""
            self._say(f"{said}Your lead ({self._where()}): play any card{switch}.")
        else:
            self._say(f"{said}Your turn ({self._where()}): {len(deal.trick)} card(s) played to this trick.")

    def _end_text(self) -> str:
        deal, game = self.deal, self.game
        mine = deal.scores[self.seat]
        text = f"Deal over: you scored {mine}, place {deal.outcome().place(self.seat)} of {self.players}."
        if game is None:
            return text + " Press Deal for this seed again, or change the seed."
        total, place = game.totals[self.seat], game.outcome().place(self.seat)
        if game.is_over:
            return (f"{text} Game over after {game.deals_total} deals: your total {total}, place {place} of "
                    f"{self.players}. Press New deal for a new game.")
        return (f"{text} Your total {total} (place {place}) after deal {len(game.deals)} of "
                f"{game.deals_total}. Press New deal for the next one.")


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


# -- practice ------------------------------------------------------------------------------------


class Practice(_View):
    """A round of exercises (``bibi.practice``): the question and the position, answer buttons (or a
    box for a number), feedback with the engine's reason and the sentences it cites, a running score.

    ``Practice(rules, players, n, seed)`` draws the round itself; ``exercises=`` gives one ready made.
    """

    css_class = "bibi-practice"

    def __init__(self, rules: Rules | str = "russian", players: int = 4, n: int = 6, seed: int = 1, *,
                 kinds: Sequence[str] | None = None, exercises: Sequence[Any] | None = None):
        super().__init__()
        from bibi import practice  # lazy: the exercises sit above the views

        self._practice = practice
        self.rules, self.players, self.n, self.seed, self.kinds = rules, players, n, seed, kinds
        self.exercises: tuple[Any, ...] = ()
        self.index = 0
        self.right = 0
        self.answered = 0
        self.feedback: Any = None  # the current exercise's Feedback, once answered
        self.header = _html()
        self.question = _html()
        self.choice_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.answer_box = widgets.Text(placeholder="a number", description="answer",
                                       layout=widgets.Layout(width="220px"))
        self.answer_button = _button("Answer", "check the number in the box", icon="check")
        self.text_row = widgets.HBox([self.answer_box, self.answer_button])
        self.feedback_html = _html()
        self.next_button = _button("Next", "the next exercise", icon="forward")
        self.again_button = _button("New round", "a new round of exercises (the next seed)", icon="refresh")
        self._choice_buttons: list[widgets.Button] = []
        self._on_click(self.answer_button, lambda: self.answer(self.answer_box.value))
        self._on_click(self.next_button, self.next)
        self._on_click(self.again_button, self.new_round)
        self.children = [self.header, self.question, self.choice_row, self.text_row, self.feedback_html,
                         self.message, widgets.HBox([self.next_button, self.again_button]), self.errors]
        self._start(exercises)

    @property
    def exercise(self) -> Any:
        """The exercise shown."""
        return self.exercises[self.index]

    @property
    def done(self) -> bool:
        """Whether every exercise of the round has been answered."""
        return self.answered == len(self.exercises)

    def _start(self, exercises: Sequence[Any] | None = None) -> None:
        if exercises is not None:
            self.exercises = tuple(exercises)
            if not self.exercises:
                raise ValueError("exercises: an empty list; give at least one exercise")
        else:
            self.exercises = self._practice.exercises(self.n, self.rules, self.players, self.seed, kinds=self.kinds)
        self.index = self.right = self.answered = 0
        self._show()

    def new_round(self) -> None:
        """A new round: the next seed's exercises."""
        self.seed += 1
        self._start()

    def answer(self, value: Any) -> None:
        """Answer the exercise shown (a choice, or a number): the feedback and the score follow."""
        if self.feedback is not None:
            self._say("Already answered: press Next for the next exercise.")
            return
        feedback = self.exercise.check(value)  # an unreadable answer raises: _guard says why
        self.feedback = feedback
        self.answered += 1
        self.right += feedback.right
        self._render()

    def next(self) -> None:
        """The next exercise (an answer is not required)."""
        if self.index + 1 < len(self.exercises):
            self.index += 1
            self._show()

    def _show(self) -> None:
        ex = self.exercise
        self.feedback = None
        self.answer_box.value = ""
        buttons = []
        for choice in ex.choices:
            button = _button(choice, f"answer: {choice}")
            button.add_class("bibi-answer-button")
            self._on_click(button, lambda choice=choice: self.answer(choice))
            buttons.append(button)
        self._choice_buttons = buttons
        self.choice_row.children = buttons
        self.text_row.layout.display = "none" if ex.choices else None
        self.question.value = ex.html()
        self._say("")
        self._render()

    def _render(self) -> None:
        total = len(self.exercises)
        answered = self.feedback is not None
        score = f"score {self.right} of {self.answered}"
        self.header.value = _wrap(f'<div class="bibi-status">Exercise {self.index + 1} of {total} · {score}</div>')
        for button in self._choice_buttons:
            button.disabled = answered
            button.button_style = ("success" if answered and button.description == self.feedback.answer else
                                   "danger" if answered and button.description == self.feedback.given else "")
        self.answer_box.disabled = self.answer_button.disabled = answered
        self.feedback_html.value = self.feedback.html() if answered else ""
        last = self.index + 1 == total
        self.next_button.disabled = last
        self.again_button.layout.display = None if last and answered else "none"
        if answered:
            self._say(f"Round over: {self.right} of {self.answered} right. Press New round for more."
                      if last else "Press Next for the next exercise.")


__all__ = ["CompareView", "DealExplorer", "PlayApp", "PlayTable", "Practice", "RulesPanel", "ScoreInspector", "as_bot",
           "strongest_bot"]
