"""Practise a Bi-bi in chromium, in Italian and Russian: the play table's "Dammi una coppia" deals the pair deal of
``bibi.practice.pair_deal`` for the person's seat and says what to look for; notebook 07 in Russian asks the
``bibi`` exercise and answers with the engine's reason. The expected words are worked out here, in the test's own
process, by the engine in the same language. Screenshots go to artifacts/ (pair-table-it, pair-practice-ru).
"""

from __future__ import annotations

import html
import json
import re
import urllib.request

from lab_driver import ROOT, check_notebook, open_notebook, run_all, screenshot
from playwright.sync_api import expect
from view_actions import press, said

from bibi import practice
from bibi.i18n import language, reading

TABLE = ("import bibi\nbibi.set_language('it')\nfrom bibi.widgets import PlayTable\n"
         "table = PlayTable('italian', players=4, bots='heuristic', seat=0, seed=4, delay=0, keep=False)\ntable")


def put_notebook(server, path: str, sources: list[str]) -> None:
    """Write a notebook into the served folder through Jupyter's contents API."""
    cells = [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [],
              "source": source} for i, source in enumerate(sources)]
    model = {"type": "notebook", "format": "json", "content": {
        "cells": cells, "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}}}}
    request = urllib.request.Request(f"{server.url}/api/contents/{path}", data=json.dumps(model).encode(),
                                     method="PUT", headers={"Authorization": f"token {server.token}",
                                                            "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.status in (200, 201)


def visible(text: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", text)).strip()


def test_the_play_table_deals_a_pair_in_italian(lab, lab_page, kernel, console_log):
    page = lab_page
    put_notebook(lab, "fixtures/pair-it.ipynb", [TABLE])
    open_notebook(page, lab, "fixtures/pair-it.ipynb")
    run_all(page, timeout_ms=120_000)
    assert check_notebook(page) == []
    table = page.locator(".bibi-play-table").first
    button = table.get_by_role("button", name="Dammi una coppia")
    expect(button).to_be_visible()
    press(table, kernel, button)
    deal, pair = practice.pair_deal("italian", 4, 0, 4)
    with language("it"), reading(0):
        note = practice.pair_note(deal.rules, pair)
    assert note.startswith("Una smazzata per esercitarti a dire «bip bip»: ti sono stati serviti")
    expect(said(table)).to_contain_text(note[:80])
    assert note in visible(said(table).inner_text())
    for card in deal.hand(0):  # the hand on screen is the pair deal's
        with language("it"):
            expect(table.locator("button.bibi-card-button", has_text=card.display()).first).to_be_visible()
    table.evaluate("el => el.scrollIntoView({block: 'start'})")
    screenshot(page, "pair-table-it")
    assert console_log.errors() == []


def test_notebook_07_in_russian_asks_the_bibi_exercise(lab, lab_page, kernel, console_log):
    page = lab_page
    open_notebook(page, lab, "notebooks/ru/07-practice-ru.ipynb")
    run_all(page, timeout_ms=180_000)
    assert check_notebook(page) == []
    cells = json.loads((ROOT / "notebooks/ru/07-practice-ru.ipynb").read_text(encoding="utf-8"))["cells"]
    source = next("".join(c["source"]) for c in cells if c["cell_type"] == "code" and "SEED =" in "".join(c["source"]))
    knobs: dict = {}
    # our own notebook's knob cell, but its set_language: this process keeps its language
    exec(re.sub(r"bibi\.set_language\([^)]*\)", "None", source), knobs)
    exercise = practice.exercises(3, knobs["RULES"], knobs["PLAYERS"], knobs["SEED"], kinds=["bibi"])[0]
    view = page.locator(".bibi-practice").nth(1)  # the round's view first, then the Bi-bi one
    with language("ru"):
        expect(view).to_contain_text(practice.title("bibi"))
        expect(view).to_contain_text(exercise.question[:60])
        right = exercise.check(exercise.answer)
        label = practice.shown(exercise.answer)
    press(view, kernel, view.get_by_title(f"ответ: {label}", exact=True))
    feedback = view.locator(".bibi-feedback")
    expect(feedback).to_contain_text(f"✓ Верно: {label}.")
    expect(feedback).to_contain_text(right.reason[1:60])
    feedback.locator("summary").click()
    view.evaluate("el => el.scrollIntoView({block: 'start'})")
    screenshot(page, "pair-practice-ru")
    assert console_log.errors() == []
