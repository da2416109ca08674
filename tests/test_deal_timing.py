"""Rules §5 (docs/rules.md): the exact timing of every step, one test per point, on stacked decks.

Unless a test says otherwise: 3 players, dealer seat 0, seat 1 leads, spades are trump.
"""

from __future__ import annotations

import dataclasses

import pytest
from helpers import PRESET_NAMES, finish_trick, names, new_deal, play

import bibi
from bibi.cards import cards, pack
from bibi.deal import Deal
from bibi.kinds import ActionKind

pytestmark = pytest.mark.fast

each_preset = pytest.mark.parametrize("name", PRESET_NAMES)
S, H, D, C = bibi.SUITS


def variant(name: str, **options) -> bibi.Rules:
    return dataclasses.replace(bibi.preset(name), **options)


def call_if_asked(deal: Deal, suit: str) -> None:
    if deal.phase == "call":
        play(deal, f"bibi {suit}")


# -- 5.1 ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("decks", [1, 2])
def test_timing_5_1_a_stacked_deck_must_be_exactly_the_whole_pack(decks):
    rules = dataclasses.replace(bibi.RUSSIAN, decks=decks, max_players=7)
    whole = [str(c) for c in pack(decks)]
    assert Deal.new(rules, players=3, deck=whole).stock_size == 52 * decks - 21
    for wrong in (whole[:-1], whole + ["AS"], ["AS"] + whole[1:], [str(c) for c in pack(3 - decks)]):
        with pytest.raises(ValueError, match="deck"):
            Deal.new(rules, players=3, deck=wrong)


# -- 5.2 ---------------------------------------------------------------------------------------------


@each_preset
def test_timing_5_2_stock_checked_before_leader_acts(name):
    # Twelve players, one draw round. Seat 0 plays last to trick 1 and completes K♦ Q♦ with his draw (under
    # after_each_card the call decision comes after the trick): the stock is still 8 then; it is turned up
    # when trick 2 starts, before its leader acts, and before he could switch (he holds a switch right).
    rules = variant(name, trump_change="holder_chooses", dealt_pairs=True, bibi_call="optional",
                    draw="after_each_card")
    deal = new_deal(rules, ["QD", "KH QH 2S 2S"], "3D 4D 5D 6D 7D 8D 9D TD 3H 4H 5H KD", players=12)
    play(deal, "bibi H", "2S")  # seat 1 holds both 2♠: his wins
    for _ in range(11):
        deal.apply([a for a in deal.legal_actions() if str(a) != "QD"][0])
    assert deal.phase == "call" and deal.to_act == 0 and len(deal.tricks) == 1
    assert deal.stock_size == 8 and deal.drawing and deal.leftovers == ()
    play(deal, "pass")
    assert deal.to_act == 1 and deal.trick == () and not deal.drawing
    if rules.turn_up == "trick_start":
        assert deal.stock_size == 0 and len(deal.leftovers) == 8
        assert deal.events[-1].kind == "turn_up" and deal.events[-1].info == deal.leftovers
    else:  # the leftovers wait for the leader's own draw, which fails (rules §5.12)
        assert deal.stock_size == 8 and deal.leftovers == () and deal.events[-1].kind != "turn_up"
    assert deal.switch_rights(1) == (H,) and "trump H" not in names(deal.legal_actions())


@each_preset
def test_timing_5_2_the_stock_is_checked_once_per_trick_and_a_round_completes(name):
    # Three players: 83 in stock, 27 rounds use 81; at trick 28 the 2 left are turned up (rules §4).
    deal = Deal.new(name, players=3, seed=52)
    for trick in range(27):
        assert deal.drawing and deal.stock_size == 83 - 3 * trick
        deal.apply(deal.legal_actions()[0])
        finish_trick(deal)
    assert not deal.drawing
    if deal.rules.turn_up == "failed_draw":  # trick 28 is played first, the 2 still face down (rules §5.12)
        assert deal.stock_size == 2 and deal.leftovers == ()
        deal.apply(deal.legal_actions()[0])
        finish_trick(deal)
    assert deal.stock_size == 0 and len(deal.leftovers) == 2 and not deal.drawing
    assert sum(e.kind == "draw" for e in deal.events) == 81


# -- 5.3 ---------------------------------------------------------------------------------------------


@each_preset
def test_timing_5_3_dealt_pair_pass_happens_even_when_no_round_will_draw(name):
    # One pack, seven players: 49 dealt, 3 in stock, fewer than the players: no round will draw.
    rules = variant(name, decks=1, max_players=7, dealt_pairs=True, bibi_call="optional",
                    trump_change="next_trick")
    deal = new_deal(rules, ["", "KD QD"], players=7)
    assert deal.phase == "call" and deal.to_act == 1 and deal.stock_size == 3
    play(deal, "bibi D")
    assert deal.scores[1] == 50 and not deal.drawing  # then the first trick stops drawing ...
    if rules.turn_up == "trick_start":
        assert deal.stock_size == 0 and len(deal.leftovers) == 3  # ... and turns the stock up
    else:
        assert deal.stock_size == 3 and deal.leftovers == () and deal.face_up_from is None  # ... at its draw
    assert deal.trump is D  # the dealt-pair call still changes the trump before the first lead (R18)
    deal.playout(lambda legal: legal[0])
    assert len(deal.tricks) == 7 and {t.trump for t in deal.tricks} == {D}


@each_preset
def test_timing_5_3_mandatory_dealt_pairs_called_when_the_seats_turn_comes(name):
    rules = variant(name, dealt_pairs=True, bibi_call="mandatory", bibi_suits="any")
    deal = new_deal(rules, ["", "KS QS", "KD QD"])
    # Seat 1 (the dealer's left) is asked about his trump pair first; seat 2's call is not made yet.
    assert deal.to_act == 1 and names(deal.legal_actions()) == ["bibi S", "pass"] and deal.calls == ()
    play(deal, "pass")
    assert deal.calls == (bibi.Call(2, D, -1, True),)
    assert [e.kind for e in deal.events] == ["deal", "pass", "call"] + [e.kind for e in deal.events][3:]


# -- 5.4 ---------------------------------------------------------------------------------------------


@each_preset
def test_timing_5_4_mandatory_calls_first_in_suit_order_then_the_optional_question(name):
    rules = variant(name, dealt_pairs=True, bibi_call="mandatory", bibi_suits="any")
    deal = new_deal(rules, ["", "KC QC KD QD KH QH"], trump="C")
    assert [(c.suit, c.mandatory) for c in deal.calls] == [(H, True), (D, True)]  # S, H, D, C order
    assert deal.phase == "call" and deal.to_act == 1 and names(deal.legal_actions()) == ["bibi C", "pass"]
    play(deal, "bibi C")
    assert [(c.suit, c.mandatory) for c in deal.calls] == [(H, True), (D, True), (C, False)]
    assert deal.bonus_points == (0, 150, 0)


# -- 5.5 ---------------------------------------------------------------------------------------------


@each_preset
def test_timing_5_5_trick_credited_when_its_last_card_is_played_then_the_last_draw(name):
    rules = variant(name, draw="after_each_card", trump_change="next_trick", dealt_pairs=False,
                    bibi_call="optional")
    deal = new_deal(rules, ["QD 5H", "AH", "2H"], "3C 3C KD")
    play(deal, "AH", "2H", "5H")
    # The trick is complete and credited before seat 0 draws and decides.
    assert len(deal.tricks) == 1 and deal.card_points == (0, 0, 21)
    kinds = [e.kind for e in deal.events]
    assert kinds[-3:] == ["play", "trick", "draw"] and deal.events[-1].card == bibi.Card("KD")
    assert deal.phase == "call" and deal.to_act == 0
    play(deal, "bibi D")
    assert deal.calls[0].trick == 0
    assert deal.tricks[0].trump is S  # the change waits for the next trick
    assert deal.trump is D and deal.to_act == 2


# -- 5.6 ---------------------------------------------------------------------------------------------


@each_preset
def test_timing_5_6_after_trick_each_call_decision_right_after_his_own_draw(name):
    rules = variant(name, draw="after_trick", dealt_pairs=False, bibi_call="optional")
    deal = new_deal(rules, ["QH 5H", "QD 2H", "6H"], "KD 3C KH")
    play(deal, "2H", "6H", "5H")  # seat 1 wins: draws K♦ first
    assert deal.to_act == 1 and deal.phase == "call" and deal.stock_size == 82
    assert [(e.seat, str(e.card)) for e in deal.events if e.kind == "draw"] == [(1, "KD")]
    play(deal, "pass")
    # seat 2 drew 3♣ (nothing to call); seat 0 drew K♥ and is asked before the trick begins
    assert deal.to_act == 0 and deal.phase == "call" and deal.stock_size == 80
    play(deal, "pass")
    assert deal.phase == "play" and deal.to_act == 1


# -- 5.7 ---------------------------------------------------------------------------------------------


@each_preset
def test_timing_5_7_a_calls_points_are_credited_when_it_is_made(name):
    rules = variant(name, draw="after_each_card", dealt_pairs=False, bibi_call="optional",
                    trump_change="next_trick")
    deal = new_deal(rules, ["", "QD 7H"], "KD")
    play(deal, "7H")
    assert deal.scores == (0, 0, 0)
    play(deal, "bibi D")
    assert deal.scores == (0, 50, 0) and deal.trick == ((1, bibi.Card("7H")),)  # mid-trick, at once


# -- 5.8 ---------------------------------------------------------------------------------------------


@each_preset
def test_timing_5_8_the_laid_down_copy_is_played_first(name):
    # Two players. Seat 1 lays down K♥ Q♥, also holds a second K♥, leads K♥ (the laid-down one goes),
    # wins, and draws the second Q♥: with the free K♥ it makes a new pair. Spades stay trump: under
    # holder_chooses a call moves nothing, and seat 1 makes no switch.
    rules = variant(name, dealt_pairs=True, trump_change="holder_chooses")
    deal = new_deal(rules, ["", "KH QH KH"], "QH", players=2)
    call_if_asked(deal, "H")
    assert deal.laid_down(1) == tuple(cards("QH KH"))
    play(deal, "KH")
    assert deal.laid_down(1) == tuple(cards("QH")) and deal.hand(1).count(bibi.Card("KH")) == 1
    if rules.draw == "after_trick":
        play(deal, deal.legal_actions()[0])
    call_if_asked(deal, "H")
    assert len(deal.calls) == 2 and deal.bonus_points == (0, 100)


# -- 5.9 ---------------------------------------------------------------------------------------------


@each_preset
def test_timing_5_9_no_switch_to_the_trump_and_at_most_one_switch_per_trick(name):
    rules = variant(name, trump_change="holder_chooses", dealt_pairs=True, bibi_call="optional",
                    bibi_suits="any")
    deal = new_deal(rules, ["", "KS QS KH QH KD QD 2C"])
    play(deal, "bibi S", "bibi H", "bibi D")
    assert deal.switch_rights(1) == (S, H, D)
    assert names(deal.legal_actions())[-2:] == ["trump H", "trump D"]  # never "trump S": it is trump
    play(deal, "trump H")
    assert not any(a.kind == ActionKind.SWITCH for a in deal.legal_actions())  # one switch per trick
    play(deal, "2C")
    finish_trick(deal)
    assert deal.tricks[0].trump is H and deal.to_act == 1
    assert names(deal.legal_actions())[-2:] == ["trump S", "trump D"]


# -- 5.10 ---------------------------------------------------------------------------------------------


@each_preset
def test_timing_5_10_the_switch_right_stays_after_the_pairs_cards_are_played(name):
    rules = variant(name, trump_change="holder_chooses", dealt_pairs=True, bibi_call="optional")
    deal = new_deal(rules, ["", "KD QD AC 2C"])
    play(deal, "bibi D", "KD")
    finish_trick(deal)
    play(deal, "QD")
    finish_trick(deal)
    assert deal.laid_down(1) == () and bibi.Card("KD") not in deal.hand(1)
    assert deal.to_act == 1 and deal.switch_rights(1) == (D,) and "trump D" in names(deal.legal_actions())


# -- 5.11 ---------------------------------------------------------------------------------------------


@each_preset
def test_timing_5_11_next_deal_the_last_call_after_a_draw_whatever_its_suit_sets_the_next_trump(name):
    # Calls after a draw (R15) change nothing in this deal; the last of them, whatever its suit, is the next
    # deal's trump. (A call of the dealt-pair pass changes this deal's trump instead, R18: see test_deal_rules.)
    rules = variant(name, trump_change="next_deal", dealt_pairs=False, bibi_call="optional", bibi_suits="any",
                    draw="after_each_card")
    deal = new_deal(rules, ["", "QD 7H", "KS 5H"], "KD QS")
    assert deal.next_trump is None
    play(deal, "7H", "bibi D")
    assert deal.next_trump is D and deal.trump is S
    play(deal, "5H", "bibi S")  # a call of the current trump: still the last call
    assert deal.next_trump is S and deal.trump is S
    assert Deal.replay(deal.record()).next_trump is S
