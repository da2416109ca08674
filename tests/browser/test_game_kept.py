"""A game kept: a learner plays part of a deal at the play table in JupyterLab, the kernel restarts (or the laptop
sleeps), Run All makes the table again, and it offers the kept game; Resume brings back the very position: the same
cards on the table, the same hand, the same log. In each language. Screenshots: ``kept-<lang>-*.png``.
"""

from __future__ import annotations

import re

import pytest
from lab_driver import RoundTrips, check_notebook, open_notebook, restart_kernel, run_all, screenshot
from playwright.sync_api import Locator, expect
from view_actions import press
from views_notebook import LANGUAGES

RUN_ALL_TIMEOUT = 180_000
MOVES = 6  # the learner's cards before the restart: past the first trick or two


def position(table: Locator) -> str:
    """What the table shows of the game: the table (seats, trick, stock), the hand and the log."""
    return "\n".join(" ".join(t.split()) for t in (table.locator(".bibi-table").inner_text(),
                                                   table.locator(".bibi-events").inner_text(),
                                                   " ".join(table.locator("button.bibi-card-button")
                                                            .all_inner_texts())))


def play_moves(table: Locator, kernel: RoundTrips, moves: int) -> None:
    """Make ``moves`` of the person's moves by clicks (a card the rules allow, else a call, a pass or a switch),
    each answered: the log grows, and the bots have played up to the person's next decision (or the deal's end, where
    the table offers to save its record)."""
    playable = table.locator("button.bibi-card-button:not(.bibi-illegal):not([disabled])")
    actions = table.locator("button.bibi-action-button:not([disabled])")
    events, over = table.locator(".bibi-events"), table.locator(".bibi-finish button")
    for _ in range(moves):
        before = events.inner_text()
        expect(playable.or_(actions).first).to_be_visible(timeout=30_000)
        press(table, kernel, playable.first if playable.count() else actions.first)
        expect(events).not_to_have_text(before)
        expect(playable.or_(actions).or_(over).first).to_be_visible(timeout=30_000)  # the bots have answered


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_is_resumed_where_it_stood_after_a_kernel_restart(lang, lab, lab_page, kernel, console_log):
    page = lab_page
    open_notebook(page, lab, f"fixtures/table-{lang}.ipynb")
    run_all(page, timeout_ms=RUN_ALL_TIMEOUT)
    assert check_notebook(page) == []
    table = page.locator(".jp-NotebookPanel .bibi-play-table").first
    expect(table.locator(".bibi-resume, button:has(.fa-history)")).to_be_hidden()  # nothing kept yet
    play_moves(table, kernel, MOVES)
    stood = position(table)
    table.evaluate("el => el.scrollIntoView({block: 'start'})")
    screenshot(page, f"kept-{lang}-before-restart")

    restart_kernel(page)
    run_all(page, timeout_ms=RUN_ALL_TIMEOUT)
    assert check_notebook(page) == []
    table = page.locator(".jp-NotebookPanel .bibi-play-table").first
    resume = table.locator("button:has(.fa-history)")
    expect(resume).to_be_visible()
    expect(table).to_contain_text(re.compile(r"bibi-game-[0-9a-f]{10}\.json"))
    assert position(table) != stood  # a fresh deal until the learner chooses to resume
    table.evaluate("el => el.scrollIntoView({block: 'start'})")
    screenshot(page, f"kept-{lang}-offer")
    press(table, kernel, resume)
    expect(resume).to_be_hidden()
    assert position(table) == stood
    screenshot(page, f"kept-{lang}-resumed")
    assert console_log.errors() == []
