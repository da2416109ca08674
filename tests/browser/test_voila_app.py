"""`make app`: the play table and the deal explorer as a Voilà app, used in chromium."""

from lab_driver import (
    WIDGET_TIMEOUT,
    overflowing,
    problems_in_page,
    screenshot,
    wait_widgets_settled,
    widget_counts,
)
from playwright.sync_api import Locator, expect
from view_actions import play_cards, step_through_deal

APP_TIMEOUT = 90_000  # Voilà starts a kernel and runs the notebook before the widgets show


def test_app_shows_the_table_and_the_explorer_and_plays_a_card(app, page, kernel, console_log):
    page.goto(app.url + "/")
    table, explorer = page.locator(".bibi-play-table"), page.locator(".bibi-deal-explorer")
    expect(table).to_be_visible(timeout=APP_TIMEOUT)
    expect(explorer).to_be_visible(timeout=WIDGET_TIMEOUT)
    wait_widgets_settled(page)
    assert problems_in_page(page) == []
    counts = widget_counts(page)
    assert counts["placeholders"] == 0 and counts["error_views"] == 0, counts
    expect(page.get_by_role("heading", name="Bi-bi! at the table")).to_be_visible()
    expect(table.locator("button.bibi-card-button")).not_to_have_count(0)
    screenshot(page, "voila-app-top")

    def snap(moment: str, where: Locator) -> None:
        where.evaluate("el => el.scrollIntoView({block: 'start'})")
        screenshot(page, f"voila-app-{moment}")

    played = play_cards(table, kernel, plays=2, snap=snap)
    step_through_deal(explorer, kernel, snap)

    assert problems_in_page(page) == [], f"after playing {played}"
    assert overflowing(page, [".bibi-play-table", ".bibi-deal-explorer"]) == []
    assert console_log.errors() == []
