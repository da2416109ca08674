"""Every refusal a person can cause shows as a message in the views, and the refused change leaves the view as it was.

A view answers a click or a control's change in its message line (``_View._guard``): the kit's refusals are all
``ValueError``s, a wrong type (``WrongType``) too, so each shows as a message, whatever its class; anything else is
a fault of the kit, shown in full in the view's ``errors``. Here, for each view, one input of a wrong type and one of
a bad value, each refused as a message (or next to the control that caused it, where the view says so), with the
view as it was before: what it shows and what it holds. A bad value comes the way a person gives it, through the
view's own controls, where one can carry it; a wrong type, which no control carries (their values are typed), is
handed to the view's handler as a control's callback hands it on.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

pytestmark = pytest.mark.widgets

views = pytest.importorskip("bibi.widgets")

from bibi.deal import Deal  # noqa: E402
from bibi.game import Game  # noqa: E402
from bibi.play import play  # noqa: E402


def said(view: Any) -> str:
    """The message line as a person reads it."""
    text = re.sub(r"<style.*?</style>", "", view.message.value, flags=re.S)
    return re.sub(r"<[^>]+>", "", text).replace("&#x27;", "'").replace("&lt;", "<").replace("&gt;", ">").strip()


def as_a_control_hands_it(view: Any, handler: Callable[..., object], *args: object) -> None:
    """Run ``handler(*args)`` as a click or a control's change runs it: through the view's guard."""
    view._guard(handler)(*args)


def refused_as_a_message(view: Any, state: Callable[[], object], act: Callable[[], object], message: str,
                         where: Callable[[], str] | None = None) -> None:
    """``act()`` is refused with ``message`` in the message line (or in ``where()``, a control's own line), as an
    error, with nothing in ``errors`` and ``state()`` as before."""
    before = state()
    act()
    shown = where() if where is not None else view.message.value
    assert "bibi-error" in shown or "bibi-field-error" in shown, shown
    text = re.sub(r"<[^>]+>", "", shown).replace("&#x27;", "'")
    assert re.search(message, text), (message, text)
    assert view.errors.outputs == (), view.errors.outputs[0]["text"]
    assert state() == before


def explorer_state(ex: Any) -> tuple:
    return (ex.position, ex.final.record(), ex.deal.record(), ex.board.value, ex.event_log.value, ex.reason.value,
            ex.hand_label.value, ex.position_box.value, ex.position_box.max, ex.seat_select.options,
            ex.seat_select.value, ex.players_box.value, ex.seed_box.value, ex.title)


def test_the_explorer_says_a_refusal_and_stays_as_it_was():
    ex = views.DealExplorer("russian", 4, seed=3)
    ex.go(5)
    refused_as_a_message(ex, lambda: explorer_state(ex), lambda: as_a_control_hands_it(ex, ex.go, "3"),
                         r"^position: expected a whole number, not '3' \(str\)")

    def another_table() -> None:  # five players and a seed no deal takes: found by the fuzz run, the seat menu
        ex.players_box.value, ex.seed_box.value = 5, 2**70  # showed five seats for the deal of four still shown
        ex.deal_button.click()

    refused_as_a_message(ex, lambda: explorer_state(ex), another_table,
                         r"^seed: 1180591620717411303424 is outside ±2\*\*64")


def test_the_comparison_says_a_refusal_and_stays_as_it_was():
    view = views.CompareView("russian", "italian", 4, seed=1)
    view.go_trick(3)

    def state() -> tuple:
        return (view.positions, view.left.value, view.right.value, view.explanation.value)

    # go_trick("2") failed inside (a list indexed by a text) and go_trick(-1) went to the end, silently
    refused_as_a_message(view, state, lambda: as_a_control_hands_it(view, view.go_trick, "2"),
                         r"^done: expected a whole number, not '2' \(str\)")
    refused_as_a_message(view, state, lambda: as_a_control_hands_it(view, view.go_trick, -1),
                         r"^done: -1 is outside ≥ 0")


def test_the_rules_panel_says_a_refusal_and_stays_as_it_was():
    panel = views.RulesPanel("russian", 4, seed=1)

    def state() -> tuple:
        return (panel.baseline, panel.rules, panel.deal.record(), panel.base_deal.record(),
                {name: control.value for name, control in panel.controls.items()}, panel.left_box.value,
                panel.right_box.value, panel.compare.left.value, panel.compare.right.value)

    refused_as_a_message(panel, state, lambda: as_a_control_hands_it(panel, panel.set_option, "hand_size", "seven"),
                         r"^hand_size: 'seven' is refused: expected a whole number, not 'seven' \(str\)")

    def typed() -> None:
        panel.right_box.value = "klondike"

    refused_as_a_message(panel, state, typed, r"unknown rules preset 'klondike'",
                         where=lambda: panel.field_errors["right"].value)


def test_the_score_inspector_says_a_refusal_and_stays_as_it_was():
    game = Game.new("russian", 4, seed=5).play("random")
    explorer = views.DealExplorer(deal=game.deals[0])
    inspector = views.ScoreInspector(game, explorer=explorer)
    inspector.show_deal(0)
    inspector.show_line(1)

    def state() -> tuple:
        return (inspector.selected, inspector.trick_view.value, inspector.deal_select.value, inspector.table.value,
                [b.button_style for b, _, _ in inspector._row_pool], explorer_state(explorer))

    refused_as_a_message(inspector, state, lambda: as_a_control_hands_it(inspector, inspector.show_line, "2"),
                         r"^index: expected a whole number, not '2' \(str\)")
    explorer.seed_box.value = 9  # the linked explorer now shows another deal: a row's trick cannot be shown there
    explorer.deal_button.click()
    row = next(i for i, line in enumerate(inspector.lines) if line.kind == "trick")
    refused_as_a_message(inspector, state, lambda: inspector._row_pool[row][0].click(),
                         r"^explorer: it shows another deal than this inspector")


def test_the_play_table_says_a_refusal_and_stays_as_it_was():
    table = views.PlayTable("russian", 4, seed=2, game=True)
    table.play(table.deal.legal_actions()[0])

    def state() -> tuple:
        return (table.deal.record(), table.game.record(), table.board.value, table.event_log.value,
                table.seed_box.value, table.session.decisions.__dict__.copy(), table._rng.getstate())

    refused_as_a_message(table, state, lambda: table.play(1.5),
                         r"^action: expected a card, an Action or its notation, not 1\.5 \(float\)")
    refused_as_a_message(table, state, lambda: table.play("XX"), r"^cannot read action 'XX'")

    def typed() -> None:
        table.seed_box.value = 2**70
        table.deal_button.click()

    refused_as_a_message(table, state, typed, r"^seed: 1180591620717411303424 is outside ±2\*\*64")


def test_the_app_says_a_refusal_and_stays_as_it_was():
    app = views.PlayApp("russian", 4, seat=0, delay=0)
    table = app.table

    def state() -> tuple:
        return (app.table is table, table.deal.record(), app.explorer, app.replay_select.options,
                app.explorer_message.value)

    refused_as_a_message(app, state, lambda: as_a_control_hands_it(app, app.replay, "1"),
                         r"^number: expected a whole number, not '1' \(str\)")

    def typed() -> None:
        app.seat_box.value = 7
        app.start_button.click()

    refused_as_a_message(app, state, typed, r"^your seat: 7 is not a seat 0…3")


def test_practice_says_a_refusal_and_stays_as_it_was():
    view = views.Practice("russian", 4, n=3, seed=1, kinds=["tricks_left"])  # answered with a number

    def state() -> tuple:
        return (view.index, view.right, view.answered, view.feedback, view.question.value, view.header.value)

    refused_as_a_message(view, state, lambda: as_a_control_hands_it(view, view.answer, [12]),
                         r"^answer: \[12\] is not a number; answer with a whole number like 12")

    def typed() -> None:
        view.answer_box.value = "twelve"
        view.answer_button.click()

    refused_as_a_message(view, state, typed, r"^answer: 'twelve' is not a number")


def test_a_fault_of_the_kit_is_not_said_as_a_refusal():
    # A bare TypeError is no refusal of the kit's (those are WrongType): it shows in full, as a fault, not as the
    # answer to the person's input.
    table = views.PlayTable("russian", 4, seed=2, game=False)

    def faulty() -> None:
        raise TypeError("'<' not supported between instances of 'Card' and 'NoneType'")

    as_a_control_hands_it(table, faulty)
    assert "something went wrong" in said(table) and "not supported" in table.errors.outputs[-1]["text"]
    deal = Deal.new("russian", 4, seed=2)
    assert play(deal, "random").is_over  # the kit itself plays on
