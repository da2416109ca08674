"""The widget views, headless: drive them through their widgets (``.value``, ``.click()``) and check
the engine state and the rendered HTML."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from helpers import new_deal

pytest.importorskip(
    "ipywidgets", reason="ipywidgets is not installed: pip install 'bibi-kit[notebooks]' (make test installs it)")

from bibi import widgets as views  # noqa: E402  (after the skip: it needs ipywidgets)
from bibi.deal import Action, Deal  # noqa: E402
from bibi.game import Game  # noqa: E402
from bibi.i18n import reading  # noqa: E402
from bibi.play import play  # noqa: E402
from bibi.render.names import control_value  # noqa: E402
from bibi.rules import ITALIAN, OPTIONS, RUSSIAN, CardPoints  # noqa: E402

pytestmark = pytest.mark.widgets


def no_errors(view) -> None:
    assert view.errors.outputs == (), view.errors.outputs[0]["text"] if view.errors.outputs else ""


def first_bot(view, rng):
    """A deterministic bot: the first legal action."""
    return view.legal_actions[0]


def illegal_spot(explorer) -> tuple[int, Action]:
    """A position where the seat to act holds a card he may not play, and that card."""
    for k in range(explorer.length):
        explorer.go(k)
        deal = explorer.deal
        if deal.phase != "play":
            continue
        for card in deal.hand(deal.to_act):
            if deal.why_illegal(str(card)):
                return k, Action.parse(str(card))
    raise AssertionError("no illegal card anywhere in this deal")


# -- DealExplorer ----------------------------------------------------------------------------


def test_explorer_deals_the_seed_and_plays_it_out():
    ex = views.DealExplorer("russian", 4, seed=3)
    assert "bibi-deal-explorer" in ex._dom_classes
    assert ex.position == 0 and ex.final.is_over and ex.length == len(ex.final.actions)
    assert ex.deal.record()["deck"] == Deal.new(RUSSIAN, 4, seed=3).record()["deck"]
    assert 'class="bibi-table"' in ex.board.value and "Trick 1 of 26" in ex.board.value
    assert ex.start_button.disabled and ex.back_button.disabled and not ex.next_button.disabled
    ex.seed_box.value = 4
    ex.players_box.value = 5
    ex.deal_button.click()
    assert ex.deal.players == 5 and ex.deal.record()["deck"] == Deal.new(RUSSIAN, 5, seed=4).record()["deck"]
    no_errors(ex)


def test_explorer_steps_both_ways_like_a_replay():
    ex = views.DealExplorer("italian", 5, seed=2)
    record = ex.final.record()
    for _ in range(7):
        ex.next_button.click()
    assert ex.position == 7 and ex.position_box.value == 7
    assert ex.deal.events == Deal.replay(record, upto=7).events
    ex.back_button.click()
    assert ex.position == 6 and ex.deal.events == Deal.replay(record, upto=6).events
    ex.end_button.click()
    assert ex.deal.is_over and ex.next_button.disabled and "Deal over" in ex.board.value
    ex.start_button.click()
    assert ex.position == 0
    ex.position_box.value = 12
    assert ex.position == 12
    no_errors(ex)


def test_explorer_steps_a_trick_at_a_time():
    ex = views.DealExplorer("russian", 4, seed=5, bot=first_bot)
    ex.next_trick_button.click()
    assert len(ex.deal.tricks) == 1 and len(ex.final.tricks) > 1
    first_end = ex.position
    assert len(views.DealExplorer("russian", 4, seed=5, bot=first_bot)._states[first_end - 1].tricks) == 0
    ex.next_trick_button.click()
    assert len(ex.deal.tricks) == 2
    ex.back_trick_button.click()
    assert ex.position == first_end
    ex.back_trick_button.click()
    assert ex.position == 0
    no_errors(ex)


def test_explorer_seat_view_hides_the_other_hands():
    ex = views.DealExplorer("russian", 4, seed=1)
    ex.seat_select.value = 2
    html = ex.board.value
    assert 'data-seat="2" style="grid-area:3 / 2"' in html and "face-down card" in html
    assert [b.description for b in ex.hand_row.buttons] == [c.unicode for c in ex.deal.hand(2)]
    ex.seat_select.value = "all"
    assert ex.board.value.count("face-down card") == 2  # the stock's back only (aria-label and title)
    assert [b.description for b in ex.hand_row.buttons] == [c.unicode for c in ex.deal.hand(ex.deal.to_act)]


def test_explorer_seat_view_steps_over_the_others_call_decisions():
    # Seed 4 (Russian, 4 players, the heuristic) has calls and passes: with every hand shown the explorer stops
    # at each of them; in seat 0's view it steps over every other seat's, as the table does for seat 0.
    ex = views.DealExplorer("russian", 4, seed=4, bot="heuristic")
    line = ex._states
    hidden = [i for i, d in enumerate(line) if d.phase == "call" and d.to_act != 0]
    assert hidden, "the line has another seat's call decision to step over"
    ex.seat_select.value = 0
    assert ex.position_box.description == "step" and "as seat 0 sees it" in ex.message.value
    visited = [ex.position]
    while ex.position < ex.length:
        ex.next_button.click()
        visited.append(ex.position)
    assert not set(visited) & set(hidden) and visited == sorted(set(visited))
    assert ex.position_box.max == len(visited) - 1 == ex.position_box.value
    ex.go(hidden[0])  # shown as seat 0 sees it: at the next position it sees
    assert ex.position == min(p for p in visited if p > hidden[0])
    assert "passes" not in ex.event_log.value.replace("seat 0 passes", "")
    ex.seat_select.value = "all"
    assert ex.position_box.description == "action" and ex.position_box.max == ex.length
    ex.go(hidden[0])
    assert ex.position == hidden[0]
    no_errors(ex)


def test_explorer_says_why_a_card_is_illegal():
    ex = views.DealExplorer("russian", 4, seed=8)
    k, card = illegal_spot(ex)
    button = ex.button_for(card)
    assert "must follow suit" in button.tooltip and "bibi-card-button" in button._dom_classes
    button.click()
    assert ex.position == k and "is illegal" in ex.reason.value and "R13" in ex.reason.value
    no_errors(ex)


def test_explorer_plays_a_legal_click_and_the_bot_goes_on():
    ex = views.DealExplorer("russian", 4, seed=8, bot=first_bot)
    deal = ex.deal
    card = deal.legal_actions()[-1]
    ex.button_for(card).click()
    assert ex.position == 1 and ex.deal.actions == (card,)
    assert ex.final.is_over and ex.final.actions[0] is card
    no_errors(ex)


def test_explorer_header_counts_the_line_after_a_card_played_there():
    ex = views.DealExplorer("russian", 4, seed=1)
    assert ex.length == 104 and "Deal of seed 1: 104 actions" in ex.message.value
    ex.button_for("3H").click()  # another first card: the bot plays another deal from there
    assert ex.length == 106 and ex.deal.actions[0] == Action.parse("3H")
    assert "Deal of seed 1: 106 actions" in ex.message.value and "104" not in ex.message.value
    ex.seat_select.value = 2
    ex.go(next(p for p in ex._line() if ex._states[p].to_act == 2 and ex._states[p].phase == "play"))
    ex.button_for(ex.deal.legal_actions()[-1]).click()
    assert ex.message.value.count(f"as seat 2 sees it: {len(ex._line()) - 1} steps") == 1
    no_errors(ex)


def test_explorer_of_a_deal_given_names_it_by_its_title():
    deal = views.DealExplorer("italian", 3, seed=9).final
    ex = views.DealExplorer(deal=deal, title="Deal 2 of your game")
    assert ex.message.value.count("Deal 2 of your game: ") == 1 and "seed" not in ex.message.value
    assert "This deal: " in views.DealExplorer(deal=deal).message.value
    ex.deal_button.click()  # the seed in the box: its own deal, named by its seed
    assert "Deal of seed 1: " in ex.message.value
    with pytest.raises(TypeError, match="^title: expected a text"):
        views.DealExplorer(deal=deal, title=3)
    no_errors(ex)


def test_explorer_starts_from_a_given_deal_and_offers_calls():
    deal = new_deal(RUSSIAN, ["", "KH QH"], players=4)  # seat 1 is dealt a pair: he may call first
    ex = views.DealExplorer(deal=deal, bot=first_bot)
    assert [b.description for b in ex.action_row.buttons] == ["Bi-bi ♥", "pass"]
    assert all("bibi-action-button" in b._dom_classes for b in ex.action_row.buttons)
    ex.button_for("bibi H").click()
    assert ex.deal.calls[0].seat == 1 and "Bi-bi ♥" in ex.board.value
    no_errors(ex)


def explorer_state(ex) -> tuple:
    """Everything an explorer shows and holds, to compare before and after a refused call."""
    return (ex.position, ex.length, ex.final.record(), ex.deal.record(), ex.board.value, ex.event_log.value,
            ex.reason.value, ex.message.value, ex.hand_label.value, ex.position_box.value, ex.position_box.max,
            [b.disabled for b in (ex.start_button, ex.back_trick_button, ex.back_button, ex.next_button,
                                  ex.next_trick_button, ex.end_button)],
            [(b.description, b.disabled) for b in (*ex.hand_row.buttons, *ex.action_row.buttons)], ex.seat)


def test_explorer_refuses_a_position_off_the_line_and_stays_as_it_was():
    ex = views.DealExplorer("russian", 4, seed=3)
    ex.go(5)
    before = explorer_state(ex)
    end = ex.length
    for bad, error, message in [
        (1.5, TypeError, "position: expected a whole number, not 1.5 (float)"),
        (True, TypeError, "position: expected a whole number, not True (bool)"),
        ("3", TypeError, "position: expected a whole number, not '3' (str)"),
        (-1, ValueError, f"position: -1 is outside 0…{end}"),
        (end + 1, ValueError, f"position: {end + 1} is outside 0…{end}"),
        (10**5000, ValueError, f"position: <a whole number of about 5001 digits> is outside 0…{end}"),
    ]:
        with pytest.raises(error, match="^" + message.replace("(", r"\(").replace(")", r"\)") + "$"):
            ex.go(bad)
        assert explorer_state(ex) == before, bad
    for bad, error in [(1.5, TypeError), (True, TypeError), (-1, ValueError), (999, ValueError)]:
        with pytest.raises(error, match="^number: "):
            ex.show_trick(bad)
        assert explorer_state(ex) == before, bad
    ex.go(end)
    assert ex.position == end and type(ex.position) is int and ex.deal.is_over
    no_errors(ex)


def test_explorer_buttons_stay_on_the_line_at_either_end():
    ex = views.DealExplorer("italian", 4, seed=2)
    for button in (ex.back_button, ex.back_trick_button, ex.start_button):  # disabled here, clicked from code
        assert button.disabled
        button.click()
        assert ex.position == 0
    ex.end_button.click()
    for button in (ex.next_button, ex.next_trick_button, ex.end_button):
        assert button.disabled
        button.click()
        assert ex.position == ex.length
    ex.back_button.click()
    assert ex.position == ex.length - 1
    ex.next_button.click()
    assert ex.position == ex.length
    assert "position:" not in ex.message.value and "bibi-error" not in ex.message.value
    no_errors(ex)


# -- RulesPanel ------------------------------------------------------------------------------


def test_rules_panel_replays_the_same_deal_under_changed_rules():
    panel = views.RulesPanel("russian", 4, seed=6, bot=first_bot)
    assert "bibi-rules-panel" in panel._dom_classes
    assert set(panel.controls) == set(OPTIONS)
    assert panel.base_deal.record() == panel.deal.record()
    assert "the same rules on both sides" in panel.message.value
    panel.controls["follow"].value = "follow_or_trump"
    assert panel.rules.follow.value == "follow_or_trump" and panel.baseline is RUSSIAN
    assert panel.deal.deck == panel.base_deal.deck and panel.deal.dealer == panel.base_deal.dealer
    assert panel.deal.first_trump == panel.base_deal.first_trump
    assert panel.right_box.value == "russian:follow=follow_or_trump" and panel.left_box.value == "russian"
    assert "1 option differ: follow" in panel.message.value
    assert "<code>follow</code>" in panel.compare.explanation.value
    assert "(left: <code>must_follow</code>)" in panel.sources["follow"].value
    assert "(left:" not in panel.sources["draw"].value
    no_errors(panel)


def test_rules_panel_presets_set_every_control_of_the_right_side():
    panel = views.RulesPanel("russian", 4, seed=1)
    panel.preset_buttons["italian"].click()
    assert panel.rules == ITALIAN and panel.baseline is RUSSIAN  # the left stays: russian vs italian
    for name, value in ITALIAN.options().items():
        assert panel.controls[name].value == control_value(value), name
    assert panel.preset_buttons["italian"].button_style == "primary"
    assert panel.pair_buttons[("russian", "italian")].button_style == "primary"
    assert "italian: not stated" in panel.sources["decks"].value  # the Italian text names no number of packs
    assert "not stated" not in panel.sources["follow"].value
    no_errors(panel)


def test_rules_panel_shows_the_sentences_of_each_option():
    panel = views.RulesPanel("russian", 4, seed=1)
    follow = panel.sources["follow"].value
    # every sentence of the option, with its id, in the fold under what the value means (which cites its own)
    assert all(f'<span class="bibi-sid">{sid}</span>' in follow for sid in ("R13", "I7"))
    assert "Игрок должен следовать масти" in follow and "Il successivo" in follow
    assert "<details><summary>follow suit if you can; otherwise play any card, trump or not (R13)" in follow
    assert "mistranslation" in panel.sources["trump_change"].value  # R16's note
    panel.choose_preset("italian")
    assert "no effect under trump_change=holder_chooses" in panel.sources["multi_call"].value
    turn_up = panel.sources["turn_up"].value
    assert "six tricks remain" in turn_up and "(I9, I15, I16)" in turn_up
    assert all(f'<span class="bibi-sid">{sid}</span>' in turn_up for sid in ("R24", "R25", "I9", "I15", "I16"))


def test_rules_panel_refuses_impossible_rules_next_to_the_control():
    panel = views.RulesPanel("russian", 4, seed=1)
    before, message = panel.rules, panel.message.value
    panel.controls["first_dealer"].value = "random"  # dealer_card needs the high-card draw (R6)
    assert panel.rules is before and panel.message.value == message
    assert panel.controls["first_dealer"].value == "high_card_draw"
    assert "first_trump" in panel.control_errors["first_dealer"].value
    assert all(not html.value for name, html in panel.control_errors.items() if name != "first_dealer")
    panel.controls["first_trump"].value = "cut"
    panel.controls["first_dealer"].value = "random"
    assert panel.rules.first_dealer.value == "random" and panel.rules.first_trump.value == "cut"
    assert not panel.control_errors["first_dealer"].value  # a change that is made clears the error
    panel.controls["card_points"].value = "2:eleven"
    assert "card_points" in panel.control_errors["card_points"].value
    assert panel.controls["card_points"].value == str(panel.rules.card_points)
    panel.controls["card_points"].value = "2:11 A:10"
    assert panel.rules.total_points() == 4 * 2 * 21
    no_errors(panel)


def test_rules_panel_one_pack_is_not_the_same_deal():
    panel = views.RulesPanel("russian", 4, seed=1)
    panel.set_option("decks", 1)  # R2's twelve becomes what one pack deals: the control follows
    assert panel.rules.max_players == 7 and panel.controls["max_players"].value == 7
    assert len(panel.deal.deck) == 52 and "decks" in panel.compare.explanation.value
    with pytest.raises(ValueError, match="^max_players: 8 hands of 7 need 56 cards.*lower max_players to 7"):
        panel.set_option("max_players", 8)  # 8 × 7 > 52: refused, and the message says how
    assert panel.rules.max_players == 7 and panel.controls["max_players"].value == 7
    assert not panel.control_errors["max_players"].value
    panel.controls["max_players"].value = 8  # typed in the box: refused next to its control
    assert "lower max_players to 7" in panel.control_errors["max_players"].value and panel.rules.max_players == 7
    assert panel.controls["max_players"].value == 7
    no_errors(panel)


def panel_state(panel) -> tuple:
    """Everything a rules panel holds and shows: its rules and deals, every control's value, all its HTML."""
    return (panel.rules, panel.baseline, panel.deal.record(), panel.base_deal.record(), panel.compare.positions,
            {name: control.value for name, control in panel.controls.items()}, panel.left_box.value,
            panel.right_box.value, panel.seed_box.value, panel.players_box.value, panel.picture_html())


def test_set_option_takes_every_value_the_rules_take_as_they_are():
    panel = views.RulesPanel("russian", 4, seed=1)
    for name, value in [("bibi_points", 5000), ("bibi_points", 10_000), ("hand_size", 26), ("card_points", "2:11")]:
        panel.set_option(name, value)  # 5000 was 1000 and 26 the most a hand could be: the boxes' own bounds
        assert panel.rules.options()[name] == (value if name != "card_points" else CardPoints.parse(value))
        assert panel.controls[name].value == control_value(panel.rules.options()[name])
    assert panel.rules.max_players == 4 and panel.controls["max_players"].value == 4  # R2: what 104 cards deal
    assert panel.deal.rules == panel.rules and f"{panel.rules.bibi_points}" in panel.picture_html()
    no_errors(panel)


@pytest.mark.parametrize("name, value, error, message", [
    ("hand_size", 10**9, ValueError, "hand_size: 1000000000 is outside 1…52 (R8)"),
    ("bibi_points", 20_000, ValueError, "bibi_points: 20000 is outside 0…10000 (R16)"),
    ("bibi_points", -1, ValueError, "bibi_points: -1 is outside 0…10000 (R16)"),
    pytest.param("bibi_points", 10**5000, ValueError,
                 "bibi_points: <a whole number of about 5001 digits> is outside 0…10000", id="bibi_points-huge"),
    ("bibi_points", 1.5, TypeError, "bibi_points: 1.5 is refused: expected a whole number"),
    ("decks", 3, ValueError, "decks: 3 is not 1 or 2 (R3)"),
    ("follow", "sideways", ValueError, "follow: 'sideways' is not one of must_follow, follow_or_trump"),
    ("dealt_pairs", "true", TypeError, "dealt_pairs: 'true' is refused: expected True or False"),
    ("card_points", "2:x", ValueError, "card_points: '2:x' is refused: cannot read '2:x'"),
    ("max_players", 3, ValueError, "max_players: 3 is refused: players: 4 is outside 2…3"),
    ("first_trump", "cut", None, None),  # a valid change first: then first_dealer random, dealer_card refused
    ("foo", 1, ValueError, "option: 'foo' is not an option; options are decks, hand_size, max_players, "),
    (5, 1, TypeError, "option: expected an option's name, not 5 (int)"),
])
def test_set_option_refuses_what_the_rules_refuse_and_changes_nothing(name, value, error, message):
    panel = views.RulesPanel("russian", 4, seed=1, other="italian")
    panel.compare.next_button.click()
    panel.players_box.value = 13  # a refusal shown next to its field stays as it was, too
    assert "players: 13 is outside 2…12" in panel.field_errors["players"].value
    if error is None:
        panel.set_option("first_trump", "cut")
        panel.set_option("first_dealer", "random")
        name, value, error = "first_trump", "dealer_card", ValueError
        message = "first_trump: 'dealer_card' takes the suit of the card the dealer drew, so it needs first_dealer"
    before = panel_state(panel)
    with pytest.raises(error, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        panel.set_option(name, value)
    assert panel_state(panel) == before
    no_errors(panel)


def test_a_value_typed_in_a_box_is_the_rules_to_take_or_refuse():
    panel = views.RulesPanel("russian", 4, seed=1)
    panel.controls["bibi_points"].value = 5000  # a bounded box made this 1000
    assert panel.rules.bibi_points == 5000 and panel.controls["bibi_points"].value == 5000
    for name, typed, message in [("bibi_points", 20_000, "bibi_points: 20000 is outside 0…10000 (R16)"),
                                 ("hand_size", 27, "hand_size: 27 is refused: players: 4 is outside 2…3"),
                                 ("hand_size", 0, "hand_size: 0 is outside 1…52 (R8)")]:
        rules = panel.rules
        panel.controls[name].value = typed  # 27 was clamped to 26 in silence
        assert message in panel.control_errors[name].value
        assert panel.rules is rules and panel.controls[name].value == control_value(rules.options()[name])
    panel.players_box.value = 13  # was clamped to 12
    assert "players: 13 is outside 2…12" in panel.field_errors["players"].value and panel.players_box.value == 4
    no_errors(panel)


def test_the_panel_bounds_are_the_rules_bounds():
    """Hand size, packs and players as Rules bound them (a hand of 52, R8), no bound of the panel's own."""
    panel = views.RulesPanel("russian", 2, seed=1)
    panel.controls["hand_size"].value = 52  # two packs deal two hands of 52
    assert panel.rules.hand_size == 52 and panel.rules.max_players == 2 and panel.controls["hand_size"].value == 52
    assert len(panel.deal.hand(0)) + len(panel.deal.hand(1)) == 0 and len(panel.deal.tricks) == 52
    panel.controls["hand_size"].value = 53
    assert "hand_size: 53 is outside 1…52 (R8)" in panel.control_errors["hand_size"].value
    assert isinstance(panel.controls["decks"], type(panel.controls["hand_size"]))  # a box, not a list of values
    panel.controls["decks"].value = 3
    assert "decks: 3 is not 1 or 2 (R3)" in panel.control_errors["decks"].value and panel.rules.decks == 2
    assert panel.controls["decks"].value == 2
    no_errors(panel)


# -- ScoreInspector --------------------------------------------------------------------------


def played(rules, players, seed) -> Deal:
    ex = views.DealExplorer(rules, players, seed=seed)
    return ex.final


def test_score_inspector_adds_up_to_the_pack():
    deal = played("russian", 5, 4)
    inspector = views.ScoreInspector(deal)
    assert "bibi-score-inspector" in inspector._dom_classes
    frame = inspector.frame
    seats = [f"seat {s}" for s in range(5)]
    assert list(frame.loc["total", seats]) == list(deal.scores)
    assert frame.loc["total", "all"] - sum(deal.bonus_points) == RUSSIAN.total_points() == 264
    assert frame.loc["leftovers", "nobody"] == sum(RUSSIAN.card_points[c.rank] for c in deal.leftovers)
    tricks = [i for i in frame.index if i.startswith("trick")]
    assert len(tricks) == 20
    assert "card points 264 = the pack's 264 ✓" in inspector.check.value
    assert 'class="bibi-bars"' in inspector.chart.value and "bibi-sheet" in inspector.table.value


def test_score_inspector_lists_calls_in_order():
    deal = new_deal(RUSSIAN, ["", "KH QH"], players=4)
    deal.apply("bibi H")
    inspector = views.ScoreInspector(deal)
    assert inspector.frame.index[0] == "Bi-bi ♥ (dealt)" and inspector.frame.iloc[0]["seat 1"] == 50
    assert "still in hands and stock" in inspector.frame.index
    assert inspector.frame.loc["total", "all"] == 264 + 50


def test_score_inspector_follows_a_live_deal():
    deal = Deal.new("russian", 4, seed=2)
    inspector = views.ScoreInspector(deal)
    rng = random.Random(0)
    while len(deal.tricks) < 3:
        deal.apply(rng.choice(deal.legal_actions()))
    inspector.refresh_button.click()
    assert sum(1 for i in inspector.frame.index if i.startswith("trick")) == 3
    no_errors(inspector)


def game_of(rules, players, seed, deals) -> Game:
    """A game with its first ``deals`` deals played out by random bots."""
    game = Game.new(rules, players, seed=seed)
    rng = game.bots_rng()
    for i in range(deals):
        if i:
            game.next_deal()
        play(game.deal, views.random_bot, rng)
    return game


def test_score_inspector_on_a_game():
    game = game_of("italian", 3, 1, deals=2)
    deals = game.deals
    inspector = views.ScoreInspector(game)
    assert inspector.deal is deals[1] and "Game (italian rules): 2 of 3 deals" in inspector.game_sheet.value
    inspector.deal_select.value = 0
    assert inspector.deal is deals[0]
    assert list(inspector.frame.loc["total", ["seat 0", "seat 1", "seat 2"]]) == list(deals[0].scores)
    no_errors(inspector)


def inspector_state(inspector) -> tuple:
    return (inspector.selected, inspector.trick_view.value, inspector.deal_select.value, inspector.message.value,
            inspector.table.value, [b.button_style for b, _, _ in inspector._row_pool])


def test_score_inspector_refuses_a_line_or_a_deal_off_its_range_and_stays_as_it_was():
    game = game_of("russian", 4, 5, deals=2)
    explorer = views.DealExplorer(deal=game.deals[0])
    inspector = views.ScoreInspector(game, explorer=explorer)
    inspector.show_deal(0)
    inspector.show_line(2)
    before, seen = inspector_state(inspector), explorer_state(explorer)
    last = len(inspector.lines) - 1
    for bad, error, message in [(999, ValueError, f"index: 999 is not a line of this score, 0…{last}"),
                                (-1, ValueError, f"index: -1 is not a line of this score, 0…{last}"),
                                (last + 1, ValueError, f"index: {last + 1} is not a line"),
                                (1.5, TypeError, "index: expected a whole number"),
                                (True, TypeError, "index: expected a whole number")]:
        with pytest.raises(error, match="^" + message):
            inspector.show_line(bad)
        assert inspector_state(inspector) == before and explorer_state(explorer) == seen, bad
    for bad, error, message in [(2, ValueError, "index: 2 is not a deal 0…1"), (-1, ValueError, "index: -1 is not"),
                                (0.5, TypeError, "index: expected a whole number")]:
        with pytest.raises(error, match="^" + message):
            inspector.show_deal(bad)
        assert inspector_state(inspector) == before, bad
    # A row of the other deal, with the explorer showing the first: refused before anything changes.
    inspector.show_deal(1)
    shown = inspector_state(inspector)
    trick_row = next(i for i, line in enumerate(inspector.lines) if line.kind == "trick")
    with pytest.raises(ValueError, match="^explorer: it shows another deal"):
        inspector.show_line(trick_row)
    assert inspector_state(inspector) == shown and explorer_state(explorer) == seen
    last = len(inspector.lines) - 1  # the other deal's last row (what is still out, or the leftovers)
    inspector.show_line(last)
    assert inspector.selected == last
    no_errors(inspector)


def unlogged_deals() -> list[Deal]:
    """Deals that keep no events: ``Deal.resample``'s (mid-deal), and ``log=False`` ones, fresh and played out."""
    deal = Deal.new("russian", 4, seed=3)
    rng = random.Random(1)
    while len(deal.actions) < 12:
        deal.apply(rng.choice(deal.legal_actions()))
    sample = deal.resample(deal.to_act, random.Random(2))
    fresh = Deal.new("italian", 4, seed=5, log=False)
    over = Deal.new("english", 3, seed=6, log=False)
    while not over.is_over:
        over.apply(over.legal_actions()[0])
    for d in (sample, fresh, over):
        with pytest.raises(ValueError, match="log=False"):
            _ = d.events
    return [sample, fresh, over]


@pytest.mark.parametrize("which", range(3))
def test_the_views_show_a_deal_that_kept_no_events(which):
    deal = unlogged_deals()[which]
    record = deal.record()
    ex = views.DealExplorer(deal=deal)
    assert ex.final.deck == deal.deck and ex.final.actions[: len(deal.actions)] == deal.actions
    for k in range(ex.length + 1):
        ex.go(k)
    assert "bibi-evn" in ex.event_log.value and ex.deal.is_over
    no_errors(ex)
    if not deal.is_over:
        table = views.PlayTable(deal=deal, seat=deal.to_act, bots=first_bot)
        assert table.deal.deck == deal.deck and table.deal.actions[: len(deal.actions)] == deal.actions
        assert "bibi-ev" in table.event_log.value
        while not table.deal.is_over:
            click_first_legal(table)
        assert "bibi-ev" in table.event_log.value
        no_errors(table)
    inspector = views.ScoreInspector(deal)
    for i in range(len(inspector.lines)):
        inspector.show_line(i)
    assert inspector.frame.loc["total", "all"] - sum(deal.bonus_points) == deal.rules.total_points() or \
        not deal.is_over
    no_errors(inspector)
    assert deal.record() == record  # the deal given is not played on


# -- PlayTable -------------------------------------------------------------------------------


def click_first_legal(table) -> None:
    """Play the person's first legal action as a click would (a card button, or a call/pass/trump button)."""
    action = table.deal.legal_actions()[0]
    table.button_for(action).click()


def to_illegal_card(table, tries: int = 300):
    """Click first legal actions until the person holds a card he may not play; returns that card."""
    for _ in range(tries):
        deal = table.deal
        if deal.is_over:
            break
        if deal.phase == "play":
            card = next((c for c in deal.hand(table.seat) if deal.why_illegal(c, table.seat)), None)
            if card is not None:
                return card
        click_first_legal(table)
    pytest.fail("no illegal card came up")


def test_play_table_waits_for_the_human_and_answers_an_illegal_click_with_the_rule():
    table = views.PlayTable("russian", 4, bots=first_bot, seat=2, seed=3)
    assert "bibi-play-table" in table._dom_classes and table.deal.to_act == 2
    card = to_illegal_card(table)
    before = table.deal.record()
    button = table.hand_row.button_for(card)
    assert not button.disabled  # illegal cards are clickable: the click is answered
    button.click()
    with reading(2):  # the person at the table is spoken to about his own hand: "you hold …"
        reason = table.deal.why_illegal(card, 2)
    assert reason.startswith("you must")
    assert "must follow suit" in reason
    assert f"{card.unicode} cannot be played now: {reason}" in table.message.value
    assert "bibi-error" in table.message.value and 'aria-live="polite"' in table.message.value
    assert table.deal.record() == before  # nothing moved
    assert "(you)" in table.board.value and "face-down card" in table.board.value
    no_errors(table)


def test_play_table_shows_the_hand_once_as_labelled_card_buttons():
    table = views.PlayTable("italian", 4, bots=first_bot, seat=1, seed=4)
    for _ in range(30):  # a few turns, laid-down cards included if any
        hand = table.deal.hand(1)
        buttons = table.hand_row.buttons
        laid = list(table.deal.laid_down(1))
        assert len(buttons) == len(hand)
        for button, card in zip(buttons, hand, strict=True):
            name = f"{card.unicode} {card.name}"
            assert button.description.startswith(name)  # the button's text is its accessible name
            assert ("(laid down)" in button.description) == (card in laid)
            if card in laid and "(laid down)" in button.description:
                laid.remove(card)
            assert not button.tooltip  # no label that only a mouse hover shows
            assert "bibi-card-button" in button._dom_classes
        assert ("your hand is the row of buttons below" if hand else "no cards") in table.board.value
        assert table.board.value.count('aria-label="seat 1 (you)\'s hand"') == 0  # not drawn twice
        if table.deal.is_over:
            break
        click_first_legal(table)
    no_errors(table)


def test_play_table_keeps_the_completed_trick_in_sight_with_its_winner_and_rule():
    from bibi.render import last_trick_reason

    table = views.PlayTable("russian", 4, bots=first_bot, seat=0, seed=2)
    while not table.deal.tricks:
        click_first_legal(table)
    deal = table.deal
    last = deal.tricks[-1]
    reason = last_trick_reason(deal)
    # The Russian text ranks the cards (R4) and leaves the rule of the trick to I8: the reason says so.
    assert reason in {"highest trump (R4; not stated, taken from I8)",
                      "highest card of the suit led (R4; not stated, taken from I8)",
                      "second of two identical cards wins (R14)"}
    html = table.board.value
    assert f"Trick {last.number + 1} (just played)" in html
    winner = f"seat {last.winner}" + (" (you)" if last.winner == 0 else "")
    assert f"→ {winner} wins, {last.points} points" in html and reason in html
    # The everyday rule's citation is a click away ("why?"); two identical cards' rule is said on the result.
    from bibi.tricks import note_of

    note = note_of(last, deal.rules)
    shown = f": <span class=\"bibi-why\">{note}</span>" if note else f"<summary>why?</summary>{reason}</details>"
    assert shown in html
    assert "This trick" in html  # the new trick beside it
    # Still there while the next trick is being played, until a later trick is complete.
    done = len(deal.tricks)
    while len(table.deal.tricks) == done and not table.deal.is_over:
        assert f"Trick {last.number + 1} (just played)" in table.board.value
        click_first_legal(table)
    no_errors(table)


def test_trick_reason_tells_the_rule_of_trick_winner():
    from bibi.cards import Card, Suit
    from bibi.tricks import trick_reason, trick_winner

    s, h = Suit.SPADES.index, Suit.HEARTS.index
    kh, ah, ts = Card("KH"), Card("AH"), Card("TS")
    assert trick_reason([(0, kh), (1, ah), (2, ts)], s, True) == "highest trump (I8)"
    assert trick_reason([(0, kh), (1, Card("QH")), (2, ts)], Suit.CLUBS.index, True) == \
        "highest card of the suit led (I8)"
    twins = [(0, kh), (1, Card("2H")), (2, Card("2H"))]
    assert trick_winner(twins, s, True) == 2 and trick_reason(twins, s, True) == \
        "second of two identical cards wins (R14)"
    assert trick_winner(twins, s, False) == 1 and trick_reason(twins, s, False) == \
        "first of two identical cards wins (not stated; R14 says the later one)"
    assert trick_reason([(0, kh), (1, kh), (2, ah)], h, True) == "highest trump (I8)"  # twins that do not win
    with pytest.raises(ValueError, match="plays is empty"):
        trick_reason([], s, True)


def test_play_table_bots_cards_appear_one_by_one(monkeypatch):
    pictures = []

    class Watched(views.PlayTable):
        def _bots_move(self):
            monkeypatch.setattr(views.play_table.time, "sleep",
                                lambda seconds: pictures.append((seconds, self.board.value)))
            super()._bots_move()

    table = Watched("russian", 4, bots=first_bot, seat=0, seed=2, delay=0.01)
    pictures.clear()
    seen = len(table.deal.events)
    click_first_legal(table)
    bot_cards = [e for e in table.deal.events[seen:] if e.kind == "play" and e.seat != 0]
    assert bot_cards and len(pictures) == len(bot_cards)  # a pause after each bot's card, on show
    assert all(seconds == 0.01 for seconds, _ in pictures)
    shown = [html for _, html in pictures]
    assert all(a != b for a, b in zip(shown, shown[1:], strict=False))  # each picture has one card more
    untimed = views.PlayTable("russian", 4, bots=first_bot, seat=0, seed=2)
    assert untimed.delay is None and not untimed._shown  # never displayed (a test): no pauses
    assert untimed.deal.record() == Watched("russian", 4, bots=first_bot, seat=0, seed=2, delay=0.01).deal.record()


def test_play_table_hint_asks_the_strongest_bot_through_explain():
    from bibi.play import Explanation, bot_name

    table = views.PlayTable("russian", 4, bots="random", seat=0, seed=5)
    assert views.strongest_bot() in {"search", "heuristic"}
    assert bot_name(table.hint_bot) == views.strongest_bot()
    before = table.deal.record(), table._rng.getstate()
    table.hint_button.click()
    assert table.hint_box.value.count(f"Hint ({views.strongest_bot()}): ") == 1
    assert (table.deal.record(), table._rng.getstate()) == before  # a hint plays nothing, draws nothing

    def valued(view, rng):
        return view.legal_actions[-1]

    valued.explain = lambda view, rng: Explanation(view.legal_actions[-1], "keeps the trumps (R13)",
                                                   {a: float(i) for i, a in enumerate(view.legal_actions)})
    table = views.PlayTable("russian", 4, bots="random", seat=0, seed=5, hint_bot=valued)
    table.hint_button.click()
    legal = table.deal.legal_actions()
    hint = table.hint_box.value
    assert f"{legal[-1].unicode} — keeps the trumps (R13); estimated points: {legal[-1].unicode} +" in hint
    assert hint.count("+") == len(legal)
    # Plain words first (the card and what it does here), the bot's own reasons and figures under "details".
    from html import escape

    from bibi.session import advice

    plain = escape(f"Hint (valued): {advice(table.deal.view(0), legal[-1])}")
    assert plain in hint and hint.index(plain) < hint.index("<details>") < hint.index("estimated points")
    no_errors(table)


def test_play_table_undo_restores_the_exact_earlier_state():
    table = views.PlayTable("italian", 4, bots="random", seat=0, seed=7)
    assert table.undo_button.disabled
    table.undo()
    assert "Nothing to take back" in table.message.value
    click_first_legal(table)
    record, view, picture = table.deal.record(), table.deal.view(0), table.board.value
    hand = [b.description for b in table.hand_row.buttons]
    state = table._rng.getstate()
    action = table.deal.legal_actions()[-1]
    table.button_for(action).click()
    after = table.deal.record()
    assert after != record
    assert not table.undo_button.disabled
    table.undo_button.click()
    assert table.deal.record() == record and table.deal.view(0) == view
    assert table.board.value == picture and [b.description for b in table.hand_row.buttons] == hand
    assert table._rng.getstate() == state and "Taken back" in table.message.value
    table.button_for(action).click()  # the same move again: the bots answer as they did
    assert table.deal.record() == after
    no_errors(table)


def test_play_table_undo_after_the_deal_is_over():
    table = views.PlayTable("russian", 3, bots="random", seat=1, seed=3, game=False)
    decisions = []
    while not table.deal.is_over:
        decisions.append(table.deal.record())
        click_first_legal(table)
    table.undo_button.click()
    assert table.deal.record() == decisions[-1] and table.deal.to_act == 1
    table.undo_button.click()
    assert table.deal.record() == decisions[-2]
    no_errors(table)


def test_play_table_plays_a_game_of_several_deals_with_totals():
    from bibi.game import Game

    table = views.PlayTable("russian", 3, bots=first_bot, seat=0, seed=11)
    assert table.game is not None and table.game.deals_total == 3
    click_first_legal(table)
    table.new_button.click()  # the deal is not over: refused
    assert "Finish deal 1 first" in table.message.value and len(table.game.deals) == 1
    for number in range(1, 4):
        while not table.deal.is_over:
            click_first_legal(table)
        assert len(table.game.deals) == number
        totals = [sum(d.scores[s] for d in table.game.deals) for s in range(3)]
        assert list(table.totals) == totals
        assert f"Game (russian rules): {number} of 3 deals" in table.sheet.value
        assert f"Your total {totals[0]}" in table.message.value or "Game over" in table.message.value
        if number < 3:
            table.new_button.click()
            assert len(table.game.deals) == number + 1 and not table.deal.is_over
    assert table.game.is_over and "Game over after 3 deals" in table.message.value
    # The same game as the play layer's: the person played the first legal action, as first_bot does.
    same = Game.new("russian", 3, seed=11).play(first_bot)
    assert table.game.record() == same.record()
    table.new_button.click()  # after the game: a new game with the next seed
    assert table.seed_box.value == 12 and len(table.game.deals) == 1
    no_errors(table)


def test_play_table_announces_a_mandatory_call_as_yours():
    deal = new_deal(ITALIAN, ["", "KH"], stock="2C 3C 4C QH", players=4)  # seat 1 draws the queen after trick 1
    table = views.PlayTable(deal=deal, bots=first_bot, seat=1)
    next(b for b in table.hand_row.buttons if "king" not in b.description).click()
    assert table.deal.calls and table.deal.calls[0].mandatory and table.deal.calls[0].seat == 1
    assert "You must say bip bip: K♥ Q♥ laid down, +50 (I11)." in table.news.value
    click_first_legal(table)
    assert "You must say" not in table.news.value  # said once
    no_errors(table)


@pytest.mark.parametrize("delay", [0, 0.001])  # with a delay the table is drawn after every bot card, too
def test_play_table_says_a_call_the_rules_make_for_you_where_you_look(delay):
    deal = new_deal(ITALIAN, ["", "KH"], stock="2C 3C 4C QH", players=4)  # seat 1 draws the queen after trick 1
    table = views.PlayTable(deal=deal, bots=first_bot, seat=1, delay=delay)
    next(b for b in table.hand_row.buttons if "king" not in b.description).click()
    assert table.deal.to_act == 1 and table.deal.calls[0].mandatory and table.deal.calls[0].seat == 1
    said = "You must say bip bip: K♥ Q♥ laid down, +50 (I11)."
    assert said in table.message.value and said in table.news.value
    click_first_legal(table)
    assert said not in table.message.value and said not in table.news.value
    no_errors(table)


def test_play_table_tells_why_a_bot_played_in_two_tenses():
    # While the deal is on, "Why seat N?" tells what the table saw of the move (never the bot's hand, so the
    # bot's own explanation is not even asked); once it is over, the bot's own reasons from the view it had.
    from bibi.play import Explanation

    asked = []

    def reasoned(view, rng):
        return view.legal_actions[0]

    def explain(view, rng):
        asked.append(view)
        return Explanation(view.legal_actions[0], "the first card I saw")

    reasoned.explain = explain
    table = views.PlayTable("russian", 4, bots=reasoned, seat=0, seed=2, game=False)
    table.why(2)
    assert "Seat 2 has not moved yet" in table.reasons.value or "told when the deal is over" in table.reasons.value
    click_first_legal(table)
    click_first_legal(table)
    deal = table.deal
    table.why_buttons[2].click()
    states = views.snapshots(deal)
    last = max(i for i in range(len(deal.actions)) if states[i].to_act == 2)
    said = table.reasons.value
    assert "Seat 2 (reasoned)" in said and deal.actions[last].unicode in said
    assert "the first card I saw" not in said and not asked and "told when the deal is over" in said
    assert table.review_button.disabled
    table.review()
    assert "when the deal is over" in table.reasons.value and not asked
    while not table.deal.is_over:
        click_first_legal(table)
    table.why_buttons[2].click()
    states = views.snapshots(table.deal)
    last = max(i for i in range(len(table.deal.actions)) if states[i].to_act == 2)
    assert asked[-1] == states[last].view(2)  # the very view the bot had
    assert "Seat 2 (reasoned)" in table.reasons.value and "the first card I saw" in table.reasons.value
    assert not table.review_button.disabled
    table.review_button.click()
    moves = sum(1 for i in range(len(table.deal.actions)) if states[i].to_act != 0)
    assert table.reasons.value.count("the first card I saw") == moves and "Review of the deal" in table.reasons.value
    with pytest.raises(ValueError, match="seat 0 has no bot"):
        table.why(0)
    no_errors(table)


def test_play_table_calls_are_buttons():
    deal = new_deal(RUSSIAN, ["", "KH QH"], players=4)
    table = views.PlayTable(deal=deal, bots=first_bot, seat=1)
    assert [b.description for b in table.action_row.buttons] == ["Bi-bi ♥", "pass"]
    assert "say Bi-bi" in table.message.value
    table.hand_row.buttons[0].click()
    assert "call a pair or pass" in table.message.value and not table.deal.actions
    table.button_for("bibi H").click()
    assert table.deal.calls[0].seat == 1 and table.deal.to_act == 1
    no_errors(table)


def test_play_table_refuses_an_out_of_turn_move_in_its_message():
    table = views.PlayTable("russian", 4, bots=first_bot, seat=0, seed=2)
    table.deal.apply(table.deal.legal_actions()[0])  # someone moved behind the view's back
    table.play(table.deal.hand(0)[0] if table.deal.to_act != 0 else "pass")
    assert "bibi-error" in table.message.value
    no_errors(table)


def test_play_table_one_deal_new_deal_moves_the_seed_on():
    table = views.PlayTable("russian", 4, seed=5, game=False)
    assert table.game is None
    table.new_button.click()
    assert table.seed_box.value == 6
    assert table.deal.record()["deck"] == Deal.new(RUSSIAN, 4, seed=6).record()["deck"]


def test_play_table_offers_a_still_picture_for_pages_without_a_kernel():
    table = views.PlayTable("russian", 4, bots=first_bot, seat=0, seed=1)
    bundle = table._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    picture = bundle["text/html"]
    assert "A picture of the play table: Run All to play." in picture and "bibi-table" in picture
    assert "bibi-banner{display:none}" not in picture  # the picture leaves the notebook's banner in place
    assert "bibi-banner{display:none}" in table.message.value  # a live view hides it
    assert table._shown


def test_views_show_callback_errors():
    def broken(view, rng):
        raise RuntimeError("bot exploded")

    table = views.PlayTable("russian", 4, bots=first_bot, seat=0, seed=1)
    table.bots = [None if bot is None else broken for bot in table.bots]
    click_first_legal(table)
    assert "bot exploded" in table.errors.outputs[-1]["text"] and "went wrong" in table.message.value


def test_bots_by_name_and_bad_bots():
    assert views.as_bot("random") is views.random_bot
    with pytest.raises(ValueError, match="bot: None is a person's seat"):
        views.as_bot(None)  # None means a person's seat everywhere in the kit
    assert views.as_bot(first_bot) is first_bot
    with pytest.raises(TypeError, match="bot: expected a bot name or a callable .* not 42"):
        views.as_bot(42)


def test_bots_from_the_bots_module_by_name():
    import bibi.bots as bots
    assert views.as_bot("random") is bots.BOTS["random"]
    with pytest.raises(ValueError, match="'nobody'"):
        views.as_bot("nobody")
    table = views.PlayTable("italian", 4, bots="random", seat=1, seed=2)
    assert table.deal.to_act == 1
    no_errors(table)


# -- randomized: many clicks, nothing raises -------------------------------------------------


def enabled(buttons):
    return [b for b in buttons if not b.disabled]


def test_explorer_random_clicks():
    rng = random.Random(1)
    ex = views.DealExplorer("russian", 6, seed=1)
    nav = [ex.start_button, ex.back_trick_button, ex.back_button, ex.next_button, ex.next_trick_button,
           ex.end_button]
    for i in range(300):
        roll = rng.random()
        if roll < 0.5:
            pool = enabled(nav)
        else:
            pool = list(ex.hand_row.buttons) + list(ex.action_row.buttons)
        if pool:
            rng.choice(pool).click()
        if i % 50 == 0:
            ex.seat_select.value = rng.choice(["all", *range(ex.deal.players)])
        if i % 97 == 0:
            ex.seed_box.value = rng.randrange(1000)
            ex.players_box.value = rng.randrange(2, 13)
            ex.deal_button.click()
        assert 0 <= ex.position <= ex.length and ex.final.is_over
    no_errors(ex)


def test_play_table_random_clicks():
    rng = random.Random(2)
    table = views.PlayTable(ITALIAN, 5, seat=3, seed=9)
    for _ in range(400):
        pool = enabled(table.hand_row.buttons) + enabled(table.action_row.buttons)
        if table.deal.is_over:
            assert not pool
            table.new_button.click()
            continue
        assert pool and table.deal.to_act == 3
        rng.choice(pool).click()
    no_errors(table)


def test_rules_panel_random_changes():
    rng = random.Random(3)
    panel = views.RulesPanel("russian", 3, seed=1, bot=first_bot)
    for _ in range(40):
        roll = rng.random()
        if roll < 0.15:
            rng.choice([*panel.preset_buttons.values(), *panel.pair_buttons.values()]).click()
            continue
        name = rng.choice(list(panel.controls))
        control = panel.controls[name]
        if hasattr(control, "options"):
            control.value = rng.choice([v if not isinstance(v, tuple) else v[1] for v in control.options])
        elif name == "card_points":
            control.value = rng.choice(["2:11 A:10 K:5 Q:4 J:3", "K:5 Q:5", "2:x"])
        else:
            control.value = rng.randint(0, 60)  # the rules take or refuse it (a refusal shows by the box)
        assert control.value == control_value(panel.rules.options()[name])
        assert panel.deal.is_over and panel.base_deal.is_over
    no_errors(panel)


def test_score_inspector_random_refreshes():
    rng = random.Random(4)
    deal = Deal.new("english", 7, seed=4)
    inspector = views.ScoreInspector(deal)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
        if rng.random() < 0.2:
            inspector.refresh_button.click()
            frame = inspector.frame
            assert frame.loc["total", "all"] - sum(deal.bonus_points) == 264
    no_errors(inspector)


def test_score_inspector_on_a_real_game():
    import bibi.game as game_module
    game = game_module.Game.new("russian", players=3, seed=7)
    rng = random.Random(0)
    while True:
        while not game.deal.is_over:
            game.deal.apply(rng.choice(game.deal.legal_actions()))
        if game.is_over:
            break
        game.next_deal()
    inspector = views.ScoreInspector(game)
    assert len(inspector.deal_select.options) == 3 and inspector.deal is game.deals[-1]
    assert "3 deals" in inspector.game_sheet.value
    for total in game.totals:
        assert f">{total}</td>" in inspector.game_sheet.value
    no_errors(inspector)


# -- PlayApp ---------------------------------------------------------------------------------


def test_play_app_plays_the_rules_chosen_and_replays_your_own_deal():
    app = views.PlayApp("italian", players=3, seat=1, bots="random", seed=4)
    assert app.table.rules == ITALIAN and app.table.seat == 1 and app.explorer is None
    app.option_select.value = "follow"
    app.value_select.value = "must_follow"
    app.players_box.value = 4
    app.start_button.click()
    table = app.table
    assert table.rules.follow.value == "must_follow" and table.players == 4 and table.game.deals_total == 4
    assert "follow = must_follow" in app.message.value
    while not table.deal.is_over:
        click_first_legal(table)
    assert app.explorer is not None and app.explorer.final.record() == table.deal.record()  # YOUR deal
    assert "Deal 1 of your game" in app.explorer_message.value
    table.new_button.click()
    while not table.deal.is_over:
        click_first_legal(table)
    assert app.explorer.final.record() == table.game.deals[1].record()
    assert "Deal 2 of your game" in app.explorer_message.value
    app.seat_box.value = 7
    app.start_button.click()
    assert "your seat: 7 is not a seat 0…3" in app.message.value and app.table is table  # refused: nothing changed
    no_errors(app)
    no_errors(table)


def play_to_the_end(table) -> None:
    while not table.deal.is_over:
        click_first_legal(table)


def test_play_app_replays_any_deal_of_your_game_with_its_number_and_one_seed_box():
    app = views.PlayApp("russian", players=3, seat=0, bots="random", seed=9, delay=0)
    table = app.table
    assert table.seed_box.layout.display == "none" and app.seed_box.layout.display != "none"
    assert app.replay_select.disabled and app.explorer is None
    play_to_the_end(table)
    explorer = app.explorer
    assert "Deal 1 of your game: " in explorer.message.value and "seed" not in explorer.message.value
    assert all(c.layout.display == "none" for c in (explorer.seed_box, explorer.players_box, explorer.deal_button))
    table.new_button.click()
    play_to_the_end(table)
    assert app.replay_select.options == (("deal 1 of your game", 1), ("deal 2 of your game", 2))
    assert app.replay_select.value == 2 and app.explorer.final.record() == table.game.deals[1].record()
    app.replay_select.value = 1  # the first deal again, as the list offers it
    assert app.explorer.final.record() == table.game.deals[0].record()
    assert "Deal 1 of your game: " in app.explorer.message.value and "Deal 1 of your game" in app.explorer_message.value
    with pytest.raises(ValueError, match="^number: 3 is outside 1…2"):
        app.replay(3)
    table.new_button.click()
    play_to_the_end(table)
    table.new_button.click()  # after the game's last deal: a new game with the next seed, said in the app's box
    assert app.seed_box.value == 10 == table.seed_box.value and len(table.game.deals) == 1
    app.replay_select.value = 2  # the list offers the deals of the game it was made from, and replays them
    assert app.explorer.final.record() == app._listed[1].record()
    assert "Deal 2 of your game: " in app.explorer.message.value
    no_errors(app)
    no_errors(table)


def test_every_view_offers_a_still_picture_of_itself():
    explorer = views.DealExplorer("russian", 4, seed=1)
    bundle = explorer._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "A picture of this view" in bundle["text/html"] and "bibi-table" in bundle["text/html"]
    assert "bibi-banner{display:none}" not in bundle["text/html"]


def test_play_table_plays_on_a_game_under_way_to_its_end():
    from bibi.game import Game
    from bibi.play import play

    game = Game.new("russian", 3, seed=5)
    for _ in range(2):
        play(game.deal, first_bot, game.bots_rng())
        game.next_deal()
    table = views.PlayTable(game=game, bots=first_bot, seat=0)
    assert table.game is game and len(game.deals) == 3 and table.seed_box.value == 5
    illegal = [b for b in table.hand_row.buttons if "bibi-illegal" in b._dom_classes]
    assert all(table.deal.why_illegal(card, 0) for card in table.deal.hand(0)
               if "bibi-illegal" in table.hand_row.button_for(card)._dom_classes)
    assert len(illegal) == sum(1 for c in table.deal.hand(0) if table.deal.why_illegal(c, 0))
    while not table.deal.is_over:
        click_first_legal(table)
    assert game.is_over and "Game over after 3 deals" in table.message.value
    assert game.record() == Game.new("russian", 3, seed=5).play(first_bot).record()
    no_errors(table)


def test_explorer_of_a_deal_played_elsewhere_replays_it_from_the_start():
    from bibi.play import bots_rng, play

    deal = play(Deal.new("russian", 4, seed=3), "random", bots_rng(9))
    explorer = views.DealExplorer(deal=deal)
    assert explorer.position == 0 and explorer.length == len(deal.actions)
    assert explorer.final.record() == deal.record()
    explorer.end_button.click()
    assert explorer.deal.record() == deal.record()
    no_errors(explorer)


def test_number_boxes_clamp_nothing_the_rules_decide():
    # A bounded box would quietly turn a typed 13 into its maximum: the explorer's and the app's boxes have no
    # bounds of their own, and the rules refuse what they refuse, naming it, with the view as it was.
    ex = views.DealExplorer("russian", 4, seed=1)
    before = (ex.board.value, ex.length, ex.players_box.value)
    ex.players_box.value = 13
    ex.deal_button.click()
    assert "players" in ex.message.value and "13" in ex.message.value
    assert (ex.board.value, ex.length, ex.players_box.value) == before
    ex.players_box.value = 12
    ex.deal_button.click()
    assert ex.deal.players == 12
    app = views.PlayApp("russian", 4, seat=0, delay=0)
    table = app.table
    app.players_box.value = 13
    app.start_button.click()
    assert "players" in app.message.value and "13" in app.message.value and app.table is table
    app.players_box.value, app.seat_box.value = 12, 11
    app.start_button.click()
    assert app.table is not table and app.table.players == 12 and app.table.seat == 11
    no_errors(ex)
    no_errors(app)


# -- the package: one module a view, the markup in bibi.render ---------------------------------------


VIEWS = {"DealExplorer": "explorer", "CompareView": "compare", "RulesPanel": "rules_panel",
         "ScoreInspector": "scores", "PlayTable": "play_table", "PlayApp": "app", "Practice": "practice"}
WIDGETS = Path(views.__file__).parent
PARTS = {"finish": "the play table's end-of-deal row"}  # a view's part in a module of its own, beside its view's


def test_every_view_has_a_module_of_its_own_and_is_reached_from_the_package():
    import importlib

    for name, module in VIEWS.items():
        view = getattr(views, name)
        assert view.__module__ == f"bibi.widgets.{module}", name
        assert getattr(importlib.import_module(f"bibi.widgets.{module}"), name) is view
        assert name in views.__all__ and f"``{name}(" in views.__doc__, name
    assert ({"base.py", "__init__.py"} | {f"{m}.py" for m in [*VIEWS.values(), *PARTS]}
            == {p.name for p in WIDGETS.glob("*.py")})
    for path in [*WIDGETS.glob("*.py"), *(WIDGETS.parent / "render").glob("*.py")]:
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 1200, path.name


@pytest.mark.parametrize("path", [*(f"widgets/{m}.py" for m in sorted({*VIEWS.values(), *PARTS, "base"})),
                                  "practice.py"])
def test_the_views_take_their_markup_and_colours_from_render(path):
    """No tag, no inline style, no colour in a view module or the exercises: every piece of markup is bibi.render's."""
    source = (WIDGETS.parent / path).read_text(encoding="utf-8")
    code = "\n".join(line.split("#")[0] if not line.lstrip().startswith("#") else "" for line in source.splitlines())
    assert not re.findall(r"</?[a-z][a-z0-9]*[ >]|style=\\?\"|&[a-z]+;", code)
    assert not re.findall(r"#[0-9a-fA-F]{3,6}\b", source)


def test_a_table_on_show_keeps_its_game_and_a_new_table_resumes_it(tmp_path, monkeypatch):
    """A table on show writes its game beside the notebook as it goes; the same table made again (the cell run
    again after a reload or a restart) offers the kept game, and Resume brings back the very position: the deal,
    the hand, the bots' stream (the next bot move is the same), the undo history."""
    monkeypatch.chdir(tmp_path)
    first = views.PlayTable("russian", players=4, bots="heuristic", seat=0, seed=5, delay=0)
    first._repr_mimebundle_()  # on show
    for _ in range(6):
        first.play(first.deal.view(0).legal_actions[-1])
    first.undo()
    first.play(first.deal.view(0).legal_actions[0])
    assert first.kept_path.exists() and first.kept_path.parent == tmp_path
    again = views.PlayTable("russian", players=4, bots="heuristic", seat=0, seed=5, delay=0)
    assert again.resume_box.layout.display == "flex" and again.kept_path.name in again.kept_offer.value
    assert again.deal.actions != first.deal.actions  # a fresh deal until Resume is pressed
    again.resume()
    assert again.deal.record() == first.deal.record() and again.resume_box.layout.display == "none"
    assert "Resumed" in again.message.value
    move = again.deal.view(0).legal_actions[0]
    again.play(move)
    first.play(move)
    assert again.deal.record() == first.deal.record()  # the bots answer alike: the stream came back too
    again.undo()
    first.undo()
    assert again.deal.record() == first.deal.record()
    other = views.PlayTable("italian", players=4, bots="heuristic", seat=0, seed=5, delay=0)
    assert other.resume_box.layout.display == "none"  # another set-up: nothing to offer


def test_a_table_not_on_show_or_told_not_to_keep_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    table = views.PlayTable("russian", players=4, seed=5, delay=0)
    table.play(table.deal.view(0).legal_actions[0])
    quiet = views.PlayTable("russian", players=4, seed=5, delay=0, keep=False)
    quiet._repr_mimebundle_()
    quiet.play(quiet.deal.view(0).legal_actions[0])
    assert list(tmp_path.iterdir()) == []
