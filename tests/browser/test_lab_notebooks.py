"""Every notebook of notebooks/ in JupyterLab, in chromium, as a learner meets it.

Open it, wait for the kernel, Run All from the menu, then: every cell ran, no error output, no text on stderr,
every widget output a live view (no "Loading widget..." or "Error displaying widget"), the views this notebook is
about on show, nothing wider than the notebook at 1280×800, no JavaScript error. Then use each view as a person
would (view_actions.py). Screenshots of the notebook and of each view go to artifacts/.
"""

from __future__ import annotations

import re

import pytest
from lab_driver import (
    ROOT,
    check_notebook,
    open_notebook,
    overflowing,
    problems_in_page,
    run_all,
    screenshot,
    screenshot_views,
    widget_counts,
)
from playwright.sync_api import Locator, expect
from view_actions import (
    explorer_events_at_the_end,
    explorer_refuses_illegal_card,
    inspect_scores,
    play_deal,
    review_and_try_again,
    step_through_deal,
    toggle_rules,
)

NOTEBOOKS = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))

# The views each notebook is about (by the class of their top container). A notebook may show more.
EXPECTED_VIEWS = {
    "02-step-through-a-deal.ipynb": ["bibi-deal-explorer"],
    "03-russian-vs-italian.ipynb": ["bibi-rules-panel"],
    "04-scoring.ipynb": ["bibi-score-inspector"],
    "06-play.ipynb": ["bibi-play-table"],
    "app.ipynb": ["bibi-play-app", "bibi-play-table"],
}
VIEWS = ["bibi-deal-explorer", "bibi-rules-panel", "bibi-score-inspector", "bibi-play-table"]
WHOLE_DEAL = {"06-play.ipynb"}  # where the play table's deal is played to its end (elsewhere a few turns)
# A card, hand, table or sheet shown as HTML by `bibi.render` (a `_repr_html_` or `HTML(...)`), not in a widget.
RENDERED = ".jp-OutputArea-output.jp-RenderedHTML > .bibi"
PLOTS = ".jp-OutputArea-output.jp-RenderedImage"

RUN_ALL_TIMEOUT = 180_000  # every notebook runs in seconds with its default knobs; this is a ceiling, not a target


def test_the_notebooks_are_there():
    """The notebooks the kit promises (issue 6), and the app's."""
    assert set(EXPECTED_VIEWS) <= set(NOTEBOOKS), f"missing: {sorted(set(EXPECTED_VIEWS) - set(NOTEBOOKS))}"


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_runs_clean_and_its_views_work(name, lab, lab_page, kernel, console_log):
    page = lab_page
    stem = name.removesuffix(".ipynb")
    open_notebook(page, lab, f"notebooks/{name}")
    run_all(page, timeout_ms=RUN_ALL_TIMEOUT)
    page.locator(".jp-NotebookPanel .jp-Cell").first.scroll_into_view_if_needed()
    screenshot(page, f"{stem}-top")

    assert check_notebook(page) == []
    counts = widget_counts(page, ".jp-NotebookPanel")
    assert counts["placeholders"] == 0 and counts["error_views"] == 0, counts
    for view in EXPECTED_VIEWS.get(name, []):
        expect(page.locator(f".{view}").first).to_be_visible()
    present = [view for view in VIEWS if page.locator(f".{view}").count()]
    shown = {view: f".{view}" for view in present} | {"rendered": RENDERED, "plot": PLOTS}
    screenshot_views(page, stem, shown)
    assert overflowing(page, shown.values()) == []

    for view in present:  # every instance of every view, as a person would try each
        for i in range(page.locator(f".{view}").count()):
            root = page.locator(f".{view}").nth(i)
            root.evaluate("el => el.scrollIntoView({block: 'start'})")

            def snap(moment: str, where: Locator, i=i) -> None:
                where.evaluate("el => el.scrollIntoView({block: 'start'})")
                screenshot(page, f"{stem}-{moment}" + (f"-{i + 1}" if i else ""))

            if view == "bibi-deal-explorer":
                step_through_deal(root, kernel, snap)
                explorer_refuses_illegal_card(root, kernel, snap)
                explorer_events_at_the_end(root, kernel, snap)
            elif view == "bibi-rules-panel":
                toggle_rules(root, kernel, snap)
            elif view == "bibi-score-inspector":
                inspect_scores(root, kernel, snap)
            elif view == "bibi-play-table":
                play_deal(root, kernel, snap=snap, turns=None if name in WHOLE_DEAL else 3)
                if name in WHOLE_DEAL:
                    review_and_try_again(root, kernel, snap)
        assert overflowing(page, [f".{view}"]) == [], f"after using the {view}"

    assert problems_in_page(page, ".jp-NotebookPanel") == []
    assert console_log.errors() == []


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_saved_notebook_opens_with_its_banner_and_pictures_not_dead_widgets(name, lab, lab_page):
    """Opened as saved, without running: the banner says how to bring the widgets to life, every widget cell
    shows a picture of its view (HTML), and nothing shows a broken or loading widget."""
    page = lab_page
    open_notebook(page, lab, f"saved/{name}")
    banner = page.locator(".jp-NotebookPanel .bibi-banner").first
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("Run All")
    counts = widget_counts(page, ".jp-NotebookPanel")
    assert counts == {"views": 0, "placeholders": 0, "error_views": 0}, counts
    for view in EXPECTED_VIEWS.get(name, []):
        picture = page.locator(".jp-OutputArea-output .bibi", has_text="A picture of").first
        expect(picture).to_be_visible()
        assert view  # the view's cell shows its picture (above), not a widget that cannot work
    screenshot(page, f"saved-{name.removesuffix('.ipynb')}")


def test_play_table_to_the_end_of_a_game(lab, lab_page, kernel, console_log):
    """The last deal of a game, played by clicking: at its end the game's totals and winner are on show."""
    page = lab_page
    open_notebook(page, lab, "fixtures/last-deal.ipynb")
    run_all(page, timeout_ms=RUN_ALL_TIMEOUT)
    assert check_notebook(page) == []
    table = page.locator(".bibi-play-table").first
    play_deal(table, kernel)
    expect(table.locator('[role="status"]').first).to_contain_text("Game over after 6 deals")
    sheet = table.locator(".widget-html-content", has_text="Game (russian rules): 6 of 6 deals")
    expect(sheet).to_be_visible()
    expect(sheet).to_contain_text(re.compile(r"seat \d+( and seat \d+)* (wins|share the win)"))
    sheet.evaluate("el => el.scrollIntoView({block: 'center'})")
    screenshot(page, "play-table-game-end")
    assert problems_in_page(page, ".jp-NotebookPanel") == []
    assert console_log.errors() == []
