"""Notebook 07 in JupyterLab, in chromium: run it, then answer the Practice widget's exercises as a learner would,
one right and one wrong, and check the feedback on screen (verdict, the engine's reason, the sentence ids).

The answers are worked out here, in the test's own process, by ``bibi.practice`` from the notebook's knobs: the
widget must show the very exercises and feedback the engine gives. Screenshots go to artifacts/.
"""

from __future__ import annotations

import json

from lab_driver import ROOT, RoundTrips, check_notebook, open_notebook, run_all, screenshot
from playwright.sync_api import Locator, expect
from view_actions import press, text

from bibi import practice

NOTEBOOK = "notebooks/07-practice.ipynb"


def knobs() -> dict:
    """The notebook's knobs (RULES, PLAYERS, SEED, N), read from its knob cell."""
    cells = json.loads((ROOT / NOTEBOOK).read_text(encoding="utf-8"))["cells"]
    source = next("".join(c["source"]) for c in cells if c["cell_type"] == "code" and "SEED =" in "".join(c["source"]))
    names: dict = {}
    exec(source, names)  # our own notebook's first code cell: imports and four assignments
    return names


def give(view: Locator, kernel: RoundTrips, exercise: practice.Exercise, answer: str) -> None:
    """Answer as a learner does: click the choice, or type the number and press Answer."""
    if exercise.choices:
        press(view, kernel, view.get_by_title(f"answer: {answer}", exact=True))
    else:
        box = view.locator("input[type=text]").first
        kernel.do(lambda: box.fill(answer))
        press(view, kernel, view.get_by_title("check the number in the box", exact=True))


def snap(page, view: Locator, name: str) -> None:
    view.evaluate("el => el.scrollIntoView({block: 'start'})")
    screenshot(page, name)


def test_practice_widget_answers_right_and_wrong(lab, lab_page, kernel, console_log):
    page = lab_page
    open_notebook(page, lab, NOTEBOOK)
    run_all(page, timeout_ms=120_000)
    assert check_notebook(page) == []

    k = knobs()
    first, second = practice.exercises(k["N"], k["RULES"], k["PLAYERS"], k["SEED"])[:2]
    view = page.locator(".bibi-practice").first
    header = view.locator(".bibi-status").first
    feedback = view.locator(".bibi-feedback")
    expect(header).to_have_text(f"Exercise 1 of {k['N']} · score 0 of 0")
    expect(view).to_contain_text(first.question)
    expect(feedback).to_have_count(0)

    give(view, kernel, first, first.answer)
    right = first.check(first.answer)
    expect(feedback).to_contain_text(f"✓ Right: {right.answer}.")
    expect(feedback).to_contain_text(right.reason[1:])  # the engine's reason (its first letter is capitalised)
    expect(feedback.locator("summary")).to_have_text("The sentences: " + ", ".join(right.sentences))
    expect(header).to_have_text(f"Exercise 1 of {k['N']} · score 1 of 1")
    snap(page, view, "07-practice-right")

    press(view, kernel, view.get_by_title("the next exercise", exact=True))
    expect(view).to_contain_text(second.question)
    wrong = next(c for c in second.choices if c != second.answer) if second.choices else str(int(second.answer) + 1)
    give(view, kernel, second, wrong)
    bad = second.check(wrong)
    expect(feedback).to_contain_text(f"✗ Not quite: you said {wrong}; the answer is {bad.answer}.")
    expect(feedback).to_contain_text(bad.reason[1:])
    feedback.locator("summary").click()  # unfold the sentences, as a curious learner would
    for sid in bad.sentences:
        expect(feedback.locator(".bibi-sid", has_text=sid).first).to_be_visible()
    expect(header).to_have_text(f"Exercise 2 of {k['N']} · score 1 of 2")
    snap(page, view, "07-practice-wrong")

    assert "Press Next" in text(view)
    assert console_log.errors() == []
