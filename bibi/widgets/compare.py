"""``CompareView``: the same pack under two sets of rules, side by side, played by the same bots and stepped
together trick by trick, with the point where the two deals part (``bibi.parting``)."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from bibi import render
from bibi.deal import Deal
from bibi.dealing import check_players
from bibi.errors import whole
from bibi.i18n import _, language, ngettext
from bibi.play import Bot
from bibi.render.names import two_titles
from bibi.rules import Rules, as_rules
from bibi.widgets.base import _button, _html, _seed, _View, as_bot, speaking


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
                 bot: Bot | str = "random", lang: str | None = None):
        super().__init__(lang=lang)
        self.bot = as_bot(bot)
        self.start_button = _button("", "", icon="fast-backward")
        self.back_button = _button("", "", icon="backward")
        self.next_button = _button("", "", icon="forward")
        self.end_button = _button("", "", icon="fast-forward")
        self.parting_button = _button("", "", icon="code-fork")
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
        self._label()
        self.set(a, b, players, seed)

    def _label(self) -> None:
        """The buttons' words, in the view's language."""
        for button, label, tooltip in (
                (self.start_button, _("start"), _("both deals back to the start")),
                (self.back_button, _("trick"), _("both deals back one trick")),
                (self.next_button, _("trick"), _("both deals forward one trick")),
                (self.end_button, _("end"), _("both deals to their end")),
                (self.parting_button, _("where they part"), _("both deals at the point where they first part"))):
            button.description, button.tooltip = label, tooltip

    def _respeak(self) -> None:
        """The buttons, both deals and where they part, said again in the view's language (``set_language``)."""
        self._label()
        self._render()

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
        """The two sides' rules as the view names them, in its language: a preset by its name («русские»,
        «russe»), rules with changes in words («изменённые русские», ``rules_titled``: what differs is said beside
        them), never by their label (notation); two sides named alike told apart."""
        with language(self.lang):  # a property is read from outside the view's methods too
            return two_titles(self.rules_a, self.rules_b)

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

    @speaking
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

    @speaking
    def go_trick(self, done: int) -> None:
        """Both deals right after ``done`` tricks (0: the start), or at their end: ``done`` is a whole number ≥ 0
        (``WrongType`` otherwise, a negative one a ``ValueError``, both naming it, the view as it was)."""
        done = whole("done", done, 0)
        for side, line in enumerate((self.lines.a, self.lines.b)):
            marks = self._marks(line)
            self._at[side] = marks[done] if done < len(marks) else len(line) - 1
        self._render()

    @speaking
    def next_trick(self) -> None:
        """Both deals one trick on (from the parting point: to the end of its trick)."""
        self.go_trick(self._tricks_shown() + 1)

    @speaking
    def back_trick(self) -> None:
        """Both deals one trick back (from the parting point: to the start of its trick)."""
        here = self._tricks_shown()
        at_marks = all(p in self._marks(line) for p, line in zip(self._at, (self.lines.a, self.lines.b),
                                                                  strict=True))
        self.go_trick(max(0, here - 1) if at_marks else here)

    @speaking
    def to_end(self) -> None:
        self._at = [len(self.lines.a) - 1, len(self.lines.b) - 1]
        self._render()

    @speaking
    def to_parting(self) -> None:
        """Both deals at the point where they first part (the same number of actions in both)."""
        self._at = [self.parting.actions, self.parting.actions]
        self._render()

    # -- rendering ---------------------------------------------------------------------------

    def _render(self) -> None:
        la, lb = self.labels
        self.explanation.value = render.parting_html(self.parting, labels=(la, lb))
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
                note = _("never parts")
            elif at < shared:
                note = _("in step")
            elif at == shared:
                note = _("where the deals part")
            else:
                note = _("parted")
            html.value = render.side_html(deal, label, position=at, note=note,
                                          apart=self.parting.parted and at > shared)
        tricks = self._tricks_shown()
        total = self.deal_a.tricks_total
        after = ngettext("{a} | {b}: after {done} of {n} trick", "{a} | {b}: after {done} of {n} tricks",
                         total).format(a=la, b=lb, done=tricks, n=total)
        if self.parting.parted:
            part = ngettext("the deals part after {n} shared action (trick {number}).",
                            "the deals part after {n} shared actions (trick {number}).", shared).format(
                n=shared, number=self.parting.trick + 1)
        else:
            part = _("the deals never part.")
        self._say(f"{after}; {part}")


