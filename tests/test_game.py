"""Games: the first dealer and trump, the deal passing left, the cut, the end after equal deals (R5–R7, R26)."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from bibi.cards import Rank, cards
from bibi.deal import Deal
from bibi.game import Cut, Game, winners
from bibi.play import play as play_deal
from bibi.rules import ENGLISH, ITALIAN, RUSSIAN, TrumpChange

pytestmark = pytest.mark.fast


class StackedDraw(random.Random):
    """A generator whose first shuffle puts ``tail`` at the end of the pack (the high-card draw pops from
    the end, seat 0 first); every later call is an ordinary seeded generator's."""

    def __init__(self, tail: str, seed: int = 1):
        super().__init__(seed)
        self.tail = cards(tail)

    def shuffle(self, x: list) -> None:
        super().shuffle(x)
        if self.tail:
            for card in self.tail:
                x.remove(card)
            x.extend(self.tail)
            self.tail = []


def test_R5_R6_the_highest_card_drawn_deals_and_gives_the_first_trump():
    game = Game.new(RUSSIAN, players=4, seed=3)
    (drawn,) = game.draws[-1:]
    best = max(drawn, key=lambda sc: sc[1].rank)
    assert game.first_dealer == best[0] == game.deal.dealer
    assert game.deal.first_trump == best[1].suit
    assert game.cuts == (None,)  # the drawn card set the trump: no cut before the first deal
    assert "drawn card" in game.trump_source(0)


def test_R6_tied_players_draw_again_until_one_is_highest():
    # Popped from the end: seat 0 draws 2♥, seat 1 5♣, seat 2 2♠ (a tie of twos); then 0 draws 3♦, 2 draws K♣.
    game = Game.new(RUSSIAN, players=3, rng=StackedDraw("KC 3D 2S 5C 2H"))
    assert [[(s, str(c)) for s, c in r] for r in game.draws] == [
        [(0, "2H"), (1, "5C"), (2, "2S")],
        [(0, "3D"), (2, "KC")],
    ]
    assert game.first_dealer == 2
    assert game.deal.first_trump.value == "C"  # the winning card's suit (R6)


def test_R5_ranks_alone_decide_the_draw_the_two_on_top():
    game = Game.new(RUSSIAN, players=3, rng=StackedDraw("AS 2C KH"))
    assert game.first_dealer == 1 and game.draws[0][1][1].rank is Rank.TWO


def test_R7_the_deal_passes_to_the_left():
    game = Game.new(RUSSIAN, players=4, rounds=2, seed=5).play("greedy")
    first = game.first_dealer
    assert [d.dealer for d in game.deals] == [(first + i) % 4 for i in range(8)]


def test_R7_the_dealers_right_cuts_and_the_cut_card_sets_the_trump_at_the_bottom():
    game = Game.new(RUSSIAN, players=5, seed=8).play("random")
    for deal, shown in zip(game.deals[1:], game.cuts[1:], strict=True):
        assert shown.seat == (deal.dealer - 1) % 5  # the player on the dealer's right
        assert deal.deck[-1] == shown.card  # the cut card went to the bottom of the pack
        assert deal.first_trump == shown.card.suit
        assert "cut" in str(shown)


def test_I4_a_random_first_dealer_and_the_cut_for_the_first_trump():
    dealers = set()
    for seed in range(12):
        game = Game.new(ITALIAN, players=4, seed=seed)
        assert game.draws == ()
        (shown,) = game.cuts
        assert shown.seat == (game.dealer - 1) % 4
        assert game.deal.deck[-1] == shown.card and game.deal.first_trump == shown.card.suit
        dealers.add(game.dealer)
    assert len(dealers) > 1


def test_cut_card_is_shown_then_drawn_last_or_turned_up():
    game = Game.new(ITALIAN, players=6, seed=2).play("heuristic")  # 104 = 6 × 17 + 2: two cards turned up
    for deal, shown in zip(game.deals, game.cuts, strict=True):
        assert deal.leftovers[-1] == shown.card


def test_R16_literal_next_deal_takes_the_last_call_instead_of_the_cut():
    rules = dataclasses.replace(RUSSIAN, trump_change=TrumpChange.NEXT_DEAL)
    game = Game.new(rules, players=4, rounds=2, seed=4).play("greedy")
    carried = 0
    for before, deal, shown in zip(game.deals[:-1], game.deals[1:], game.cuts[1:], strict=True):
        assert deal.deck[-1] == shown.card  # the pack is still cut
        if before.next_trump is not None:
            carried += 1
            assert deal.first_trump == before.next_trump == before.calls[-1].suit
        else:
            assert deal.first_trump == shown.card.suit
    assert carried >= 2
    assert any("R16" in game.trump_source(i) for i in range(1, len(game.deals)))


def test_next_deal_trump_is_the_cut_under_next_trick():
    game = Game.new(RUSSIAN, players=4, seed=4).play("greedy")
    assert all(d.first_trump == c.card.suit for d, c in zip(game.deals[1:], game.cuts[1:], strict=True))


def test_R26_the_game_ends_when_everyone_has_dealt_the_same_number_of_times():
    game = Game.new(ENGLISH, players=3, rounds=2, seed=1)
    assert game.deals_total == 6 and not game.is_over
    while not game.is_over:
        play_deal(game.deal, "random", random.Random(len(game.deals)))
        if not game.is_over:
            game.next_deal()
    assert len(game.deals) == 6
    assert sorted(d.dealer for d in game.deals) == [0, 0, 1, 1, 2, 2]
    with pytest.raises(ValueError, match="game is over after 6 deals"):
        game.next_deal()


def test_next_deal_waits_for_the_deal_to_end():
    game = Game.new(RUSSIAN, players=3, seed=1)
    with pytest.raises(ValueError, match="deal 1 is not over"):
        game.next_deal()


def test_totals_add_up_every_deal_including_the_one_in_progress():
    game = Game.new(RUSSIAN, players=4, rounds=1, seed=6).play("heuristic")
    assert game.totals == tuple(sum(d.scores[s] for d in game.deals) for s in range(4))
    assert game.winners == winners(game.totals)
    live = Game.new(RUSSIAN, players=4, seed=6)
    for _ in range(10):
        live.deal.apply(live.deal.legal_actions()[0])
    assert live.totals == live.deal.scores


def test_I17_the_highest_total_wins_and_ties_are_shared():
    assert winners([10, 30, 20]) == (1,)
    assert winners([30, 10, 30]) == (0, 2)
    pointless = dataclasses.replace(RUSSIAN, card_points={}, bibi_points=0)
    game = Game.new(pointless, players=3, seed=2).play("random")
    assert game.totals == (0, 0, 0) and game.winners == (0, 1, 2)
    assert "shared win: all 3 seats" in str(game)


def test_same_seed_same_game_and_another_seed_another():
    one = Game.new(ITALIAN, players=4, seed=11).play("heuristic").record()
    two = Game.new(ITALIAN, players=4, seed=11).play("heuristic").record()
    other = Game.new(ITALIAN, players=4, seed=12).play("heuristic").record()
    assert one == two
    assert one["deals"][0]["deal"]["deck"] != other["deals"][0]["deal"]["deck"]


def test_the_packs_do_not_depend_on_the_bots():
    a = Game.new(RUSSIAN, players=3, seed=9).play("random")
    b = Game.new(RUSSIAN, players=3, seed=9).play("heuristic")
    assert [d.deck for d in a.deals] == [d.deck for d in b.deals]


def test_game_record_replays_exactly_through_json():
    game = Game.new(RUSSIAN, players=3, seed=7).play("greedy")
    record = json.loads(json.dumps(game.record()))
    assert record["format"] == "bibi-game/1"
    again = Game.replay(record)
    assert again.record() == game.record()
    assert again.totals == game.totals and again.winners == game.winners and again.is_over
    assert again.draws == game.draws and again.cuts == game.cuts


def test_a_game_in_progress_replays_and_goes_on():
    game = Game.new(ITALIAN, players=3, seed=3)
    play_deal(game.deal, "random", random.Random(1))
    game.next_deal()
    for _ in range(5):
        game.deal.apply(game.deal.legal_actions()[-1])
    again = Game.replay(game.record(), rng=random.Random(4))
    assert len(again.deals) == 2 and not again.deal.is_over
    assert again.deal.record() == game.deal.record()
    again.play("random", random.Random(2))
    assert again.is_over and len(again.deals) == 3


@pytest.mark.parametrize(
    "tamper, message",
    [
        (lambda r: r["deals"][1]["deal"].update(dealer=(r["deals"][1]["deal"]["dealer"] + 1) % 3), "passes to seat"),
        (lambda r: r["deals"][1]["cut"].update(seat=r["deals"][1]["deal"]["dealer"]), "dealer's right"),
        (lambda r: r["deals"][1]["cut"].update(card="XX"), "unknown card"),
        (lambda r: r["deals"][2].update(cut=None), "needs the cut"),
        (lambda r: r["draws"].pop(), "draw"),
        (lambda r: r["draws"][0].reverse(), "drawn by seats"),
        (lambda r: r["deals"].append(r["deals"][0]), "deals"),
        (lambda r: r.update(format="bibi-deal/1"), "format"),
        (lambda r: r.pop("players"), "missing field 'players'"),
        (lambda r: r.update(rules="klondike"), "bad rules"),
        (lambda r: r["deals"][0]["deal"]["actions"].append("pass"), "cannot be applied"),
    ],
)
def test_a_tampered_game_record_is_refused_saying_what_is_wrong(tamper, message):
    record = json.loads(json.dumps(Game.new(RUSSIAN, players=3, seed=7).play("greedy").record()))
    tamper(record)
    with pytest.raises(ValueError, match=message):
        Game.replay(record)


@pytest.mark.parametrize("rules, source", [(RUSSIAN, "dealer's drawn card"), (ITALIAN, "cut")])
def test_a_game_record_whose_trump_breaks_the_rules_is_refused(rules, source):
    game = Game.new(rules, players=3, seed=7)
    record = game.record()
    assert source in game.trump_source(0)
    other = next(s for s in "SHDC" if s != record["deals"][0]["deal"]["trump"])
    record["deals"][0]["deal"]["trump"] = other
    with pytest.raises(ValueError, match=f"trump {other}, but the rules make it {game.deal.first_trump.value}"):
        Game.replay(record)


def test_a_game_record_where_the_cut_card_is_not_at_the_bottom_is_refused():
    record = Game.new(RUSSIAN, players=3, seed=7).play("greedy").record()
    cut = record["deals"][1]["cut"]
    other = next(c for c in record["deals"][1]["deal"]["deck"][:-1] if c[1] == cut["card"][1] and c != cut["card"])
    cut["card"] = other
    with pytest.raises(ValueError, match="not at the bottom"):
        Game.replay(record)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(players=13), "players: 13 is outside 2…12"),
        (dict(players=1), "players: 1 is outside"),
        (dict(players="six"), "players: expected a whole number, not 'six'"),
        (dict(rounds=0), "rounds: 0"),
        (dict(rounds=1.5), "rounds: expected a whole number, not 1.5"),
        (dict(rules="klondike"), "unknown rules preset 'klondike'"),
    ],
)
def test_bad_input_is_a_value_error_naming_the_value(kwargs, message):
    args = dict(rules=RUSSIAN, players=4) | kwargs
    with pytest.raises(ValueError, match=message):
        Game.new(args.pop("rules"), **args)


def test_play_refuses_bots_that_do_not_fit_the_table():
    game = Game.new(RUSSIAN, players=4, seed=1)
    with pytest.raises(ValueError, match="3 given for 4 seats"):
        game.play(["random"] * 3)
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        game.play("clever")


def test_repr_and_str_show_the_state_of_the_game():
    game = Game.new(RUSSIAN, players=3, seed=7)
    assert repr(game) == "<Game russian, 3 players, deal 1 of 3, dealer seat 2, in progress, totals 0 0 0>"
    assert "all 3 seats are level" in str(game) and "high-card draw" in str(game)
    game.play("greedy")
    text = str(game)
    assert "deal 3" in text and "total" in text and ("winner: seat" in text or "shared win" in text)
    assert repr(game).endswith(f"over, totals {' '.join(map(str, game.totals))}>")
    assert str(Cut(2, cards("7H")[0])) == "seat 2 cut 7♥"


def test_a_game_deal_is_an_ordinary_deal_with_a_stacked_pack():
    game = Game.new(RUSSIAN, players=4, seed=2).play("greedy")
    for deal in game.deals:
        again = Deal.new(RUSSIAN, 4, dealer=deal.dealer, trump=deal.first_trump, deck=deal.deck)
        assert again.record()["deck"] == deal.record()["deck"]


def test_a_game_shows_its_score_sheet_in_a_notebook():
    html = Game.new(RUSSIAN, players=3, seed=1).play("greedy")._repr_html_()
    assert "Game (russian rules): 3" in html and "<table" in html


def test_R7_R26_an_italian_game_borrows_the_cutter_and_the_end_and_says_so():
    """The Italian text describes no game of several deals: its cuts cite R7 as 'not stated, taken from R7'."""
    game = Game.new(ITALIAN, players=3, seed=7)
    assert game.trump_source(0).endswith("italian: not stated, taken from R7)")
    assert Game.new(RUSSIAN, players=3, seed=7).trump_source(0).startswith("the dealer's drawn card")


def test_take_back_replays_the_current_deal_from_its_record():
    game = Game.new("russian", 3, seed=2)
    first = game.deal
    play_deal(first, "greedy", random.Random(2))
    game.next_deal()
    play_deal(game.deal, "greedy", random.Random(3), actions=10)
    record, actions = game.deal.record(), game.deal.actions
    back = game.take_back(4)
    assert game.deal is back and back.actions == actions[:4]
    assert back.record() == Deal.replay(record, upto=4).record()
    assert game.deals[0] is first  # earlier deals stay
    for bad in (-1, 5, True, "2"):
        with pytest.raises(ValueError, match="take_back: upto"):
            game.take_back(bad)
    assert game.deal is back  # a refused take-back changes nothing
