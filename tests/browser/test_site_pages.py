"""The JupyterLite site as people meet it, in chromium, with nothing but 127.0.0.1 to reach: every view passes the
checks JupyterLab's do (``audit.py``: axe-core at WCAG 2.1 A/AA, every button's text inside its box and every seat's
footer on one line, the play table played by keyboard alone) in each language; a game half played is resumed at the
same position after the page is reloaded (the game is kept in a file of the kernel's working folder, which in the
site is the browser's own storage of the site's files); a finished deal's record is saved there and the deal opened
in the explorer.

The notebooks are the JupyterLab tests' own (``views_notebook.py``), written into the site's storage through its
contents service, as a learner's upload or new notebook is, and run on the site's Pyodide kernel. Screenshots go to
artifacts/ (``site-<lang>-<view>.png``, ``site-kept-*.png``, ``site-finished-*.png``).
"""

from __future__ import annotations

import json
import re

import pytest
from audit import axe_violations, cut_labels, play_by_keyboard
from lab_driver import check_notebook, ignore_closed, new_page, screenshot
from lite_driver import (
    LiteKernelWatch,
    LiteSession,
    Offline,
    clear_and_run_all,
    wait_kernel_ready,
)
from playwright.sync_api import Page, expect
from test_game_kept import play_moves, position
from test_lite import lite, site  # noqa: F401  # the site, built by `make lite`, and its server
from view_actions import press
from views_notebook import LANGUAGES, VIEWS, _notebook, views_notebook

RUN_ALL_TIMEOUT = 240_000  # ms: a ceiling on a loaded machine
MOVES = 6  # the learner's cards before the reload: past the first trick or two

# The site's storage, through the app's contents service (IndexedDB, where the site keeps the files a learner makes).
_SAVE_JS = """async ([path, content]) => {
  await window.jupyterapp.serviceManager.contents.save(path, {type: 'notebook', format: 'json', content});
}"""
_LIST_JS = """async () => (await window.jupyterapp.serviceManager.contents.get('', {content: true}))
  .content.map(f => f.name)"""
_READ_JS = """async (path) => (await window.jupyterapp.serviceManager.contents.get(path, {content: true,
  format: 'text'})).content"""

# A table of its own for the reload (Russian: its words on the screenshots), and a deal a card or two from its end.
KEPT = _notebook(["import bibi\nbibi.set_language('ru')\nfrom bibi.widgets import PlayTable",
                  "PlayTable('russian', players=3, bots='random', seat=0, seed=21, game=False, delay=0)"])
ENDING = _notebook([
    "import bibi\nbibi.set_language('it')\nfrom bibi import Deal\nfrom bibi.widgets import PlayTable",
    # the deal played by its first legal actions up to the last trick, then given to the table
    "deal = Deal.new('italian', 4, seed=8)\n"
    "while not deal.is_over and (deal.tricks_total - len(deal.tricks) > 1 or deal.to_act != 0):\n"
    "    deal.apply(deal.legal_actions()[0])\n"
    "PlayTable(deal=deal, bots='random', seat=0, delay=0)",
])


# Every view of the JupyterLab tests but the score sheet, whose tables are pandas frames: the site does not serve
# pandas (a deployed site loads it from the Pyodide CDN; test_lite.py's STOPS), and these tests reach no network.
SITE_VIEWS = {name: selector for name, selector in VIEWS.items() if name != "scores"}


def site_views_notebook(lang: str) -> dict:
    """``views_notebook(lang)`` without the score sheet's cell."""
    notebook = views_notebook(lang)
    notebook["cells"] = [c for c in notebook["cells"] if not c["source"].startswith("ScoreInspector(")]
    return notebook


def files(page: Page) -> list[str]:
    """The names of the files at the top of the site's storage."""
    return page.evaluate(_LIST_JS)


@pytest.fixture(scope="module")
def site_page(browser, lite):  # noqa: F811  # test_lite's fixture
    """One page on the site (its service worker running, as in a learner's browser: it answers the kernel's file
    system), with the test notebooks saved into the site's storage; every request that leaves 127.0.0.1 is
    recorded (and aborted)."""
    page = new_page(browser, service_workers="allow")
    offline = Offline(lite.url).attach(page)
    try:
        page.goto(f"{lite.url}/lab/index.html")
        page.wait_for_function("() => window.jupyterapp?.serviceManager?.contents")
        page.evaluate("() => window.jupyterapp.restored")
        for lang in LANGUAGES:
            page.evaluate(_SAVE_JS, [f"site-views-{lang}.ipynb", site_views_notebook(lang)])
        page.evaluate(_SAVE_JS, ["site-kept.ipynb", KEPT])
        page.evaluate(_SAVE_JS, ["site-ending.ipynb", ENDING])
        yield page, LiteSession(page, lite), offline
        assert offline.left == [], f"requests left the machine: {offline.left}"
    finally:
        ignore_closed(page.context.close)


def run(session: LiteSession, name: str) -> Page:
    """Open the site's notebook ``name``, Run All, and check its outputs."""
    session.open(name)
    page = session.page
    clear_and_run_all(page, RUN_ALL_TIMEOUT)
    problems = check_notebook(page)
    assert problems == [], "\n".join(problems)
    return page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_view_of_the_site_passes_axe_fits_its_labels_and_plays_by_keyboard(lang, site_page):
    _page, session, _offline = site_page
    try:
        page = run(session, f"site-views-{lang}.ipynb")
        found = {}
        for name, selector in SITE_VIEWS.items():
            scoped = f".jp-NotebookPanel:not(.lm-mod-hidden) {selector}"
            view = page.locator(scoped).first
            expect(view).to_be_visible()
            view.evaluate("el => el.scrollIntoView({block: 'start'})")
            screenshot(page, f"site-{lang}-{name}")
            if violations := axe_violations(page, scoped):
                found[f"{name} axe"] = violations
            if cut := cut_labels(view):
                found[f"{name} labels"] = cut
        table = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .bibi-play-table").first
        assert play_by_keyboard(page, table), "Tab never reached a playable card"
        assert found == {}, "\n".join(f"{name}:\n  " + "\n  ".join(v) for name, v in found.items())
    except BaseException:
        session.restart()
        raise


def test_a_finished_deal_is_saved_in_the_sites_storage_and_opened_in_the_explorer(site_page):
    page, session, _offline = site_page
    run(session, "site-ending.ipynb")
    kernel = LiteKernelWatch(page)
    kernel.attach()
    table = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .bibi-play-table").first
    save = table.locator("button:has(.fa-download)")
    expect(save).to_be_hidden()  # the deal is not over yet
    while not save.is_visible():  # the last trick (a card or two of the person's)
        play_moves(table, kernel, 1)
    table.locator(".bibi-finish").evaluate("el => el.scrollIntoView({block: 'start'})")
    screenshot(page, "site-finished-it-over")
    press(table, kernel, save)
    saved = [name for name in files(page) if re.fullmatch(r"bibi-record-[0-9a-f]{10}\.json", name)]
    assert len(saved) == 1, files(page)
    said = table.locator('[role="status"]').first
    expect(said).to_contain_text(saved[0])
    expect(said).to_contain_text("nella memoria di questo browser")  # where the site keeps it (no terminal here)
    said.evaluate("el => el.scrollIntoView({block: 'start'})")
    screenshot(page, "site-finished-it-saved")
    record = json.loads(page.evaluate(_READ_JS, saved[0]))
    assert (record["rules"]["name"], record["players"]) == ("italian", 4) and len(record["actions"]) > 100
    press(table, kernel, table.locator("button:has(.fa-search)"))
    explorer = table.locator(".bibi-deal-explorer")
    expect(explorer).to_be_visible()
    explorer.evaluate("el => el.scrollIntoView({block: 'start'})")
    screenshot(page, "site-finished-it-explorer")


def test_a_game_half_played_in_the_site_is_resumed_after_a_reload(site_page):
    """Half a deal played, the page reloaded (the kernel, which lives in the page, gone with it), the notebook run
    again: the table offers the game kept in the site's storage, and Resume brings back the very position."""
    page, session, _offline = site_page
    session.restart()  # a page and a kernel of its own
    run(session, "site-kept.ipynb")
    earlier = set(files(page))  # (the views' own tables keep their games too)
    kernel = LiteKernelWatch(page)
    kernel.attach()
    table = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .bibi-play-table").first
    resume = table.locator("button:has(.fa-history)")
    expect(resume).to_be_hidden()  # nothing kept yet
    play_moves(table, kernel, MOVES)
    stood = position(table)
    kept = [name for name in set(files(page)) - earlier if re.fullmatch(r"bibi-game-[0-9a-f]{10}\.json", name)]
    assert len(kept) == 1, files(page)  # written by the kernel into /drive: the site's own storage
    moves = json.loads(page.evaluate(_READ_JS, kept[0]))["moves"]
    assert sum(map(len, moves)) == MOVES
    table.evaluate("el => el.scrollIntoView({block: 'start'})")
    screenshot(page, "site-kept-before-reload")

    page.reload()
    session.restart()
    wait_kernel_ready(page)
    # the page as the learner left it (JupyterLab keeps the open notebooks in the browser): the same notebook in front
    assert page.evaluate("() => window.jupyterapp.shell.currentWidget.context.path") == "site-kept.ipynb"
    clear_and_run_all(page, RUN_ALL_TIMEOUT)
    assert check_notebook(page) == []
    kernel = LiteKernelWatch(page)
    kernel.attach()
    table = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .bibi-play-table").first
    resume = table.locator("button:has(.fa-history)")
    expect(resume).to_be_visible()
    expect(table).to_contain_text(kept[0])
    assert position(table) != stood  # a fresh deal until the learner chooses to resume
    table.evaluate("el => el.scrollIntoView({block: 'start'})")
    screenshot(page, "site-kept-offer")
    press(table, kernel, resume)
    expect(resume).to_be_hidden()
    assert position(table) == stood
    screenshot(page, "site-kept-resumed")
