"""``ScoreInspector``: where every point of a deal comes from, line by line with the check that it adds up, seat
by seat as a pandas table and a bar chart; for a game, its score sheet and a button per deal."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from bibi import render
from bibi.deal import Deal, Trick
from bibi.errors import shorten, whole, wrong_type
from bibi.game import Game
from bibi.i18n import _, count
from bibi.rules import rules_titled
from bibi.widgets.base import _button, _html, _View, speaking
from bibi.widgets.explorer import DealExplorer


class ScoreInspector(_View):
    """Where every point of a deal comes from: a row per trick with the cards that scored and who won them, the
    Bi-bi calls, the leftovers nobody won, and the check that it all adds up to the pack's points plus the calls;
    a click on a row shows that trick (in a linked ``DealExplorer``, or below the rows). Then the points seat by
    seat (``inspector.frame``, a pandas table) and a bar chart. For a game, its score sheet, a button per deal.
    """

    css_class = "bibi-score-inspector"

    def __init__(self, deal_or_game: Any, *, explorer: DealExplorer | None = None, lang: str | None = None):
        if not isinstance(deal_or_game, Deal | Game):
            raise wrong_type("deal_or_game", deal_or_game, "a Deal or a Game")
        super().__init__(lang=lang)
        is_game = isinstance(deal_or_game, Game)
        if explorer is not None and not isinstance(explorer, DealExplorer):
            raise wrong_type("explorer", explorer, "a DealExplorer", typed=False)
        self.source = deal_or_game
        self.explorer = explorer
        self.deal_select = widgets.Dropdown(layout=widgets.Layout(width="200px"))
        self.refresh_button = _button("", "", icon="refresh")
        self.game_sheet = _html()
        self.deal_buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.check = _html()
        self.rows = widgets.VBox(layout=widgets.Layout(max_height="430px", overflow="auto"))
        self.trick_view = _html()
        self.chart = _html()
        self.table = _html()
        self.frame: Any = None
        self.lines: list[Any] = []
        self.selected: int | None = None
        self._row_pool: list[tuple[widgets.Button, widgets.HTML, widgets.HBox]] = []
        self._on_value(self.deal_select, self._render)
        self._on_click(self.refresh_button, self.refresh)
        top = [self.deal_select, self.refresh_button] if is_game else [self.refresh_button]
        self.lines_caption, self.seats_caption = widgets.HTML(), widgets.HTML()
        self.children = [widgets.HBox(top), self.game_sheet, self.deal_buttons, self.message, self.check,
                         self.lines_caption, self.trick_view, self.rows, self.seats_caption, self.chart,
                         self.table, self.errors]
        self._label()
        self.refresh()

    def _label(self) -> None:
        """The words of the controls and captions, in the view's language."""
        self.deal_select.description = _("deal")
        self.refresh_button.description = _("Refresh")
        self.refresh_button.tooltip = _("read the deal again: it is still being played")
        self.lines_caption.value = render.caption_html(_("Where the points come from"),
                                                       _(": click a row to see its trick here"))
        self.seats_caption.value = render.caption_html(_("Seat by seat"))

    def _respeak(self) -> None:
        """Everything said again in the view's language (``set_language``): the deal shown and the row picked stay,
        and a linked explorer is left as it is (it has a language of its own)."""
        shown, picked = self.deal_select.value, self.selected
        self._label()
        self._syncing = True
        try:
            self.deal_select.options = [(_("deal {number}").format(number=i + 1), i) for i in range(len(self.deals))]
            self.deal_select.value = shown
        finally:
            self._syncing = False
        self._deal_list()
        self._render()
        if picked is not None:
            self._pick(picked)

    @property
    def deals(self) -> tuple[Deal, ...]:
        """The deals inspected: the game's, or the one deal."""
        return self.source.deals if isinstance(self.source, Game) else (self.source,)

    @property
    def deal(self) -> Deal:
        """The deal shown."""
        return self.deals[self.deal_select.value or 0]

    @property
    def finished(self) -> bool:
        """Whether nothing more can happen to what is inspected (then there is nothing to refresh)."""
        over = all(d.is_over for d in self.deals)
        return over and self.source.is_over

    @speaking
    def refresh(self) -> None:
        """Read the deal or game again and show it (the last deal of a game)."""
        count = len(self.deals)
        self._syncing = True
        try:
            self.deal_select.options = [(_("deal {number}").format(number=i + 1), i) for i in range(count)]
            self.deal_select.value = count - 1
        finally:
            self._syncing = False
        self._deal_list()
        self.refresh_button.layout.display = "none" if self.finished else None
        self._render()

    def _deal_list(self) -> None:
        """A game's score sheet and a button per deal of it (nothing for one deal)."""
        if not isinstance(self.source, Game):
            return
        self.game_sheet.value = render.game_html(self.source)
        buttons = []
        for i in range(len(self.deals)):
            button = _button(_("deal {number}").format(number=i + 1),
                             _("show where the points of deal {number} come from").format(number=i + 1))
            self._on_click(button, lambda i=i: self.show_deal(i))
            buttons.append(button)
        self.deal_buttons.children = [widgets.HTML(render.caption_html(rest=_("show deal:"))), *buttons]

    @speaking
    def show_deal(self, index: int) -> None:
        """Show deal ``index`` (0-based) of the game."""
        if not 0 <= whole("index", index) < len(self.deals):
            raise ValueError(f"index: {shorten(index)} is not a deal 0…{len(self.deals) - 1}")
        self.deal_select.value = index

    @speaking
    def show_line(self, index: int) -> None:
        """Show the trick of row ``index`` (a click on the row does this): in the linked explorer, or below.

        ``index`` is a row, 0…``len(lines) - 1`` (a ``ValueError`` naming it otherwise, a ``TypeError`` for no
        whole number); a refused row, or an explorer showing another deal, leaves the view as it was."""
        if not 0 <= whole("index", index) < len(self.lines):
            raise ValueError(f"index: {shorten(index)} is not a line of this score, 0…{len(self.lines) - 1}")
        line = self.lines[index]
        deal = self.deal
        trick: Trick | None = None
        if line.kind in ("trick", "call") and 0 <= line.trick < len(deal.tricks):
            trick = deal.tricks[line.trick]
        if trick is not None and self.explorer is not None:
            self._check_explorer(deal)  # before anything changes
        self._pick(index)
        if trick is not None and self.explorer is not None:
            self.explorer.show_trick(trick.number)

    def _pick(self, index: int) -> None:
        """Mark row ``index`` and show its detail below the rows."""
        self.selected = index
        for i, (button, _html_row, _box) in enumerate(self._row_pool[: len(self.lines)]):
            button.button_style = "primary" if i == index else ""
        self.trick_view.value = render.score_line_detail_html(self.deal, self.lines[index])

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
        self.check.value = render.score_check_html(deal, cards, lines)
        while len(self._row_pool) < len(lines):
            i = len(self._row_pool)
            button = _button("", "", width="150px")
            button.add_class("bibi-wrap-button")  # a long line's name takes two lines ("«Би-би» ♦ (взятка 9)")
            self._on_click(button, lambda i=i: self.show_line(i))
            html = _html(width="100%")
            self._row_pool.append((button, html, widgets.HBox([button, html], layout=widgets.Layout(
                align_items="center", border_bottom=render.ROW_RULE, flex="0 0 auto"))))  # no shrinking
        for (button, html, _box), line in zip(self._row_pool, lines, strict=False):
            button.description = render.score_line_label(line, deal.rules)
            button.tooltip = _("show this line's trick")
            button.button_style = ""
            button.disabled = line.kind == "out"
            # The style block comes once, with the check above; each row is a bare fragment.
            html.value = render.wrap(render.score_line_html(line, rules=deal.rules, style=False), style=False)
        self.rows.children = [box for _b, _h, box in self._row_pool[: len(lines)]]
        self.selected = None
        self.trick_view.value = ""
        self.chart.value = render.score_bars_html(deal)
        self.table.value = render.scrolling(render.score_frame_html(deal, frame, lines), _("Points by trick and seat"),
                                            "360px")
        if deal.is_over:
            said = _("{rules} rules, {players}, dealer seat {dealer}: over.")
        else:
            said = _("{rules} rules, {players}, dealer seat {dealer}: in play, trick {number} of {total}.")
        self._say(said.format(rules=rules_titled(deal.rules), players=count(deal.players, "player"),
                              dealer=deal.dealer, number=len(deal.tricks) + 1, total=deal.tricks_total))


