"""The harness itself: JupyterLab in chromium runs a notebook of plain ipywidgets, and the widgets answer clicks.

If this fails, the problem is the browser, the server or the widget manager, not a `bibi` view.
"""

from lab_driver import (
    check_notebook,
    open_notebook,
    run_all,
    screenshot,
    widget_counts,
)
from playwright.sync_api import expect


def test_smoke_notebook_runs_and_its_widgets_answer(lab, lab_page, kernel, console_log):
    page = lab_page
    open_notebook(page, lab, "fixtures/smoke.ipynb")
    run_all(page, timeout_ms=60_000)

    assert check_notebook(page) == []
    counts = widget_counts(page, ".jp-NotebookPanel")
    assert counts["placeholders"] == 0 and counts["error_views"] == 0, counts
    assert counts["views"] >= 4, counts  # slider, HBox, button, label
    expect(page.locator(".smoke-slider")).to_be_visible()
    expect(page.locator(".jp-OutputArea-output", has_text="ran to the end")).to_be_visible()

    # A click goes to the kernel, the callback changes the label, the new value comes back.
    clicks = page.locator(".smoke-clicks")
    expect(clicks).to_have_text("0 clicks")
    kernel.click(page.locator(".smoke-button"))
    kernel.click(page.locator(".smoke-button"))
    expect(clicks).to_have_text("2 clicks")
    assert kernel.idle >= 2, "the kernel watch saw no idle status: round trips would not be waited for"

    screenshot(page, "smoke")
    assert console_log.errors() == []
