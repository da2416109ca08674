"""``Practice``: a round of exercises (``bibi.practice``), answered by buttons or a number, with the engine's
feedback and a running score."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from bibi import render
from bibi.i18n import _
from bibi.rules import Rules
from bibi.widgets.base import _button, _html, _View, speaking


class Practice(_View):
    """A round of exercises (``bibi.practice``): the question and the position, answer buttons (or a
    box for a number), feedback with the engine's reason and the sentences it cites, a running score.

    ``Practice(rules, players, n, seed)`` draws the round itself; ``exercises=`` gives one ready made.
    """

    css_class = "bibi-practice"

    def __init__(self, rules: Rules | str = "russian", players: int = 4, n: int = 6, seed: int = 1, *,
                 kinds: Sequence[str] | None = None, exercises: Sequence[Any] | None = None, lang: str | None = None):
        super().__init__(lang=lang)
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
        self.answer_box = widgets.Text(layout=widgets.Layout(width="220px"))
        self.answer_button = _button("", "", icon="check")
        self.text_row = widgets.HBox([self.answer_box, self.answer_button])
        self.feedback_html = _html()
        self.next_button = _button("", "", icon="forward")
        self.again_button = _button("", "", icon="refresh")
        self._choice_buttons: list[widgets.Button] = []
        self._choices: list[str] = []
        self._on_click(self.answer_button, lambda: self.answer(self.answer_box.value))
        self._on_click(self.next_button, self.next)
        self._on_click(self.again_button, self.new_round)
        self.children = [self.header, self.question, self.choice_row, self.text_row, self.feedback_html,
                         self.message, widgets.HBox([self.next_button, self.again_button]), self.errors]
        self._label()
        self._start(exercises)

    def _label(self) -> None:
        """The words of the controls, in the view's language."""
        self.answer_box.placeholder = _("a number")
        self.answer_box.description = _("answer")
        for button, label, tooltip in (
                (self.answer_button, _("Answer"), _("check the number in the box")),
                (self.next_button, _("Next"), _("the next exercise")),
                (self.again_button, _("New round"), _("a new round of exercises (the next seed)"))):
            button.description, button.tooltip = label, tooltip

    def _respeak(self) -> None:
        """The exercise shown, its answers and the feedback on the answer given, said again in the view's language
        (``set_language``); the score stays."""
        self._label()
        for button, choice in zip(self._choice_buttons, self._choices, strict=True):
            label = self._practice.shown(choice)
            button.description, button.tooltip = label, _("answer: {choice}").format(choice=label)
        self.question.value = self.exercise.html()
        if self.feedback is not None:
            self.feedback = self.exercise.check(self.feedback.given)  # the same verdict, its reason in the language
        else:
            self._say("")
        self._render()

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

    @speaking
    def new_round(self) -> None:
        """A new round: the next seed's exercises."""
        self.seed += 1
        self._start()

    @speaking
    def answer(self, value: Any) -> None:
        """Answer the exercise shown (a choice, or a number): the feedback and the score follow. An answer that
        cannot be read is refused with the reason (``ValueError``), said in the message line; nothing counts."""
        if self.feedback is not None:
            self._say(lambda: _("Already answered: press Next for the next exercise."))
            return
        exercise = self.exercise
        try:
            feedback = exercise.check(value)
        except ValueError as refusal:
            words = str(refusal)
            self._say(lambda: _unread(exercise, value, words), error=True)  # said again in another language
            raise
        self.feedback = feedback
        self.answered += 1
        self.right += feedback.right
        self._render()

    @speaking
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
            label = self._practice.shown(choice)
            button = _button(label, _("answer: {choice}").format(choice=label))
            button.add_class("bibi-answer-button")
            self._on_click(button, lambda choice=choice: self.answer(choice))
            buttons.append(button)
        self._choice_buttons = buttons
        self._choices = list(ex.choices)
        self.choice_row.children = buttons
        self.text_row.layout.display = "none" if ex.choices else None
        self.question.value = ex.html()
        self._say("")
        self._render()

    def _render(self) -> None:
        total = len(self.exercises)
        answered = self.feedback is not None
        head = _("Exercise {number} of {total} · score {right} of {answered}").format(
            number=self.index + 1, total=total, right=self.right, answered=self.answered)
        self.header.value = render.wrap(render.status_html(head))
        for button, choice in zip(self._choice_buttons, self._choices, strict=True):
            button.disabled = answered
            button.button_style = ("success" if answered and choice == self.feedback.answer else
                                   "danger" if answered and choice == self.feedback.given else "")
        self.answer_box.disabled = self.answer_button.disabled = answered
        self.feedback_html.value = self.feedback.html() if answered else ""
        last = self.index + 1 == total
        self.next_button.disabled = last
        self.again_button.layout.display = None if last and answered else "none"
        if answered:
            self._say(_("Round over: {right} of {answered} right. Press New round for more.").format(
                right=self.right, answered=self.answered) if last else _("Press Next for the next exercise."))




def _unread(exercise: Any, value: Any, words: str) -> str:
    """Why ``value`` cannot be read as an answer to ``exercise``, in the language in force (the check is asked
    again: it changes nothing); the first refusal's ``words`` if it no longer refuses."""
    try:
        exercise.check(value)
    except ValueError as again:
        return str(again)
    return words
