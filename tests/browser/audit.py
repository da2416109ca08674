"""The checks every page of the kit passes, in JupyterLab, Voilà and the JupyterLite site alike: axe-core (the engine
behind Lighthouse's and Chrome's accessibility audits) over a view, the text of every button and label measured
against its box, and the play table played by keyboard alone. One home for the rules axe runs and for the measure,
so that every front end is held to the same ones (``test_pages.py``: JupyterLab and Voilà; ``test_site_pages.py``:
the site).
"""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Locator, Page, expect
from view_actions import choices_cut_short

# WCAG 2.0/2.1 levels A and AA: contrast, names of buttons, inputs and selects, lists, ARIA roles and attributes,
# keyboard access to scrolling regions, nested controls.
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
               "resultTypes": ["violations"]}  # fmt: skip


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
# A seat's footer (its points and tricks, "0 очков · 0 взяток") is one line: broken onto two, it is reported too.
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
  for (const el of root.querySelectorAll('.bibi-seat-foot')) {
    if (el.offsetParent === null) continue;
    const range = document.createRange(); range.selectNodeContents(el);
    const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.bottom)));
    const text = range.getBoundingClientRect(), box = el.getBoundingClientRect();
    if (lines.size > 1)
      found.push(`seat footer ${JSON.stringify(el.innerText.trim())} on ${lines.size} lines`);
    if (text.right > box.right + 1 || el.scrollWidth > el.clientWidth + 1)
      found.push(`seat footer ${JSON.stringify(el.innerText.trim())}: ${Math.round(text.width)}px of text`
                 + ` in ${Math.round(box.width)}px`);
  }
  return found;
}"""


def cut_labels(view: Locator) -> list[str]:
    """The buttons and labels of ``view`` whose text runs past its box, its seats' footers not on one line or cut,
    and the choices of its drop-downs wider than the room the drop-down gives them, one line each."""
    return view.evaluate(_CUT_LABELS_JS) + [f"drop-down choice {choice}" for choice in choices_cut_short(view)]


PLAYABLE = "button.bibi-card-button:not(.bibi-illegal):not([disabled])"


def play_by_keyboard(page: Page, table: Locator, timeout_ms: int = 30_000) -> bool:
    """Tab from the hint button to a card the rules allow and press Enter: whether Tab reached one (then the
    table's log has grown by the card, and the bots'; checked here)."""
    events = table.locator(".bibi-events")
    before = events.inner_text()
    expect(table.locator(PLAYABLE).first).to_be_visible()
    # Focus the control before the hand (the hint button) and tab forward until a playable card has the focus.
    table.locator("button:has(.fa-lightbulb-o)").focus()
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("(playable) => document.activeElement.matches(playable)", PLAYABLE):
            break
    else:
        return False
    assert page.evaluate("() => document.activeElement.getBoundingClientRect().width") > 0
    page.keyboard.press("Enter")
    expect(events).not_to_have_text(before, timeout=timeout_ms)
    return True
