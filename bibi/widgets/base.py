"""The pieces every view shares: ``_View`` (a container with a message line, an ``Output`` for callback errors and
a still picture for a saved notebook), ``_ActionView`` and its rows of card and action buttons, and the small
checks and helpers (a seed, a table's rules and players, a bot from a name).

The markup these pieces show comes from ``bibi.render``; this module only builds widgets."""

from __future__ import annotations

import functools
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NamedTuple

import ipywidgets as widgets

from bibi import render
from bibi.cards import Card
from bibi.deal import PASS, Action, Deal
from bibi.dealing import check_players
from bibi.errors import check_type, whole
from bibi.i18n import N_, _, find_language, language, reading, resolve
from bibi.play import Bot, get_bot
from bibi.rules import OPTIONS, Rules, as_rules, call_said
from bibi.tricks import call_sources, pair_letters


def _sym(suit: Any) -> str:
    """A suit's symbol (the suit of a call or a switch, which always has one)."""
    return suit.symbol if suit is not None else "?"


def as_bot(bot: Bot | str | None) -> Bot:
    """A bot from a callable or a name the play layer knows (``bibi.play.BOTS``). ``None`` is a person's seat
    across the kit, and a view's bot plays for the table, so it is refused here."""
    if bot is None:
        raise ValueError("bot: None is a person's seat, and this view's bot plays for the table: give a bot name "
                         "such as 'random' or 'heuristic', or a callable (view, rng) -> action")
    return get_bot(bot)


# -- pieces shared by the views --------------------------------------------------------------


def _html(value: str = "", **layout: Any) -> widgets.HTML:
    return widgets.HTML(value=value, layout=widgets.Layout(**layout))


def _button(description: str, tooltip: str, *, width: str = "auto", icon: str = "") -> widgets.Button:
    return widgets.Button(description=description, tooltip=tooltip, icon=icon, layout=widgets.Layout(width=width))


def _wrap(html: str) -> str:
    """A fragment with the shared style block, for one HTML widget."""
    return render.wrap(html)


def _message(text: str, *, error: bool = False) -> str:
    """A message line (``render.message_html``)."""
    return render.message_html(text, error=error)


def _field_error(text: str) -> str:
    """An error shown next to the control that caused it."""
    return render.field_error_html(text)


_SAFE = 2**53  # the largest whole number a browser's IntText holds exactly


def _seed(seed: Any) -> int:
    """A seed a view's seed box can show: a whole number (``TypeError`` otherwise), within ±2**53."""
    return whole("seed", seed, -_SAFE, _SAFE)


def _rules_and_players(rules: Any, players: Any, seed: Any, deal: Any) -> tuple[Rules, int]:
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
            layout = (widgets.Layout(width="64px", height="48px", padding="0 2px", border=render.CARD_BUTTON_BORDER,
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
                button.style.text_color, button.style.button_color = render.card_button_colours(
                    legal=choice.legal, red=choice.red, laid=choice.laid)
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
        tip = why or _("play the {card}").format(card=card.spoken())
        if is_laid:
            tip = _("{card} (laid down)").format(card=tip)
        legal = why is None
        out.append(_Choice(card, card.display(), tip, legal or enable_illegal, legal, card.suit.is_red, is_laid))
    return out


def _other_choices(deal: Deal, seat: int) -> list[_Choice]:
    """Buttons for the legal calls, passes and trump switches of ``seat`` (none when it is not his turn)."""
    if deal.to_act != seat:
        return []
    out = []
    for action in deal.legal_actions():
        if action.kind == Action.CALL:
            # TRANSLATORS: {call} is what the caller says under the rules in force (Bi-bi!, «Би-би», «bip bip»)
            tip = _("say {call}: lay down {pair} {sym} ({sources})").format(
                call=call_said(deal.rules), pair=pair_letters(), sym=_sym(action.suit),
                sources=call_sources(deal.rules))
            out.append(_Choice(action, action.display(rules=deal.rules), tip))
        elif action.kind == Action.SWITCH:
            tip = _("make {sym} trump from this trick on (I12, I14; at the lead: the kit's reading)").format(
                sym=_sym(action.suit))
            out.append(_Choice(action, action.display(rules=deal.rules), tip))
        elif action is PASS:
            out.append(_Choice(action, action.display(), _("do not call (no points for this pair now, R23)")))
    return out


def speaking(method: Callable[..., Any]) -> Callable[..., Any]:
    """Mark a view's method as an entry (a notebook's code calls it: ``table.hint()``, ``explorer.go(5)``): it runs
    in the view's language (``self.lang``), whatever the language in force outside. A click's callback is settled
    by ``_View._guard``, the constructor by the views' metaclass; nothing else is wrapped: a private method runs in
    the language of the entry that called it."""

    @functools.wraps(method)
    def spoken(self: Any, *args: Any, **kwargs: Any) -> Any:
        with self._entered():
            return method(self, *args, **kwargs)

    return spoken


class _Spoken(type(widgets.VBox)):  # type: ignore[misc]  # traitlets' metaclass
    """The views' metaclass: a view is made in its language, ``lang`` (None: the language in force), which is
    checked (``UnknownLanguage`` naming ``lang``) before anything is built."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        with language(resolve(kwargs.get("lang"), "lang")):
            return super().__call__(*args, **kwargs)


# What a view says in its message line: a text, or a function that says it in the language in force (an answer to
# a click, said again by ``set_language`` in the new language).
Words = str | Callable[[], str]


class _View(widgets.VBox, metaclass=_Spoken):
    """A view: a container with a message line and an ``Output`` that catches callback errors.

    A view speaks one language, ``lang`` (``"en"``, ``"ru"``, ``"it"``; by default the language in force when it is
    made), settled where the view is entered: its constructor (the views' metaclass), a click (``_guard``), a
    method a notebook calls (each marked ``speaking``). What it shows and what a click answers are in that language
    even after the notebook's language changes. ``set_language`` makes it speak another, every view the same way."""

    css_class = "bibi-view"
    live_messages = False  # True: the message line is a live region a screen reader reads out when it changes
    reader_seat: int | None = None  # the seat of the person at the view, spoken to as "you" (``i18n.reading``)

    def __init__(self, *, lang: str | None = None) -> None:
        code = resolve(lang, "lang")
        super().__init__()
        self.lang = code
        self.add_class(self.css_class)
        self.add_class("bibi-view")  # the style sheet's hook for every view (bibi.css: labels that wrap)
        self.message = _html()
        self.errors = widgets.Output()
        self._syncing = False
        self._said: tuple[Words, bool] | None = None  # the message line's last words (``_say``)

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from now on (``"en"``, ``"ru"``, ``"it"``): the view's controls, what it shows and its answer
        to the last click are said again in it; the deal, the game or the round shown goes on as it stands. A
        language the kit does not speak is refused (``UnknownLanguage``, naming ``lang``; what is no language,
        ``None`` too, is a ``TypeError``) and nothing changes."""
        code = find_language(lang, "lang")
        said = self._said
        self.lang = code
        with self._entered():
            self._respeak()
            if said is not None and callable(said[0]):  # an answer to a click: said again, in the new language
                self._say(*said)

    @contextmanager
    def _entered(self) -> Iterator[None]:
        """The view entered: its language, and its person's seat as the reader (``speaking``, ``_guard``)."""
        with language(self.lang), reading(self.reader_seat):
            yield

    def _respeak(self) -> None:
        """Say everything the view shows again, in ``self.lang`` (``set_language``): each view knows its words."""
        raise NotImplementedError(f"{type(self).__name__} does not say how to speak another language")

    @speaking
    def _say(self, words: Words, error: bool = False) -> None:
        """Say ``words`` in the message line: a text (what the view's state says, said anew each time it is drawn),
        or a function that says it in the language in force (an answer to a click: ``set_language`` says it
        again)."""
        self._said = (words, error)
        text = words() if callable(words) else words
        self.message.value = (render.message_html(text, error=error, live=self.live_messages)
                              + render.banner_hider())  # a live view: no "Run All" banner

    @speaking
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

        picture = render.picture_output_html(self.picture_html())
        if getattr(get_ipython(), "kernel", None) is None:  # no kernel: no front end to publish to
            return {**bundle, "text/html": picture}
        publish_display_data({"text/html": picture})
        return bundle

    @speaking
    def picture_html(self, note: bool = True) -> str:
        """A still picture of the view, its HTML parts in order: what a saved notebook shows without a kernel
        (the widget's own view cannot work there)."""
        parts = []
        stack = [self]
        while stack:
            widget = stack.pop(0)
            if isinstance(widget, _View) and widget is not self:  # a view inside: its own picture
                parts.append(widget.picture_html(note=False))
                continue
            if isinstance(widget, widgets.HTML):
                parts.append(widget.value)
            stack[:0] = list(getattr(widget, "children", ()))
        return render.view_picture_html(parts, note=_("A picture of this view: Run All to bring it to life.")
                                        if note else "")

    def _guard(self, handler: Callable[..., object]) -> Callable[..., None]:
        """Wrap a callback: a refused move or bad value is said in the message, any other error goes to ``errors``."""

        def guarded(*args: Any) -> None:
            if self._syncing:
                return
            with self._entered():
                before = self._said
                try:
                    handler(*args)
                except ValueError as exc:  # IllegalAction is a ValueError: the engine's reason, with its citation
                    said = self._said
                    if said is before or said is None or not callable(said[0]):  # not answered by the handler
                        self._say(str(exc), error=True)
                except Exception:
                    self.errors.append_stderr(traceback.format_exc())
                    self._say(_("something went wrong: see the error below"), error=True)

        return guarded

    @contextmanager
    def _restoring(self, *controls: tuple[widgets.Widget, Any]) -> Iterator[None]:
        """Within: a refusal (a ``ValueError``: ``WrongType`` too) sets each control back to the value given for it,
        without its callback, and goes on; the control then shows the state the view still holds."""
        try:
            yield
        except ValueError:
            self._syncing = True
            try:
                for control, value in controls:
                    control.value = value
            finally:
                self._syncing = False
            raise

    def _on_click(self, button: widgets.Button, handler: Callable[..., object]) -> None:
        button.on_click(self._guard(lambda _: handler()))

    def _on_value(self, control: widgets.Widget, handler: Callable[..., object]) -> None:
        control.observe(self._guard(lambda _: handler()), names="value")


class _ActionView(_View):
    """A view with a row of card buttons (``hand_row``) and a row of call/pass/switch buttons (``action_row``)."""

    hand_row: Any  # an _ActionRow (the explorer's) or a _HandRow (the play table's): both have button_for
    action_row: _ActionRow

    def button_for(self, action: Card | Action | str) -> widgets.Button:
        """The card or action button for ``action`` shown now."""
        act = Action.parse(action)
        row = self.hand_row if act.kind == Action.PLAY else self.action_row
        return row.button_for(act)


# The presets' names as the rules panel's buttons and the app's picker show them (``_preset_labels``).
_PRESET_LABELS = {"russian": N_("Russian (Би-би!)"), "italian": N_("Italian (bip bip)"),
                  "english": N_("English (Pip-Pip!)")}


def _preset_labels() -> dict[str, str]:
    """The presets' names in the language in force."""
    return {name: _(label) for name, label in _PRESET_LABELS.items()}


def _value_choices(name: str) -> list[tuple[str, Any]]:
    """The choices of an option's menu in the language in force, each labelled by what the value means (cut to
    fit the menu; the rules panel says the chosen value's whole meaning under it), each worth the value as the
    option's control holds it (``bibi.render.names.control_value``: ``True``, ``"follow_or_trump"``)."""
    choices = []
    for value, meaning in OPTIONS[name].values.items():
        held = value == "True" if value in ("True", "False") else value
        label = _(meaning)
        choices.append((label if len(label) <= 70 else label[:69] + "…", held))
    return choices


