"""The sealed table (``bibi.sealed``): bots in processes of their own, which see only their seat's view, answer within
a time limit, and whose faults are reported and take the default move. Slow tier: it starts processes."""

from __future__ import annotations

import os
import time

import pytest
import sealed_bots
from sealed_bots import crashes_here, hangs_here

from bibi.bots import heuristic_bot
from bibi.deal import Deal
from bibi.play import bots_rng, play
from bibi.sealed import KINDS, Fault, SealedTable
from bibi.simulation import compare, deal_seed, simulate

TIMEOUT = 3.0  # seconds a decision may take: far beyond the heuristic's, on a loaded machine too


def _deal(seed: int, i: int, players: int) -> tuple[Deal, object]:
    """Deal ``i`` of a run with ``seed``, as ``simulate`` deals it, and its bots' stream."""
    key = deal_seed(seed, i)
    return Deal.new("ru", players, seed=key, dealer=i % players), bots_rng(key)


def test_a_sealed_table_plays_as_the_same_bots_in_one_process():
    with SealedTable(["heuristic", "greedy", "random", "heuristic"], 4, timeout=TIMEOUT) as table:
        for i in range(4):
            deal, rng = _deal(5, i, 4)
            sealed = table.play(deal, rng)
            deal, rng = _deal(5, i, 4)
            assert sealed.record() == play(deal, ["heuristic", "greedy", "random", "heuristic"], rng).record()
        frames = simulate("ru", 4, deals=6, bots=table.seats, seed=3, progress=False)
        paired = compare(["ru", "it"], 4, deals=4, bots=table.seats, seed=3, progress=False)
        with pytest.raises(ValueError, match="bots: seat 0's bot 'sealed heuristic' cannot be sent to worker"):
            simulate("ru", 4, deals=6, bots=table.seats, seed=3, workers=2, progress=False)
    assert table.faults == [] and table.decisions > 200
    same = simulate("ru", 4, deals=6, bots=["heuristic", "greedy", "random", "heuristic"], seed=3, progress=False)
    assert frames.seats.drop(columns="bot").equals(same.seats.drop(columns="bot"))
    assert set(frames.seats.bot) == {"sealed heuristic", "sealed greedy", "sealed random"}
    again = compare(["ru", "it"], 4, deals=4, bots=["heuristic", "greedy", "random", "heuristic"], seed=3,
                    progress=False)
    assert paired.table.equals(again.table)


def test_the_cheating_bot_given_a_sealed_seat_finds_no_deal_and_changes_nothing():
    # In one process it read every hand through its view's deal (and rewrote them); in a process of its own it
    # looks for the deal, or anything of the engine's that leads to one, among every object there: nothing.
    with SealedTable([sealed_bots.cheats, "heuristic", "heuristic"], 3, timeout=TIMEOUT) as table:
        deal, rng = _deal(8, 0, 3)
        table.play(deal, rng)
    assert table.faults == [], table.faults
    again, rng = _deal(8, 0, 3)
    assert deal.record() == play(again, "heuristic", rng).record()


def _twin(misbehaves, log, seat, deal_index, deal):
    """The in-process twin of a misbehaving bot: the default move (the first legal action) where it misbehaves,
    the heuristic elsewhere; each default noted as (deal, seat, position)."""
    def bot(view, rng):
        if misbehaves(view):
            log.append((deal_index, seat, len(deal.actions)))
            return view.legal_actions[0]
        return heuristic_bot(view, rng)
    return bot


def test_six_sealed_bots_play_200_deals_through_a_hanging_and_a_crashing_bot():
    seats = ["heuristic", "greedy", "heuristic", "random", sealed_bots.hangs, sealed_bots.crashes]
    start = time.monotonic()
    with SealedTable(seats, 6, timeout=TIMEOUT) as table:
        records = []
        for i in range(200):
            deal, rng = _deal(11, i, 6)
            assert table.play(deal, rng).is_over
            records.append(deal.record())
    took = time.monotonic() - start
    faults = {(f.deal, f.seat, f.position): f for f in table.faults}
    expected = []
    for i in range(200):
        deal, rng = _deal(11, i, 6)
        twins = seats[:4] + [_twin(hangs_here, expected, 4, i, deal), _twin(crashes_here, expected, 5, i, deal)]
        play(deal, twins, rng)
        assert deal.record() == records[i], f"deal {i}"
    assert set(faults) == set(expected) and len(table.faults) == len(expected)
    kinds = {seat: {f.kind for f in table.faults if f.seat == seat} for seat in (4, 5)}
    assert kinds == {4: {"timeout"}, 5: {"crash"}}, kinds
    assert 5 <= sum(f.seat == 4 for f in table.faults) <= 60 and 5 <= sum(f.seat == 5 for f in table.faults) <= 60
    for fault in table.faults:
        assert fault.detail == (f"no answer within {TIMEOUT:g} seconds" if fault.seat == 4
                                else "its process ended (exit code 3)")
    assert took < 600


@pytest.mark.parametrize("bot, kind, detail", [
    (sealed_bots.raises, "error", "KeyError: 'no idea'"),
    (sealed_bots.nonsense, "nonsense", "it answered <object object at"),
    (sealed_bots.unreadable, "nonsense", "it answered 'zz top'"),
    (sealed_bots.illegal, "illegal", "which the rules do not allow now"),
    (sealed_bots.exits, "crash", "its process ended (exit code 0)"),
    (sealed_bots.floods, "nonsense", "a reply of more than 65536 bytes"),
    (sealed_bots.forges, "nonsense", "a reply to no question asked"),
    (sealed_bots.late, "timeout", "no answer within 0.5 seconds"),
], ids=lambda x: getattr(x, "__name__", None) if callable(x) else None)
def test_every_fault_is_reported_and_takes_the_default_move(bot, kind, detail):
    with SealedTable([bot, "heuristic", "heuristic"], 3, timeout=0.5 if bot is sealed_bots.late else TIMEOUT) as t:
        deal, rng = _deal(2, 0, 3)
        t.play(deal, rng, actions=12 if bot is sealed_bots.late else None)
    assert t.faults and {f.kind for f in t.faults} == {kind} and all(f.seat == 0 for f in t.faults)
    assert detail in t.faults[0].detail, t.faults[0]
    assert [f.decision for f in t.faults] == list(range(len(t.faults)))  # every decision of seat 0 in its deal
    for fault in t.faults:
        assert deal.actions[fault.position] == fault.default  # the default move was played there
    assert set(KINDS) >= {f.kind for f in t.faults} and isinstance(t.faults[0], Fault)


def test_a_seat_whose_bot_cannot_be_loaded_is_out_and_reported():
    with SealedTable("heuristic", 2, timeout=TIMEOUT) as table:
        table.seats[1].spec = "no-such-bot"  # as if the bot's module could not be imported in its process
        deal, rng = _deal(1, 0, 2)
        table.play(deal, rng)
    faults = table.faults
    assert faults and {f.seat for f in faults} == {1} and {f.kind for f in faults} == {"crash"}
    assert "could not load its bot" in faults[0].detail
    assert all(f.detail.startswith("out since its process could not start: ") for f in faults[1:])


@pytest.mark.parametrize("value, error", [(0, "timeout: 0 is not a number of seconds > 0"),
                                          ("1", "timeout: expected a number of seconds, not '1'")])
def test_bad_limits_and_bots_are_refused_before_any_process_starts(value, error):
    with pytest.raises((ValueError, TypeError), match="^" + error):
        SealedTable("heuristic", 3, timeout=value)
    with pytest.raises(ValueError, match="bots: seat 1's bot .* cannot be sent to a process of its own"):
        SealedTable(["heuristic", lambda view, rng: view.legal_actions[0], "random"], 3)
    with pytest.raises(ValueError, match="bots: seat 2 has no bot; a sealed table seats no person"):
        SealedTable(["heuristic", "random", None], 3)


def test_closing_the_table_ends_its_processes():
    table = SealedTable("random", 2, timeout=TIMEOUT)
    deal, rng = _deal(1, 0, 2)
    table.play(deal, rng)
    pids = [seat._process.pid for seat in table.seats]
    table.close()
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_a_fault_whose_deal_the_table_cannot_tell_says_so():
    # Seats handed to play's step path (a stop condition) by another than the table: no way to the deal.
    with SealedTable([sealed_bots.raises, "heuristic", "heuristic"], 3, timeout=TIMEOUT) as table:
        deal, rng = _deal(2, 0, 3)
        play(deal, table.seats, rng, actions=9)
    assert table.faults and all((f.deal, f.decision, f.position) == (-1, -1, -1) for f in table.faults)
    assert all(f.kind == "error" and f.seat == 0 for f in table.faults)
