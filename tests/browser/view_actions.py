"""Use the `bibi` widget views as a person would, in any page that shows them (JupyterLab, Voilà, the JupyterLite site).

Each function takes the view's root element (a Playwright ``Locator`` on ``.bibi-deal-explorer`` and so on) and
the page's ``RoundTrips`` (``KernelWatch``, or ``LiteKernelWatch`` in the site); it clicks and types, waits until
the kernel's answer has arrived, and asserts on what the page shows. Nothing reads the kernel's state: only the DOM
a learner sees.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lab_driver import KERNEL_ROUND_TRIP_TIMEOUT, RoundTrips, problems_in
from playwright.sync_api import Locator, expect

ROUND_TRIP = KERNEL_ROUND_TRIP_TIMEOUT
Snap = Callable[[str, Locator], object]  # a screenshot of the moment named, with that element in sight


def no_snap(moment: str, where: Locator) -> None:
    pass


def text(locator: Locator) -> str:
    """The element's text with whitespace collapsed, as Playwright's ``to_have_text`` compares it."""
    return " ".join((locator.text_content() or "").split())


def control_values(view: Locator) -> list[str]:
    """The values of the view's inputs and drop-downs, in page order."""
    return view.locator("input, select").evaluate_all("els => els.map(e => e.value)")


def options_text(panel: Locator) -> str:
    """What the rules panel says about its options (each option's meaning and sentences)."""
    return " | ".join(panel.locator("details").all_text_contents())


def press(view: Locator, kernel: RoundTrips, target: Locator) -> None:
    """Click ``target`` in ``view``, wait for the kernel's answer, and check the view shows no error for it."""
    kernel.click(target)
    problems = problems_in(view)
    assert problems == [], f"after a click on {target}: {problems}"


def change(view: Locator, kernel: RoundTrips, what: str, action) -> None:
    """Change a control of ``view`` (``action`` sends one message), wait for the answer, check for errors."""
    kernel.do(action)
    problems = problems_in(view)
    assert problems == [], f"after {what}: {problems}"


def card_buttons(view: Locator) -> Locator:
    return view.locator("button.bibi-card-button")


def is_reason(tooltip: str | None) -> bool:
    """Whether a card button's tooltip is the engine's reason for refusing it, not "play the ..."."""
    return bool(tooltip) and not tooltip.startswith("play the")


def message(view: Locator, pattern: str) -> Locator:
    """The view's message line: the HTML widget whose text starts with ``pattern``."""
    return view.locator(".widget-html-content").filter(has_text=re.compile(pattern)).first


def choices_cut_short(view: Locator) -> list[str]:
    """The choices of ``view``'s drop-downs wider than the room the drop-down gives its text (its width less its
    padding, where the arrow sits), measured in the drop-down's own font."""
    return view.locator("select").evaluate_all(
        """els => els.filter(el => el.offsetParent !== null).flatMap(el => {
      const style = getComputedStyle(el);
      const pen = document.createElement('canvas').getContext('2d');
      pen.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return [...el.options].map(o => o.text).filter(t => pen.measureText(t).width > room)
        .map(t => `${JSON.stringify(t)}: ${Math.round(pen.measureText(t).width)}px in ${Math.round(room)}px`);
    })"""
    )


# ----------------------------------------------------------------------------------------------- DealExplorer


def step_through_deal(explorer: Locator, kernel: RoundTrips, snap: Snap = no_snap, *, seeded: bool = True) -> None:
    """Step one action, one trick, another trick, back one action, back to the start; then (``seeded``: an
    explorer with its seed box) deal another seed.

    The centre of the table must follow: the trick just finished, who played what and who won it.
    """
    position = explorer.locator(".bibi-position input")
    center = explorer.locator(".bibi-center")
    expect(position).to_have_value("0")
    start = text(center)
    assert choices_cut_short(explorer) == [], "the seat to look from: a choice is cut short"

    press(explorer, kernel, explorer.get_by_title("forward one action", exact=True))
    expect(position).to_have_value("1")

    press(explorer, kernel, explorer.get_by_title("forward one trick", exact=True))
    trick = center.locator(".bibi-trick")
    expect(trick).to_be_visible()
    expect(trick.locator(".bibi-trick-foot")).to_contain_text("wins")
    expect(trick.locator(".bibi-play")).not_to_have_count(0)
    first_trick, at = text(center), int(position.input_value())
    assert first_trick != start and at > 1
    snap("explorer-first-trick", center)

    press(explorer, kernel, explorer.get_by_title("forward one trick", exact=True))
    second_trick = text(center)
    assert second_trick != first_trick, "⏩ again: the centre still shows the same trick"
    assert int(position.input_value()) > at

    press(explorer, kernel, explorer.get_by_title("back one action", exact=True))
    assert text(center) != second_trick, "◀: the centre did not change"

    press(explorer, kernel, explorer.get_by_title("back to the start of the deal", exact=True))
    expect(position).to_have_value("0")
    expect(center).to_have_text(start)
    if not seeded:
        return

    # Another seed deals other hands.
    hands = text(explorer.locator(".bibi-table"))
    seed = explorer.get_by_label("seed", exact=True)
    new_seed = int(seed.input_value()) + 1
    seed.fill(str(new_seed))
    change(explorer, kernel, f"seed {new_seed}", lambda: seed.press("Enter"))
    press(explorer, kernel, explorer.get_by_role("button", name=re.compile(r"Deal$")))
    expect(message(explorer, r"^Deal of seed")).to_contain_text(f"Deal of seed {new_seed}:")
    assert text(explorer.locator(".bibi-table")) != hands, f"seed {new_seed} dealt the same hands"


def explorer_refuses_illegal_card(
    explorer: Locator, kernel: RoundTrips, snap: Snap = no_snap, max_steps: int = 40
) -> str:
    """Step until the seat to act holds a card it may not play and click it: the reason shows and the deal does
    not move. Returns the reason shown."""
    position = explorer.locator(".bibi-position input")
    for _ in range(max_steps):
        buttons = card_buttons(explorer)
        illegal = [i for i, tip in enumerate(buttons.evaluate_all("els => els.map(e => e.title)")) if is_reason(tip)]
        at = position.input_value()
        if illegal:
            card = buttons.nth(illegal[0])
            label = card.inner_text()
            press(explorer, kernel, card)
            reason = explorer.locator(".widget-html-content").filter(has_text=f"{label} is illegal")
            expect(reason).to_be_visible()
            expect(position).to_have_value(at)
            snap("explorer-illegal-card", reason)
            return text(reason)
        press(explorer, kernel, explorer.get_by_title("forward one action", exact=True))
        expect(position).not_to_have_value(at)
    raise AssertionError(f"no illegal card to click in the first {max_steps} actions of the deal")


def explorer_events_at_the_end(explorer: Locator, kernel: RoundTrips, snap: Snap = no_snap) -> None:
    """At the end of the deal the newest event bears the position box's number: one numbering of actions
    everywhere."""
    position = explorer.locator(".bibi-position input")
    press(explorer, kernel, explorer.get_by_title("to the end of the deal", exact=True))
    newest = explorer.locator(".bibi-evline .bibi-evn").first
    expect(newest).to_have_text(position.input_value())
    width = newest.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert width[0] <= width[1], f"the event number {newest.inner_text()} is clipped: {width}"
    expect(explorer.locator(".bibi-legend")).to_contain_text("green ring")
    snap("explorer-events-at-the-end", explorer.locator(".bibi-evlines"))


# ----------------------------------------------------------------------------------------------- RulesPanel


def toggle_rules(panel: Locator, kernel: RoundTrips, snap: Snap = no_snap) -> None:
    """Russian vs Italian in one click, both deals stepped together, the parting point shown with the option to
    blame; a refused option leaves everything as it was with the reason beside the control; Italian vs Russian swaps
    the sides; one option changed by hand; and Russian vs Italian again gives the same comparison."""
    said = message(panel, r"^Seed \d+")
    pair = panel.get_by_role("button", name="Russian vs Italian", exact=True)
    heads = panel.locator(".bibi-side-head")
    explanation = panel.locator(".bibi-parting").first
    press(panel, kernel, pair)
    expect(said).to_contain_text("russian (left) vs italian (right)")
    expect(pair).to_have_class(re.compile(r"\bmod-primary\b"))
    expect(heads).to_have_count(2)
    expect(heads.nth(0)).to_contain_text("russian · after 0 actions")
    expect(heads.nth(1)).to_contain_text("italian · after 0 actions")
    expect(explanation).to_contain_text("The deals part after")
    expect(explanation).to_contain_text("Because of")
    compared, values = text(explanation), control_values(panel)
    snap("rules-russian-vs-italian", panel)

    # Both deals one trick on, then a second: the two columns show their own tricks.
    centres = panel.locator(".bibi-compare-view .bibi-center")
    press(panel, kernel, panel.get_by_title("both deals forward one trick", exact=True))
    press(panel, kernel, panel.get_by_title("both deals forward one trick", exact=True))
    expect(heads.nth(0)).not_to_contain_text("after 0 actions")
    assert text(centres.nth(0)) != text(centres.nth(1)), "after two tricks both columns show the same table"
    snap("rules-two-tricks-on", heads.nth(0))
    press(panel, kernel, panel.get_by_title("both deals at the point where they first part", exact=True))
    expect(heads.nth(0)).to_contain_text("where the deals part")
    expect(heads.nth(1)).to_contain_text("where the deals part")
    snap("rules-where-they-part", explanation)

    # A refused option: nothing changes, the control shows the rules' value again, the reason is next to it.
    most = panel.get_by_label("Most players", exact=True)
    before = text(said), text(explanation), text(heads.nth(0)), text(heads.nth(1))
    most.fill("4")
    change(panel, kernel, "Most players = 4", lambda: most.press("Enter"))
    error = panel.locator(".bibi-field-error")
    expect(error).to_have_count(1)
    expect(error).to_contain_text("players: 6 is outside 2…4")
    expect(most).to_have_value("12")
    assert (text(said), text(explanation), text(heads.nth(0)), text(heads.nth(1))) == before
    box = error.evaluate("e => e.getBoundingClientRect().top") - most.evaluate("e => e.getBoundingClientRect().top")
    assert 0 < box < 80, f"the error shows {box}px below its control, not next to it"
    snap("rules-refused-change", most)

    # The other way round, then one option changed by hand on the right.
    press(panel, kernel, panel.get_by_role("button", name="Italian vs Russian", exact=True))
    expect(said).to_contain_text("italian (left) vs russian (right)")
    expect(heads.nth(0)).to_contain_text("italian")
    expect(error).to_have_count(0)
    follow = panel.get_by_label("Following", exact=True)
    options = follow.locator("option").evaluate_all("options => options.map(o => o.value)")
    other = next(v for v in options if v != follow.input_value())
    change(panel, kernel, f"Following = {other}", lambda: follow.select_option(other))
    # The menu shows each value as the language says it; the message names the rules by their label (notation).
    expect(said).to_contain_text(re.compile(r"russian:follow=[a-z_]+ \(right\)"))
    assert follow.input_value() == other
    snap("rules-one-option-changed", said)

    press(panel, kernel, pair)
    expect(explanation).to_have_text(compared)
    assert control_values(panel) == values


# ----------------------------------------------------------------------------------------------- PlayTable


def said(table: Locator) -> Locator:
    """The play table's message line (a live region for screen readers)."""
    return table.locator('[role="status"]').first


def play_deal(table: Locator, kernel: RoundTrips, snap: Snap = no_snap, turns: int | None = None,
              max_turns: int = 200) -> list[str]:
    """Play the deal by clicking as a learner would (the whole deal, or ``turns`` of the person's turns):

    - a hint once: the strongest bot's suggestion shows;
    - a faded (illegal) card once: the engine's reason shows in the message line and nothing moves;
    - a legal card (the first) at every turn, passing on a Bi-bi; the log shows the card clicked; the second card
      is played from the keyboard (focus, Enter); after the first, "Why seat N?" gives that bot's reason;
    - when the first trick is complete and the next has started, the completed trick is still on the table with
      its winner, its points and the rule, beside the new one (screenshot); then Undo takes the last move back
      (the log as it was; screenshot) and the same card is played again.

    Returns the cards played.
    """
    line, events, center = said(table), table.locator(".bibi-events"), table.locator(".bibi-center")
    seat = re.search(r"seat (\d+)", text(table.locator(".widget-html-content", has_text="Your cards"))).group(1)
    played: list[str] = []
    refused = hinted = undone = False
    for _ in range(max_turns):
        if text(line).startswith("Deal over") or (turns is not None and len(played) >= turns and undone):
            break
        if not hinted:
            press(table, kernel, table.get_by_role("button", name=re.compile(r"Hint$")))
            expect(table.locator(".widget-html-content", has_text="Hint (")).to_be_visible()
            hinted = True
        passing = table.locator("button.bibi-action-button", has_text="pass")
        if passing.count():
            before = text(events)
            press(table, kernel, passing)
            expect(events).not_to_have_text(before)
            continue
        illegal = table.locator("button.bibi-card-button.bibi-illegal")
        if not refused and illegal.count():
            before, card = text(events), illegal.first.inner_text().split()[0]
            press(table, kernel, illegal.first)
            expect(line).to_contain_text(f"{card} cannot be played now: ")
            assert text(events) == before, f"the refused {card} moved the deal"
            snap("play-table-refused-card", table.locator(".bibi-center"))
            refused = True
        legal = table.locator("button.bibi-card-button:not(.bibi-illegal)")
        if not legal.count():  # a switch or a call is all there is
            press(table, kernel, table.locator("button.bibi-action-button").first)
            continue
        before, card = text(events), legal.first.inner_text().split()[0]
        if len(played) == 1:  # once from the keyboard: the card button focused, then Enter
            target = legal.first
            target.focus()
            change(table, kernel, f"Enter on {card}", lambda target=target: target.press("Enter"))
        else:
            press(table, kernel, legal.first)
        expect(events).not_to_have_text(before)
        mine = re.findall(rf"\bseat {seat} plays (\S+)", events.inner_text())  # newest first
        assert mine and mine[0] == card, f"clicked {card}; the log says {mine[:1]}"
        played.append(card)
        if len(played) == 1:  # why did a bot play that? its reason, from the view it had
            why = table.get_by_role("button", name=re.compile(r"^Why seat \d+\?$")).first
            asked = re.search(r"\d+", why.inner_text()).group(0)
            press(table, kernel, why)
            told = table.locator(".widget-html-content", has_text=f"Seat {asked} (")
            expect(told).to_be_visible()
            expect(told).to_contain_text("told when the deal is over")  # the present tense: nothing of its hand
            snap("play-table-why", told)
        won = re.findall(r"seat (\d+) wins the trick \((\d+) points\)", events.inner_text())
        if won and not undone and not text(line).startswith("Deal over"):
            winner, points = won[-1]  # the first trick's (the log is newest first)
            last = center.locator(".bibi-last")
            expect(last).to_contain_text("Trick 1 (just played)")
            expect(last.locator(".bibi-trick-foot")).to_contain_text(re.compile(
                rf"seat {winner}( \(you\))? wins, {points} points(: (second|first) of two identical cards wins"
                r"|\s*why\?\s*(highest trump|highest card of the suit led))"))  # the everyday rule a click away
            expect(last.locator(".bibi-card.bibi-win")).not_to_have_count(0)
            expect(center).to_contain_text("This trick")
            snap("play-table-first-trick", table.locator(".bibi-table"))
            press(table, kernel, table.get_by_role("button", name=re.compile(r"Undo$")))
            expect(line).to_contain_text("Taken back: your move again")
            expect(events).to_have_text(before)
            snap("play-table-after-undo", table.locator(".bibi-table"))
            undone = True
            played.pop()
    assert not re.search(rf"seat (?!{seat}\b)\d+ (draws [^a]|passes)", events.inner_text()), "another seat's secret"
    if turns is None:
        expect(line).to_contain_text("Deal over")
        press(table, kernel, table.get_by_role("button", name=re.compile(r"Review$")))
        review = table.locator(".bibi-review")
        expect(review).to_contain_text("Review of the deal")
        expect(review.locator("tbody tr")).not_to_have_count(0)
        snap("play-table-review", review)
    assert refused, f"no card was refused in {len(played)} turns"
    assert undone, f"the first trick never completed in {len(played)} turns"
    return played


_WATCH_PROGRESS_JS = """el => {
  el.__bibiProgress = [];
  const seen = () => {
    for (const bar of el.querySelectorAll('.widget-hprogress')) {
      if (bar.offsetParent === null) continue;  // hidden: not weighing
      const fill = bar.querySelector('.progress-bar');
      if (fill) el.__bibiProgress.push(fill.style.width || '0%');
    }
  };
  new MutationObserver(seen).observe(el, {subtree: true, attributes: true, childList: true});
}"""


def review_and_try_again(table: Locator, kernel: RoundTrips, snap: Snap = no_snap,
                         timeout_ms: int = ROUND_TRIP) -> None:
    """Once the deal is over, as a learner would: **Review your moves** (a progress bar shows while the kernel
    weighs), the review with its picture of the expected score and its table; then **Try again from here** on the
    decision picked (the costliest): the message line says where the table went back to, another move there is
    valued against the one made, and the deal plays on."""
    line = said(table)
    table.evaluate(_WATCH_PROGRESS_JS)
    since = kernel.idle
    table.get_by_role("button", name=re.compile(r"Review your moves$")).click()
    kernel.settled(since, timeout_ms)  # the analysis of a whole deal: seconds, more in the browser's own Python
    assert problems_in(table) == []
    review = table.locator(".bibi-coach")
    expect(review).to_contain_text(re.compile(r"Review of your moves \(seat \d+\)"))
    expect(review.locator("svg.bibi-chart")).to_be_visible()
    expect(review.locator("table.bibi-sheet tbody tr")).not_to_have_count(0)
    seen = table.evaluate("el => el.__bibiProgress")
    assert seen and any(width not in ("", "0%") for width in seen), f"no progress shown while weighing: {seen}"
    snap("play-table-review-of-your-moves", review)
    picked = table.locator(".bibi-again-pick select")
    chosen = " ".join(picked.evaluate("s => s.options[s.selectedIndex].text").split())  # ipywidgets: no-break spaces
    found = re.match(r"trick (\d+): (.+?), ", chosen)
    assert found, f"the decision picked reads {chosen!r}"
    trick, card = found.groups()
    press(table, kernel, table.get_by_role("button", name=re.compile(r"Try again from here$")))
    expect(line).to_contain_text(f"Back at trick {trick}: you played {card} here")
    snap("play-table-back-at-a-decision", table.locator(".bibi-table"))
    others = table.locator("button.bibi-card-button:not(.bibi-illegal)").filter(
        has_not_text=re.compile(rf"^{re.escape(card)} "))
    target = others.first if others.count() else table.locator("button.bibi-action-button").filter(
        has_not_text=card).first
    press(table, kernel, target)
    expect(line).to_contain_text(re.compile(
        rf"^Tried again: \S+( \S)?: [\d.]+ points on average; your move {re.escape(card)}: [\d.]+ \([+-][\d.]+ for "))
    snap("play-table-tried-again", line)


# ----------------------------------------------------------------------------------------------- ScoreInspector


def inspect_scores(inspector: Locator, kernel: RoundTrips, snap: Snap = no_snap) -> None:
    """The card points add up to the pack's; for a game, another deal can be picked and its sheet shows."""
    check = inspector.locator(".bibi-check", has_text="card points").first
    expect(check).to_contain_text("✓")
    expect(check).not_to_have_class(re.compile(r"\bbibi-bad\b"))
    sheet = inspector.locator("table.bibi-sheet").last
    expect(sheet).to_contain_text("total")
    deals = inspector.locator("select")
    if deals.count() and deals.locator("option").count() > 1:
        before, shown = text(sheet), deals.input_value()
        other = next(v for v in deals.locator("option").evaluate_all("os => os.map(o => o.value)") if v != shown)
        change(inspector, kernel, f"deal {other}", lambda: deals.select_option(other))
        assert text(sheet) != before, "another deal picked, the same sheet shown"
        expect(check).to_contain_text("✓")
        snap("scores-another-deal", deals)
    refresh = inspector.get_by_role("button", name=re.compile(r"Refresh$"))
    if refresh.is_visible():  # only while the deal is being played
        press(inspector, kernel, refresh)
        expect(check).to_contain_text("✓")
    # A row per line of the score, with the cards that scored; a click shows that trick.
    expect(inspector.locator(".bibi-check", has_text="all lines").first).to_contain_text("✓")
    row = inspector.get_by_role("button", name="trick 2", exact=True)
    press(inspector, kernel, row)
    shown = inspector.locator(".bibi-parting", has_text="Trick 2")
    expect(shown).to_be_visible()
    expect(shown.locator(".bibi-card.bibi-win")).to_have_count(1)
    snap("scores-trick-2", shown)
