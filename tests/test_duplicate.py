"""Duplicate draws (``Deal.new(..., duplicate=True)``, ``Deal.duplicate``): every seat draws the same cards whatever
is played, which is what makes ``bench/bot_strength.py --duplicate`` a closer pairing; and the deal is the
ordinary one in every other way: the same hands, the same chance, a record that replays."""

from __future__ import annotations

import random

import pytest

from bibi.bots import greedy_bot, heuristic_bot
from bibi.deal import Deal
from bibi.errors import WrongType
from bibi.kinds import EventKind
from bibi.play import bots_rng, play, random_bot

pytestmark = pytest.mark.fast

PRESETS = ("russian", "italian")  # R15: each draws after his card, from the leader; I9: the winner draws first


def draws(deal: Deal) -> dict[int, list[str]]:
    """Per seat, the cards it drew, in order."""
    out: dict[int, list[str]] = {seat: [] for seat in range(deal.players)}
    for event in deal.events:
        if event.kind is EventKind.DRAW:
            out[event.seat].append(str(event.card))
    return out


def played(rules: str, players: int, seed: int, bot, duplicate: bool = True) -> Deal:
    deal = Deal.new(rules, players, seed=seed, duplicate=duplicate)
    return play(deal, [bot] * players, bots_rng(seed))


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("players", [3, 6, 7])
def test_every_seat_draws_the_same_cards_however_the_deal_is_played(rules, players):
    parted = 0
    for seed in range(6):
        tables = [played(rules, players, seed, bot) for bot in (heuristic_bot, random_bot, greedy_bot)]
        leaders = {tuple(t.leader for t in deal.tricks) for deal in tables}
        parted += len(leaders) > 1
        first = draws(tables[0])
        assert all(draws(deal) == first for deal in tables[1:]), (rules, players, seed)
        assert sum(map(len, first.values())) > 0
    assert parted >= 5  # the tables did lead and win different tricks: the draws were laid anew, not by chance


@pytest.mark.parametrize("rules", PRESETS)
def test_each_seat_draws_its_own_place_in_each_round_of_the_shuffled_pack(rules):
    # The stock of the pack as shuffled (the seed's own: the same as an ordinary deal's), one round of ``n`` cards
    # after another; in each, the seat after the dealer draws the first card, and so on clockwise.
    players, seed = 6, 11
    ordinary = Deal.new(rules, players, seed=seed)
    deal = played(rules, players, seed, heuristic_bot)
    dealt = players * deal.rules.hand_size
    rounds = (len(ordinary.deck) - dealt) // players
    for seat, cards in draws(deal).items():
        place = (seat - deal.dealer - 1) % players
        assert cards == [str(ordinary.deck[dealt + r * players + place]) for r in range(rounds)], seat
    assert deal.dealt_hands() == ordinary.dealt_hands() and deal.first_trump == ordinary.first_trump


@pytest.mark.parametrize("rules", PRESETS)
def test_an_ordinary_deal_played_otherwise_draws_each_seat_other_cards(rules):
    # What the option changes: without it, tables that part draw their seats other cards (the seed's deal is the
    # same; who draws first is not).
    changed = sum(draws(played(rules, 6, seed, heuristic_bot, False)) != draws(played(rules, 6, seed, random_bot,
                                                                                      False)) for seed in range(4))
    assert changed == 4


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("players", [4, 8])
def test_the_cut_card_is_still_drawn_last_where_the_stock_ends_with_it(rules, players):
    # 104 cards share out among 4 or 8 with no leftovers: the last round holds the bottom card everyone has seen
    # (the cut card, R7), drawn last as the rules say; that round is drawn as it lies, the others are laid.
    for seed in range(3):
        deal = played(rules, players, seed, heuristic_bot)
        last = [e for e in deal.events if e.kind is EventKind.DRAW][-1]
        assert str(last.card) == str(Deal.new(rules, players, seed=seed).deck[-1])
        assert deal.is_over and sum(deal.card_points) + deal.leftover_points == 264


@pytest.mark.parametrize("rules", PRESETS)
def test_a_finished_duplicate_deal_replays_from_its_record(rules):
    deal = played(rules, 6, 5, heuristic_bot)
    again = Deal.replay(deal.record())
    assert again.actions == deal.actions and again.scores == deal.scores and draws(again) == draws(deal)
    assert deal.duplicate and not again.duplicate  # the record holds the pack as it was drawn


def test_a_copy_stays_duplicate_and_draws_the_same():
    deal = Deal.new("russian", 6, seed=9, duplicate=True)
    copy = deal.copy()
    assert copy.duplicate
    a, b = play(deal, [heuristic_bot] * 6, random.Random(1)), play(copy, [random_bot] * 6, random.Random(2))
    assert draws(a) == draws(b)


def test_the_option_is_off_by_default_and_checked():
    assert not Deal.new("russian", 6, seed=1).duplicate
    assert Deal.new("russian", 6, seed=1, duplicate=True).duplicate
    with pytest.raises(WrongType, match=r"duplicate.*'yes'"):
        Deal.new("russian", 6, seed=1, duplicate="yes")  # type: ignore[arg-type]
    # The same hands and stock as the seed's ordinary deal, before anything is drawn.
    assert Deal.new("italian", 6, seed=3, duplicate=True).deck == Deal.new("italian", 6, seed=3).deck
