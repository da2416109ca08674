"""One test per rule point of rules §2 (in docs/rules.md): every option and value, and the rules the same under
every preset.

Every test stacks the deck (``tests/helpers.py``) so the expected result is known by hand. Unless a test says
otherwise: 3 players, dealer seat 0, so seat 1 (the dealer's left) is dealt first and leads; spades are trump.
An option's test runs under each of the three presets with that option set, to show the option alone decides.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from helpers import PRESET_NAMES, finish_trick, hand_text, names, new_deal, play, play_cards, stack

import bibi
from bibi.cards import Card, cards, pack
from bibi.deal import Deal
from bibi.dealing import cut, high_card_draw
from bibi.rules import Identical
from bibi.tricks import trick_reason

pytestmark = pytest.mark.fast


def variant(name: str, **options) -> bibi.Rules:
    return dataclasses.replace(bibi.preset(name), **options)


def kinds(deal: Deal, *wanted: str) -> list[tuple]:
    """The events of these kinds, as (kind, seat, card text, suit text, info) tuples."""
    return [(e.kind, e.seat, e.card and str(e.card), e.suit and str(e.suit), e.info)
            for e in deal.events if e.kind in wanted]


each_preset = pytest.mark.parametrize("name", PRESET_NAMES)
S, H, D, C = bibi.SUITS


# -- decks (R3; I3) ----------------------------------------------------------------------------


@each_preset
def test_R3_decks_two_packs_every_card_twice(name):
    deal = Deal.new(name, players=4, seed=3)
    assert len(deal.deck) == 104 and Counter(deal.deck) == Counter(pack(2))
    # Identical cards are interchangeable: a hand holding both copies offers one action for them.
    deal = new_deal(name, ["", "9C 9C 5H"])
    assert deal.hand(1).count(Card("9C")) == 2
    assert names(deal.legal_actions()).count("9C") == 1


@each_preset
def test_R3_decks_one_pack_52_cards_no_two_identical(name):
    rules = variant(name, decks=1, max_players=7)
    deal = Deal.new(rules, players=5, seed=11)
    assert len(deal.deck) == 52 and set(deal.deck) == set(pack(1))
    assert deal.stock_size == 52 - 35
    deal.playout(lambda legal: legal[0])
    assert len(deal.tricks) == 10 and len(deal.leftovers) == 2  # ⌊52/5⌋, 52 mod 5
    # R2's "up to twelve" becomes as many as one pack deals: seven hands of seven (52 ≥ 7 × 7).
    assert variant(name, decks=1) == rules and variant(name, decks=1).max_players == 7
    with pytest.raises(ValueError, match="max_players: 8 hands of 7 need 56 cards.*lower max_players to 7"):
        variant(name, decks=1, max_players=8)


# -- hand_size (R8; I4, I10) --------------------------------------------------------------------


@each_preset
def test_R8_I4_hand_size_seven_dealt_one_at_a_time_rest_is_stock(name):
    deck = stack(["AS 2S 3S 4S 5S 6S 7S", "AH 2H 3H 4H 5H 6H 7H", "AD 2D 3D 4D 5D 6D 7D"], "JC TC")
    deal = Deal.new(name, players=3, dealer=0, trump="S", deck=deck)
    assert deck[:3] == ["AH", "AD", "AS"]  # one at a time, from the dealer's left (seat 1)
    assert hand_text(deal, 0) == "3S 4S 5S 6S 7S AS 2S"
    assert hand_text(deal, 1) == "3H 4H 5H 6H 7H AH 2H"
    assert hand_text(deal, 2) == "3D 4D 5D 6D 7D AD 2D"
    assert deal.stock_size == 83 and deal.stock()[:2] == tuple(cards("JC TC"))


@each_preset
def test_hand_size_option_sets_the_cards_dealt(name):
    rules = variant(name, hand_size=5)
    deal = Deal.new(rules, players=4, seed=5)
    assert all(len(deal.hand(s)) == 5 for s in range(4)) and deal.stock_size == 84
    assert rules.tricks(4) == 26 and rules.draw_rounds(4) == 21
    deal.playout(lambda legal: legal[-1])
    assert len(deal.tricks) == 26


# -- max_players (R2) ---------------------------------------------------------------------------


@each_preset
def test_R2_max_players_twelve(name):
    assert Deal.new(name, players=12, seed=1).stock_size == 20
    with pytest.raises(ValueError, match=r"players: 13 is outside 2…12"):
        Deal.new(name, players=13, seed=1)
    six = variant(name, max_players=6)
    assert Deal.new(six, players=6, seed=1).players == 6
    with pytest.raises(ValueError, match=r"players: 7 is outside 2…6"):
        Deal.new(six, players=7, seed=1)


# -- card_points (R10; I18) and bibi_points (R16; I13) ---------------------------------------------


@each_preset
def test_R10_I18_card_points_credited_to_the_trick_winner(name):
    # Seat 1 leads A♥ (10), seat 2 plays K♥ (5), seat 0 plays 2♥ (11) and wins: 26 points.
    deal = new_deal(name, ["2H", "AH", "KH"])
    play_cards(deal, "AH", "KH", "2H")
    assert deal.tricks[0].winner == 0 and deal.tricks[0].points == 26
    assert deal.card_points == (26, 0, 0)


@each_preset
def test_card_points_option_changes_the_points(name):
    rules = variant(name, card_points={"2": 1, "A": 2, "9": 7})
    deal = new_deal(rules, ["2H", "AH", "9H"])
    play_cards(deal, "AH", "9H", "2H")
    assert deal.card_points == (10, 0, 0)
    assert rules.total_points() == 8 * 10


@each_preset
def test_R16_I13_bibi_points_per_call(name):
    deal = new_deal(name, ["", "KD QD"], bibi_points=30, dealt_pairs=True, bibi_call="optional")
    assert deal.to_act == 1 and names(deal.legal_actions()) == ["bibi D", "pass"]
    play(deal, "bibi D")
    assert deal.bonus_points == (0, 30, 0) and deal.scores == (0, 30, 0)
    deal = new_deal(name, ["", "KD QD"], dealt_pairs=True, bibi_call="optional")
    play(deal, "bibi D")
    assert deal.scores == (0, 50, 0)


# -- first_dealer (R5, R6) and first_trump (R6, R7; I4) -------------------------------------------


class StackedRandom(random.Random):
    """A ``random.Random`` whose shuffles give fixed orders (the last card is drawn first) and cut at k."""

    def __init__(self, orders, k=1):
        super().__init__(0)
        self.orders, self.k = [cards(o) for o in orders], k

    def shuffle(self, x):
        order = self.orders.pop(0)
        x[:] = order + [c for c in x if c not in order][: len(x) - len(order)]
        x.reverse()

    def randrange(self, *args):
        return self.k


def test_R5_R6_high_card_draw_highest_rank_deals_ties_draw_again():
    # Seats 0, 1, 2 draw 2♠, 5♥, 2♦: seats 0 and 2 tie on the two and draw again: 9♣ against A♣.
    rng = StackedRandom(["2S 5H 2D 9C AC"])
    dealer, card, rounds = high_card_draw(bibi.RUSSIAN, 3, rng)
    assert [[(s, str(c)) for s, c in r] for r in rounds] == [[(0, "2S"), (1, "5H"), (2, "2D")],
                                                           [(0, "9C"), (2, "AC")]]
    assert dealer == 2 and str(card) == "AC"


@pytest.mark.parametrize("seed", range(6))
def test_R5_R6_first_dealer_high_card_draw_and_first_trump_dealer_card(seed):
    dealer, card, _ = high_card_draw(bibi.RUSSIAN, 5, random.Random(seed))
    deal = Deal.new("russian", players=5, seed=seed)
    assert deal.dealer == dealer and deal.trump is card.suit  # R6: that card's suit is the first trump
    assert deal.to_act == (dealer + 1) % 5 or deal.phase == "call"


@each_preset
def test_first_dealer_random_any_seat(name):
    rules = variant(name, first_dealer="random", first_trump="cut")
    dealers = {Deal.new(rules, players=4, seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}


@each_preset
def test_I4_R7_first_trump_cut_is_the_suit_of_the_card_at_the_bottom(name):
    rules = variant(name, first_trump="cut")
    for seed in range(10):
        deal = Deal.new(rules, players=6, seed=seed)
        assert deal.trump is deal.deck[-1].suit  # the cut card is shown, then goes to the bottom


def test_R7_I4_the_cut_card_goes_to_the_bottom_of_the_pack():
    pack_ = cards("AS KS QS JS TS")
    rng = StackedRandom([], k=2)
    assert cut(pack_, rng) == cards("QS JS TS AS KS")  # lifted AS KS: the shown card KS ends at the bottom


def test_stacked_deal_without_trump_takes_the_bottom_card_suit():
    deck = stack([""], players=3, bottom="7D")
    assert Deal.new("russian", players=3, deck=deck).trump is bibi.Suit.DIAMONDS
    assert Deal.new("russian", players=3, deck=deck).dealer == 0


# -- follow (R13; I7) -----------------------------------------------------------------------------


@each_preset
def test_R13_must_follow_suit_else_any_card(name):
    deal = new_deal(variant(name, follow="must_follow"), ["4S 8D", "5H", "9H 4S"])
    play(deal, "5H")
    assert deal.to_act == 2 and names(deal.legal_actions()) == ["9H"]
    play(deal, "9H")
    assert deal.to_act == 0
    assert set(names(deal.legal_actions())) == set(map(str, deal.hand(0)))  # void: any card, trump or not


@each_preset
def test_I7_follow_or_trump_suit_led_or_a_trump_even_holding_the_suit(name):
    deal = new_deal(variant(name, follow="follow_or_trump"), ["8D", "5H", "9H 4S 8D"])
    play(deal, "5H")
    assert names(deal.legal_actions()) == ["4S", "9H"]
    play(deal, "4S")
    assert set(names(deal.legal_actions())) == set(map(str, deal.hand(0)))  # neither: any card


@each_preset
def test_I7_follow_or_trump_when_trumps_are_led_a_trump_must_be_played(name):
    deal = new_deal(variant(name, follow="follow_or_trump"), ["", "5S", "9H 4S 8D"])
    play(deal, "5S")
    assert names(deal.legal_actions()) == ["4S"]


# -- identical (R14) ------------------------------------------------------------------------------


@each_preset
def test_R14_identical_second_wins(name):
    deal = new_deal(variant(name, identical="second_wins"), ["AH", "9H", "AH"])
    play_cards(deal, "9H", "AH", "AH")
    assert deal.tricks[0].winner == 0


@each_preset
def test_identical_first_wins(name):
    deal = new_deal(variant(name, identical="first_wins"), ["AH", "9H", "AH"])
    play_cards(deal, "9H", "AH", "AH")
    assert deal.tricks[0].winner == 2


# -- draw (R15; I9) --------------------------------------------------------------------------------


@each_preset
def test_R15_draw_after_each_card_in_playing_order(name):
    deal = new_deal(variant(name, draw="after_each_card"), ["7H", "5H", "6H"], "AD JD TD")
    play(deal, "5H")
    assert kinds(deal, "play", "draw") == [("play", 1, "5H", None, None), ("draw", 1, "AD", None, None)]
    assert len(deal.hand(1)) == 7
    play(deal, "6H", "7H")
    assert kinds(deal, "play", "draw", "trick")[2:] == [
        ("play", 2, "6H", None, None), ("draw", 2, "JD", None, None),
        ("play", 0, "7H", None, None), ("trick", 0, None, None, 0), ("draw", 0, "TD", None, None)]


@each_preset
def test_I9_draw_after_trick_winner_first_then_clockwise(name):
    deal = new_deal(variant(name, draw="after_trick"), ["7H", "5H", "6H"], "AD JD TD")
    play(deal, "5H", "6H")
    assert kinds(deal, "draw") == [] and len(deal.hand(1)) == 6 and deal.stock_size == 83
    play(deal, "7H")
    assert kinds(deal, "trick", "draw") == [
        ("trick", 0, None, None, 0), ("draw", 0, "AD", None, None), ("draw", 1, "JD", None, None),
        ("draw", 2, "TD", None, None)]
    assert all(len(deal.hand(s)) == 7 for s in range(3))


# -- bibi_suits (R15, R17; I11, I12) ---------------------------------------------------------------


@each_preset
def test_R15_R17_bibi_suits_non_trump_a_trump_pair_cannot_be_called(name):
    deal = new_deal(name, ["", "KS QS 5H"], "JD", bibi_suits="non_trump", dealt_pairs=True, bibi_call="optional")
    assert deal.phase == "play" and deal.to_act == 1  # nobody was asked in the dealt-pair pass
    assert deal.callable_suits(1) == ()
    play_cards(deal, "5H")
    assert deal.calls == ()


@each_preset
def test_I12_bibi_suits_any_a_trump_pair_scores_and_changes_nothing_at_once(name):
    deal = new_deal(name, ["", "KS QS 5H"], bibi_suits="any", dealt_pairs=True, bibi_call="optional")
    assert deal.to_act == 1 and names(deal.legal_actions()) == ["bibi S", "pass"]
    play(deal, "bibi S")
    assert deal.scores == (0, 50, 0)
    assert deal.trump is bibi.Suit.SPADES and deal.pending_trump is None
    assert deal.phase == "play" and "trump S" not in names(deal.legal_actions())
    play_cards(deal, "5H")
    finish_trick(deal)
    assert deal.tricks[0].trump is bibi.Suit.SPADES and deal.trump is bibi.Suit.SPADES


# -- bibi_call (R23; I1, I11) -----------------------------------------------------------------------


@each_preset
def test_R23_bibi_call_optional_asks_and_a_pass_scores_nothing(name):
    deal = new_deal(name, ["", "KD QD"], bibi_call="optional", dealt_pairs=True)
    assert deal.phase == "call" and deal.to_act == 1 and names(deal.legal_actions()) == ["bibi D", "pass"]
    play(deal, "pass")
    assert deal.phase == "play" and deal.calls == () and deal.scores == (0, 0, 0)
    assert kinds(deal, "pass") == [("pass", 1, None, None, None)]


@each_preset
def test_I1_I11_bibi_call_mandatory_the_engine_calls_and_records_it(name):
    deal = new_deal(name, ["", "KD QD"], bibi_call="mandatory", dealt_pairs=True, trump_change="next_trick")
    assert deal.phase == "play" and deal.to_act == 1  # nobody was asked
    assert deal.calls == (bibi.Call(1, bibi.Suit.DIAMONDS, -1, True),)
    assert kinds(deal, "call") == [("call", 1, None, "D", "mandatory")]
    assert deal.actions == () and deal.scores == (0, 50, 0)
    assert deal.trump is bibi.Suit.DIAMONDS  # the call changed the trump before the first lead
    assert Deal.replay(deal.record()).calls == deal.calls  # not an action, yet replayed


@each_preset
def test_I12_bibi_call_mandatory_a_pair_of_the_current_trump_stays_optional(name):
    deal = new_deal(name, ["", "KS QS"], bibi_call="mandatory", bibi_suits="any", dealt_pairs=True)
    assert deal.calls == () and deal.phase == "call" and names(deal.legal_actions()) == ["bibi S", "pass"]


# -- dealt_pairs (R17–R20) ---------------------------------------------------------------------------


@each_preset
def test_R17_R19_dealt_pairs_called_before_the_first_trick_from_the_dealers_left(name):
    rules = variant(name, dealt_pairs=True, bibi_call="optional", trump_change="next_trick", multi_call="first")
    deal = new_deal(rules, ["KC QC", "KD QD", "KH QH"])
    asked = []
    for answer in ("bibi D", "pass", "bibi C"):
        asked.append(deal.to_act)
        play(deal, answer)
    assert asked == [1, 2, 0]  # seat 1 (the dealer's left), then clockwise
    assert [(c.seat, str(c.suit), c.trick) for c in deal.calls] == [(1, "D", -1), (0, "C", -1)]
    assert deal.scores == (50, 50, 0)
    # R18: the trump changes before the first trick (R20: to the first caller's suit).
    assert deal.phase == "play" and deal.to_act == 1 and deal.trump is bibi.Suit.DIAMONDS
    assert deal.tricks == () and deal.trick == ()


@each_preset
def test_dealt_pairs_false_a_dealt_pair_is_first_callable_at_the_first_draw(name):
    rules = variant(name, dealt_pairs=False, bibi_call="optional")
    deal = new_deal(rules, ["6H", "KD QD 2H", "5H"])
    assert deal.phase == "play" and deal.to_act == 1 and deal.calls == ()
    play(deal, "2H")
    if rules.draw == "after_trick":
        play(deal, "5H", "6H")  # seat 1 wins the trick and draws first
    assert deal.phase == "call" and deal.to_act == 1 and names(deal.legal_actions()) == ["bibi D", "pass"]
    play(deal, "bibi D")
    assert deal.calls == (bibi.Call(1, bibi.Suit.DIAMONDS, 0, False),) and deal.scores[1] == 50 + (
        0 if rules.draw == "after_each_card" else 11)


# -- trump_change (R16, R18; I11, I12, I14, I15) ------------------------------------------------------


def _call_in_first_trick(rules):
    """Seat 1 leads 2♥ and wins; he holds K♦ Q♦ and calls it at his draw of the first trick."""
    deal = new_deal(rules, ["6H", "KD QD 2H 7H", "5H"])
    play(deal, "2H")
    if rules.draw == "after_trick":
        play(deal, "5H", "6H")
    play(deal, "bibi D")
    finish_trick(deal)
    return deal


@each_preset
def test_R16_R18_trump_change_next_trick(name):
    deal = _call_in_first_trick(variant(name, trump_change="next_trick", dealt_pairs=False, bibi_call="optional"))
    assert deal.tricks[0].trump is bibi.Suit.SPADES  # the call's trick keeps its trump
    assert deal.trump is bibi.Suit.DIAMONDS and deal.pending_trump is None
    assert kinds(deal, "trump_change") == [("trump_change", None, None, "D", "call")]
    assert deal.to_act == 1 and "trump D" not in names(deal.legal_actions())


@each_preset
def test_I11_I14_trump_change_holder_chooses_switch_when_leading(name):
    rules = variant(name, trump_change="holder_chooses", dealt_pairs=False, bibi_call="optional")
    deal = _call_in_first_trick(rules)
    assert deal.trump is bibi.Suit.SPADES and deal.switch_rights(1) == (bibi.Suit.DIAMONDS,)
    assert deal.to_act == 1 and names(deal.legal_actions())[-1] == "trump D"
    play(deal, "trump D")
    assert deal.trump is bibi.Suit.DIAMONDS and deal.switch_rights(1) == ()
    assert kinds(deal, "trump_change") == [("trump_change", 1, None, "D", "switch")]
    assert "trump D" not in names(deal.legal_actions()) and deal.to_act == 1
    play(deal, "7H")
    finish_trick(deal)
    assert deal.tricks[1].trump is bibi.Suit.DIAMONDS  # effective for that trick, and it stays
    assert deal.trump is bibi.Suit.DIAMONDS


@each_preset
def test_R16_literal_trump_change_next_deal(name):
    deal = _call_in_first_trick(variant(name, trump_change="next_deal", dealt_pairs=False, bibi_call="optional"))
    assert deal.scores[1] >= 50
    assert deal.trump is bibi.Suit.SPADES and deal.next_trump is bibi.Suit.DIAMONDS
    assert "trump D" not in names(deal.legal_actions())
    deal.playout(lambda legal: legal[0])
    assert {t.trump for t in deal.tricks} == {bibi.Suit.SPADES}
    assert kinds(deal, "trump_change") == []


# -- multi_call (R20) --------------------------------------------------------------------------------


@pytest.mark.parametrize("multi, expected", [("first", "D"), ("last", "H")])
@each_preset
def test_R20_multi_call_dealt_pairs(name, multi, expected):
    rules = variant(name, multi_call=multi, dealt_pairs=True, bibi_call="optional", trump_change="next_trick")
    deal = new_deal(rules, ["", "KD QD", "KH QH"])
    play(deal, "bibi D", "bibi H")
    assert deal.trump == expected and kinds(deal, "trump_change") == [("trump_change", None, None, expected, "call")]


@pytest.mark.parametrize("multi, expected", [("first", "D"), ("last", "H")])
@each_preset
def test_R20_multi_call_in_the_same_trick(name, multi, expected):
    rules = variant(name, multi_call=multi, dealt_pairs=False, bibi_call="optional", trump_change="next_trick")
    # Seats 1 and 2 each complete a pair with their first draw: K♦ to seat 1, K♥ to seat 2.
    deal = new_deal(rules, ["5H", "QD 7H", "QH 6H"], "KD KH 3D")
    play(deal, "7H")
    if rules.draw == "after_trick":
        play(deal, "6H", "5H")  # seat 1 wins, draws K♦ first, then seat 2 draws K♥
    play(deal, "bibi D")
    if rules.draw == "after_each_card":
        play(deal, "6H")
    play(deal, "bibi H")
    finish_trick(deal)
    assert [str(c.suit) for c in deal.calls] == ["D", "H"]
    assert deal.tricks[0].trump == "S" and deal.trump == expected


# -- calls and trump changes stop when drawing stops (R24; I15) ----------------------------------------


@each_preset
def test_R24_I15_calls_and_switches_stop_when_drawing_stops(name):
    # Twelve players: one draw round (trick 1), then the stock of 8 is turned up.
    rules = variant(name, trump_change="holder_chooses", dealt_pairs=True, bibi_call="optional")
    deal = new_deal(rules, ["", "KD QD 2S QH"], "KH", players=12)
    play(deal, "bibi D")
    assert deal.to_act == 1 and "trump D" in names(deal.legal_actions())  # a drawing trick: offered
    play(deal, "2S")
    if rules.draw == "after_trick":
        for _ in range(11):  # the others play; seat 1's 2♠ wins and he draws first
            deal.apply(deal.legal_actions()[0])
    # Seat 1 drew K♥: K♥ Q♥ is a pair, offered at this draw of the last drawing round.
    assert deal.phase == "call" and deal.to_act == 1 and names(deal.legal_actions()) == ["bibi H", "pass"]
    play(deal, "pass")
    finish_trick(deal)
    assert not deal.drawing  # trick 2 begins with 8 in the stock: drawing has stopped
    if rules.turn_up == "trick_start":
        assert deal.stock_size == 0 and len(deal.leftovers) == 8  # turned up at once (R25)
    else:
        assert deal.stock_size == 8 and deal.leftovers == ()  # still face down until the failed draw (I16)
    assert deal.to_act == 1 and deal.switch_rights(1) == (bibi.Suit.DIAMONDS,)
    assert deal.callable_suits(1) == (bibi.Suit.HEARTS,)  # he still holds the free pair ...
    assert "trump D" not in names(deal.legal_actions())  # ... but the final tricks offer no switch
    offered = []
    deal.playout(lambda legal: offered.extend(legal) or legal[0])
    assert {a.kind for a in offered} == {"play"}  # and no call
    assert {t.trump for t in deal.tricks} == {bibi.Suit.SPADES} and len(deal.calls) == 1


# -- rules the same under every preset ---------------------------------------------------------------


@each_preset
def test_R4_I5_ranking_two_above_ace_above_king_down_to_three(name):
    deal = new_deal(name, ["2H 3H", "KH TH", "AH 4H"])
    play_cards(deal, "KH", "AH", "2H")
    assert deal.tricks[0].winner == 0
    play_cards(deal, "3H", "TH", "4H")  # seat 0 leads now
    assert deal.tricks[1].winner == 1


@each_preset
def test_seats_clockwise_deal_play_and_draw_go_to_the_left(name):
    deal = new_deal(variant(name, draw="after_each_card"), ["6H", "7H", "8H", "5H"], "AD JD TD 9D", dealer=2)
    assert deal.leader == 3 and deal.to_act == 3  # the dealer's left is the next seat
    order = []
    for card in ("5H", "6H", "7H", "8H"):
        order.append(deal.to_act)
        play(deal, card)
    assert order == [3, 0, 1, 2]
    assert [(e.seat, str(e.card)) for e in deal.events if e.kind == "draw"] == [
        (3, "AD"), (0, "JD"), (1, "TD"), (2, "9D")]


@each_preset
def test_I4_deal_one_card_at_a_time_clockwise_from_the_dealers_left(name):
    deck = [str(c) for c in pack(2)]  # a fixed order: 3S 4S … AS 2S 3H … 2C, twice
    deal = Deal.new(name, players=4, dealer=2, trump="S", deck=deck)
    # deck[0] to seat 3 (the dealer's left), deck[1] to seat 0, deck[2] to seat 1, deck[3] to the dealer, …
    assert hand_text(deal, 3) == "3S 7S JS 2S 6H TH AH"
    assert hand_text(deal, 0) == "4S 8S QS 3H 7H JH 2H"
    assert hand_text(deal, 2) == "6S TS AS 5H 9H KH 4D"
    assert deal.stock() == tuple(cards(deck[28:]))


@each_preset
def test_R11_R12_I6_dealers_left_leads_first_and_the_winner_leads_next(name):
    deal = new_deal(name, ["6H 9H", "5H 3D", "2H 4D"], dealer=0)
    assert deal.to_act == 1
    play_cards(deal, "5H", "2H", "6H")  # seat 2 wins
    assert deal.tricks[0].winner == 2 and deal.to_act == 2 and deal.leader == 2


@each_preset
def test_I8_trick_to_the_highest_trump_else_the_highest_of_the_suit_led(name):
    rules = variant(name, follow="must_follow")
    deal = new_deal(rules, ["2D", "5H", "9H"])  # seat 0 is void in hearts
    play_cards(deal, "5H", "9H", "2D")  # a higher card of another suit does not win
    assert deal.tricks[0].winner == 2
    deal = new_deal(rules, ["4S", "5H", "3S"])  # seats 2 and 0 are void in hearts: the higher trump wins
    play_cards(deal, "5H", "3S", "4S")
    assert deal.tricks[0].winner == 0
    deal = new_deal(rules, ["AH", "5H", "3S"])
    play_cards(deal, "5H", "3S", "AH")  # any trump beats the suit led
    assert deal.tricks[0].winner == 2


@pytest.mark.parametrize(("name", "cite", "twins"), [
    ("russian", "R4; not stated, taken from I8", "R14"),
    ("english", "R4; not stated, taken from I8", "R14"),
    ("italian", "I8", "not stated, taken from R14"),
])
def test_the_reason_a_trick_is_won_cites_the_text_of_the_rules_in_force(name, cite, twins):
    """The Russian text ranks the cards (R4) and never says who takes a trick: the kit takes that from I8 and
    says so; the Italian text states it (I8) and is silent on identical cards (R14)."""
    rules = variant(name, follow="must_follow")

    def reason(*plays: str, hands: list[str]) -> str:
        deal = play_cards(new_deal(rules, hands), *plays)
        last = deal.tricks[-1]
        return trick_reason(last.plays, last.trump.index, rules.identical is Identical.SECOND_WINS, rules=deal.rules)

    assert reason("5H", "9H", "2D", hands=["2D", "5H", "9H"]) == f"highest card of the suit led ({cite})"
    assert reason("5H", "3S", "AH", hands=["AH", "5H", "3S"]) == f"highest trump ({cite})"
    assert reason("9H", "AH", "AH", hands=["AH", "9H", "AH"]) == f"second of two identical cards wins ({twins})"
    # Without the rules, the rules reference's own citation, whatever the preset.
    deal = play_cards(new_deal(rules, ["2D", "5H", "9H"]), "5H", "9H", "2D")
    assert trick_reason(deal.tricks[0].plays, deal.trump.index, True) == "highest card of the suit led (I8)"


@each_preset
def test_R22_a_king_or_queen_belongs_to_one_pair_only(name):
    deal = new_deal(name, ["", "KH QH QH"], dealt_pairs=True, bibi_call="optional")
    play(deal, "bibi H")
    assert deal.phase == "play" and deal.callable_suits(1) == ()  # the second Q♥ has no free king
    assert deal.laid_down(1) == tuple(cards("QH KH"))


@each_preset
def test_R21_both_kings_and_queens_of_a_suit_make_two_calls(name):
    deal = new_deal(name, ["", "KH KH QH QH"], dealt_pairs=True, bibi_call="optional")
    play(deal, "bibi H")
    assert deal.phase == "call" and names(deal.legal_actions()) == ["bibi H", "pass"]
    play(deal, "bibi H")
    assert deal.phase == "play" and deal.scores == (0, 100, 0)


@each_preset
def test_laid_down_pair_stays_in_hand_counts_toward_seven_and_must_follow(name):
    rules = variant(name, dealt_pairs=True, bibi_call="optional", trump_change="next_deal")
    deal = new_deal(rules, ["", "KD QD 3H"], "JC 9C 8C")
    play(deal, "bibi D")
    assert len(deal.hand(1)) == 7 and deal.laid_down(1) == tuple(cards("QD KD"))
    assert {"KD", "QD"} <= set(names(deal.legal_actions()))  # it can be played
    play_cards(deal, "3H")
    finish_trick(deal)
    assert len(deal.hand(1)) == 7  # the draw makes seven, the laid-down pair counted
    # Seat 2 leads a diamond: seat 1, with no other diamond and no trump, must play K♦ or Q♦.
    deal = new_deal(rules, ["5D", "KD QD", "4D 6H"], dealer=1)
    assert deal.to_act == 1 and deal.phase == "call"  # the pass came round from seat 2
    play(deal, "bibi D")
    assert deal.to_act == 2
    play(deal, "4D", "5D")
    assert deal.to_act == 1 and names(deal.legal_actions()) == ["QD", "KD"]


@each_preset
def test_R15_a_pair_held_for_a_while_can_be_called_at_a_later_draw_no_backdating(name):
    rules = variant(name, dealt_pairs=True, bibi_call="optional", draw="after_each_card")
    deal = new_deal(rules, ["9H 8H", "KD QD 2H AH", "5H 6H"], "3D 4D 5D 6D 7D 8D")
    play(deal, "pass")  # the dealt-pair pass: seat 1 keeps his pair
    play(deal, "2H")
    assert deal.phase == "call" and deal.to_act == 1
    play(deal, "pass")  # not at the first draw either
    play_cards(deal, "5H", "9H")
    play(deal, "AH")  # seat 1 won and leads; at this draw he calls
    assert names(deal.legal_actions()) == ["bibi D", "pass"]
    assert deal.scores[1] == 11 + 0
    play(deal, "bibi D")
    assert deal.calls == (bibi.Call(1, bibi.Suit.DIAMONDS, 1, False),) and deal.scores[1] == 11 + 50


@each_preset
def test_R24_R25_I16_leftovers_turned_up_and_won_by_nobody(name):
    # Five players: 35 dealt, 69 in stock, 13 draw rounds, 4 cards left over (rules §4).
    deal = new_deal(name, [""] * 5, bottom="2H 2D AH AD", players=5)
    assert deal.stock_size == 69
    for _ in range(13):  # the thirteen drawing tricks
        deal.apply(deal.legal_actions()[0])
        finish_trick(deal)
    assert len(deal.tricks) == 13 and not deal.drawing
    if deal.rules.turn_up == "failed_draw":  # trick 14 is played with them face down; its draw fails (I16)
        assert deal.stock_size == 4 and deal.leftovers == () and kinds(deal, "turn_up") == []
        deal.apply(deal.legal_actions()[0])
        finish_trick(deal)
        assert len(deal.tricks) == 14
    assert deal.stock_size == 0 and deal.leftovers == tuple(cards("2H 2D AH AD"))
    assert kinds(deal, "turn_up") == [("turn_up", None, None, None, deal.leftovers)]
    deal.playout(lambda legal: legal[-1] if legal[-1].kind == "pass" else legal[0])
    assert len(deal.tricks) == 20
    assert sum(deal.card_points) == 264 - 42  # the leftovers' 42 points are lost to everyone


@each_preset
def test_score_is_card_points_plus_bibi_points(name):
    rules = variant(name, dealt_pairs=True, bibi_call="optional")
    deal = new_deal(rules, ["", "KD QD 2H", "AH"])
    play(deal, "bibi D")
    play_cards(deal, "2H", "AH")
    finish_trick(deal)
    assert deal.card_points[1] == 21 and deal.bonus_points[1] == 50 and deal.scores[1] == 71


@each_preset
def test_R2_two_to_twelve_players(name):
    for n in range(2, 13):
        deal = Deal.new(name, players=n, seed=n)
        assert deal.players == n and deal.stock_size == 104 - 7 * n
    for n in (0, 1, 13):
        with pytest.raises(ValueError, match="players"):
            Deal.new(name, players=n, seed=1)


# -- the rules read again (issue 12): four corrections ---------------------------------------------


def play_until(deal: Deal, done) -> None:
    """Play the first legal card for whoever is to play until ``done(deal)`` or a call decision comes."""
    while not done(deal) and deal.phase == "play":
        deal.apply(deal.legal_actions()[0])


@pytest.mark.parametrize("bibi_call", ["optional", "mandatory"])
def test_I11_I12_mandatory_spares_original_trump(bibi_call):
    # Italian rules (any suit, the holder switches), three players, spades the original trump. Seat 1 is dealt
    # K♥ Q♥ and K♠ Q♠, leads trick 1 after switching to hearts and wins it with 2♥; in the draw round (winner
    # first) seat 2 draws the Q♥ that pairs his K♥. Now hearts is trump and spades is not: under I12 ("re e donna
    # della prima briscola … quando crede") the spade pair stays optional, and the heart pair is forced (I11).
    rules = variant("italian", dealt_pairs=True, bibi_call=bibi_call)
    deal = new_deal(rules, ["", "KH QH KS QS 2H", "KH 3H"], "3C QH 4C")  # seat 2 answers the trump lead with 3♥
    assert deal.first_trump is S
    if bibi_call == "mandatory":
        assert deal.calls == (bibi.Call(1, H, -1, True),)  # made by the engine in the dealt-pair pass
    else:
        assert names(deal.legal_actions()) == ["bibi S", "bibi H", "pass"]
        play(deal, "bibi H")
    assert deal.to_act == 1 and names(deal.legal_actions()) == ["bibi S", "pass"]  # the original trump: asked
    play(deal, "pass", "trump H", "2H")
    play_until(deal, lambda d: d.tricks)
    assert deal.tricks[0].trump is H and deal.tricks[0].winner == 1 and deal.trump is H
    assert deal.phase == "call" and deal.to_act == 1  # after his draw, still asked about spades
    assert names(deal.legal_actions()) == ["bibi S", "pass"]
    play(deal, "pass")
    if bibi_call == "mandatory":  # a pair of the current trump that is not the original one: forced
        assert deal.calls[-1] == bibi.Call(2, H, 0, True) and deal.to_act == 1 and deal.phase == "play"
    else:
        assert deal.to_act == 2 and names(deal.legal_actions()) == ["bibi H", "pass"]
        play(deal, "pass")
        assert [c.seat for c in deal.calls] == [1]
    assert deal.callable_suits(1) == (S,)  # the spade pair is still free: he may call it whenever he likes


@pytest.mark.parametrize("bibi_call", ["optional", "mandatory"])
def test_I11_I12_mandatory_original_trump_pair_optional_once_the_trump_moved_away_non_trump(bibi_call):
    # The Russian reading of which pairs (non_trump) with calls made mandatory: after a dealt K♦ Q♦ moves the
    # trump to diamonds, a drawn K♠ completes a pair of the original trump (rules §3 case 5): asked, not forced.
    rules = variant("russian", bibi_call=bibi_call)
    deal = new_deal(rules, ["", "KD QD 7H", "QS 5H"], "3C KS")
    if bibi_call == "optional":
        play(deal, "bibi D")
    assert [(c.seat, c.suit, c.mandatory) for c in deal.calls] == [(1, D, bibi_call == "mandatory")]
    assert deal.trump is D
    play(deal, "7H", "5H")  # seat 2 draws K♠
    assert deal.phase == "call" and deal.to_act == 2 and names(deal.legal_actions()) == ["bibi S", "pass"]


@pytest.mark.parametrize("trump_change", ["next_trick", "next_deal"])
def test_R16_R18_next_deal_dealt_pairs_change_the_trump_before_the_first_trick(trump_change):
    # Russian rules, three players. Seat 1 is dealt K♦ Q♦ and calls it in the dealt-pair pass: under either
    # value the trump is diamonds before the first lead (R18). Seat 2 then draws the K♣ that pairs his Q♣ and
    # calls it (R15): under next_trick clubs is trump from trick 2 (R16 as the English says); under next_deal
    # this deal keeps diamonds, and clubs is the next deal's trump (R16 read literally; rules §5.11).
    rules = variant("russian", trump_change=trump_change)
    deal = new_deal(rules, ["", "KD QD 7H", "QC 5H"], "3C KC")
    play(deal, "bibi D")
    assert deal.trump is D and deal.next_trump is None
    play(deal, "7H", "5H", "bibi C")
    finish_trick(deal)
    assert deal.tricks[0].trump is D
    if trump_change == "next_trick":
        assert deal.trump is C and deal.next_trump is None
    else:
        assert deal.trump is D and deal.next_trump is C
        deal.playout(lambda legal: legal[-1] if legal[-1].kind == "pass" else legal[0])
        assert {t.trump for t in deal.tricks} == {D} and deal.next_trump is C


def test_R16_R18_next_deal_game_takes_the_last_call_after_a_draw_not_the_dealt_one():
    game = bibi.Game.new(variant("russian", trump_change="next_deal"), players=3, seed=4)
    game.play("greedy")
    for i, deal in enumerate(game.deals[:-1]):
        later = [c for c in deal.calls if c.trick >= 0]
        nxt = game.deals[i + 1]
        assert nxt.first_trump is (later[-1].suit if later else game.cuts[i + 1].card.suit)


@pytest.mark.parametrize("draw", ["after_each_card", "after_trick"])
@pytest.mark.parametrize("turn_up", ["trick_start", "failed_draw"])
def test_R24_R25_I9_I15_I16_turn_up_at_trick_start_or_at_the_failed_draw(turn_up, draw):
    # Twelve players: one draw round (trick 1), then 8 cards are left, fewer than the players (rules §3 case 6).
    # Seat 1 holds a switch right (holder_chooses) and leads trick 2.
    rules = variant("italian", turn_up=turn_up, draw=draw, dealt_pairs=True, bibi_call="optional")
    deal = new_deal(rules, ["", "KD QD 2S 2S"], players=12)
    play(deal, "bibi D", "2S")
    play_until(deal, lambda d: d.tricks)
    finish_trick(deal)
    assert len(deal.tricks) == 1 and deal.to_act == 1 and deal.trick == ()
    # Trick 2 begins with a short stock: drawing, calls and switches stop now under both values (I15).
    assert not deal.drawing and deal.switch_rights(1) == (D,) and "trump D" not in names(deal.legal_actions())
    if turn_up == "trick_start":  # R25: turned up at once, the last seven tricks played face up
        assert deal.stock_size == 0 and len(deal.leftovers) == 8 and deal.face_up_from == 1
        assert deal.events[-1].kind == "turn_up"
    else:  # still face down: the leader's draw (after_each_card) or the round after the trick fails
        assert deal.stock_size == 8 and deal.leftovers == () and deal.face_up_from is None
        hidden = deal.stock()
        play(deal, "2S")
        if draw == "after_each_card":
            assert len(deal.trick) == 1 and deal.events[-1].kind == "turn_up"
        else:
            assert deal.stock_size == 8
            play_until(deal, lambda d: len(d.tricks) == 2)
            assert [e.kind for e in deal.events[-3:]] == ["play", "trick", "turn_up"]
        assert deal.leftovers == hidden and deal.stock_size == 0 and deal.face_up_from == 2
    deal.playout(lambda legal: legal[0])
    assert sum(e.kind == "draw" for e in deal.events) == 12  # no card of the short round is drawn
    assert deal.tricks_total - deal.face_up_from == (7 if turn_up == "trick_start" else 6)  # R25 / I16
    assert len(deal.tricks) == 8 and len(deal.leftovers) == 8


def test_R20_multi_call_has_no_effect_under_holder_chooses():
    # Under holder_chooses no call moves the trump by itself, so no two calls compete: the same deal, the
    # same choices, the same record whatever multi_call says (every listing says so: Rules.no_effect).
    for seed in range(5):
        deals = []
        for multi_call in ("first", "last"):
            rules = variant("italian", multi_call=multi_call, dealt_pairs=True)
            deals.append(Deal.new(rules, players=4, seed=seed).playout(random.Random(seed).choice))
        assert deals[0].events == deals[1].events and deals[0].actions == deals[1].actions
    assert bibi.ITALIAN.no_effect("multi_call") and not bibi.RUSSIAN.no_effect("multi_call")
