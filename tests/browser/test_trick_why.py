"""A completed trick at the play table, in Russian, in chromium: its result says who took it and its points, with
no citation when the everyday rule decided it, and the rule with its sentences is one keypress away behind
"почему?" (a <details> disclosure the keyboard reaches)."""

import re

from lab_driver import open_app, problems_in_page, screenshot
from playwright.sync_api import expect


def test_a_trick_s_rule_is_a_keypress_away_at_the_play_table_in_russian(app, page, kernel, console_log):
    root, table = open_app(page, app.url)
    menu = root.locator("select", has=page.locator("option", has_text="русский"))
    kernel.do(lambda: menu.select_option(label="русский"))
    status = table.locator('[role="status"]').first
    expect(status).to_contain_text("Ваш")

    last = table.locator(".bibi-last")
    for _move in range(12):  # the first legal card until a trick is complete and stays in sight
        if last.count() and last.locator("details.bibi-why, span.bibi-why").count():
            break
        kernel.click(table.locator("button.bibi-card-button:not(.bibi-illegal)").first)
    foot = last.locator(".bibi-trick-foot").first
    expect(foot).to_contain_text("берёт")
    disclosure = foot.locator("details.bibi-why")
    if disclosure.count():  # the everyday rule: no sentence id on the result itself
        said = foot.evaluate("el => Array.from(el.childNodes).filter(n => n.nodeName !== 'DETAILS')"
                             ".map(n => n.textContent).join('')")
        assert not re.search(r"\b[RI]\d+\b", said), said
        summary = disclosure.locator("summary")
        expect(summary).to_have_text("почему?")
        rule = disclosure.evaluate("el => el.lastChild.textContent")
        assert re.search(r"\((R4; в тексте не сказано, взято из I8|R14)\)", rule), rule
        summary.focus()  # a keyboard user reaches it with Tab: <summary> takes the focus
        page.keyboard.press("Enter")
        expect(disclosure).to_have_attribute("open", "")
        expect(foot).to_contain_text(rule)
    else:  # two identical cards decided it: the rule and its sentence are on the result
        expect(foot.locator("span.bibi-why")).to_contain_text("R14")
    last.evaluate("el => el.scrollIntoView({block: 'center'})")
    screenshot(page, "play-table-trick-why-ru")
    assert problems_in_page(page) == []
    assert console_log.errors() == []
