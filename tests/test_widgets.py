"""The widget views, headless: drive them through their widgets (``.value``, ``.click()``) and check
the engine state and the rendered HTML."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from helpers import new_deal

from bibi import widgets as views
from bibi.deal import Action, Deal
from bibi.rules import ITALIAN, OPTIONS, RUSSIAN


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
    assert 'class="bibi-table"' in ex.table.value and "Trick 1 of 26" in ex.table.value
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
    assert ex.position == 7 and ex.position_slider.value == 7
    assert ex.deal.events == Deal.replay(record, upto=7).events
    ex.back_button.click()
    assert ex.position == 6 and ex.deal.events == Deal.replay(record, upto=6).events
    ex.end_button.click()
    assert ex.deal.is_over and ex.next_button.disabled and "Deal over" in ex.table.value
    ex.start_button.click()
    assert ex.position == 0
    ex.position_slider.value = 12
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
    html = ex.table.value
    assert 'data-seat="2" style="grid-area:3 / 2"' in html and "face-down card" in html
    assert [b.description for b in ex.hand_row.buttons] == [c.unicode for c in ex.deal.hand(2)]
    ex.seat_select.value = "all"
    assert ex.table.value.count("face-down card") == 2  # the stock's back only (aria-label and title)
    assert [b.description for b in ex.hand_row.buttons] == [c.unicode for c in ex.deal.hand(ex.deal.to_act)]


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


def test_explorer_starts_from_a_given_deal_and_offers_calls():
    deal = new_deal(RUSSIAN, ["", "KH QH"], players=4)  # seat 1 is dealt a pair: he may call first
    ex = views.DealExplorer(deal=deal, bot=first_bot)
    assert [b.description for b in ex.action_row.buttons] == ["Bi-bi ♥", "pass"]
    assert all("bibi-action-button" in b._dom_classes for b in ex.action_row.buttons)
    ex.button_for("bibi H").click()
    assert ex.deal.calls[0].seat == 1 and "Bi-bi ♥" in ex.table.value
    no_errors(ex)


# -- RulesPanel ------------------------------------------------------------------------------


def test_rules_panel_replays_the_same_deal_under_changed_rules():
    panel = views.RulesPanel("russian", 4, seed=6, bot=first_bot)
    assert "bibi-rules-panel" in panel._dom_classes
    assert set(panel.controls) == set(OPTIONS)
    assert panel.base_deal.record() == panel.deal.record()
    panel.controls["follow"].value = "follow_or_trump"
    assert panel.rules.follow.value == "follow_or_trump" and panel.baseline is RUSSIAN
    assert panel.deal.deck == panel.base_deal.deck and panel.deal.dealer == panel.base_deal.dealer
    assert panel.deal.first_trump == panel.base_deal.first_trump
    html = panel.comparison.value
    assert "<code>follow</code>: must_follow → follow_or_trump" in html and "russian, changed" in html
    assert "trump moves" in html and "score, seat 0" in html
    assert "follow = follow_or_trump" in panel.message.value
    no_errors(panel)


def test_rules_panel_presets_set_every_control():
    panel = views.RulesPanel("russian", 4, seed=1)
    panel.preset_buttons["italian"].click()
    assert panel.rules == ITALIAN and panel.baseline is ITALIAN
    for name, value in ITALIAN.options().items():
        assert panel.controls[name].value == views._control_value(value), name
    assert panel.preset_buttons["italian"].button_style == "info"
    assert "italian: not stated" in panel.sources["decks"].value  # the Italian text names no number of packs
    assert "not stated" not in panel.sources["follow"].value
    no_errors(panel)


def test_rules_panel_shows_the_sentences_of_each_option():
    panel = views.RulesPanel("russian", 4, seed=1)
    follow = panel.sources["follow"].value
    assert "R13; I7" in follow and "Игрок должен следовать масти" in follow and "Il successivo" in follow
    assert "<details>" in follow and "follow suit if you can" in follow
    assert "mistranslation" in panel.sources["trump_change"].value  # R16's note


def test_rules_panel_refuses_impossible_rules_in_its_message():
    panel = views.RulesPanel("russian", 4, seed=1)
    before = panel.rules
    panel.controls["first_dealer"].value = "random"  # dealer_card needs the high-card draw (R6)
    assert panel.rules is before and "first_trump" in panel.message.value and "#b71c1c" in panel.message.value
    panel.controls["first_trump"].value = "cut"
    assert panel.rules.first_dealer.value == "random" and panel.rules.first_trump.value == "cut"
    panel.controls["card_points"].value = "2:eleven"
    assert "card_points" in panel.message.value
    panel.controls["card_points"].value = "2:11 A:10"
    assert panel.rules.total_points() == 4 * 2 * 21
    no_errors(panel)


def test_rules_panel_one_pack_is_not_the_same_deal():
    panel = views.RulesPanel("russian", 4, seed=1)
    panel.set_option("decks", 1)
    assert "max_players" in panel.message.value and len(panel.deal.deck) == 104  # 12 × 7 > 52: refused
    panel.set_option("max_players", 7)
    assert len(panel.deal.deck) == 52 and "not the same pack" in panel.comparison.value
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


def test_score_inspector_on_a_game():
    deals = [played("italian", 3, s) for s in (1, 2)]
    game = SimpleNamespace(deals=tuple(deals), totals=tuple(map(sum, zip(*(d.scores for d in deals), strict=True))),
                           players=3, rules=ITALIAN, is_over=True)
    inspector = views.ScoreInspector(game)
    assert inspector.deal is deals[1] and "Game (italian rules): 2 deals" in inspector.game_sheet.value
    inspector.deal_select.value = 0
    assert inspector.deal is deals[0]
    assert list(inspector.frame.loc["total", ["seat 0", "seat 1", "seat 2"]]) == list(deals[0].scores)
    no_errors(inspector)


# -- PlayTable -------------------------------------------------------------------------------


def test_play_table_waits_for_the_human_and_disables_illegal_cards():
    table = views.PlayTable("russian", 4, bots=first_bot, seat=2, seed=3)
    assert "bibi-play-table" in table._dom_classes
    deal = table.deal
    assert deal.to_act == 2
    for _ in range(200):
        illegal = [b for b in table.hand_row.buttons if b.disabled]
        if illegal:
            break
        legal = next(b for b in table.hand_row.buttons if not b.disabled)
        legal.click()
        if table.deal.is_over:
            pytest.fail("no illegal card came up")
    assert "must follow suit" in illegal[0].tooltip
    assert all("bibi-card-button" in b._dom_classes for b in table.hand_row.buttons)
    assert "(you)" in table.table.value and "face-down card" in table.table.value
    no_errors(table)


def test_play_table_click_plays_and_bots_answer():
    table = views.PlayTable("italian", 3, bots=[None, first_bot, first_bot], seat=0, seed=1)
    before = len(table.deal.actions)
    button = next(b for b in table.hand_row.buttons if not b.disabled)
    button.click()
    deal = table.deal
    assert len(deal.actions) > before and (deal.to_act == 0 or deal.is_over)
    assert deal.events[-1].kind in {"play", "draw", "trick", "call", "trump_change", "turn_up", "pass", "end"}
    no_errors(table)


def test_play_table_calls_are_buttons():
    deal = new_deal(RUSSIAN, ["", "KH QH"], players=4)
    table = views.PlayTable(deal=deal, bots=first_bot, seat=1)
    assert [b.description for b in table.action_row.buttons] == ["Bi-bi ♥", "pass"]
    assert all(b.disabled for b in table.hand_row.buttons)
    assert "call a pair or pass" in table.hand_row.buttons[0].tooltip
    assert "Bi-bi" in table.message.value
    table.button_for("bibi H").click()
    assert table.deal.calls[0].seat == 1 and table.deal.to_act == 1
    no_errors(table)


def test_play_table_refuses_an_out_of_turn_move_in_its_message():
    table = views.PlayTable("russian", 4, bots=first_bot, seat=0, seed=2)
    table.deal.apply(table.deal.legal_actions()[0])  # someone moved behind the view's back
    table.play(table.deal.hand(0)[0] if table.deal.to_act != 0 else "pass")
    assert "#b71c1c" in table.message.value
    no_errors(table)


def test_play_table_new_deal_moves_the_seed_on():
    table = views.PlayTable("russian", 4, seed=5)
    table.new_button.click()
    assert table.seed_box.value == 6
    assert table.deal.record()["deck"] == Deal.new(RUSSIAN, 4, seed=6).record()["deck"]


def test_views_show_callback_errors():
    def broken(view, rng):
        raise RuntimeError("bot exploded")

    table = views.PlayTable("russian", 4, bots=first_bot, seat=0, seed=1)
    table.bots = [None if bot is None else broken for bot in table.bots]
    next(b for b in table.hand_row.buttons if not b.disabled).click()
    assert "bot exploded" in table.errors.outputs[-1]["text"] and "went wrong" in table.message.value


def test_bots_by_name_and_bad_bots():
    assert views.as_bot(None) is views.random_bot
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
            rng.choice(list(panel.preset_buttons.values())).click()
            continue
        name = rng.choice(list(panel.controls))
        control = panel.controls[name]
        if hasattr(control, "options"):
            control.value = rng.choice([v if not isinstance(v, tuple) else v[1] for v in control.options])
        elif name == "card_points":
            control.value = rng.choice(["2:11 A:10 K:5 Q:4 J:3", "K:5 Q:5", "2:x"])
        else:
            control.value = rng.randint(control.min, min(control.max, 60))
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
