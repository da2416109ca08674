"""Every view as a person meets it, in JupyterLab, in chromium, in each language: axe-core (the engine behind
Lighthouse's and Chrome's accessibility audits) finds no violation of WCAG 2.1 A/AA in any view (colour contrast,
names for every control, lists, ARIA), no button's text runs past its box, and the play table is playable by keyboard
alone.

The views come from ``views_notebook.py`` (every view, in a state a learner meets: the play table a few cards in
with a hint, the rules panel at the point where the texts part, as in notebook 03). axe-core is scoped to each
view's root, not JupyterLab's own chrome. Screenshots of each view go to artifacts/ (``pages-<lang>-<view>.png``).

The rules panel's parting box once printed its reasons in the play table's light yellow on cream (1.04:1): putting
``.bibi-why{color:#fff3c4}`` back unscoped in ``bibi/data/play.css`` fails ``test_axe_finds_nothing_in_any_view``.
"""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from lab_driver import check_notebook, open_notebook, run_all, screenshot
from playwright.sync_api import Page, expect
from views_notebook import LANGUAGES, VIEWS

RUN_ALL_TIMEOUT = 240_000
# WCAG 2.0/2.1 levels A and AA: contrast, names of buttons, inputs and selects, lists, ARIA roles and attributes,
# keyboard access to scrolling regions, nested controls.
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
               "resultTypes": ["violations"]}


def axe_violations(page: Page, selector: str) -> list[str]:
    """axe-core's violations inside every element matching ``selector``, one line each: the rule, the element,
    and axe's own account of what is wrong (the contrast ratio and colours, for a contrast violation)."""
    # JupyterLab lays its shell out absolutely, so <html> and <body> are 0 px tall: axe-core then takes every text
    # as clipped by them and checks the contrast of none. Give them the window's height first.
    page.evaluate("() => { for (const el of [document.documentElement, document.body]) el.style.height = '100vh'; }")
    results = Axe().run(page, context={"include": [[selector]]}, options=AXE_OPTIONS).response
    found = []
    for rule in results["violations"]:
        for node in rule["nodes"]:
            found.append(f"{rule['id']} ({rule['impact']}): {node['html'][:160]}\n    "
                         + " ".join(node.get("failureSummary", "").split())[:300])
    return found


# A button (or a widget's label) whose text is taller or wider than its box is cut: "(laid / down)" lost "down)".
_CUT_LABELS_JS = """(root) => {
  const found = [];
  for (const el of root.querySelectorAll('button, .widget-label, .widget-toggle-button')) {
    if (el.offsetParent === null) continue;  // not shown
    const style = getComputedStyle(el);
    if (style.overflow === 'visible' && style.overflowX === 'visible') {
      // text that spills out of a visible box: compare the text's own extent with the box
      const range = document.createRange(); range.selectNodeContents(el);
      const text = range.getBoundingClientRect(), box = el.getBoundingClientRect();
      if (text.width > box.width + 1 || text.height > box.height + 1)
        found.push(`${JSON.stringify(el.innerText.trim())}: text ${Math.round(text.width)}×${Math.round(text.height)}`
                   + ` in a box ${Math.round(box.width)}×${Math.round(box.height)}`);
    } else if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
      found.push(`${JSON.stringify(el.innerText.trim())}: ${el.scrollWidth}×${el.scrollHeight} of text`
                 + ` cut to ${el.clientWidth}×${el.clientHeight}`);
    }
  }
  return found;
}"""


@pytest.fixture(scope="module", params=LANGUAGES)
def views_page(request, browser, lab):
    """The views notebook of one language, run to the end in JupyterLab (one page for the module's tests)."""
    from lab_driver import ignore_closed, new_page

    lang = request.param
    page = new_page(browser)
    try:
        open_notebook(page, lab, f"fixtures/views-{lang}.ipynb")
        run_all(page, timeout_ms=RUN_ALL_TIMEOUT)
        assert check_notebook(page) == []
        yield lang, page
    finally:
        ignore_closed(page.context.close)


def test_axe_finds_nothing_in_any_view(views_page):
    lang, page = views_page
    found = {}
    for name, selector in VIEWS.items():
        view = page.locator(f".jp-NotebookPanel {selector}").first
        expect(view).to_be_visible()
        view.evaluate("el => el.scrollIntoView({block: 'start'})")
        screenshot(page, f"pages-{lang}-{name}")
        if violations := axe_violations(page, f".jp-NotebookPanel {selector}"):
            found[name] = violations
    assert found == {}, "\n".join(f"{name}:\n  " + "\n  ".join(v) for name, v in found.items())


def test_no_label_is_cut(views_page):
    lang, page = views_page
    found = {}
    for name, selector in VIEWS.items():
        view = page.locator(f".jp-NotebookPanel {selector}").first
        if cut := view.evaluate(_CUT_LABELS_JS):
            found[name] = cut
    assert found == {}, found


def test_the_play_table_is_playable_by_keyboard(views_page):
    """Tab reaches a card the rules allow, and Enter plays it: the table's log grows by the card (and the bots')."""
    lang, page = views_page
    table = page.locator(".jp-NotebookPanel .bibi-play-table").first
    events = table.locator(".bibi-events")
    before = events.inner_text()
    playable = table.locator("button.bibi-card-button:not(.bibi-illegal):not([disabled])")
    expect(playable.first).to_be_visible()
    # Focus the control before the hand (the hint button) and tab forward until a playable card has the focus.
    table.locator("button:has(.fa-lightbulb-o)").focus()
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches("
                         "'button.bibi-card-button:not(.bibi-illegal):not([disabled])')"):
            break
    else:
        pytest.fail("Tab never reached a playable card")
    focused = page.evaluate("() => document.activeElement.getBoundingClientRect().width")
    assert focused > 0
    page.keyboard.press("Enter")
    expect(events).not_to_have_text(before, timeout=30_000)


APP_TIMEOUT = 90_000  # Voilà starts a kernel and runs the notebook before the widgets show
LANGUAGE_NAMES = {"en": "English", "ru": "русский", "it": "italiano"}


def test_the_voila_app_passes_axe_and_fits_its_labels_in_each_language(app, page, kernel):
    """The app as Voilà serves it (``make app``), said in each language through its own menu."""
    from lab_driver import wait_widgets_settled

    page.goto(app.url + "/")
    root = page.locator(".bibi-play-app")
    expect(root.locator(".bibi-play-table")).to_be_visible(timeout=APP_TIMEOUT)
    wait_widgets_settled(page)
    menu = root.locator("select", has=page.locator("option", has_text="русский"))
    found = {}
    for lang, name in LANGUAGE_NAMES.items():
        if lang != "en":  # the app starts in English
            kernel.do(lambda name=name: menu.select_option(label=name))
        screenshot(page, f"pages-voila-{lang}")
        if violations := axe_violations(page, ".bibi-play-app"):
            found[f"{lang} axe"] = violations
        if cut := root.evaluate(_CUT_LABELS_JS):
            found[f"{lang} labels"] = cut
    assert found == {}, found
