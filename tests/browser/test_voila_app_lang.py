"""The Voilà app's language menu, used in chromium: the whole app in Russian, then Italian, the game going on."""

from lab_driver import open_app, problems_in_page, screenshot
from playwright.sync_api import expect


def test_the_language_menu_says_the_app_again_in_russian_and_italian(app, page, kernel, console_log):
    root, table = open_app(page, app.url)
    menu = root.locator("select", has=page.locator("option", has_text="русский"))
    expect(menu).to_be_visible()
    status = table.locator('[role="status"]').first
    expect(status).to_contain_text("Your")

    # A first move in English, then the menu: the same game, said in Russian.
    kernel.click(table.locator("button.bibi-card-button:not(.bibi-illegal)").first)
    events = table.locator(".bibi-events li").count()
    kernel.do(lambda: menu.select_option(label="русский"))
    expect(status).to_contain_text("Ваш")
    expect(root.get_by_role("button", name="Начать игру")).to_be_visible()
    expect(table.get_by_role("button", name="Подсказка")).to_be_visible()
    expect(table.locator(".bibi-center")).to_contain_text("магазин")
    assert table.locator(".bibi-events li").count() == events, "the game goes on as it stood"
    kernel.click(table.get_by_role("button", name="Подсказка"))
    expect(table.locator(".bibi-hint")).to_contain_text("Подсказка")
    table.evaluate("el => el.scrollIntoView({block: 'start'})")
    screenshot(page, "voila-app-ru")

    kernel.do(lambda: menu.select_option(label="italiano"))
    expect(status).to_contain_text("Tocca a te")
    expect(table.locator(".bibi-hint")).to_contain_text("Suggerimento")
    expect(table.locator(".bibi-center")).to_contain_text("tallone")
    kernel.click(table.locator("button.bibi-card-button:not(.bibi-illegal)").first)
    expect(table.locator(".bibi-center")).to_contain_text("Presa")
    table.evaluate("el => el.scrollIntoView({block: 'start'})")
    screenshot(page, "voila-app-it")

    assert problems_in_page(page) == []
    assert console_log.errors() == []
