"""The cases an engine must get right (rules §3, in docs/rules.md), one test each (and a few sides of each), on
stacked decks.

Unless a test says otherwise: 3 players, dealer seat 0, seat 1 leads, spades are trump.
"""

from __future__ import annotations

import dataclasses

import pytest
from helpers import PRESET_NAMES, finish_trick, names, new_deal, play, play_cards

import bibi
from bibi.cards import cards
from bibi.deal import Deal

pytestmark = pytest.mark.fast

each_preset = pytest.mark.parametrize("name", PRESET_NAMES)
S, H, D = bibi.Suit.SPADES, bibi.Suit.HEARTS, bibi.Suit.DIAMONDS


def variant(name: str, **options) -> bibi.Rules:
    return dataclasses.replace(bibi.preset(name), **options)


def call_if_asked(deal: Deal, suit: str) -> None:
    """Call ``suit`` if the seat is asked (optional calls); under mandatory calls the engine has made it."""
    if deal.phase == "call":
        play(deal, f"bibi {suit}")


# -- case 1 (R14) ---------------------------------------------------------------------------------


@each_preset
def test_case1_two_identical_trumps_the_later_wins(name):
    deal = new_deal(name, ["9S", "5H", "9S"])  # seats 2 and 0 are void in hearts
    play_cards(deal, "5H", "9S", "9S")
    assert deal.tricks[0].winner == 0


@each_preset
def test_case1_an_identical_card_neither_trump_nor_led_never_wins(name):
    deal = new_deal(name, ["AD", "5H", "AD"])
    play_cards(deal, "5H", "AD", "AD")
    assert deal.tricks[0].winner == 1
    deal = new_deal(variant(name, identical="first_wins"), ["AD", "5H", "AD"])
    play_cards(deal, "5H", "AD", "AD")
    assert deal.tricks[0].winner == 1


@each_preset
def test_case1_identical_cards_of_the_suit_led_second_wins(name):
    deal = new_deal(name, ["5H", "AH", "AH"])
    play_cards(deal, "AH", "AH", "5H")
    assert deal.tricks[0].winner == 2


# -- case 2 ----------------------------------------------------------------------------------------


@each_preset
def test_case2_a_pair_of_the_trump_suit_cannot_be_called_under_non_trump(name):
    rules = variant(name, bibi_suits="non_trump", dealt_pairs=True, bibi_call="optional")
    deal = new_deal(rules, ["KS QS", "QS 5H"], "KS")
    assert deal.phase == "play" and deal.calls == ()  # not in the dealt-pair pass ...
    play_cards(deal, "5H")
    finish_trick(deal)
    assert deal.calls == () and deal.callable_suits(0) == () and deal.callable_suits(1) == ()  # ... nor later


@each_preset
def test_case2_a_suit_called_earlier_in_the_same_trick_is_not_trump_yet(name):
    rules = variant(name, bibi_suits="non_trump", dealt_pairs=False, bibi_call="optional",
                    trump_change="next_trick", draw="after_each_card")
    deal = new_deal(rules, ["6H", "QD 7H", "QD 5H"], "KD KD")
    play(deal, "7H", "bibi D")  # seat 1 draws K♦ and calls: diamonds become trump at the next trick
    assert deal.pending_trump is D and deal.trump is S
    play(deal, "5H")  # seat 2 draws the other K♦: diamonds are not trump yet, so he may call them
    assert deal.phase == "call" and names(deal.legal_actions()) == ["bibi D", "pass"]
    play(deal, "bibi D")
    assert deal.scores == (0, 50, 50)
    play_cards(deal, "6H")
    assert deal.trump is D and len([e for e in deal.events if e.kind == "trump_change"]) == 1


@each_preset
def test_case2_after_trick_a_suit_called_by_an_earlier_drawer_is_not_trump_yet(name):
    rules = variant(name, bibi_suits="non_trump", dealt_pairs=False, bibi_call="optional",
                    trump_change="next_trick", draw="after_trick")
    deal = new_deal(rules, ["6H", "QD 7H", "QD 5H"], "KD KD")
    play(deal, "7H", "5H", "6H")  # seat 1 wins and draws first, then seat 2, then seat 0
    assert deal.to_act == 1 and names(deal.legal_actions()) == ["bibi D", "pass"]
    play(deal, "bibi D")
    assert deal.to_act == 2 and names(deal.legal_actions()) == ["bibi D", "pass"]
    play(deal, "bibi D")
    assert deal.scores == (0, 50, 50) and deal.trump is D  # seat 0 drew (no pair): trick 2 began


# -- case 3 (R21) ------------------------------------------------------------------------------------


@each_preset
def test_case3_double_pair_two_calls_one_change(name):
    rules = variant(name, dealt_pairs=True, trump_change="next_trick")
    deal = new_deal(rules, ["", "KH KH QH QH"])
    call_if_asked(deal, "H")
    call_if_asked(deal, "H")
    assert [(c.seat, c.suit) for c in deal.calls] == [(1, H), (1, H)]
    assert deal.scores == (0, 100, 0)
    assert deal.phase == "play" and deal.trump is H
    assert [e for e in deal.events if e.kind == "trump_change"] == [bibi.Event("trump_change", None, None, H, "call")]


@each_preset
def test_case3_double_pair_completed_by_a_draw(name):
    rules = variant(name, dealt_pairs=False, trump_change="next_trick", draw="after_each_card")
    deal = new_deal(rules, ["", "KH QH QH 2D"], "KH")
    play(deal, "2D")
    call_if_asked(deal, "H")
    call_if_asked(deal, "H")
    assert len(deal.calls) == 2 and deal.bonus_points == (0, 100, 0)
    finish_trick(deal)
    assert deal.trump is H and sum(e.kind == "trump_change" for e in deal.events) == 1


# -- case 4 (R22) ------------------------------------------------------------------------------------


@each_preset
def test_case4_second_queen_does_not_pair_with_a_used_king_second_king_and_queen_do(name):
    # Two players: seat 1 leads hearts and wins every trick (seat 0 holds only clubs), so he draws stock[0],
    # stock[2], … under either way of drawing.
    rules = variant(name, dealt_pairs=True, trump_change="holder_chooses")  # spades stay trump: no switch is made
    deal = new_deal(rules, ["", "KH QH 5H 6H 7H"], "QH 3C KH 3C", players=2)
    call_if_asked(deal, "H")
    assert len(deal.calls) == 1
    play_cards(deal, "5H")
    finish_trick(deal)
    assert deal.hand(1).count(bibi.Card("QH")) == 2
    assert len(deal.calls) == 1 and deal.callable_suits(1) == ()  # Q♥ + the used K♥: no pair
    play(deal, "6H")
    if rules.draw == "after_trick":
        play(deal, deal.legal_actions()[0])
    call_if_asked(deal, "H")  # the second K♥ with the second Q♥
    assert len(deal.calls) == 2 and deal.bonus_points == (0, 100)
    assert deal.laid_down(1) == tuple(cards("QH QH KH KH"))


# -- case 5 ------------------------------------------------------------------------------------------


@each_preset
def test_case5_original_trump_pair_callable_once_the_trump_moved_away(name):
    rules = variant(name, dealt_pairs=True, trump_change="next_trick", bibi_suits="non_trump",
                    draw="after_each_card", multi_call="first")
    deal = new_deal(rules, ["", "KD QD 7H", "QS 5H"], "3C KS")
    call_if_asked(deal, "D")
    assert deal.trump is D  # the trump moved away from spades before the first trick
    play(deal, "7H", "5H")  # seat 2 draws K♠: spades are "other than trumps" now
    call_if_asked(deal, "S")
    assert [(c.seat, c.suit) for c in deal.calls] == [(1, D), (2, S)]
    finish_trick(deal)
    assert deal.trump is S  # back to the original suit


# -- case 6 ------------------------------------------------------------------------------------------


@each_preset
def test_case6_twelve_players_one_draw_round_eight_turned_up_eight_tricks(name):
    deal = Deal.new(name, players=12, seed=6)
    assert sum(len(deal.hand(s)) for s in range(12)) == 84 and deal.stock_size == 20
    first = deal.copy()
    deal.playout(lambda legal: legal[0])
    draws = [e for e in deal.events if e.kind == "draw"]
    assert len(draws) == 12  # one draw round
    assert len(deal.leftovers) == 8 and deal.leftovers == first.stock()[12:]
    assert len(deal.tricks) == 8
    turn_up = [i for i, e in enumerate(deal.events) if e.kind == "turn_up"][0]
    before = sum(e.kind == "trick" for e in deal.events[:turn_up])
    if deal.rules.turn_up == "trick_start":
        assert before == 1 and deal.face_up_from == 1  # turned up at the start of trick 2: seven tricks left
    else:  # after_trick: when trick 2's draw fails, right after its last card: six tricks left (I16)
        assert before == 2 and deal.events[turn_up - 1].kind == "trick" and deal.face_up_from == 2


@each_preset
def test_case6_eight_players_no_card_turned_up(name):
    deal = Deal.new(name, players=8, seed=8)
    assert deal.stock_size == 48
    deal.playout(lambda legal: legal[0])
    assert deal.leftovers == () and len(deal.tricks) == 13
    assert sum(e.kind == "draw" for e in deal.events) == 48
    turn_up = [i for i, e in enumerate(deal.events) if e.kind == "turn_up"]
    assert len(turn_up) == 1 and deal.events[turn_up[0]].info == ()  # the empty stock "turned up" ...
    before = sum(e.kind == "trick" for e in deal.events[:turn_up[0]])
    # ... at the start of trick 7 (trick_start), or when trick 7's draw fails, after its last card (failed_draw)
    assert before == (6 if deal.rules.turn_up == "trick_start" else 7)


# -- case 7 (I12) ------------------------------------------------------------------------------------


def test_case7_italian_original_trump_pair_laid_early_switches_the_trump_back():
    deal = new_deal("italian", ["", "KS QS KH QH 2D AD"])
    assert deal.rules.trump_change == "holder_chooses" and deal.phase == "play"
    play(deal, "2D", "7C", "3C")  # seats 2 and 0 hold clubs only: seat 1 wins
    # Seat 1 won and drew first: the hearts pair is called by the engine (mandatory, I11); the pair of
    # the original trump (spades) is his to lay down (I12).
    assert deal.calls == (bibi.Call(1, H, 0, True),)
    assert deal.to_act == 1 and names(deal.legal_actions()) == ["bibi S", "pass"]
    play(deal, "bibi S")
    finish_trick(deal)
    assert deal.scores[1] == 11 + 100 and deal.trump is S
    assert deal.to_act == 1 and names(deal.legal_actions())[-1:] == ["trump H"]  # S is trump: not offered
    play(deal, "trump H", "AD")
    finish_trick(deal)
    assert deal.tricks[1].trump is H and deal.tricks[1].winner == 1
    assert deal.to_act == 1 and names(deal.legal_actions())[-1:] == ["trump S"]
    play(deal, "trump S")  # back to the original trump
    assert deal.trump is S and deal.switch_rights(1) == ()


# -- case 8 ------------------------------------------------------------------------------------------


@each_preset
def test_case8_card_points_264_and_the_leftovers_points_are_lost(name):
    rules = bibi.preset(name)
    assert rules.total_points() == 4 * 33 * 2 == 264
    # Three players: 2 cards left over (rules §4), here 2♥ and A♠: 21 points nobody wins.
    deal = new_deal(name, [], bottom="2H AS")
    deal.playout(lambda legal: legal[0])
    assert deal.leftovers == tuple(cards("2H AS"))
    assert sum(deal.card_points) == 264 - 21
    assert sum(deal.scores) == 264 - 21 + 50 * len(deal.calls)


# -- case 9 ------------------------------------------------------------------------------------------


@each_preset
def test_case9_a_call_at_the_last_draw_round_changes_the_trump_for_the_final_tricks(name):
    # Twelve players: trick 1 is the only draw round. Seat 1 draws K♦ to his Q♦ and calls.
    rules = variant(name, trump_change="next_trick", dealt_pairs=False)
    deal = new_deal(rules, ["", "QD 2S"], "KD", players=12)
    play(deal, "2S")
    if rules.draw == "after_trick":
        for _ in range(11):
            deal.apply(deal.legal_actions()[0])
    call_if_asked(deal, "D")
    assert [(c.seat, c.suit, c.trick) for c in deal.calls] == [(1, D, 0)]
    finish_trick(deal)
    assert not deal.drawing and deal.trump is D
    deal.playout(lambda legal: legal[0])
    assert [t.trump for t in deal.tricks] == [S] + [D] * 7
