"""`make app`: the play table and the deal explorer as a Voilà app, used in chromium."""

from lab_driver import (
    WIDGET_TIMEOUT,
    open_app,
    overflowing,
    problems_in_page,
    screenshot,
    widget_counts,
)
from playwright.sync_api import Locator, expect
from view_actions import play_deal, step_through_deal


def test_app_plays_a_whole_deal_and_the_explorer_replays_it(app, page, kernel, console_log):
    app, table = open_app(page, app.url)
    assert problems_in_page(page) == []
    counts = widget_counts(page)
    assert counts["placeholders"] == 0 and counts["error_views"] == 0, counts
    expect(page.get_by_role("heading", name="Bi-bi! at the table")).to_be_visible()
    expect(page.locator(".bibi-banner")).to_be_hidden()  # the widgets are live: no "Run All" banner
    expect(table.locator("button.bibi-card-button")).not_to_have_count(0)
    expect(app.locator(".widget-html-content", has_text="the explorer replays it here")).to_be_visible()
    screenshot(page, "voila-app-top")

    def snap(moment: str, where: Locator) -> None:
        where.evaluate("el => el.scrollIntoView({block: 'start'})")
        screenshot(page, f"voila-app-{moment}")

    played = play_deal(table, kernel, snap=snap)  # the whole first deal of the game
    # The explorer now replays YOUR deal: at its end, the same scores as the table's.
    explorer = app.locator(".bibi-deal-explorer")
    expect(explorer).to_be_visible(timeout=WIDGET_TIMEOUT)
    expect(app.locator(".widget-html-content", has_text="Deal 1 of your game, as you played it")).to_be_visible()
    kernel.click(explorer.get_by_title("to the end of the deal", exact=True))
    feet = "els => els.map(e => [e.closest('[data-seat]').dataset.seat, e.innerText]).sort().join('|')"
    assert (explorer.locator(".bibi-seat-foot").evaluate_all(feet)
            == table.locator(".bibi-seat-foot").evaluate_all(feet)), "the explorer shows another deal"
    snap("explorer-your-deal", explorer)
    kernel.click(explorer.get_by_title("back to the start of the deal", exact=True))
    step_through_deal(explorer, kernel, snap, seeded=False)  # a deal of your game: no seed box of its own
    expect(explorer.locator(".widget-html-content", has_text="Deal 1 of your game: ")).to_be_visible()
    seed_boxes = "els => els.filter(e => e.offsetParent !== null && /^seed$/.test(e.textContent.trim())).length"
    assert app.locator(".widget-label").evaluate_all(seed_boxes) == 1, "one seed box in the app, its own"
    expect(app.locator("select", has=page.locator("option", has_text="deal 1 of your game"))).to_be_visible()
    expect(table.locator('[role="status"]').first).to_contain_text("Press New deal for the next one")
    expect(table.locator(".widget-html-content", has_text="Game (russian rules)")).to_contain_text(
        "Game (russian rules): 1 of 4 deals")

    assert problems_in_page(page) == [], f"after playing {played}"
    assert overflowing(page, [".bibi-play-table", ".bibi-deal-explorer"]) == []
    assert console_log.errors() == []
