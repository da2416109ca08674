"""The plain tables of one deal: the stock at each lead and the events of each trick, read from the engine."""

from __future__ import annotations

import dataclasses

import pytest

import bibi
from bibi.kinds import EventKind
from bibi.play import play_seeded
from bibi.tables import stock_at_leads, trick_events

pytestmark = pytest.mark.fast

TRICK_START = dataclasses.replace(bibi.ITALIAN, turn_up="trick_start")


@pytest.mark.parametrize("rules", [bibi.RUSSIAN, bibi.ITALIAN, TRICK_START], ids=lambda r: r.label)
@pytest.mark.parametrize("players", [2, 3, 6, 7, 12])
def test_every_event_but_the_first_and_last_belongs_to_one_trick(rules, players):
    deal = play_seeded(rules, players, seed=players, bots="greedy")
    parts = [trick_events(deal, k) for k in range(len(deal.tricks))]
    inner = [e for e in deal.events if e.kind not in (EventKind.DEAL, EventKind.END)]
    assert [e for part in parts for e in part] == inner  # in order, each event once
    for k, part in enumerate(parts):
        won = [e for e in part if e.kind == EventKind.TRICK]
        assert len(won) == 1 and won[0].seat == deal.tricks[k].winner
        assert tuple((e.seat, e.card) for e in part if e.kind == EventKind.PLAY) == deal.tricks[k].plays
    turned = [k for k, part in enumerate(parts) if any(e.kind == EventKind.TURN_UP for e in part)]
    assert turned == [rules.draw_rounds(players)]


def test_the_two_turn_up_readings_show_the_leftovers_at_the_short_trick_start_or_after_it():
    failed = play_seeded(bibi.ITALIAN, 6, seed=1, bots="greedy")
    at_start = play_seeded(TRICK_START, 6, seed=1, bots="greedy")
    short = bibi.ITALIAN.draw_rounds(6)
    assert trick_events(failed, short)[-1].kind == EventKind.TURN_UP
    assert trick_events(at_start, short)[0].kind == EventKind.TURN_UP


def test_trick_events_refuses_a_trick_not_played():
    deal = bibi.Deal.new(bibi.RUSSIAN, 4, seed=1)
    with pytest.raises(ValueError, match="number: 0 is not a completed trick"):
        trick_events(deal, 0)


@pytest.mark.parametrize("rules", [bibi.RUSSIAN, bibi.ITALIAN], ids=lambda r: r.label)
def test_the_stock_at_each_lead_falls_by_a_round_of_draws_until_it_is_short(rules):
    deal = play_seeded(rules, 5, seed=3, bots="random")
    stock = stock_at_leads(deal)
    rounds = rules.draw_rounds(5)
    assert len(stock) == len(deal.tricks) and stock[0] == 104 - 5 * 7
    assert [a - b for a, b in zip(stock[:rounds - 1], stock[1:rounds], strict=True)] == [5] * (rounds - 1)
    assert stock[rounds] == (rules.leftovers(5) if rules.turn_up.value == "failed_draw" else 0)
    assert set(stock[rounds + 1:]) == {0}
    assert stock == stock_at_leads(bibi.Deal.replay(deal.record()))
