"""``DealExplorer``: a seeded deal (or one given) played by a bot, stepped action by action or trick by trick,
from every seat or one; a click on a card says why it is illegal, or plays it there and lets the bot go on."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from bibi import render
from bibi.cards import Card
from bibi.deal import Action, Deal
from bibi.dealing import check_players
from bibi.errors import check_type, shorten, whole
from bibi.i18n import _, ngettext
from bibi.notation import action_text
from bibi.play import Bot, bots_rng, play, snapshots
from bibi.rules import Rules
from bibi.widgets.base import (
    _ActionRow,
    _ActionView,
    _button,
    _card_choices,
    _html,
    _logged,
    _message,
    _other_choices,
    _rules_and_players,
    as_bot,
    speaking,
)


class DealExplorer(_ActionView):
    """Deal a seeded hand, let a bot play it, and step through it action by action or trick by trick.

    Clicking a card of the seat to act (or of the seat you look from) tells why it is illegal; a
    legal one is played there and the bot plays the rest of the deal from that point. ``deal=`` explores a
    copy of a deal given (one made with ``log=False``, as ``Deal.resample``'s, replayed from its record);
    ``title`` names it in the message line (``"Deal 3 of your game"``; by default "This deal", and a seeded
    deal is "Deal of seed S").
    """

    css_class = "bibi-deal-explorer"

    def __init__(self, rules: Rules | str = "russian", players: int = 6, seed: int = 1, *,
                 bot: Bot | str = "random", seat: int | None = None, deal: Deal | None = None,
                 title: str | None = None, lang: str | None = None):
        rules, players = _rules_and_players(rules, players, seed, deal)
        if title is not None:
            check_type("title", title, str, "a text")
        if seat is not None:
            whole("seat", seat, 0, players - 1)
        super().__init__(lang=lang)
        self.rules = rules
        self.bot = as_bot(bot)
        self.seed_box = widgets.IntText(value=seed, layout=widgets.Layout(width="150px"))
        # No bounds of its own: a bounded box clamps a typed value silently; ``new_deal`` asks the rules.
        self.players_box = widgets.IntText(value=players, layout=widgets.Layout(width="150px"))
        self.deal_button = _button("", "", icon="refresh")
        self.start_button = _button("", "", icon="fast-backward")
        self.back_trick_button = _button("", "", icon="backward")
        self.back_button = _button("", "", icon="step-backward")
        self.next_button = _button("", "", icon="step-forward")
        self.next_trick_button = _button("", "", icon="forward")
        self.end_button = _button("", "", icon="fast-forward")
        # The position as a number box, not a slider: ipywidgets' slider handle carries no name a screen reader
        # can say (axe-core: aria-input-field-name), a labelled number box does, and takes typing and arrow keys.
        self.position_box = widgets.BoundedIntText(min=0, max=0, continuous_update=False,
                                                   layout=widgets.Layout(width="150px"))
        self.position_box.add_class("bibi-position")
        # The label as wide as "show" and the rest for the longest choice ("seat 11's view"), arrow included.
        self.seat_select = widgets.Dropdown(style={"description_width": "initial"},
                                            layout=widgets.Layout(width="240px"))
        self.board = _html()  # the table as the seat sees it
        self.hand_label = _html()
        self.hand_row = _ActionRow(self._pick, "bibi-card-button", card_size=True)
        self.action_row = _ActionRow(self._pick, "bibi-action-button", card_size=False)
        self.reason = _html()
        self.event_log = _html()
        self.legend = _html()
        self.events_caption = widgets.HTML()
        self._states: list[Deal] = []
        self._given_title = title  # None: "This deal", in the view's language
        self._seeded: int | None = None  # the seed of the deal shown when it is a seed's deal (set by ``_start``)
        self._boxes = (players, seed)  # what the players and seed boxes held for the deal shown (set by ``_start``)
        self.title = ""  # what the message line calls the deal shown (set by ``_start``)
        self._reason: Callable[[], str] | None = None  # what ``reason`` says of the last click, in the language
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
        self._on_value(self.position_box, lambda: self.go(self._line()[self.position_box.value]))
        self._on_value(self.seat_select, self._look)
        nav = [self.start_button, self.back_trick_button, self.back_button, self.next_button,
               self.next_trick_button, self.end_button]
        self.children = [
            widgets.HBox([self.seed_box, self.players_box, self.deal_button, self.seat_select],
                         layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([*nav, self.position_box], layout=widgets.Layout(flex_flow="row wrap")),
            self.message, self.board, self.legend, self.hand_label, self.hand_row, self.action_row, self.reason,
            self.events_caption, self.event_log, self.errors,
        ]
        self._label()
        self._start(seat, deal)

    def _label(self) -> None:
        """The words of the controls, the legend and the captions, in the view's language."""
        self.seed_box.description = _("seed")
        self.players_box.description = _("players")
        self.seat_select.description = _("show")
        # TRANSLATORS: the explorer's buttons: "start", "trick", "action", "end", each with an arrow
        for button, label, tooltip in (
                (self.deal_button, _("Deal"), _("deal the hand of this seed")),
                (self.start_button, _("start"), _("back to the start of the deal")),
                (self.back_trick_button, _("trick"), _("back one trick")),
                (self.back_button, _("action"), _("back one action")),
                (self.next_button, _("action"), _("forward one action")),
                (self.next_trick_button, _("trick"), _("forward one trick")),
                (self.end_button, _("end"), _("to the end of the deal"))):
            button.description, button.tooltip = label, tooltip
        self.legend.value = render.marks_legend_html()
        self.events_caption.value = render.caption_html(_("Events"), _(", numbered by the step that brought them "
                                                                       "(newest first)"))

    def _respeak(self) -> None:
        """Everything said again in the view's language (``set_language``), at the position shown, from the seat
        chosen: the controls, the deal's title and what it counts, the table, the events and the last click's
        answer."""
        self._label()
        self._seat_options(self.deal.players, self.seat_select.value)
        self.title = self._title()
        self._say(self._headline())
        self._show_reason(self._reason)
        self._render()

    def _seat_options(self, players: int, chosen: int | str) -> None:
        """The seat menu's choices (every hand, or one seat's view), in the view's language, and ``chosen``."""
        self._syncing = True
        try:
            self.seat_select.options = [(_("all hands"), "all")] + [(_("seat {seat}'s view").format(seat=s), s)
                                                                      for s in range(players)]
            self.seat_select.value = chosen
        finally:
            self._syncing = False

    def _title(self) -> str:
        """What the message line calls the deal shown: a seed's deal, the title given, or "This deal"."""
        if self._seeded is not None:
            return _("Deal of seed {seed}").format(seed=self._seeded)
        return self._given_title if self._given_title is not None else _("This deal")

    def _show_reason(self, reason: Callable[[], str] | None) -> None:
        """Say in ``reason`` what the last click made of its card (nothing: ``None``), and keep it to say again."""
        self._reason = reason
        self.reason.value = reason() if reason is not None else ""

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
        players, seed = self.players_box.value, self.seed_box.value
        # The deal and its line first: a seed no deal takes (or a bot that fails) changes nothing of the view.
        rng = bots_rng(seed)
        line = snapshots(play(_logged(deal) if deal is not None else Deal.new(self.rules, players, seed=seed),
                              self.bot, rng))
        self._seat_options(players, "all" if seat is None else seat)
        self._rng, self._states, self._boxes = rng, line, (players, seed)
        self._seeded = None if deal is not None else seed
        self.title = self._title()
        self._at = self._line()[0]
        self._show_reason(None)  # a click's message belongs to the line it was made on
        self._look()

    def _headline(self) -> str:
        """What the message line says of the line shown: the deal's title and what it counts."""
        if self.seat is None:
            return ngettext("{title}: {n} action. Step through it, or click a card.",
                            "{title}: {n} actions. Step through it, or click a card.", self.length).format(
                title=self.title, n=self.length)
        # another seat's call decision is not a step the seat sees
        steps = len(self._line()) - 1
        return ngettext("{title}, as seat {seat} sees it: {n} step. Step through it, or click a card.",
                        "{title}, as seat {seat} sees it: {n} steps. Step through it, or click a card.", steps).format(
            title=self.title, seat=self.seat, n=steps)

    def _look(self) -> None:
        """Show the line from the seat chosen (or with every hand): what it counts, and the position shown."""
        self._say(self._headline())
        self._at = self._seen_from(self._at)
        self._render()

    @speaking
    def new_deal(self) -> None:
        """Deal the hand of the seed in the box, with the number of players in the box. A number the rules refuse
        (or a seed no deal takes) is refused, naming ``players`` (or ``seed``); the boxes show the deal's again and
        nothing else changes."""
        with self._restoring((self.players_box, self._boxes[0]), (self.seed_box, self._boxes[1])):
            players = check_players(self.rules, self.players_box.value)
            self._start(self.seat if self.seat is None or self.seat < players else None)

    def _play_on(self, deal: Deal) -> None:
        """Let the bot play ``deal`` to its end (the play layer), keeping the line's states up to there."""
        start = len(deal.actions)
        line = snapshots(play(deal, self.bot, self._rng))
        # A branch keeps the line up to where it leaves it; a deal given already under way is all new.
        self._states = self._states[:start] + line[start:] if start and len(self._states) >= start else line

    @speaking
    def go(self, position: int) -> None:
        """Show the deal after ``position`` actions, 0…``length``: a position that is no whole number is a
        ``TypeError``, one off the line a ``ValueError``, both naming ``position``; the view stays as it was.
        In a seat's view, a position where another seat decides on a call (which the seat does not see: the
        table does not stop there for it) shows as the seat sees it, at the next position it sees."""
        self._at = self._seen_from(whole("position", position, 0, self.length))
        self._show_reason(None)
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

    @speaking
    def show_trick(self, number: int) -> None:
        """Show the position right after trick ``number`` (0-based, as ``Trick.number``) is complete."""
        states = self._states
        at = next((i for i in range(1, len(states)) if len(states[i].tricks) > len(states[i - 1].tricks)
                   and states[i].tricks[-1].number == whole("number", number)), None)
        if at is None:
            raise ValueError(f"number: trick {shorten(number)} is not completed on the line shown")
        self.go(at)

    @speaking
    def next_trick(self) -> None:
        """Forward to the end of the trick being played (or the next one)."""
        self.go(next((p for p in self._boundaries() if p > self._at), self.length))

    @speaking
    def back_trick(self) -> None:
        """Back to the end of the previous trick."""
        seen = (self._seen_from(p) for p in self._boundaries())
        self.go(max((p for p in seen if p < self._at), default=self._line()[0]))

    def _pick(self, action: Card | Action) -> None:
        self._guard(self.choose)(action)

    @speaking
    def choose(self, action: Action | str) -> None:
        """Try ``action`` at the position shown: say why it is illegal, or play it and let the bot go on."""
        deal = self.deal
        seat = deal.to_act if self.seat is None else self.seat
        why = deal.why_illegal(action, seat)
        if why is not None:
            self._show_reason(lambda: _message(_("{action} is illegal: {why}").format(
                action=action_text(Action.parse(action), rules=deal.rules), why=deal.why_illegal(action, seat)),
                error=True))
            return
        branch = deal.copy()
        branch.apply(action)
        self._states = self._states[: self._at + 1]
        self._play_on(branch)
        self._at = self._seen_from(self._at + 1)
        self._show_reason(lambda: _message(_("played {action}; the bot plays on from here").format(
            action=action_text(Action.parse(action), rules=deal.rules))))
        self._say(self._headline())  # the new line counts its own actions
        self._render()

    # -- rendering ------------------------------------------------------------------------------

    def _render(self) -> None:
        deal = self.deal
        line = self._line()
        step = line.index(self._at)
        self._syncing = True
        try:
            self.position_box.max = len(line) - 1
            self.position_box.value = step
            self.position_box.description = _("action") if self.seat is None else _("step")
        finally:
            self._syncing = False
        at_start, at_end = step == 0, self._at == self.length
        for button in (self.start_button, self.back_trick_button, self.back_button):
            button.disabled = at_start
        for button in (self.next_button, self.next_trick_button, self.end_button):
            button.disabled = at_end
        self.board.value = render.table_html(deal, self.seat, why=True)
        looking = self.seat

        def seen(state: Deal) -> tuple[Any, ...]:  # the log as the seat looked from knows it (all: every event)
            return state.events if looking is None else state.events_for(looking)

        numbers = render.event_actions([len(seen(self._states[p])) for p in line[: step + 1]])
        self.event_log.value = render.scrolling(render.events_html(seen(deal), newest_first=True, actions=numbers,
                                                                   rules=deal.rules), _("Events"), "220px")
        seat = deal.to_act if self.seat is None else self.seat
        if seat is None:
            self.hand_label.value = ""
            self.hand_row.show([])
            self.action_row.show([])
            return
        self.hand_label.value = render.caption_html(_("Seat {seat}'s cards").format(seat=seat),
                                                    _(": click one to play it here, or to see why it is illegal "
                                                      "(greyed)"))
        self.hand_row.show(_card_choices(deal, seat, enable_illegal=True))
        self.action_row.show(_other_choices(deal, seat))


