"""``RulesPanel``: a ``CompareView`` with the presets, any two labels of rules and a control per option of the
right-hand rules with its sentences; a change the rules refuse leaves the panel as it was."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from enum import Enum
from typing import Any

import ipywidgets as widgets

from bibi import render
from bibi.deal import Deal
from bibi.errors import WrongType, check_type, shorten, whole
from bibi.i18n import N_, _, count, ngettext
from bibi.play import Bot
from bibi.render.names import control_value, held_value, option_name, rules_said, sides_told
from bibi.rules import OPTIONS, PRESETS, CardPoints, Rules, as_rules, preset
from bibi.widgets.base import (
    _button,
    _field_error,
    _html,
    _preset_labels,
    _seed,
    _value_choices,
    _View,
    as_bot,
    speaking,
)
from bibi.widgets.compare import CompareView

# An option's title, the column its controls and sentences line up on.
_TITLE_WIDTH = "110px"
# A menu's choices are sentences (what each value means, up to 70 characters: ``_value_choices``), up to about 540 px
# in Russian or Italian: a menu takes the row's width up to this, so that the chosen one is read whole in the box.
_MENU_WIDTH = "760px"


def _control(name: str, value: Any) -> widgets.Widget:
    """The widget for one option, by the kind of its value: a menu as wide as its sentences need (the row's width,
    up to ``_MENU_WIDTH``), a box as wide as its value needs."""
    title = _(OPTIONS[name].title)
    style = {"description_width": _TITLE_WIDTH}
    layout = widgets.Layout(width="330px", min_width="330px")
    if isinstance(value, bool | Enum):  # a menu of the values, each said by what it means
        return widgets.Dropdown(options=_value_choices(name), value=control_value(value), description=title,
                                style=style, layout=widgets.Layout(width="100%", max_width=_MENU_WIDTH))
    if isinstance(value, CardPoints):
        return widgets.Text(value=held_value(value), description=title, continuous_update=False, style=style,
                            layout=layout)
    # A number box without bounds or choices of its own (packs, hand size, players, points): a bounded box would
    # clamp a typed value silently, a list would restate the rules; here the rules decide, and a value they refuse
    # is said next to the box (RulesPanel._option_changed).
    return widgets.IntText(value=value, description=title, style=style, layout=layout)


_PAIRS = {("russian", "italian"): N_("Russian vs Italian"), ("italian", "russian"): N_("Italian vs Russian")}
_PRESET_NAMES = {"russian": N_("the Russian rules"), "italian": N_("the Italian rules"),
                 "english": N_("the English rules")}


class RulesPanel(_View):
    """Any two rules side by side on one pack, in lockstep (a ``CompareView``), with a control per option of the
    right-hand rules and its sentences. "Russian vs Italian" is one click; the preset buttons set the right-hand
    rules; the two boxes take any labels (``it:turn_up=…``, ``ru:follow=follow_or_trump``).

    A change is atomic: if the engine refuses it (impossible rules, too many players for ``max_players``, …),
    nothing changes (rules, deals, controls, message) and the error shows next to the control that caused it.
    """

    css_class = "bibi-rules-panel"

    def __init__(self, rules: Rules | str = "russian", players: int = 6, seed: int = 1, *,
                 bot: Bot | str = "random", other: Rules | str | None = None, lang: str | None = None):
        left = _label_rules(rules)
        right = left if other is None else _label_rules(other)
        players, seed = whole("players", players), _seed(seed)
        super().__init__(lang=lang)
        self.bot = as_bot(bot)
        # refuses bad values, first
        self.compare = CompareView(left, right, players, seed, bot=self.bot, lang=self.lang)
        self.pair_buttons = {pair: _button("", "") for pair in _PAIRS}
        self.preset_buttons = {name: _button("", "", width="auto") for name in _PRESET_NAMES}
        text = {"continuous_update": False, "layout": widgets.Layout(width="300px"),
                "style": {"description_width": "initial"}}
        self.left_box = widgets.Text(value=left.label, **text)
        self.right_box = widgets.Text(value=right.label, **text)
        self.seed_box = widgets.IntText(value=seed, layout=widgets.Layout(width="150px"))
        # No bounds of its own (a bounded box clamps silently): the rules refuse a count they do not seat.
        self.players_box = widgets.IntText(value=players, layout=widgets.Layout(width="150px"))
        self.field_errors = {name: _html() for name in ("left", "right", "seed", "players")}
        self.controls: dict[str, widgets.Widget] = {}
        self.control_errors: dict[str, widgets.HTML] = {}
        self.sources: dict[str, widgets.HTML] = {}
        rows = []
        # One option a row: its control, the error a refused value gets, and under them, from the control's box on,
        # what the value means in full (a menu's choice may be cut to 70 characters) and the sentences it comes from.
        under_box = f"0 0 0 calc({_TITLE_WIDTH} + 6px)"  # the title's width and its label's margin
        for name, value in right.options().items():
            control = self.controls[name] = _control(name, value)
            error = self.control_errors[name] = _html(margin=under_box)
            source = self.sources[name] = _html(margin=under_box, min_width="0")
            self._on_value(control, lambda name=name: self._option_changed(name))
            rows.append(widgets.VBox([control, error, source], layout=widgets.Layout(width="100%", margin="0 0 6px 0")))
        for pair, button in self.pair_buttons.items():
            self._on_click(button, lambda pair=pair: self.compare_rules(*pair))
        for name, button in self.preset_buttons.items():
            self._on_click(button, lambda name=name: self.choose_preset(name))
        self._on_value(self.left_box, lambda: self._box_changed("left"))
        self._on_value(self.right_box, lambda: self._box_changed("right"))
        self._on_value(self.seed_box, lambda: self._box_changed("seed"))
        self._on_value(self.players_box, lambda: self._box_changed("players"))
        self.options_box = widgets.VBox(rows)
        self.options_box.add_class("bibi-rules-options")
        fe = self.field_errors
        self.right_hand_caption = widgets.HTML()
        self.options_caption = widgets.HTML()
        self.children = [
            widgets.HBox([*self.pair_buttons.values(), self.right_hand_caption, *self.preset_buttons.values()],
                         layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([widgets.VBox([self.left_box, fe["left"]]), widgets.VBox([self.right_box, fe["right"]]),
                          widgets.VBox([self.seed_box, fe["seed"]]), widgets.VBox([self.players_box, fe["players"]])],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.message, self.compare, self.options_caption, self.options_box, self.errors,
        ]
        self._label()
        self._sync_controls()
        self._render()

    def _label(self) -> None:
        """The words of the buttons, boxes, captions and option controls, in the panel's language."""
        for pair, button in self.pair_buttons.items():
            button.description = _(_PAIRS[pair])
            button.tooltip = _("{left} on the left, {right} on the right").format(
                left=_(_PRESET_NAMES[pair[0]]), right=_(_PRESET_NAMES[pair[1]]))
        labels = _preset_labels()
        for name, button in self.preset_buttons.items():
            button.description = labels[name]
            button.tooltip = _("{rules} on the right").format(rules=_(_PRESET_NAMES[name]))
        self.left_box.description, self.right_box.description = _("left"), _("right")
        self.seed_box.description, self.players_box.description = _("seed"), _("players")
        self.right_hand_caption.value = render.caption_html(rest="\u00a0" + _("right-hand rules:"))
        self.options_caption.value = render.caption_html(
            _("Options of the right-hand rules"),
            _(": each with the sentences it comes from (click to unfold); a yellow row differs from the left-hand "
              "rules"))
        self._syncing = True
        try:
            for name, control in self.controls.items():
                control.description = _(OPTIONS[name].title)
                if isinstance(control, widgets.Dropdown):  # the same values, their meanings said again
                    chosen = control.value
                    control.options = _value_choices(name)
                    control.value = chosen
        finally:
            self._syncing = False

    def _respeak(self) -> None:
        """The panel and its comparison said again in its language (``set_language``), the rules as they are."""
        self._label()
        self._sync_controls()  # the card points' ranks in the new language's letters
        self.compare.set_language(self.lang)
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

    @speaking
    def compare_rules(self, left: Rules | str, right: Rules | str) -> bool:
        """Set both sides (as the pair buttons do); ``False`` if refused (nothing changed)."""
        return self._attempt("left", lambda: (_label_rules(left), _label_rules(right), *self._where()))

    @speaking
    def choose_preset(self, name: str) -> bool:
        """The right-hand rules become preset ``name``; the left stays."""
        return self._attempt("right", lambda: (self.baseline, preset(name), *self._where()))

    @speaking
    def set_option(self, name: str, value: Any) -> None:
        """Set option ``name`` of the right-hand rules to ``value`` and compare again; its control follows.

        ``value`` is any value ``Rules`` takes for the option (an enum's value as text too; ``card_points`` as a
        map or as text, ``"2:11 A:10"``, the ranks in the notation or as the panel's language writes them). An
        unknown option, or a value the rules refuse (alone, or with the other options and the players), raises a
        ``ValueError`` (a ``TypeError`` for a wrong type) naming the option and quoting the value, and the panel
        stays exactly as it was: rules, deals, controls, HTML.
        """
        check_type("option", name, str, "an option's name")
        if name not in OPTIONS:
            # TRANSLATORS: {name} is the name refused, quoted; {options} the options' names, as typed
            reason = _("{name} is not an option; options are {options}")
            raise ValueError("option: " + reason.format(name=shorten(name), options=", ".join(OPTIONS)))
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
        if name == "card_points" and isinstance(value, str):  # the panel's rank letters, or the notation's
            value = CardPoints.read(value)
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
                self.controls[name].value = held_value(value)
            self.left_box.value, self.right_box.value = self.baseline.label, self.rules.label
            self.players_box.value, self.seed_box.value = self._where()
        finally:
            self._syncing = False

    def _render(self) -> None:
        left, right = self.baseline, self.rules
        changed = left.diff(right)
        for pair, button in self.pair_buttons.items():
            button.button_style = "primary" if (left, right) == (PRESETS[pair[0]], PRESETS[pair[1]]) else ""
        for name, button in self.preset_buttons.items():
            button.button_style = "primary" if right == PRESETS[name] and right.name == name else ""
        left_values = left.options()
        for name in right.options():
            self.sources[name].value = render.option_source_html(right, name, left_values[name])
        if changed:
            what = ngettext("{n} option differ: {names}", "{n} options differ: {names}", len(changed)).format(
                n=len(changed), names=", ".join(option_name(k) for k, _x, _y in changed))
        else:
            what = _("the same rules on both sides")
        players, seed = self._where()
        said = _("Seed {seed}, {players}: {left} (left) vs {right} (right); {what}.").format(
            seed=seed, players=count(players, "player"), left=rules_said(left), right=rules_said(right), what=what)
        told = sides_told(left, right)  # what each side changes, a sentence of its own
        self._say(f"{said} {told}" if told else said)


def _option_error(name: str, value: Any, exc: Exception) -> str:
    """Why option ``name`` cannot be ``value``, naming the option and quoting the value, as one sentence of the
    language in force: the rules' own reason when it is about this option and begins with the value (``hand_size: 0
    is outside 1…52 (R8)``); else the reason (another option's, the players', a reading's) framed by the value
    refused (``hand_size: 20 is refused: Rules.max_players: …``). The option's name is notation, the same in every
    language."""
    reason = str(exc).removeprefix(f"Rules.{name}: ").removeprefix(f"{name}: ")
    quoted = shorten(value)
    if reason.startswith(f"{quoted} "):
        return f"{name}: {reason}"
    # TRANSLATORS: {name} is an option's name (hand_size), {value} the value typed, quoted; {reason} why the rules
    # refuse it (another option's refusal, as "Rules.max_players: 5 hands of 20 need 100 cards, …")
    return _("{name}: {value} is refused: {reason}").format(name=name, value=quoted, reason=reason)


def _label_rules(rules: Rules | str) -> Rules:
    """Rules from a ``Rules`` or a label (``it``, ``ru:follow=follow_or_trump``): ``bibi.rules.as_rules``, whose
    refusals are the panel's."""
    if not isinstance(rules, Rules | str):
        # TRANSLATORS: {value} is the value refused; 'ru' and 'it:follow=must_follow' are labels, typed as they are
        reason = _("expected Rules or a label such as 'ru' or 'it:follow=must_follow', not {value}")
        raise WrongType("rules: " + reason.format(value=shorten(rules)))
    return as_rules(rules)
