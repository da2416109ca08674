"""The learner's path in Russian and in Italian, in JupyterLab, in chromium: notebook 01 of each language runs, a
learner plays at its play table until a trick is won, and the kit's text on the page holds no English game word.

One notebook a language (01, which ends at the play table, its practice widget below it), to keep the suite quick.
The page is used by what it shows, not by its words (they are the notebook's language): a card button neither
faded nor disabled is one the learner may play, a faded one one the rules refuse; the rule's sentence id (R13, I7…)
is the same in every language. Screenshots of each step go to artifacts/ (``lang-ru-*.png``, ``lang-it-*.png``):
the table as dealt, a refused card, the hint, the first trick won.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for helpers.py, when run on its own
from helpers import english_words_in  # noqa: E402
from lab_driver import check_notebook, open_notebook, problems_in_page, run_all, screenshot, widget_counts
from playwright.sync_api import Locator, Page, expect
from view_actions import press

LANGUAGES = ["ru", "it"]
NOTEBOOK = "01-learn-to-play-{lang}.ipynb"  # each translation has a file name of its own
RUN_ALL_TIMEOUT = 180_000
MAX_CLICKS = 12  # seat 0 of six plays the first trick's third card: a trick is won within a few clicks
CITATION = re.compile(r"\b[RI]\d+\b")  # a sentence id of the Russian or the Italian text
# The kit's text on the page: its live views, and what it rendered as HTML (cards, hands, the table's picture).
KIT_TEXT = ".jp-NotebookPanel .bibi-play-table, .jp-NotebookPanel .bibi-practice, " \
           ".jp-NotebookPanel .jp-OutputArea-output.jp-RenderedHTML > .bibi"


def kit_text(page: Page) -> str:
    """Everything the kit shows a learner on the page, as read (no markup, no style, no tooltips)."""
    return "\n".join(page.locator(KIT_TEXT).all_inner_texts())


def shown(where: Locator) -> str:
    """What ``where`` shows, as read, whitespace collapsed."""
    return " ".join(where.inner_text().split())


def snap(page: Page, where: Locator, name: str) -> None:
    where.evaluate("el => el.scrollIntoView({block: 'center'})")
    screenshot(page, name)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_learner_plays_a_trick_in_the_notebooks_language(lang, lab, lab_page, kernel, console_log):
    page = lab_page
    stem = f"lang-{lang}-01"
    open_notebook(page, lab, f"notebooks/{lang}/{NOTEBOOK.format(lang=lang)}")
    run_all(page, timeout_ms=RUN_ALL_TIMEOUT)
    assert check_notebook(page) == []
    page.locator(".jp-NotebookPanel .jp-Cell").first.scroll_into_view_if_needed()
    screenshot(page, f"{stem}-top")

    table = page.locator(".bibi-play-table").first
    expect(table).to_be_visible()
    line, events, center = table.locator('[role="status"]').first, table.locator(".bibi-events"), \
        table.locator(".bibi-center")
    snap(page, table, f"{stem}-table")
    english: dict[str, list[str]] = {}  # each step's English words, all asserted at the end (every step is seen)

    def read(step: str, where: Locator) -> str:
        said = shown(where)
        if found := english_words_in(said):
            english[step] = found
        return said

    read("the table as dealt", table)

    # The hint: a bot's suggestion, in the learner's words (the hint button is the one with the light bulb).
    press(table, kernel, table.locator("button:has(.fa-lightbulb-o)"))
    hint = table.locator(".widget-html-content").filter(has_text=re.compile(r"\S")).filter(
        has=page.locator("details")).first
    expect(hint).to_be_visible()
    snap(page, hint, f"{stem}-hint")
    read("the hint", hint)

    # Play: a faded card once (refused with the rule's sentence, nothing moves), then a legal card each turn, a
    # call (or a pass) when that is all there is, until the first trick is won and stays on the table.
    playable = table.locator("button.bibi-card-button:not(.bibi-illegal):not([disabled])")
    actions = table.locator("button.bibi-action-button:not([disabled])")
    refused = False
    for _ in range(MAX_CLICKS):
        if center.locator(".bibi-last").count():
            break
        illegal = table.locator("button.bibi-card-button.bibi-illegal:not([disabled])")
        if not refused and illegal.count():
            before = shown(events)
            press(table, kernel, illegal.first)
            expect(line).to_contain_text(CITATION)
            assert shown(events) == before, "a refused card moved the deal"
            snap(page, center, f"{stem}-refused-card")
            read("the refusal", line)
            refused = True
        before = shown(events)
        if playable.count():
            press(table, kernel, playable.first)
        elif actions.count():
            press(table, kernel, actions.first)
        else:  # the bots are still playing
            page.wait_for_timeout(250)
            continue
        expect(events).not_to_have_text(before)
    last = center.locator(".bibi-last")
    expect(last).to_be_visible()
    expect(last.locator(".bibi-card.bibi-win")).not_to_have_count(0)
    expect(last.locator(".bibi-trick-foot")).to_contain_text(CITATION)  # who won, its points, and the rule
    snap(page, table.locator(".bibi-table"), f"{stem}-first-trick")
    assert refused, "no card was refused before the first trick was won"

    read("the trick just won", last)
    read("the table's log", events)
    kit = kit_text(page)
    assert kit.strip()
    if found := english_words_in(kit):
        english["the kit's text on the page"] = found
    assert english == {}, f"English game words in the {lang} notebook's kit text: {english}"
    assert problems_in_page(page, ".jp-NotebookPanel") == []
    assert console_log.errors() == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_saved_notebook_opens_with_its_banner_and_pictures_in_its_language(lang, lab, lab_page):
    """Opened as saved, without running: the banner in the notebook's language, the play table as a picture drawn
    in that language, and no widget that cannot work."""
    page = lab_page
    open_notebook(page, lab, f"saved/{lang}/{NOTEBOOK.format(lang=lang)}")
    banner = page.locator(".jp-NotebookPanel .bibi-banner").first
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("Run ▸ Run All Cells")
    counts = widget_counts(page, ".jp-NotebookPanel")
    assert counts == {"views": 0, "placeholders": 0, "error_views": 0}, counts
    picture = page.locator(".jp-OutputArea-output .bibi-table").last
    expect(picture).to_be_visible()
    picture.evaluate("el => el.scrollIntoView({block: 'center'})")
    screenshot(page, f"lang-{lang}-01-saved")
    said = shown(banner) + "\n" + "\n".join(page.locator(".jp-OutputArea-output.jp-RenderedHTML > .bibi")
                                            .all_inner_texts())
    assert english_words_in(said.replace("Run ▸ Run All Cells", "")) == []
