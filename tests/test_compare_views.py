"""Issue 16: Russian beside Italian on one pack, where every point comes from, and the explorer's numbering.

Headless: the views are driven through their widgets and checked against the engine and the play layer."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

ipywidgets = pytest.importorskip(
    "ipywidgets", reason="ipywidgets is not installed: pip install 'bibi-kit[notebooks]' (make test installs it)")

from bibi import render  # noqa: E402  (after the skip: the views need ipywidgets)
from bibi import widgets as views  # noqa: E402
from bibi.deal import Deal  # noqa: E402
from bibi.i18n import language  # noqa: E402
from bibi.parting import compare_lines  # noqa: E402
from bibi.play import bots_rng, lockstep, play_seeded  # noqa: E402
from bibi.rules import ITALIAN, RUSSIAN, call_said, parse_rules  # noqa: E402
from bibi.tables import score_lines  # noqa: E402

pytestmark = pytest.mark.widgets


def no_errors(view) -> None:
    assert view.errors.outputs == (), view.errors.outputs[0]["text"] if view.errors.outputs else ""


# -- the parting point, decided by the engine ---------------------------------------------------------------


def here(deal: Deal):
    return (deal.to_act, deal.legal_actions())


def test_the_left_line_is_the_seeds_deal_and_the_right_the_same_pack():
    lines = compare_lines("ru", "it", 6, seed=1, bots="greedy")
    a, b = lines.a[-1], lines.b[-1]
    assert a.record() == play_seeded("ru", 6, 1, "greedy").record()
    assert (b.deck, b.dealer, b.first_trump) == (a.deck, a.dealer, a.first_trump)
    shared = lines.parting.actions
    assert a.actions[:shared] == b.actions[:shared]
    ru = Deal.new(RUSSIAN, 6, seed=1)
    it = Deal.new(ITALIAN, 6, deck=ru.deck, dealer=ru.dealer, trump=ru.first_trump)
    at_a, at_b = lockstep([ru, it], "greedy", bots_rng(1))
    assert len(at_a.actions) == shared and here(at_a) != here(at_b)
    assert here(lines.a[shared]) == here(at_a) and here(lines.b[shared]) == here(at_b)


@pytest.mark.parametrize("seed", range(1, 9))
@pytest.mark.parametrize("pair", [("ru", "it"), ("it", "ru")])
def test_the_options_blamed_really_make_the_deals_part(pair, seed):
    """Each option named, set back alone, makes the engine agree at the parting point; none of the others does."""
    lines = compare_lines(*pair, 5, seed=seed, bots="greedy")
    p = lines.parting
    assert p.parted and p.options
    for name, va, vb in p.a.rules.diff(p.b.rules):
        agrees = False
        for base, value, target in ((p.b, va, p.a), (p.a, vb, p.b)):
            try:
                rules = dataclasses.replace(base.rules, **{name: value})
                record = base.record() | {"rules": rules.to_json()}
                agrees = agrees or here(Deal.replay(record)) == here(target)
            except ValueError:
                pass
        assert agrees == (name in p.options), name


@pytest.mark.parametrize("label, option", [
    ("ru:follow=follow_or_trump", "follow"), ("ru:draw=after_trick", "draw"), ("it:follow=must_follow", "follow"),
    ("it:draw=after_each_card", "draw"),
])
def test_one_option_changed_is_the_one_blamed(label, option):
    for seed in range(1, 6):
        lines = compare_lines("ru" if label.startswith("ru") else "it", label, 6, seed=seed, bots="random")
        p = lines.parting
        assert p.options == (option,) and p.differing == (option,)


def test_the_same_rules_never_part():
    lines = compare_lines("ru", "en", 4, seed=3, bots="greedy")
    assert not lines.parting.parted and lines.a[-1].actions == lines.b[-1].actions
    assert "never part" in render.parting_html(lines.parting, labels=("russian", "english"), style=False)


# -- the rules panel: Russian vs Italian in one click, stepped together --------------------------------------


def test_russian_vs_italian_is_one_click_and_marks_the_first_divergence():
    panel = views.RulesPanel("russian", 6, seed=1, bot="greedy")
    compare = panel.compare
    assert "the same rules on both sides" in panel.message.value and not compare.parting.parted
    panel.pair_buttons[("russian", "italian")].click()
    assert panel.baseline is RUSSIAN and panel.rules is ITALIAN
    explained = compare.explanation.value
    assert "Because of <b>Following</b> (<code>follow</code>): italian I7 vs russian R13" in explained
    assert "under russian 7♠ is illegal: must follow suit ♥" in explained  # the engine's own reason
    # The same pack as the notebook's comparison: the Russian seed's deck, dealer and first trump.
    ru = Deal.new(RUSSIAN, 6, seed=1)
    assert panel.deal.deck == ru.deck and panel.deal.dealer == ru.dealer and panel.deal.first_trump == ru.first_trump
    assert panel.base_deal.record() == play_seeded("ru", 6, 1, "greedy").record()
    # Step both deals together: two columns, which differ once the deals have parted.
    assert compare.positions == (0, 0) and compare.left.value.count('class="bibi-table"') == 1
    compare.next_button.click()
    a, b = compare.deal_a, compare.deal_b
    assert len(a.tricks) == len(b.tricks) == 1 and a.rules == RUSSIAN and b.rules == ITALIAN
    assert a.tricks[0] != b.tricks[0] and compare.left.value != compare.right.value
    assert "parted" in compare.left.value and "russian" in compare.left.value and "italian" in compare.right.value
    compare.next_button.click()
    assert len(compare.deal_a.tricks) == 2 == len(compare.deal_b.tricks)
    compare.parting_button.click()
    shared = compare.parting.actions
    assert compare.positions == (shared, shared) and "where the deals part" in compare.right.value
    assert compare.deal_a.actions == compare.deal_b.actions
    compare.back_button.click()
    assert compare.positions == (0, 0)
    compare.end_button.click()
    assert compare.deal_a.is_over and compare.deal_b.is_over and compare.next_button.disabled
    no_errors(panel)


def test_each_side_calls_its_scores_final_once_its_deal_is_over():
    view = views.CompareView("russian", "italian", 4, seed=3)
    assert "scores so far: " in view.left.value and "final scores" not in view.left.value
    view.end_button.click()
    for side in (view.left, view.right):
        assert "final scores: " in side.value and "scores so far" not in side.value
    panel = views.RulesPanel("russian", 4, seed=3, other="italian")
    panel.compare.end_button.click()
    assert "final scores: " in panel.compare.right.value and "final scores: " in panel.picture_html()


def test_the_boxes_take_any_two_labels():
    panel = views.RulesPanel("ru", 4, seed=2, bot="random")
    panel.right_box.value = "it:follow=must_follow"
    assert panel.rules == parse_rules("it:follow=must_follow") and panel.controls["follow"].value == "must_follow"
    assert "follow" not in panel.compare.parting.differing
    panel.left_box.value = "ru:draw=after_trick"
    assert panel.baseline.draw.value == "after_trick" and panel.left_box.value == "russian:draw=after_trick"
    no_errors(panel)


def snapshot(panel):
    compare = panel.compare
    return (panel.rules, panel.baseline, panel.deal.record(), panel.base_deal.record(),
            {k: c.value for k, c in panel.controls.items()}, panel.left_box.value, panel.right_box.value,
            panel.seed_box.value, panel.players_box.value, panel.message.value, compare.explanation.value,
            compare.left.value, compare.right.value, compare.positions)


@pytest.mark.parametrize("where, change", [
    ("max_players", lambda p: setattr(p.controls["max_players"], "value", 4)),  # as a person types or picks it
    ("hand_size", lambda p: setattr(p.controls["hand_size"], "value", 25)),
    ("first_trump", lambda p: setattr(p.controls["first_trump"], "value", "dealer_card")),
    ("card_points", lambda p: setattr(p.controls["card_points"], "value", "2:x")),
    ("decks", None),  # one pack at 8 players (one pack deals seven hands at most): reached below
    ("right", lambda p: setattr(p.right_box, "value", "it:follow=sideways")),
    ("left", lambda p: setattr(p.left_box, "value", "klingon")),
    ("players", None),  # 9 players once max_players is 7: reached below
])
def test_a_refused_change_leaves_everything_as_it_was(where, change):
    panel = views.RulesPanel("russian", 6, seed=1, bot="greedy", other="italian")
    panel.compare.next_button.click()
    if where == "players":  # 9 players with max_players 7 is refused; reach that state first
        panel.set_option("max_players", 7)
        before = snapshot(panel)
        panel.players_box.value = 9
    elif where == "decks":  # at 8 players one pack is refused (it deals seven hands at most)
        panel.players_box.value = 8
        before = snapshot(panel)
        panel.controls["decks"].value = 1
    else:
        before = snapshot(panel)
        change(panel)
    assert snapshot(panel) == before
    errors = {**panel.control_errors, **panel.field_errors}
    assert errors[where].value and "⚠" in errors[where].value, where
    assert [k for k, html in errors.items() if html.value] == [where]
    # The next change that is made clears the error and a new seed shows the rules' values, not the refused one.
    panel.seed_box.value = 2
    assert not errors[where].value and panel.controls["hand_size"].value == panel.rules.hand_size == 7
    no_errors(panel)


# -- the score inspector shows the cards ---------------------------------------------------------------------


@pytest.mark.parametrize("rules, players, seed", [("ru", 4, 2), ("it", 6, 3), ("en", 5, 7)])
def test_inspector_rows_list_the_scoring_cards_and_add_up(rules, players, seed):
    deal = play_seeded(rules, players, seed, "greedy")
    inspector = views.ScoreInspector(deal)
    lines = inspector.lines
    assert lines == score_lines(deal)
    points = deal.rules.card_points
    per_seat = [0] * players
    for line, box in zip(lines, inspector.rows.children, strict=True):
        if line.kind == "trick":
            trick = deal.tricks[line.trick]
            assert line.seat == trick.winner and line.points == trick.points
            assert sorted(line.cards) == sorted((c, points[c.rank]) for c in trick.cards if points[c.rank])
        if line.kind == "call":
            assert line.points == deal.rules.bibi_points and [c.rank.char for c, _ in line.cards] == ["K", "Q"]
            assert [p for _, p in line.cards] == [0, 0]  # the pair scores as a pair; its cards count in a trick
        else:
            assert sum(p for _, p in line.cards) == line.points
        if line.kind == "leftovers":
            assert line.seat is None and line.points == deal.leftover_points
            assert sorted(line.cards) == sorted((c, points[c.rank]) for c in deal.leftovers if points[c.rank])
        if line.seat is not None:
            per_seat[line.seat] += line.points
        button, html = box.children
        if line.kind == "call":  # named as the rules have the caller say it (bip bip under the Italian rules)
            assert button.description == line.label.replace("Bi-bi", call_said(deal.rules))
        else:
            assert button.description == line.label
        for card, _ in line.cards:
            assert f'aria-label="{card.name}"' in html.value
    assert per_seat == list(deal.scores)
    assert sum(line.points for line in lines) == deal.rules.total_points() + 50 * len(deal.calls)
    assert "✓" in inspector.check.value and "✗" not in inspector.check.value
    assert inspector.refresh_button.layout.display == "none"  # a finished deal has nothing to refresh
    no_errors(inspector)


def test_inspector_one_call_and_a_live_deal():
    deal = Deal.new("russian", 4, seed=2)
    inspector = views.ScoreInspector(deal)
    assert inspector.refresh_button.layout.display != "none"
    rng = random.Random(0)
    while not deal.calls:
        deal.apply(rng.choice(deal.legal_actions()))
    inspector.refresh_button.click()
    assert "(1 call)" in inspector.check.value and "1 calls" not in inspector.check.value
    assert inspector.lines[-1].kind == "out"
    assert "1 call<" in render.score_sheet_html(deal, style=False)
    no_errors(inspector)


def test_a_click_on_a_row_shows_its_trick_in_the_linked_explorer():
    explorer = views.DealExplorer("italian", 5, seed=4)
    inspector = views.ScoreInspector(explorer.final, explorer=explorer)
    rows = [i for i, line in enumerate(inspector.lines) if line.kind == "trick"]
    inspector.rows.children[rows[6]].children[0].click()
    trick = explorer.final.tricks[6]
    assert len(explorer.deal.tricks) == 7 and explorer.deal.tricks[-1] == trick
    assert inspector.rows.children[rows[6]].children[0].button_style == "primary"
    assert "Trick 7" in inspector.trick_view.value and trick.cards[0].name in inspector.trick_view.value
    leftovers = next(i for i, line in enumerate(inspector.lines) if line.kind == "leftovers")
    inspector.show_line(leftovers)
    assert "nobody wins them" in inspector.trick_view.value
    other = views.ScoreInspector(play_seeded("it", 5, 5, "random"), explorer=explorer)
    at = explorer.position
    other.rows.children[0].children[0].click()
    assert "another deal" in other.message.value and explorer.position == at
    no_errors(inspector)
    no_errors(other)


def test_a_game_sheet_has_a_button_per_deal():
    from bibi.game import Game

    game = Game.new("russian", players=3, seed=7).play("greedy")
    inspector = views.ScoreInspector(game)
    buttons = [b for b in inspector.deal_buttons.children if isinstance(b, ipywidgets.Button)]
    assert len(buttons) == len(game.deals)
    buttons[0].click()
    assert inspector.deal is game.deals[0] and inspector.lines == score_lines(game.deals[0])
    no_errors(inspector)


# -- the explorer: one numbering, no stale message, distinct marks ------------------------------------------


def test_explorer_numbers_events_by_action():
    explorer = views.DealExplorer("russian", 3, seed=5)
    explorer.go(explorer.length)
    log = explorer.event_log.value
    assert f'<span class="bibi-evn">{explorer.length}</span>' in log  # the newest line bears the slider's count
    assert explorer.length >= 100 and "bibi-evn" in log and "<ol" not in log
    explorer.go(40)
    numbers = [int(n) for n in __import__("re").findall(r'class="bibi-evn">(\d+)<', explorer.event_log.value)]
    assert numbers[0] == 40 and numbers == sorted(numbers, reverse=True)
    assert render.event_actions([len(s.events) for s in explorer._states[:41]])[-1] == 40


def test_explorer_clears_a_click_message_on_a_new_deal():
    explorer = views.DealExplorer("russian", 4, seed=3)
    explorer.go(1)
    card = next(c for c in explorer.deal.hand(explorer.deal.to_act) if explorer.deal.why_illegal(c) is None)
    explorer.choose(card)
    assert "the bot plays on from here" in explorer.reason.value
    explorer.seed_box.value = 4
    explorer.deal_button.click()
    assert explorer.reason.value == ""
    explorer.choose(next(c for c in explorer.deal.hand(explorer.deal.to_act)))
    explorer.players_box.value = 5
    explorer.deal_button.click()
    assert explorer.reason.value == ""


def test_winning_and_laid_down_marks_differ_and_have_a_legend():
    explorer = views.DealExplorer("russian", 4, seed=3)
    legend = explorer.legend.value
    assert "bibi-win" in legend and "bibi-laid" in legend and "winning the trick" in legend
    css = render.CSS
    win = css[css.index(".bibi-card.bibi-win{"):].split("}")[0]
    laid = css[css.index(".bibi-card.bibi-laid{"):].split("}")[0]
    assert win.split("{")[1] != laid.split("{")[1] and "#d49a00" not in win


# -- bad sizes are refused, not clamped -------------------------------------------------------------------


@pytest.mark.parametrize("players, error", [(50, ValueError), (0, ValueError), (1, ValueError), (13, ValueError),
                                            (3.9, TypeError), (True, TypeError), ("4", TypeError)])
def test_views_refuse_bad_sizes(players, error):
    for make in (lambda: views.DealExplorer("ru", players),
                 lambda: views.RulesPanel("ru", players),
                 lambda: views.CompareView("ru", "it", players)):
        with pytest.raises(error, match="players"):
            make()


def test_views_refuse_other_bad_arguments():
    with pytest.raises(TypeError, match="seed"):
        views.DealExplorer("ru", 4, seed=1.5)
    with pytest.raises(ValueError, match="seat"):
        views.DealExplorer("ru", 4, seat=4)
    with pytest.raises(TypeError, match="deal_or_game"):
        views.ScoreInspector("ru")
    with pytest.raises(ValueError, match="players"):
        views.DealExplorer(dataclasses.replace(RUSSIAN, max_players=4), 5)
    with pytest.raises(ValueError):
        views.RulesPanel("ru", 4, other="it:follow=sideways")
    explorer = views.DealExplorer("ru", 4, seed=1)
    with pytest.raises(ValueError, match="number"):
        explorer.show_trick(99)


@pytest.mark.subprocess
def test_the_parting_module_stays_light():
    import json
    import subprocess
    import sys

    code = "import sys, json, bibi.parting; print(json.dumps(sorted(m.split('.')[0] for m in sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert not {"ipywidgets", "pandas"} & set(json.loads(out.stdout))


def test_a_compare_view_on_its_own_names_the_one_option_changed():
    view = views.CompareView("ru", "ru:draw=after_trick", 4, seed=3, bot="random")
    assert "bibi-compare-view" in view._dom_classes and view.parting.options == ("draw",)
    assert "Because of <b>Drawing</b> (<code>draw</code>)" in view.explanation.value
    assert "I9" in view.explanation.value and "R15" in view.explanation.value
    before = view.positions
    with pytest.raises(ValueError, match="players"):
        view.set("ru", "ru:max_players=3", 4, 3)
    assert view.positions == before and view.rules_b.draw.value == "after_trick"  # refused: nothing changed
    view.to_parting()
    assert view.deal_a.actions == view.deal_b.actions and here(view.deal_a) != here(view.deal_b)
    no_errors(view)


# -- the pack never depends on which rules come first (rules §2, "Conventions no text states") -------------------


def start(deal: Deal) -> tuple:
    return (deal.deck, deal.dealer, deal.first_trump)


FLIPS = [("ru", "it"), ("it", "ru:follow=follow_or_trump"), ("en", "it:draw=after_each_card"),
         ("ru:first_trump=cut", "it")]


@pytest.mark.parametrize("a, b", FLIPS)
@pytest.mark.parametrize("seed", [1, 2, 7])
def test_flipping_a_compare_view_deals_the_same_pack(a, b, seed):
    ab, ba = views.CompareView(a, b, 6, seed=seed), views.CompareView(b, a, 6, seed=seed)
    assert start(ab.lines.a[0]) == start(ab.lines.b[0]) == start(ba.lines.a[0]) == start(ba.lines.b[0])
    # With the same seed the bots' stream is the same, so the lines are each other's mirror image.
    assert [d.record() for d in ab.lines.a] == [d.record() for d in ba.lines.b]
    assert [d.record() for d in ab.lines.b] == [d.record() for d in ba.lines.a]
    assert ab.parting.actions == ba.parting.actions and ab.parting.options == ba.parting.options
    no_errors(ab)
    no_errors(ba)


def test_italian_vs_russian_deals_the_russian_seeds_pack():
    """With seed 1 the Russian high-card draw makes seat 3 the dealer; the Italian deal of the seed has seat 1.
    Where the two find the first dealer differently the comparison draws high cards, on either side."""
    ru, it = Deal.new(RUSSIAN, 6, seed=1), Deal.new(ITALIAN, 6, seed=1)
    assert (ru.dealer, it.dealer) == (3, 1)
    for a, b in (("russian", "italian"), ("italian", "russian")):
        lines = compare_lines(a, b, 6, seed=1, bots="greedy")
        assert start(lines.a[0]) == start(lines.b[0]) == start(ru)
    flipped = compare_lines("it", "ru", 6, seed=1, bots="greedy")
    assert flipped.b[-1].record() == play_seeded("ru", 6, 1, "greedy").record()


def test_rules_that_deal_alike_keep_their_own_set_up():
    """Two Italian variants both pick the first dealer at random and cut: the pack is the Italian seed's."""
    lines = compare_lines("it", "it:follow=must_follow", 5, seed=4, bots="random")
    assert start(lines.a[0]) == start(lines.b[0]) == start(Deal.new(ITALIAN, 5, seed=4))
    assert lines.a[-1].record() == play_seeded("it", 5, 4, "random").record()


def test_the_parting_box_says_once_what_both_sides_do():
    lines = compare_lines("ru", "it", 6, seed=1, bots="greedy")
    assert (lines.parting.a.to_act, lines.parting.b.to_act) == (5, 5)
    box = str(render.parting_html(lines.parting, labels=("russian", "italian"), style=False))
    assert "under both rules seat 5 plays to the trick." in box
    assert "under russian seat 5 plays" not in box and "under italian seat 5 plays" not in box
    # Where the two sides do different things, each is said.
    apart = compare_lines("ru", "it", 6, seed=4, bots="greedy").parting
    box = str(render.parting_html(apart, labels=("russian", "italian"), style=False))
    assert "under russian seat 0 may say Bi-bi or pass" in box and "under italian seat 2 leads" in box


@pytest.mark.parametrize(("lang", "labels", "starts"), [
    ("en", ("russian", "italian"), (". Russian: follow suit", ". Italian: play the suit led")),
    ("ru", ("русские", "итальянские"), (". Русские: следовать масти", ". Итальянские: отвечать")),
    ("it", ("russe", "italiane"), (". Russe: rispondere", ". Italiane: il seme"))])
def test_the_parting_box_starts_each_sides_sentence_with_a_capital(lang, labels, starts):
    """The box's last sentences say what each side's option means, each starting with that side's name: a word
    from elsewhere (``i18n.capitalized``), written with a capital where it starts a sentence."""
    parting = compare_lines("ru", "it", 6, seed=1, bots="greedy").parting
    with language(lang):
        box = re.sub(r"<[^>]*>", "", str(render.parting_html(parting, labels=labels, style=False)))
    assert all(start in box for start in starts), box
    assert f". {labels[0]}:" not in box and f". {labels[1]}:" not in box
