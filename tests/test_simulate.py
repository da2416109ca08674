"""simulate / compare: frame schemas, determinism across executors, pairing, intervals, fast path = Deal API."""

from __future__ import annotations

import array
import dataclasses
import math
import os
import pickle
import random
import re
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import CancelledError, Executor, Future, ThreadPoolExecutor

import numpy as np
import pandas as pd
import pytest

import bibi
from bibi.deal import Deal
from bibi.dealing import check_deck, set_up
from bibi.play import bots_rng, random_bot
from bibi.play import play as play_layer
from bibi.simulation import (
    DEAL_COLUMNS,
    MEASURES,
    SEAT_COLUMNS,
    ExecutorError,
    compare,
    deal_seed,
    mean_ci,
    parse_rules,
    rebuild,
    run_deal,
    simulate,
)

pytestmark = pytest.mark.fast

Z95 = 1.959963984540054

VARIANTS = [
    bibi.RUSSIAN,
    bibi.ITALIAN,
    bibi.ENGLISH,
    dataclasses.replace(bibi.RUSSIAN, trump_change="next_deal", identical="first_wins"),
    dataclasses.replace(bibi.ITALIAN, draw="after_each_card", multi_call="first", dealt_pairs=True),
    dataclasses.replace(bibi.RUSSIAN, decks=1, max_players=7, bibi_suits="any", bibi_call="mandatory"),
]


def first_legal(view, rng):
    """A stub bot: the first legal action (module level, so process pools can pickle it)."""
    return view.legal_actions[0]


@pytest.fixture(scope="module")
def ru():
    return simulate("ru", players=6, deals=60, seed=3, progress=False)


# -- schemas -------------------------------------------------------------------------------------


def test_seat_frame_has_one_row_per_deal_and_seat(ru):
    seats = ru.seats
    assert tuple(seats.columns) == SEAT_COLUMNS
    assert len(seats) == 60 * 6
    assert not seats.duplicated(["deal", "seat"]).any()
    assert list(seats["seat"][:7]) == [0, 1, 2, 3, 4, 5, 0]
    assert seats.dtypes.to_dict() == {
        "deal": np.int32, "rules": "category", "changed": "category", "players": np.int8, "seat": np.int8,
        "position": np.int8, "dealer": np.int8, "bot": "category", "card_points": np.int32, "calls": np.int32,
        "bonus_points": np.int32, "score": np.int32, "tricks_won": np.int32, "win": bool, "shared_win": bool,
    }


def test_deal_frame_has_one_row_per_deal(ru):
    deals = ru.deals
    assert tuple(deals.columns) == DEAL_COLUMNS
    assert list(deals["deal"]) == list(range(60))
    assert deals.dtypes.to_dict() == {
        "deal": np.int32, "rules": "category", "changed": "category", "players": np.int8, "dealer": np.int8,
        "first_trump": "category", "final_trump": "category", "trump_changes": np.int32, "calls": np.int32,
        "leftovers": np.int32, "leftover_points": np.int32, "tricks": np.int32, "face_up_tricks": np.int8,
    }
    assert list(deals["first_trump"].cat.categories) == ["S", "H", "D", "C"]


def test_frames_add_up(ru):
    seats, deals = ru.seats, ru.deals
    by_deal = seats.groupby("deal")
    assert (seats.score == seats.card_points + seats.bonus_points).all()
    assert (seats.bonus_points == 50 * seats.calls).all()
    assert (by_deal.calls.sum() == deals.calls).all()
    assert (by_deal.card_points.sum() + deals.leftover_points == 264).all()  # rules §3 case 8
    assert (by_deal.tricks_won.sum() == deals.tricks).all()
    assert (deals.tricks == 17).all() and (deals.leftovers == 2).all()  # rules §4, 6 players
    assert (deals.dealer == deals.deal % 6).all()
    first = seats[seats.position == 0]
    assert (first.seat.to_numpy() == (first.dealer.to_numpy() + 1) % 6).all()
    assert (seats[seats.position == 5].seat.to_numpy() == deals.dealer.to_numpy()).all()


def test_win_and_shared_win(ru):
    seats = ru.seats
    top = seats.groupby("deal").score.transform("max")
    on_top = seats.score == top
    assert (seats.win | seats.shared_win).equals(on_top)
    assert not (seats.win & seats.shared_win).any()
    winners = on_top.groupby(seats.deal).sum()
    assert (seats.win.groupby(seats.deal).sum() == (winners == 1)).all()
    assert (seats.shared_win.groupby(seats.deal).sum() == winners.where(winners > 1, 0)).all()


def test_labels_name_the_rules_and_what_changed():
    rules = dataclasses.replace(bibi.ITALIAN, follow="must_follow")
    sim = simulate(rules, players=4, deals=5, progress=False)
    assert set(sim.seats.rules) == {"italian"} and set(sim.deals.changed) == {"follow=must_follow"}
    assert set(simulate("en", players=4, deals=5, progress=False).seats.changed) == {""}
    assert rules.changed_text() == "follow=must_follow"


def test_frames_are_compact():
    """Labels take a byte, counts and points four: about 33 bytes a seat row, 30 a deal row."""
    sim = simulate("ru", players=6, deals=2000, progress=False)
    assert sim.seats.memory_usage(deep=True).sum() / len(sim.seats) < 36
    assert sim.deals.memory_usage(deep=True).sum() / len(sim.deals) < 34


def test_summary_and_measures(ru):
    table = ru.measures()
    assert list(table.columns) == list(MEASURES) and len(table) == 60
    np.testing.assert_allclose(table.score_per_seat, ru.seats.groupby("deal").score.mean())
    first = ru.seats[ru.seats.position == 0].score.to_numpy()
    np.testing.assert_allclose(table.first_leader_edge, first - table.score_per_seat)
    np.testing.assert_allclose(table.top_score, ru.seats.groupby("deal").score.max())
    summary = ru.summary()
    assert list(summary.index) == list(MEASURES)
    assert (summary.ci_low <= summary["mean"]).all() and (summary["mean"] <= summary.ci_high).all()


# -- determinism ---------------------------------------------------------------------------------


def test_same_seed_same_frames():
    a = simulate("it", players=5, deals=40, seed=11, progress=False)
    b = simulate("it", players=5, deals=40, seed=11, progress=False)
    pd.testing.assert_frame_equal(a.seats, b.seats)
    pd.testing.assert_frame_equal(a.deals, b.deals)
    c = simulate("it", players=5, deals=40, seed=12, progress=False)
    assert not a.seats.score.equals(c.seats.score)


def test_a_run_is_the_start_of_a_longer_run():
    short = simulate("ru", players=4, deals=30, seed=5, progress=False)
    long = simulate("ru", players=4, deals=70, seed=5, progress=False)
    pd.testing.assert_frame_equal(short.seats, long.seats.iloc[: 30 * 4])


def _same(a, b):
    pd.testing.assert_frame_equal(a.seats, b.seats)
    pd.testing.assert_frame_equal(a.deals, b.deals)


@pytest.mark.subprocess
def test_workers_and_executors_give_the_same_frames():
    args = dict(rules="ru", players=4, deals=120, seed=9, progress=False)
    one = simulate(**args)
    _same(one, simulate(**args, workers=2))
    with ThreadPoolExecutor(2) as pool:
        _same(one, simulate(**args, executor=pool))


@pytest.mark.subprocess
def test_bots_on_processes_give_the_same_frames():
    args = dict(rules="it", players=4, deals=24, seed=2, bots=[first_legal, "random"] * 2, progress=False)
    _same(simulate(**args), simulate(**args, workers=2))


@pytest.mark.subprocess  # the cluster probes the machine with a process
def test_dask_executor_gives_the_same_frames():
    import distributed
    args = dict(rules="it", players=6, deals=80, seed=4, progress=False)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cl, \
            distributed.Client(cl) as client:
        on_dask = simulate(**args, executor=client.get_executor())
    _same(simulate(**args), on_dask)


def _ends(call, seconds: float = 10.0):
    """Run ``call()`` on a thread and return what it raised: it must end within ``seconds``."""
    raised: list[BaseException | None] = []

    def run():
        try:
            call()
            raised.append(None)
        except BaseException as exc:  # noqa: B036 (handed to the test)
            raised.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"the run did not end within {seconds} s"
    return raised[0]


class Shared(ThreadPoolExecutor):
    """A one-thread pool that another thread shuts down, cancelling its queue, once the run has submitted
    ``chunks`` chunks behind a task that holds the thread."""

    def __init__(self, chunks: int):
        super().__init__(1)
        self.release = threading.Event()
        super().submit(self.release.wait)  # holds the one thread: the run's chunks queue behind it
        self.chunks = chunks

    def submit(self, fn, /, *args, **kwargs):
        future = super().submit(fn, *args, **kwargs)
        self.chunks -= 1
        if self.chunks == 0:
            threading.Thread(target=self.close).start()
        return future

    def close(self):
        self.shutdown(wait=False, cancel_futures=True)
        self.release.set()


class Cancelling(Executor):
    """An executor whose every future is cancelled before it runs."""

    def submit(self, fn, /, *args, **kwargs):
        future = Future()
        future.cancel()
        return future


@pytest.mark.parametrize("make", [lambda: Shared(chunks=4), Cancelling], ids=["shut-down", "cancelled"])
def test_a_run_whose_futures_are_cancelled_ends_with_an_error(make):
    executor = make()
    raised = _ends(lambda: simulate("ru", players=4, deals=4, executor=executor, progress=False))
    assert isinstance(raised, ExecutorError), raised
    assert str(raised).startswith("executor: ") and "cancelled" in str(raised)
    assert type(executor).__name__ in str(raised)
    raised = _ends(lambda: compare(["ru", "it"], players=4, deals=4, executor=make(), progress=False))
    assert isinstance(raised, ExecutorError) and "cancelled" in str(raised)


def test_an_executor_shut_down_before_the_run_is_named():
    pool = ThreadPoolExecutor(1)
    pool.shutdown()
    with pytest.raises(ExecutorError, match=r"^executor: the ThreadPoolExecutor refused chunk 0 .*after shutdown"):
        simulate("ru", players=4, deals=4, executor=pool, progress=False)


class Faulty(Executor):
    """An executor that runs each task here and hands back ``change(result)`` instead of its result."""

    def __init__(self, change):
        self.change = change

    def submit(self, fn, /, *args, **kwargs):
        future = Future()
        future.set_result(self.change(fn(*args, **kwargs)))
        return future


def _set(columns, name, value):
    """The columns with the first entry of ``name`` set to ``value``."""
    column = array.array(columns[name].typecode, columns[name])
    column[0] = value
    return {**columns, name: column}


def _renamed(columns):
    return {("trick" if name == "tricks" else name): column for name, column in columns.items()}


@pytest.mark.parametrize("change, message", [
    (lambda columns: {}, r"returned the wrong columns for chunk 0 \(deals 0…2\): missing 'card_points', "),
    (lambda columns: None, r"returned None \(NoneType\) for chunk 0 \(deals 0…2\), not its columns"),
    (lambda columns: {k: v + v for k, v in columns.items()},
     r"returned 24 entries of 'card_points' for chunk 0 \(deals 0…2\), which has 3 deals of 4 seats: expected 12"),
    (lambda columns: {k: v[:-1] if k == "tricks" else v for k, v in columns.items()},
     r"returned 2 entries of 'tricks' for chunk 0 \(deals 0…2\), which has 3 deals: expected 3"),
    (_renamed, r"returned the wrong columns for chunk 0 \(deals 0…2\): missing 'tricks'; unexpected 'trick'$"),
    (lambda columns: {**columns, 3: columns["tricks"]}, r"returned the wrong columns .*: unexpected 3$"),
    (lambda columns: {k: list(v) for k, v in columns.items()},
     r"returned 'card_points' of chunk 0 \(deals 0…2\) as \[.*\] \(list\), not an array of typecode 'i'"),
    (lambda columns: {k: array.array("d", v) for k, v in columns.items()},
     r"returned 'card_points' of chunk 0 .* \(array\), not an array of typecode 'i'"),
    (lambda columns: pd.DataFrame({k: list(v) for k, v in columns.items() if k == "tricks"}),
     r"returned .* \(DataFrame\) for chunk 0 .*, not its columns"),
    # Codes the frames make labels of (found by the executors' fuzz test: a suit's code 4 or more was pandas'
    # ValueError from inside the frames, -1 a NaN suit, a winners' mask of 0 a NaN share of the win).
    (lambda columns: _set(columns, "first_trump", 4),
     r"returned 'first_trump' of chunk 0 \(deals 0…2\) holding 4, outside 0…3: no deal has it$"),
    (lambda columns: _set(columns, "final_trump", -1), r"returned 'final_trump' .* holding -1, outside 0…3"),
    (lambda columns: _set(columns, "shared", 2), r"returned 'shared' .* holding 2, outside 0…1"),
    (lambda columns: _set(columns, "winners", 0), r"returned 'winners' .* holding 0, outside 1…15"),
    (lambda columns: _set(columns, "winners", 16), r"returned 'winners' .* holding 16, outside 1…15"),
], ids=["empty", "none", "doubled", "short", "renamed", "extra", "lists", "floats", "frame", "suit 4", "suit -1",
        "shared 2", "no winner", "winner 4"])
def test_every_chunk_an_executor_returns_is_checked(change, message):
    with pytest.raises(ExecutorError, match=r"^executor: the Faulty executor " + message):
        simulate("ru", players=4, deals=40, executor=Faulty(change), progress=False)
    with pytest.raises(ExecutorError, match="Faulty"):
        compare(["ru", "it"], players=4, deals=40, executor=Faulty(change), progress=False)


class Refusing(Executor):
    """An executor whose submit fails with ``error``."""

    def __init__(self, error):
        self.error = error

    def submit(self, fn, /, *args, **kwargs):
        raise self.error


@pytest.mark.parametrize("error, said", [
    (KeyError("k"), "KeyError: 'k'"), (TypeError("cannot pickle 'lock'"), "TypeError: cannot pickle 'lock'"),
    (pickle.PicklingError("no"), "PicklingError: no"), (ValueError("x" * 5000), "ValueError: " + "x" * 200)])
def test_an_executor_whose_submit_fails_is_named(error, said):
    # Found by the executors' fuzz test: only a RuntimeError or OSError of submit was the executor's error; any
    # other came out as it was, naming neither the executor nor the chunk.
    with pytest.raises(ExecutorError, match=r"^executor: the Refusing executor failed to take chunk 0 "
                                            r"\(deals 0…2\): ") as raised:
        simulate("ru", players=4, deals=40, executor=Refusing(error), progress=False)
    assert str(raised.value).endswith(said) and raised.value.__cause__ is error


class Raising(Executor):
    """An executor whose futures raise ``error`` when asked for their result."""

    def __init__(self, error):
        self.error = error

    def submit(self, fn, /, *args, **kwargs):
        future = Future()
        future.set_exception(self.error)
        return future


def test_a_future_that_raises_cancelled_error_is_a_cancelled_chunk():
    with pytest.raises(ExecutorError, match=r"^executor: the Raising executor cancelled chunk 0 \(deals 0…2\): "
                                            "its future raised CancelledError$"):
        simulate("ru", players=4, deals=40, executor=Raising(CancelledError()), progress=False)


def test_a_chunk_that_raises_is_named_with_its_error_as_the_cause():
    # An error of the chunk came back as it was, naming neither the executor nor the chunk.
    error = ZeroDivisionError("the task's own")
    with pytest.raises(ExecutorError, match=r"^executor: the Raising executor ran chunk 0 \(deals 0…2\), which "
                                            r"raised ZeroDivisionError: the task's own$") as raised:
        simulate("ru", players=4, deals=40, executor=Raising(error), progress=False)
    assert raised.value.__cause__ is error
    # two threads: whichever chunk fails first is the one named, with its own deals
    with pytest.raises(ExecutorError, match=r"ran chunk (\d+) \(deals (\d+)…(\d+)\), which raised BotError: the bot "
                                            r"of seat \d \(late_pass\) chose pass: ") as raised:
        simulate("ru", players=4, deals=40, bots=late_pass, seed=1, executor=ThreadPoolExecutor(2), progress=False)
    assert type(raised.value.__cause__).__name__ == "BotError"
    chunk, first, last = map(int, re.search(r"chunk (\d+) \(deals (\d+)…(\d+)\)", str(raised.value)).groups())
    assert (first, last) == (3 * chunk, 3 * chunk + 2)  # the chunks of 3 deals the first error message names


def late_pass(view, rng):
    """A bot that answers ``pass`` once the first trick is done, where a pass is seldom allowed."""
    return "pass" if view.tricks else view.legal_actions[0]


class Never(Executor):
    """An executor that takes every chunk and never runs it: its futures never resolve."""

    def submit(self, fn, /, *args, **kwargs):
        return Future()


@pytest.mark.parametrize("limit", [0.2, 0.6])
def test_a_never_finishing_executor_ends_the_run_within_its_time_limit(limit):
    start = time.monotonic()
    raised = _ends(lambda: simulate("ru", players=4, deals=40, executor=Never(), progress=False,
                                    chunk_timeout=limit), seconds=limit + 5)
    took = time.monotonic() - start
    assert isinstance(raised, ExecutorError), raised
    assert str(raised) == ("executor: the Never executor did not finish chunk 0 (deals 0…2) within its time limit, "
                           f"chunk_timeout={limit:g} seconds with no chunk ending (14 chunks still out)")
    assert limit <= took < limit + 1.0
    raised = _ends(lambda: compare(["ru", "it"], players=4, deals=4, executor=Never(), progress=False,
                                   chunk_timeout=limit), seconds=limit + 5)
    assert isinstance(raised, ExecutorError) and "chunk_timeout" in str(raised)


def test_a_time_limit_that_the_chunks_keep_changes_nothing():
    args = dict(rules="ru", players=4, deals=40, seed=2, progress=False)
    _same(simulate(**args), simulate(**args, executor=ThreadPoolExecutor(2), chunk_timeout=60))


@pytest.mark.parametrize("limit, error", [(0, "0 is not a number of seconds > 0"), (-1.5, "-1.5 is not"),
                                          (math.inf, "inf is not"), (math.nan, "nan is not"),
                                          ("5", "expected a number of seconds or None, not '5'"),
                                          (True, "expected a number of seconds or None, not True")])
def test_a_bad_time_limit_is_refused_before_anything_is_played(limit, error):
    with pytest.raises((ValueError, TypeError), match="^chunk_timeout: " + error):
        simulate("ru", players=4, deals=4, executor=Never(), progress=False, chunk_timeout=limit)


class NoFutures(Executor):
    def submit(self, fn, /, *args, **kwargs):
        return fn(*args, **kwargs)


def test_an_executor_that_gives_no_future_is_named():
    with pytest.raises(ExecutorError, match=r"^executor: the NoFutures executor gave .*\(dict\) for chunk 0 "
                                            r"\(deals 0…2\), not a concurrent.futures.Future"):
        simulate("ru", players=4, deals=40, executor=NoFutures(), progress=False)


def test_a_faithful_custom_executor_gives_the_same_frames():
    args = dict(rules="ru", players=4, deals=40, seed=2, progress=False)
    _same(simulate(**args), simulate(**args, executor=Faulty(lambda columns: columns)))


LONG_RUN = """
import multiprocessing, threading, time
from bibi.simulation import simulate

def report():  # the pids of the run's two workers, once both have started
    while True:
        try:
            children = multiprocessing.active_children()
        except RuntimeError:  # the set of children changed while it was read
            continue
        if len(children) == 2:
            print(*(child.pid for child in children), flush=True)
            return
        time.sleep(0.05)

threading.Thread(target=report, daemon=True).start()
simulate("ru", players=4, deals=10**6, workers=2, progress=False)  # hours of play
"""


def _alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie, dead but not yet reaped, does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rpartition(")")[2].split()[0] != "Z"
    except OSError:  # no /proc here, or the process has just gone
        return os.path.exists(f"/proc/{pid}") if os.path.isdir("/proc") else True


@pytest.mark.subprocess
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_workers_end_when_their_parent_is_killed(sig):
    proc = subprocess.Popen([sys.executable, "-c", LONG_RUN], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    pids: list[int] = []
    try:
        pids = [int(pid) for pid in proc.stdout.readline().split()]
        assert len(pids) == 2 and all(map(_alive, pids))
        proc.send_signal(sig)
        proc.wait(timeout=5)
        seen: list[bytes] = []
        reader = threading.Thread(target=lambda: seen.append(proc.stdout.read()), daemon=True)
        reader.start()
        reader.join(5)  # the workers held the parent's output pipe open
        assert seen == [b""], "the parent's output never reached its end"
        deadline = time.monotonic() + 5
        while any(map(_alive, pids)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(map(_alive, pids)), "a worker outlived its parent"
    finally:
        for pid in [proc.pid, *pids]:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        proc.wait()
        proc.stdout.close()


HALF_SENT = """
import os, struct, time
from bibi.pool import close_pool
from bibi.simulation import _new_pool
pool = _new_pool(1)
assert pool.submit(time.sleep, 0).result(timeout=30) is None  # the worker and the pool's manager thread are up
pool.submit(time.sleep, 600)
# what a worker ended in the middle of sending a chunk's columns leaves: a length, and a part of the bytes
os.write(pool._result_queue._writer.fileno(), struct.pack("!i", 1 << 20) + bytes(100))
close_pool(pool, failed=True)
print("closed")
"""


@pytest.mark.subprocess
def test_a_pool_ended_mid_message_still_shuts_down():
    """Ctrl-C can end a worker while it sends a chunk's columns: the shutdown must not wait for the rest."""
    done = subprocess.run([sys.executable, "-c", HALF_SENT], capture_output=True, text=True, timeout=30)
    assert (done.returncode, done.stdout) == (0, "closed\n"), done.stderr


@pytest.mark.parametrize("where", ["emscripten", "no sem_open"])
def test_workers_where_there_are_no_processes_are_refused_first(monkeypatch, where):
    if where == "emscripten":
        monkeypatch.setattr(sys, "platform", "emscripten")  # as in Pyodide: no processes at all
        said = r"this Python \(emscripten\) cannot start processes"
    else:
        monkeypatch.setitem(sys.modules, "multiprocessing.synchronize", None)  # import fails, as without sem_open
        said = r"this Python cannot start them \(.*multiprocessing.synchronize"
    for run in (lambda: simulate("ru", players=4, deals=4, workers=2, progress=False),
                lambda: compare(["ru", "it"], players=4, deals=4, workers=2, progress=False)):
        with pytest.raises(ValueError, match=r"^workers: 2 asks for worker processes, but " + said +
                           r".*; use workers=1 or an executor"):
            run()
    assert len(simulate("ru", players=4, deals=4, progress=False).deals) == 4  # one process still plays


def test_a_pool_that_cannot_start_is_an_error_naming_workers(monkeypatch):
    import bibi.simulation

    class NoPool(bibi.simulation.ProcessPoolExecutor):
        def __init__(self, *args, **kwargs):
            raise NotImplementedError("This platform lacks a functioning sem_open implementation")

    monkeypatch.setattr(bibi.simulation, "ProcessPoolExecutor", NoPool)
    with pytest.raises(ExecutorError, match=r"^workers: this Python cannot start worker processes "
                                            r"\(NotImplementedError: This platform lacks .*\); use workers=1"):
        simulate("ru", players=4, deals=4, workers=2, progress=False)


# -- pairing ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("index", [0, 1, 17, 999])
def test_every_variant_gets_the_same_pack_dealer_and_trump(index):
    def setup(rules, seed, i):
        return set_up(rules, 6, random.Random(deal_seed(seed, i)), dealer=i % 6)

    setups = [setup(r, 7, index) for r in (bibi.RUSSIAN, bibi.ITALIAN, VARIANTS[3])]
    assert all(s.deck == setups[0].deck and s.dealer == index % 6 for s in setups)
    assert all(s.trump == s.deck[-1].suit for s in setups)  # the cut card goes to the bottom (rules §2)
    assert all(s.cut == ((index - 1) % 6, s.deck[-1]) for s in setups)  # cut by the dealer's right (R7)
    check_deck(bibi.RUSSIAN, setups[0].deck)
    assert setups[0].deck != setup(bibi.RUSSIAN, 7, index + 1).deck != setup(bibi.RUSSIAN, 8, index).deck


@pytest.mark.parametrize("index", [0, 5])
def test_deal_i_of_a_run_is_the_deal_of_its_seed(index):
    """Deal i is Deal.new with seed deal_seed(seed, i) and dealer i mod players, played by the play layer."""
    sim = simulate("it", 4, deals=6, bots="heuristic", seed=3, progress=False)
    key = deal_seed(3, index)
    alone = play_layer(Deal.new("it", 4, seed=key, dealer=index % 4), "heuristic", bots_rng(key))
    assert alone.record() == sim.deal(index).record()
    assert tuple(sim.seats.query(f"deal == {index}").score) == alone.scores


def test_compare_plays_the_same_packs():
    cmp = compare({"ru": "ru", "it": "it", "literal R16": "ru:trump_change=next_deal"}, players=5, deals=40,
                  seed=1, progress=False)
    frames = [s.deals for s in cmp.simulations.values()]
    for frame in frames[1:]:
        for col in ("deal", "dealer", "first_trump", "leftovers", "leftover_points"):
            assert frame[col].equals(frames[0][col])
    deals = cmp.deal(3)
    assert list(deals) == ["ru", "it", "literal R16"]
    assert len({d.deck for d in deals.values()}) == 1
    assert list(cmp.seats.variant.cat.categories) == ["ru", "it", "literal R16"]
    assert len(cmp.seats) == 3 * 40 * 5 and len(cmp.deals) == 3 * 40
    assert cmp.seats.rules.dtype == "category" and set(cmp.deals.changed) == {"", "trump_change=next_deal"}


def test_the_order_of_the_variants_changes_no_pack():
    """Deal i's pack, dealer and first trump come from (seed, i) alone, whichever variant is the baseline: the
    frames of each variant are the same in either order, and only the signs of the differences turn."""
    ab = compare(["ru", "it"], players=6, deals=30, seed=1, progress=False)
    ba = compare(["it", "ru"], players=6, deals=30, seed=1, progress=False)
    for label in ("russian", "italian"):
        assert ab.simulations[label].deals.equals(ba.simulations[label].deals)
        assert ab.simulations[label].seats.equals(ba.simulations[label].seats)
    assert ab.deal(5)["italian"].record() == ba.deal(5)["italian"].record()
    ab_diff = ab.table.query("variant == 'italian'").set_index("measure")["diff"]
    ba_diff = ba.table.query("variant == 'russian'").set_index("measure")["diff"]
    assert np.allclose(ab_diff, -ba_diff.loc[ab_diff.index], equal_nan=True)


def test_compare_rejects_different_pack_counts():
    with pytest.raises(ValueError, match="same packs"):
        compare(["ru", "ru:decks=1,max_players=7"], deals=2, progress=False)



def test_compare_names_the_variant_too_small_for_the_table():
    said = r"players: 4 is outside 2…2 .* in variants' 'russian:max_players=2'"
    with pytest.raises(ValueError, match=said) as caught:
        compare(["ru", "ru:max_players=2"], players=4, deals=2, progress=False)
    assert type(caught.value) is ValueError

# -- confidence intervals ---------------------------------------------------------------------


def test_mean_ci_on_known_data():
    mean, low, high = mean_ci([4.0, 6.0] * 200)  # mean 5, sample sd 1·√(400/399)
    half = Z95 * math.sqrt(400 / 399) / math.sqrt(400)
    assert mean == 5.0
    assert low == pytest.approx(5 - half, abs=1e-12) and high == pytest.approx(5 + half, abs=1e-12)
    _, low90, _ = mean_ci([4.0, 6.0] * 200, level=0.90)
    assert 5 - low90 == pytest.approx(1.6448536269514722 * math.sqrt(400 / 399) / 20)
    assert mean_ci([3, 3, 3]) == (3.0, 3.0, 3.0)
    assert math.isnan(mean_ci([1.0])[1])


def test_mean_ci_covers_a_known_mean():
    rng = np.random.default_rng(0)
    hits = sum(lo <= 2.0 <= hi for _, lo, hi in (mean_ci(rng.normal(2.0, 3.0, 200)) for _ in range(400)))
    assert 0.92 * 400 <= hits <= 0.98 * 400


def test_a_variant_against_itself_differs_by_exactly_zero():
    cmp = compare(["it", "it"], players=6, deals=50, seed=8, progress=False)
    table = cmp.table
    assert list(table.columns) == ["measure", "variant", "mean", "diff", "ci_low", "ci_high"]
    assert len(table) == 2 * len(MEASURES)
    assert list(table.variant.cat.categories) == ["italian", "italian#2"]
    assert (table[["diff", "ci_low", "ci_high"]] == 0).all().all()
    assert cmp.baseline == "italian"


def test_a_known_paired_difference():
    """Bi-bi points do not change random play: same deals, each call worth 50 less, nothing else moves."""
    cmp = compare(["ru", "ru:bibi_points=0"], players=6, deals=200, seed=2, progress=False)
    calls = cmp.simulations["russian"].deals.calls.to_numpy()
    row = cmp.table.set_index(["measure", "variant"]).loc[("score_per_seat", "russian:bibi_points=0")]
    expected = mean_ci(-50 * calls / 6)
    assert (row["diff"], row.ci_low, row.ci_high) == pytest.approx(expected)
    assert row["diff"] == pytest.approx(-50 * calls.mean() / 6)
    for m in ("calls", "trump_changes", "leftover_points"):
        row = cmp.table.set_index(["measure", "variant"]).loc[(m, "russian:bibi_points=0")]
        assert (row["diff"], row.ci_low, row.ci_high) == (0, 0, 0)


# -- the fast path plays by the Deal API's rules ---------------------------------------------------


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.label)
def test_simulated_deals_replay_through_the_deal_api(rules):
    players = 4 if rules.decks == 1 else 6
    sim = simulate(rules, players=players, deals=25, seed=13, progress=False)
    seats = sim.seats.set_index(["deal", "seat"])
    for i in range(0, 25, 3):
        deal = rebuild(rules, players, 13, i)  # one apply at a time, events on
        assert deal.actions == run_deal(rules, players, 13, i, [random_bot] * players).actions
        rows = seats.loc[i]
        assert deal.scores == tuple(rows.score)
        assert deal.card_points == tuple(rows.card_points)
        assert tuple(sum(c.seat == s for c in deal.calls) for s in range(players)) == tuple(rows.calls)
        assert tuple(sum(t.winner == s for t in deal.tricks) for s in range(players)) == tuple(rows.tricks_won)
        trumps = [deal.first_trump, *(e.suit for e in deal.events if e.kind == "trump_change")]
        row = sim.deals.iloc[i]
        assert row.final_trump == deal.trump.value == trumps[-1].value
        assert row.trump_changes == sum(a != b for a, b in zip(trumps, trumps[1:], strict=False))
        assert row.leftover_points == sum(rules.card_points[c.rank] for c in deal.leftovers)


def test_simulation_rebuilds_its_deals(ru):
    deal = ru.deal(7)
    assert deal.events and deal.scores == tuple(ru.seats[ru.seats.deal == 7].score)
    with pytest.raises(IndexError):
        ru.deal(60)


# -- bots --------------------------------------------------------------------------------------------


def test_bots_per_seat():
    sim = simulate("ru", players=4, deals=12, seed=6, bots=[first_legal, "random", first_legal, "random"],
                   progress=False)
    assert list(sim.seats.bot[:4]) == ["first_legal", "random", "first_legal", "random"]
    assert "first_legal random" in repr(sim)
    for i in (0, 5, 11):
        assert sim.deal(i).scores == tuple(sim.seats[sim.seats.deal == i].score)


def wrong_bot(view, rng):
    """A stub bot that plays a pass whatever is asked."""
    return "pass"


def test_a_bot_that_breaks_a_rule_is_named():
    with pytest.raises(bibi.IllegalAction, match=r"the bot of seat 1 \(wrong_bot\) chose pass"):
        simulate("ru", players=4, deals=1, bots=["random", wrong_bot, "random", "random"], progress=False)


def test_named_bots_from_bibi_bots():
    names = ["greedy", "heuristic"]
    sim = simulate("it", players=4, deals=6, seed=1, bots=[*names, "random", "random"][:4], progress=False)
    assert list(sim.seats.bot[: len(names)]) == names
    assert sim.deal(2).scores == tuple(sim.seats[sim.seats.deal == 2].score)


# -- arguments ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("kwargs, message", [
    (dict(deals=0), "deals"),
    (dict(players=13), "players"),
    (dict(workers=0), "workers"),
    (dict(seed=1.5), "seed"),
    (dict(bots=["random"] * 3), "bots"),
    (dict(bots=42), "bots"),
])
def test_bad_arguments_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        simulate("ru", **{"players": 6, "deals": 1, "progress": False, **kwargs})


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.name)
def test_parse_rules_reads_the_label_back(rules):
    label = f"{rules.name}:{rules.changed_text()}"
    assert parse_rules(label) == rules and parse_rules(label).name == rules.name


@pytest.mark.parametrize("text", ["xx", "ru:follow", "ru:nope=1", "ru:decks=two", "ru:dealt_pairs=maybe",
                                  "ru:follow=sideways"])
def test_parse_rules_refuses_nonsense(text):
    with pytest.raises(ValueError):
        parse_rules(text)


# -- command line ---------------------------------------------------------------------------------------


def _bibi(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bibi", *args], capture_output=True, text=True, timeout=120)


@pytest.mark.subprocess
def test_cli_simulate_writes_the_seat_rows(tmp_path):
    out = tmp_path / "results.csv"
    done = _bibi("simulate", "--rules", "ru", "--players", "4", "--deals", "30", "--seed", "1", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "<Simulation russian, 4 players, 30 deals, seed 1, bots random>" in done.stdout
    assert "first_leader_edge" in done.stdout
    assert "100%" in done.stderr and "30/30" in done.stderr  # the progress bar
    frame = pd.read_csv(out)
    assert tuple(frame.columns) == SEAT_COLUMNS and len(frame) == 120
    expected = simulate("ru", players=4, deals=30, seed=1, progress=False).seats
    assert list(frame.score) == list(expected.score)


@pytest.mark.subprocess
def test_cli_compare_prints_the_paired_table(tmp_path):
    out = tmp_path / "table.csv"
    done = _bibi("compare", "ru", "it", "--deals", "20", "--players", "5", "--no-progress", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "differences against 'russian'" in done.stdout and done.stderr == ""
    table = pd.read_csv(out)
    assert list(table.columns) == ["measure", "variant", "mean", "diff", "ci_low", "ci_high"]
    assert len(table) == 2 * len(MEASURES)


@pytest.mark.subprocess
def test_cli_reports_bad_rules():
    done = _bibi("compare", "ru", "ru:nope=1", "--deals", "5", "--no-progress")
    assert done.returncode == 2 and "nope" in done.stderr


@pytest.mark.subprocess
def test_cli_bots_per_seat_and_options(tmp_path):
    out = tmp_path / "deals.csv"
    done = _bibi("simulate", "--rules", "it:draw=after_each_card", "--players", "3", "--deals", "6",
                 "--bots", "greedy,random,random", "--deals-out", str(out), "--no-progress")
    assert done.returncode == 0, done.stderr
    assert "<Simulation italian:draw=after_each_card, 3 players, 6 deals, seed 0, bots greedy random>" in done.stdout
    assert tuple(pd.read_csv(out).columns) == DEAL_COLUMNS


@pytest.mark.subprocess
@pytest.mark.parametrize("args", [["--help"], ["simulate", "--help"], ["compare", "--help"]])
def test_cli_help(args):
    done = _bibi(*args)
    assert done.returncode == 0 and "95%" in done.stdout, done.stderr


@pytest.mark.subprocess
def test_the_other_commands_start_without_pandas():
    code = "import sys; from bibi.cli import build_parser; build_parser(); print('pandas' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_bibi_simulate_and_compare_are_the_functions():
    import bibi.simulation

    assert bibi.simulate is bibi.simulation.simulate and bibi.compare is compare
    assert bibi.simulate("en", players=3, deals=2, progress=False).deals.shape == (2, len(DEAL_COLUMNS))


def test_compare_the_italian_preset_with_itself_turned_up_at_trick_start():
    """turn_up changes when the leftovers are shown (I16: six tricks after the failed draw; R25: seven)."""
    cmp = compare(["it", "it:turn_up=trick_start"], players=6, deals=40, progress=False)
    row = cmp.table.set_index(["measure", "variant"]).loc[("face_up_tricks", "italian:turn_up=trick_start")]
    assert (row["mean"], row["diff"], row["ci_low"], row["ci_high"]) == (7.0, 1.0, 1.0, 1.0)
    assert (cmp.simulations["italian"].deals["face_up_tricks"] == 6).all()


def test_simulate_refuses_none_for_a_seat_and_says_none_is_a_person():
    with pytest.raises(ValueError, match="bots: None is a person's seat, and simulate seats no person: give a bot "
                                         "name"):
        simulate("ru", 3, deals=1, bots=["random", None, "random"], seed=1, progress=False)
    with pytest.raises(ValueError, match="None is a person's seat"):
        compare(["ru", "it"], 3, deals=1, bots=None, seed=1, progress=False)


@pytest.mark.parametrize("lang", ["en", "ru", "it"])
def test_the_reports_write_every_interval_the_kits_one_way(lang):
    """``bibi simulate`` and ``bibi compare`` print each mean (each difference) ``± half`` its interval, as
    ``bibi.i18n.interval`` writes it, never as ``ci_low``/``ci_high`` columns."""
    from bibi.i18n import interval, language
    run = simulate("ru", players=4, deals=60, seed=5, progress=False)
    both = compare({"russian": bibi.RUSSIAN, "italian": bibi.ITALIAN}, 4, deals=60, seed=5, progress=False)
    with language(lang):
        report, compared = run.report(), both.report()
        for measure, row in run.summary().iterrows():
            written = interval(row["mean"], (row.ci_high - row.ci_low) / 2, 3)
            assert re.search(rf"^{measure}\s+{re.escape(written)}$", report, flags=re.M), (measure, written)
        for row in both.table.itertuples():
            written = interval(row.diff, (row.ci_high - row.ci_low) / 2, 3, sign=True)
            assert re.search(rf"^\s*{row.measure} {row.variant}\s+\S+\s+{re.escape(written)}$", compared,
                             flags=re.M), (row.measure, written)
    for text in (report, compared):
        assert "ci_low" not in text and "ci_high" not in text
