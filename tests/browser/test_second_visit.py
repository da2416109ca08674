"""The learner's second visit: a notebook run, saved by JupyterLab, its kernel restarted, opened again.

JupyterLab saves a widget's output as the widget's view (its model lives in the kernel) and, once that model is
gone, draws it as "Error displaying widget: model not found". Every `bibi` view therefore shows as two outputs,
a picture and the widget (``_View._repr_mimebundle_``); the picture's style rules show it while the widget
cannot work and hide it while the widget is live, and each live view hides its own notebook's "Run All" banner
and no other's. Screenshots go to artifacts/ (``second-visit-*``).
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from lab_driver import (
    ROOT,
    VIEWPORT,
    Server,
    copy_tree,
    kernel_idle,
    open_notebook,
    restart_kernel,
    run_all,
    screenshot,
    start_lab,
    wait_widgets_settled,
)
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

NOTEBOOK = "02-step-through-a-deal.ipynb"
OTHER = "06-play.ipynb"  # a second notebook with a view, live in the same page
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PICTURE_NOTE = "A picture of this view: Run All to bring it to life."
BROKEN = ("Error displaying widget", "Loading widget...")
RUN_ALL_TIMEOUT = 180_000
SAVE_TIMEOUT = 30  # seconds


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> tuple[Server, Path]:
    """A JupyterLab of this module's own, on a stripped copy of notebooks/ that the tests save into."""
    home = tmp_path_factory.mktemp("second-visit")
    folder = home / "served"
    copy_tree(ROOT / "notebooks", folder / "notebooks")
    server = start_lab(home, folder)
    try:
        yield server, folder
    finally:
        server.stop(shutdown_path="/api/shutdown")


def shown(page: Page, texts: tuple[str, ...] = BROKEN) -> list[str]:
    """The outputs on show (not hidden by any style) whose text holds one of ``texts``."""
    return page.evaluate(
        """(texts) => [...document.querySelectorAll('.jp-OutputArea-output')]
            .filter(n => texts.some(t => n.textContent.includes(t)) && n.checkVisibility())
            .map(n => n.textContent.slice(0, 200))""",
        list(texts),
    )


def banner_display(page: Page, name: str) -> str:
    """The computed ``display`` of the banner of the open notebook ``name`` (its tab need not be in front)."""
    return page.evaluate(
        """(name) => {
          const panel = window.jupyterapp.shell.widgets('main').find(w => w.context?.path.endsWith(name));
          return getComputedStyle(panel.node.querySelector('.bibi-banner')).display;
        }""",
        name,
    )


def explorer_cell(page: Page):
    """The code cell of the front notebook that shows the deal explorer (notebook 02 shows it once, and a practice
    view below it)."""
    explorer = page.locator(".bibi-picture", has_text="Deal of seed")
    cell = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell", has=explorer)
    expect(cell).to_have_count(1)
    return cell


def save(page: Page, path: Path) -> dict:
    """File ▸ Save Notebook, as a person would; return the notebook as saved once the file holds the outputs."""
    page.get_by_role("menuitem", name="File", exact=True).click()
    page.locator('.lm-Menu-item[data-command="docmanager:save"]').click()
    deadline = time.monotonic() + SAVE_TIMEOUT
    while time.monotonic() < deadline:
        try:
            nb = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError:  # caught while the server writes the file: read it again
            time.sleep(0.25)
            continue
        if any(WIDGET_VIEW in out.get("data", {}) for cell in nb["cells"] for out in cell.get("outputs", [])):
            return nb
        time.sleep(0.25)
    raise AssertionError(f"{path.name} was not saved with its outputs in {SAVE_TIMEOUT} s")


def show_notebook(page: Page, name: str) -> None:
    """Open notebooks/``name`` in a tab of the same page (or bring its tab to the front)."""
    page.evaluate("path => { window.jupyterapp.commands.execute('docmanager:open', {path}); }", f"notebooks/{name}")
    page.wait_for_function("name => window.jupyterapp.shell.currentWidget?.context?.path.endsWith(name)", arg=name)


def test_a_saved_notebook_shows_pictures_not_dead_widgets(served, browser):
    """Run notebook 02, save it, restart its kernel, open it again in a fresh browser session: no widget error
    anywhere, the explorer's picture with its honest line and the banner; run the other notebook in the same page:
    only that notebook's banner goes."""
    server, folder = served
    path = folder / "notebooks" / NOTEBOOK
    first = browser.new_context(viewport=VIEWPORT)
    first.set_default_timeout(30_000)
    try:
        page = first.new_page()
        open_notebook(page, server, f"notebooks/{NOTEBOOK}")
        run_all(page, timeout_ms=RUN_ALL_TIMEOUT)
        cell = explorer_cell(page)
        # Live: the widget on show, its picture and the notebook's banner hidden.
        expect(cell.locator(".bibi-deal-explorer")).to_be_visible()
        expect(cell.locator(".bibi-picture")).to_be_hidden()
        assert banner_display(page, NOTEBOOK) == "none"

        saved = save(page, path)
        views = [out for c in saved["cells"] for out in c.get("outputs", []) if WIDGET_VIEW in out.get("data", {})]
        pictures = [out for c in saved["cells"] for out in c.get("outputs", [])
                    if 'class="bibi-picture"' in "".join(out.get("data", {}).get("text/html", ""))]
        assert views and len(pictures) == len(views), (len(views), len(pictures))  # each view beside its picture

        # The page reloaded while the kernel lives: the widget comes back, no picture.
        page.reload()
        kernel_idle(page).wait_for(timeout=60_000)
        wait_widgets_settled(page)
        cell = explorer_cell(page)
        expect(cell.locator(".bibi-deal-explorer")).to_be_visible()
        expect(cell.locator(".bibi-picture")).to_be_hidden()
        assert shown(page) == []

        restart_kernel(page)
        cell = explorer_cell(page)
        expect(cell.locator(".bibi-picture")).to_be_visible()
        assert shown(page) == []
        assert banner_display(page, NOTEBOOK) != "none"
        cell.evaluate("el => el.scrollIntoView({block: 'start'})")
        screenshot(page, "second-visit-after-restart")
    finally:
        first.close()

    # A fresh browser session on the notebook as saved; its kernel has none of the saved widgets' models.
    second = browser.new_context(viewport=VIEWPORT)
    second.set_default_timeout(30_000)
    try:
        page = second.new_page()
        open_notebook(page, server, f"notebooks/{NOTEBOOK}")
        banner = page.locator(".bibi-banner").first
        expect(banner).to_be_visible()
        expect(banner).to_contain_text("Run ▸ Run All Cells")
        screenshot(page, "second-visit-reopened-top")
        cell = explorer_cell(page)
        picture = cell.locator(".bibi-picture")
        expect(picture).to_be_visible()
        expect(picture).to_contain_text(PICTURE_NOTE)
        expect(picture.locator(".bibi-table")).to_be_visible()
        # The widget's output is there, and its error line with it, but on show is only the picture.
        expect(cell.locator(".jp-OutputArea-output", has_text="Error displaying widget")).to_have_count(1)
        assert shown(page) == []
        cell.evaluate("el => el.scrollIntoView({block: 'start'})")
        screenshot(page, "second-visit-reopened-explorer")

        # Another notebook, run in the same page: its live view hides its own banner, not this one's.
        show_notebook(page, OTHER)
        kernel_idle(page).wait_for(timeout=60_000)
        try:
            run_all(page, timeout_ms=60_000)
        except PlaywrightTimeout:  # a Run All sent as the tab's kernel connects can be dropped: a person runs it again
            run_all(page, timeout_ms=RUN_ALL_TIMEOUT)
        expect(page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .bibi-play-table")).to_be_visible()
        assert banner_display(page, OTHER) == "none"
        assert banner_display(page, NOTEBOOK) != "none"
        show_notebook(page, NOTEBOOK)
        banner = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .bibi-banner").first
        expect(banner).to_be_visible()
        assert shown(page) == []
        banner.evaluate("el => el.scrollIntoView({block: 'start'})")
        screenshot(page, "second-visit-banner-beside-a-live-notebook")
    finally:
        second.close()
        status, body = server.request("GET", "/api/sessions")
        if status == 200:
            for session in json.loads(body):
                server.request("DELETE", f"/api/sessions/{session['id']}")


def test_in_a_kernel_a_view_shows_its_picture_as_an_output_of_its_own(monkeypatch):
    """No browser: the view's display in a kernel publishes the picture first, then returns the widget alone;
    outside a kernel the picture is the bundle's HTML."""
    import IPython
    import IPython.display

    from bibi import render
    from bibi import widgets as views

    explorer = views.DealExplorer("russian", 4, seed=1)
    outside = explorer._repr_mimebundle_()
    assert WIDGET_VIEW in outside and 'class="bibi-picture"' in outside["text/html"]

    published: list[dict] = []
    monkeypatch.setattr(IPython, "get_ipython", lambda: type("Shell", (), {"kernel": object()})())
    monkeypatch.setattr(IPython.display, "publish_display_data", lambda data, **kw: published.append(data))
    bundle = explorer._repr_mimebundle_()
    assert WIDGET_VIEW in bundle and "text/html" not in bundle  # JupyterLab would never draw it, live or dead
    assert [set(data) for data in published] == [{"text/html"}]
    picture = published[0]["text/html"]
    assert picture == outside["text/html"] and render.picture_rules() in picture and PICTURE_NOTE in picture
    assert render.banner_hider() not in picture  # a picture leaves the banner in place; a live view hides it
