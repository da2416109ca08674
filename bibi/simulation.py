"""Many deals to pandas frames: ``simulate`` one variant, ``compare`` several on the very same packs.

Deal ``i`` of a run with seed ``s`` is fixed by ``(s, i)`` alone: it is the deal of the seed
``deal_seed(s, i)`` (the text ``bibi/{s}/{i}``) with seat ``i % players`` dealing, set up by the
engine's one protocol (``Deal.new(rules, players, seed=deal_seed(s, i), dealer=i % players)``: the
shuffle, then the cut by the dealer's right, whose card sets the trump), and played by the play
layer with the bots' stream ``bots_rng(deal_seed(s, i))`` (``bibi.play``). So deal ``i`` is what
``bibi deal``, the views or a notebook play for that seed, dealer and bots, and the pack never
depends on the play. Every variant of a ``compare`` plays the same packs, dealers and first trumps
(common random numbers: the dealer is given, so no preset's high-card draw moves the stream), and a
run gives the same frames whatever the chunking, the workers or the executor.

>>> sim = simulate("ru", players=4, deals=20, seed=1, progress=False)
>>> sim
<Simulation russian, 4 players, 20 deals, seed 1, bots random>
>>> sim.seats.shape, sim.deals.shape
((80, 15), (20, 13))
>>> points = sim.seats.groupby("deal").card_points.sum() + sim.deals.leftover_points
>>> bool((points == 264).all())
True
>>> sim.deal(3).scores == tuple(sim.seats.query("deal == 3").score)
True

Nothing here plays a rule itself, nor a loop of its own: every deal is played by ``bibi.play.play``
(which hands a table of random bots to ``bibi.playout.random_playout``, any other to ``seated_playout``).
This module only counts.
"""

from __future__ import annotations

import array
import dataclasses
import math
import os
import pickle
import queue
import random
import time
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import BrokenExecutor, CancelledError, Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any, NamedTuple

import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from bibi.deal import SUITS, Deal
from bibi.dealing import set_up
from bibi.errors import WrongType, check_seed, check_type, seconds, shorten, whole, wrong_type, wrong_value
from bibi.i18n import N_, _, interval, number, percent
from bibi.outcome import Outcome
from bibi.play import BOTS, Bot, Bots, as_bots, bot_name, bot_title, bots_rng, get_bot, play_out
from bibi.play import play as play_deal
from bibi.pool import close_pool, no_processes, worker_start
from bibi.rules import Rules, as_rules, parse_rules, rules_name

RANDOM = "random"  # the random bot's name: a table of random bots is played by the engine's fast path
CHUNK = 1000  # most deals per task: the unit of progress and of parallel work
LEVEL = 0.95  # the confidence level of every interval


SEAT_COLUMNS = (
    "deal", "rules", "changed", "players", "seat", "position", "dealer", "bot",
    "card_points", "calls", "bonus_points", "score", "tricks_won", "win", "shared_win",
)
DEAL_COLUMNS = (
    "deal", "rules", "changed", "players", "dealer", "first_trump", "final_trump",
    "trump_changes", "calls", "leftovers", "leftover_points", "tricks", "face_up_tricks",
)

# The per-deal measures that ``summary`` and ``compare`` report, in order, with what each means (in English here;
# ``legend`` says it in the language in force).
MEASURES: dict[str, str] = {
    "score_per_seat": N_("mean score of the seats (card points won + Bi-bi points)"),
    "top_score": N_("the winning score"),
    "first_leader_edge": N_("score of the first leader (dealer's left) minus the mean score per seat"),
    "dealer_edge": N_("score of the dealer minus the mean score per seat"),
    "first_leader_win": N_("the first leader's share of the win (1 alone on top, 1/k when k share it)"),
    "calls": N_("Bi-bi calls in the deal"),
    "trump_changes": N_("times the trump moved during the deal"),
    "leftover_points": N_("card points in the turned-up leftovers, won by nobody"),
    "face_up_tricks": N_("tricks led with the leftovers face up (seven from the turn-up, six after a failed draw)"),
}


def numbers_shown(frame: pd.DataFrame, digits: int = 2) -> pd.DataFrame:
    """``frame`` with its float columns written as the language in force writes numbers (``bibi.i18n.number``,
    ``digits`` decimals): what a printed report, or a notebook in Russian or Italian, shows a person (``49,22``).
    The frame itself keeps its numbers."""
    shown = frame.copy()
    for column in shown.columns:
        if pd.api.types.is_float_dtype(shown[column]):
            shown[column] = [number(v, digits) for v in shown[column]]
    return shown


def intervals_shown(frame: pd.DataFrame, column: str, digits: int = 3, sign: bool = False) -> pd.DataFrame:
    """``frame`` as a person reads it: ``column`` with its interval the kit's one way (``bibi.i18n.interval``:
    ``50.283 ± 0.455``) in place of the ``ci_low`` and ``ci_high`` columns, the other numbers as ``numbers_shown``
    writes them. The frame itself keeps its numbers."""
    shown = numbers_shown(frame.drop(columns=["ci_low", "ci_high"]), digits)
    shown[column] = [interval(value, (high - low) / 2, digits, sign=sign)
                     for value, low, high in zip(frame[column], frame["ci_low"], frame["ci_high"], strict=True)]
    return shown


def legend(level: float = LEVEL, baseline: str | None = None) -> str:
    """What the printed tables' columns and measures mean, in the language in force: the lines under
    ``Simulation.report`` and ``Comparison.report``."""
    shown_level = percent(level)
    if baseline is None:
        lines = [_("mean: the mean over the deals, ± half the width of its confidence interval at {level}").format(
            level=shown_level)]
    else:
        lines = [_("mean: the mean over the deals"),
                 _("diff: the paired difference from {baseline} on the same packs, ± half the width of its "
                   "confidence interval at {level}").format(baseline=baseline, level=shown_level)]
    width = max(map(len, MEASURES))
    lines += [f"  {name:<{width}}  {_(meaning)}" for name, meaning in MEASURES.items()]
    return "\n".join(lines)


# -- one deal ----------------------------------------------------------------------------------


def deal_seed(seed: int, index: int) -> str:
    """The seed of deal ``index`` of a run with ``seed``: the deal is ``Deal.new(..., seed=deal_seed(seed, index),
    dealer=index % players)``.

    >>> deal_seed(0, 7)
    'bibi/0/7'
    """
    return f"bibi/{seed}/{index}"


def run_deal(rules: Rules, players: int, seed: int, index: int, bots: Sequence[Bot], log: bool = False) -> Deal:
    """Play deal ``index`` of a run to the end, ``bots`` giving one bot per seat, through the play layer."""
    key = deal_seed(seed, index)
    dealer, trump, deck, _, _ = set_up(rules, players, random.Random(key), dealer=index % players)
    # set_up's pack is a permutation of the whole pack by construction, and the run checked the players
    # once: start the deal without Deal.new's checks of both (rebuild() keeps them).
    return play_out(Deal._start(rules, players, dealer, trump, deck, log), bots, bots_rng(key))


def rebuild(rules: Rules | str, players: int, seed: int, index: int, bots: Bots = RANDOM) -> Deal:
    """Deal ``index`` of a run, played again one ``Deal.apply`` at a time with events on, to inspect it.

    It is ``Deal.new(rules, players, seed=deal_seed(seed, index), dealer=index % players)`` played by
    ``bibi.play.play`` with ``bots_rng(deal_seed(seed, index))``: random seats make the very choices
    the fast path made, from the same stream.
    """
    rules = as_rules(rules)
    key = deal_seed(seed, index)
    deal = Deal.new(rules, players, seed=key, dealer=index % players)
    return play_deal(deal, _bot_callables(_resolve_bots(bots, players)[1]), bots_rng(key), fast=False)


# -- many deals: compact columns -----------------------------------------------------------------


class _Spec(NamedTuple):
    """What a worker needs to play a chunk of deals (picklable: bots are names or module-level callables)."""

    rules: Rules
    players: int
    seed: int
    bots: tuple[str | Bot, ...]


def _columns(rules: Rules) -> dict[str, array.array]:
    """Empty compact columns for one run, per seat then per deal (``array`` typecodes).

    Points and counts are 32-bit, so arithmetic on the frames' columns cannot silently overflow;
    seat numbers and suits are 8-bit labels.
    """
    most = rules.total_points() + 4 * rules.decks * rules.bibi_points  # 4 × decks pairs at most
    points = "i" if most < 2**31 else "q"
    codes = {
        "card_points": points, "bonus_points": points, "seat_calls": "i", "tricks_won": "i",
        "first_trump": "b", "final_trump": "b", "trump_changes": "i", "leftovers": "i",
        "leftover_points": points, "tricks": "i", "face_up_tricks": "b",  # at most a hand: a byte
        "winners": "i", "shared": "b",
    }
    return {name: array.array(code) for name, code in codes.items()}


def _play_chunk(spec: _Spec, start: int, stop: int, out: dict[str, array.array] | None = None):
    """Play deals ``start … stop-1`` and append one entry per seat and per deal to the columns."""
    rules, n, seed, bots = spec
    out = _columns(rules) if out is None else out
    callables = _bot_callables(bots)
    suit_code = {s: i for i, s in enumerate(SUITS)}
    card_points, bonus_points, seat_calls, tricks_won = (
        out[k].extend for k in ("card_points", "bonus_points", "seat_calls", "tricks_won"))
    first_trump, final_trump, trump_changes, leftovers, leftover_points, tricks, face_up_tricks, winners, shared = (
        out[k].append
        for k in ("first_trump", "final_trump", "trump_changes", "leftovers", "leftover_points", "tricks",
                  "face_up_tricks", "winners", "shared"))
    for i in range(start, stop):
        deal = run_deal(rules, n, seed, i, callables)
        calls, won, changes, played = _tally(deal, n)
        on_top = Outcome.on_top(deal.scores)  # who won: the one place that says it
        mask = 0
        for seat in on_top:
            mask |= 1 << seat
        winners(mask)  # the winning seats as bits
        shared(len(on_top) > 1)
        card_points(deal.card_points)
        bonus_points(deal.bonus_points)
        seat_calls(calls)
        tricks_won(won)
        first_trump(suit_code[deal.first_trump])
        final_trump(suit_code[deal.trump])
        trump_changes(changes)
        lost = deal.leftovers
        leftovers(len(lost))
        leftover_points(deal.leftover_points)
        tricks(played)
        face_up = deal.face_up_from
        assert face_up is not None  # a deal always turns its stock up, if only an empty one
        face_up_tricks(played - face_up)
    return out


def _play_packed(blob: bytes, start: int, stop: int) -> dict[str, array.array]:
    """``_play_chunk`` on a pickled spec (what a worker process receives)."""
    return _play_chunk(pickle.loads(blob), start, stop)


def _tally(deal: Deal, n: int) -> tuple[list[int], list[int], int, int]:
    """Calls and tricks won per seat, how often the trump moved (trick by trick from the first trump),
    and the tricks played."""
    calls = [0] * n
    for call in deal.calls:
        calls[call.seat] += 1
    won = [0] * n
    changes = 0
    trump = deal.first_trump
    done = deal.tricks
    for trick in done:
        won[trick.winner] += 1
        if trick.trump is not trump:
            changes += 1
            trump = trick.trump
    return calls, won, changes, len(done)


def _chunks(deals: int) -> list[tuple[int, int]]:
    """Deterministic chunks: at most ``CHUNK`` deals, and at least 16 chunks when the run allows."""
    size = max(1, min(CHUNK, math.ceil(deals / 16)))
    return [(a, min(a + size, deals)) for a in range(0, deals, size)]


class ExecutorError(RuntimeError, ValueError):
    """A run that its executor or its worker processes failed: a chunk cancelled or refused, a worker gone,
    or a chunk's result other than the columns it was sent to compute. The message starts with
    ``executor:`` (or ``workers:`` for the kit's own pool) and says which chunk. A ``RuntimeError``, and a
    ``ValueError`` too, so that code catching the kit's bad-input errors (the command line) catches it."""


WAIT = 1.0  # seconds between looks at the chunks still out, while none arrives


def _run(spec: _Spec, deals: int, workers: int, executor: Executor | None, bar,
         chunk_timeout: float | None = None) -> dict[str, array.array]:
    """Play every chunk (here, on a process pool, or on ``executor``) and join the columns in deal order.

    Every chunk ends the wait when it ends, cancelled too: a shared executor shut down with
    ``cancel_futures=True`` while the run waits ends the run with an ``ExecutorError``, never a hang; so does
    a wait of more than ``chunk_timeout`` seconds for the next chunk to end (naming the first chunk still out).
    A chunk that raises ends the run with an ``ExecutorError`` naming the chunk, the chunk's error as its cause.
    """
    out = _columns(spec.rules)
    chunks = _chunks(deals)
    if executor is None and workers == 1:
        for start, stop in chunks:
            _play_chunk(spec, start, stop, out)
            bar.update(stop - start)
        return out
    # The spec is pickled here, once, before any process starts: a pool whose feeder thread fails to pickle a
    # task can hang (and leave its workers behind); bytes always travel.
    blob = pickle.dumps(spec)
    pool = executor or _new_pool(workers)
    who = f"workers: the pool of {workers} worker processes" if executor is None else _executor_name(executor)
    futures: dict[Future, int] = {}
    arrived: queue.SimpleQueue[Future] = queue.SimpleQueue()  # each chunk's future once it is done or cancelled
    failed = False
    try:
        for k, (start, stop) in enumerate(chunks):
            try:
                future = pool.submit(_play_packed, blob, start, stop)
            except RuntimeError as exc:  # shut down, or broken
                raise ExecutorError(f"{who} refused chunk {k} (deals {start}…{stop - 1}): {exc}") from exc
            except (OSError, ImportError, NotImplementedError) as exc:  # the kit's pool starts its workers here
                raise ExecutorError(f"{who} could not start on chunk {k} (deals {start}…{stop - 1}): "
                                    f"{_said(exc)}") from exc
            except Exception as exc:  # any other failure of submit (one that cannot pickle the task, say)
                raise ExecutorError(f"{who} failed to take chunk {k} (deals {start}…{stop - 1}): "
                                    f"{_said(exc)}") from exc
            if not isinstance(future, Future):
                raise ExecutorError(f"{who} gave {_quote(future)} ({type(future).__name__}) for chunk {k} "
                                    f"(deals {start}…{stop - 1}), not a concurrent.futures.Future")
            futures[future] = k
            future.add_done_callback(arrived.put)
        ready: dict[int, Mapping[str, array.array]] = {}
        next_k = 0
        for _ in chunks:
            future = _next_done(arrived, futures, chunk_timeout, who, chunks)
            k = futures[future]
            ready[k] = _checked_chunk(_result(future, who, chunks[k], k), out, spec.players, who, chunks[k], k)
            bar.update(chunks[k][1] - chunks[k][0])
            while next_k in ready:  # join in deal order; out-of-order chunks wait here
                for name, column in ready.pop(next_k).items():
                    out[name].extend(column)
                next_k += 1
    except BaseException:
        failed = True
        raise
    finally:
        if executor is None:
            close_pool(pool, failed)
        else:
            for future in futures:
                future.cancel()
    return out


def _new_pool(workers: int) -> ProcessPoolExecutor:
    """The kit's own pool of ``workers`` processes, each set up by ``bibi.pool.worker_start``."""
    try:
        return ProcessPoolExecutor(workers, initializer=worker_start)
    except (OSError, ImportError, NotImplementedError) as exc:  # no processes, or no locks for them
        raise ExecutorError(f"workers: this Python cannot start worker processes ({type(exc).__name__}: {exc}); "
                            "use workers=1") from exc


def _executor_name(executor: Executor) -> str:
    """How errors name a run's executor: ``executor: the ThreadPoolExecutor``, ``executor: the Mine executor``."""
    name = shorten(type(executor).__name__, 40).strip("'")
    return f"executor: the {name}" + ("" if name.lower().endswith("executor") else " executor")


def _said(exc: BaseException) -> str:
    """An exception in one short line, ``KeyError: 'k'``, whatever its ``str`` does."""
    try:
        text = " ".join(str(exc).split())
    except Exception:  # an exception whose str fails must not hide the run's error
        text = ""
    name = shorten(type(exc).__name__, 40).strip("'")
    return f"{name}: {text[:200]}" if text else name


def _quote(value: Any) -> str:
    """``shorten(value)`` on one line (a frame's repr has several)."""
    return " ".join(shorten(value).split())


def _next_done(arrived: queue.SimpleQueue[Future], futures: Mapping[Future, int], limit: float | None = None,
               who: str = "", chunks: Sequence[tuple[int, int]] = ()) -> Future:
    """The next chunk's future to end (done or cancelled). It waits ``WAIT`` seconds at a time, so that
    Ctrl-C is seen on every platform, and looks for a future cancelled without a word between waits. After
    ``limit`` seconds (if given) with none ended, an ``ExecutorError`` names the first chunk still out."""
    deadline = None if limit is None else time.monotonic() + limit
    while True:
        wait = WAIT if deadline is None else min(WAIT, max(0.0, deadline - time.monotonic()))
        try:
            return arrived.get(timeout=wait)
        except queue.Empty:
            for future in futures:
                if future.cancelled():
                    return future
        if deadline is not None and time.monotonic() >= deadline:
            out = sorted(k for future, k in futures.items() if not future.done())
            k = out[0] if out else min(futures.values())
            start, stop = chunks[k]
            more = f" ({len(out)} chunks still out)" if len(out) > 1 else ""
            raise ExecutorError(f"{who} did not finish chunk {k} (deals {start}…{stop - 1}) within its time limit, "
                                f"chunk_timeout={limit:g} seconds with no chunk ending{more}")


def _result(future: Future, who: str, chunk: tuple[int, int], k: int) -> Any:
    """A chunk's columns from its future; an ``ExecutorError`` for a chunk cancelled, a pool broken, or a chunk
    that raised (a bot's illegal move, say): its message names the chunk and quotes the error, which is its
    ``__cause__`` (a worker's traceback is lost on the way; the error is whole)."""
    start, stop = chunk
    where = f"chunk {k} (deals {start}…{stop - 1})"
    if future.cancelled():
        raise ExecutorError(f"{who} cancelled {where} before it ran (shut down, or its futures cancelled, "
                            "while the run waited)")
    try:
        return future.result()
    except BrokenExecutor as exc:
        raise ExecutorError(f"{who} could not play {where}: {exc}") from exc
    except CancelledError as exc:  # a future that says so when asked, rather than by cancelled()
        raise ExecutorError(f"{who} cancelled {where}: its future raised CancelledError") from exc
    except Exception as exc:  # the chunk's own error (a bot's, the play's), or the executor's
        raise ExecutorError(f"{who} ran {where}, which raised {_said(exc)}") from exc


SEAT_WISE = ("card_points", "bonus_points", "seat_calls", "tricks_won")  # the columns with an entry per seat


def _checked_chunk(value: Any, out: Mapping[str, array.array], players: int, who: str, chunk: tuple[int, int],
                   k: int) -> Mapping[str, array.array]:
    """``value`` if it is the columns of ``chunk`` (``_play_chunk``'s: the names and typecodes of ``out``, one
    entry per deal, or per deal and seat, and the labels' codes within their bounds, ``LABELS``); otherwise an
    ``ExecutorError`` saying what is wrong with it. An executor hands back whatever it likes: nothing of it is
    joined to the run before it is checked."""
    start, stop = chunk
    where = f"chunk {k} (deals {start}…{stop - 1})"
    if not isinstance(value, Mapping):
        raise ExecutorError(f"{who} returned {_quote(value)} ({type(value).__name__}) for {where}, "
                            "not its columns")
    if value.keys() != out.keys():
        missing = [name for name in out if name not in value]
        extra = [name for name in value if name not in out]
        said = [f"{word} {_names(names)}" for word, names in (("missing", missing), ("unexpected", extra)) if names]
        raise ExecutorError(f"{who} returned the wrong columns for {where}: {'; '.join(said)}")
    deals = stop - start
    for name, empty in out.items():
        column = value[name]
        if not isinstance(column, array.array) or column.typecode != empty.typecode:
            raise ExecutorError(f"{who} returned {name!r} of {where} as {_quote(column)} "
                                f"({type(column).__name__}), not an array of typecode {empty.typecode!r}")
        per_seat = name in SEAT_WISE
        expected = deals * players if per_seat else deals
        if len(column) != expected:
            has = f"{deals} deals of {players} seats" if per_seat else f"{deals} deals"
            raise ExecutorError(f"{who} returned {len(column)} entries of {name!r} for {where}, which has {has}: "
                                f"expected {expected}")
        if name in LABELS and column:  # codes the frames turn into labels: one outside breaks them, or is NaN
            low, high = LABELS[name](players)
            odd = next((x for x in (min(column), max(column)) if not low <= x <= high), None)
            if odd is not None:
                raise ExecutorError(f"{who} returned {name!r} of {where} holding {odd}, outside {low}…{high}: "
                                    "no deal has it")
    return value


# The columns of labels and their bounds for ``players``: a suit's code, whether the win is shared, and the
# winning seats as bits (at least one seat on top).
LABELS = {"first_trump": lambda players: (0, 3), "final_trump": lambda players: (0, 3),
          "shared": lambda players: (0, 1), "winners": lambda players: (1, 2**players - 1)}


def _names(names: Sequence[Any]) -> str:
    """A few column names, quoted and shortened."""
    text = ", ".join(shorten(name, 30) for name in names[:4])
    return text + (f" and {len(names) - 4} more" if len(names) > 4 else "")


# -- frames ----------------------------------------------------------------------------------


def _array(column: array.array) -> np.ndarray:
    """A numpy view of a compact column (no copy)."""
    return np.frombuffer(column, dtype=column.typecode)


def _constant(value: str, rows: int) -> pd.Categorical:
    """A categorical column holding one value, one byte per row."""
    return pd.Categorical.from_codes(np.zeros(rows, dtype=np.int8), categories=[value])


def _suits(codes: np.ndarray) -> pd.Categorical:
    return pd.Categorical.from_codes(codes, categories=[s.value for s in SUITS])


def _frames(spec: _Spec, labels: tuple[str, ...], cols: dict[str, array.array]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The per-seat and per-deal frames from the compact columns of a run."""
    d, n = len(cols["tricks"]), spec.players
    deal = np.arange(d, dtype=np.int32)
    dealer = (deal % n).astype(np.int8)
    head = {"rules": _constant(spec.rules.name, d), "changed": _constant(spec.rules.changed_text(), d),
            "players": np.full(d, n, dtype=np.int8)}
    return _seat_frame(head, deal, dealer, n, labels, cols), _deal_frame(head, deal, dealer, n, cols)


def _seat_frame(head: dict, deal: np.ndarray, dealer: np.ndarray, n: int, labels: tuple[str, ...],
                cols: dict[str, array.array]) -> pd.DataFrame:
    """One row per deal and seat, deal by deal."""
    d = len(deal)
    seat = np.tile(np.arange(n, dtype=np.int8), d)
    card_points, bonus_points = _array(cols["card_points"]), _array(cols["bonus_points"])
    score = card_points + bonus_points
    on_top = ((_array(cols["winners"])[:, None] >> np.arange(n)) & 1).astype(bool).reshape(-1)
    shared = np.repeat(_array(cols["shared"]).astype(bool), n)
    bots = list(dict.fromkeys(labels))
    bot_codes = np.array([bots.index(b) for b in labels], dtype=np.int8)
    return pd.DataFrame({
        "deal": np.repeat(deal, n),
        **{k: _repeat(v, n) for k, v in head.items()},
        "seat": seat,
        "position": ((seat - np.repeat(dealer, n) - 1) % n).astype(np.int8),
        "dealer": np.repeat(dealer, n),
        "bot": pd.Categorical.from_codes(np.tile(bot_codes, d), categories=bots),
        "card_points": card_points,
        "calls": _array(cols["seat_calls"]),
        "bonus_points": bonus_points,
        "score": score,
        "tricks_won": _array(cols["tricks_won"]),
        "win": on_top & ~shared,
        "shared_win": on_top & shared,
    }, copy=False)


def _deal_frame(head: dict, deal: np.ndarray, dealer: np.ndarray, n: int,
                cols: dict[str, array.array]) -> pd.DataFrame:
    """One row per deal."""
    return pd.DataFrame({
        "deal": deal,
        **head,
        "dealer": dealer,
        "first_trump": _suits(_array(cols["first_trump"])),
        "final_trump": _suits(_array(cols["final_trump"])),
        "trump_changes": _array(cols["trump_changes"]),
        "calls": _array(cols["seat_calls"]).reshape(len(deal), n).sum(axis=1, dtype=np.int32),
        "leftovers": _array(cols["leftovers"]),
        "leftover_points": _array(cols["leftover_points"]),
        "tricks": _array(cols["tricks"]),
        "face_up_tricks": _array(cols["face_up_tricks"]),
    }, copy=False)


def _repeat(column: pd.Categorical | np.ndarray, n: int) -> pd.Categorical | np.ndarray:
    """A per-deal column repeated for each of the ``n`` seats."""
    if isinstance(column, pd.Categorical):
        return pd.Categorical.from_codes(np.repeat(column.codes, n), dtype=column.dtype)
    return np.repeat(column, n)


# -- statistics --------------------------------------------------------------------------------


def mean_ci(values: Iterable[float], level: float = LEVEL) -> tuple[float, float, float]:
    """The mean and its confidence interval, ``(mean, low, high)``.

    Normal approximation: mean ± z·s/√n, with z = 1.959964 for 95 % and s the sample standard
    deviation. With the thousands of deals a simulation plays, Student's t critical value differs
    from z only in the third decimal (1.9623 at n = 1000). Fewer than two values give NaN bounds.

    >>> mean_ci([2, 2, 2])
    (2.0, 2.0, 2.0)
    >>> mean, low, high = mean_ci([0, 2] * 50)
    >>> mean, round(high - mean, 4)    # 1.959964 * 1.005038 / 10
    (1.0, 0.197)
    """
    x = np.asarray(values, dtype=np.float64)
    mean = float(x.mean()) if len(x) else math.nan
    if len(x) < 2:
        return mean, math.nan, math.nan
    half = NormalDist().inv_cdf(0.5 + level / 2) * float(x.std(ddof=1)) / math.sqrt(len(x))
    return mean, mean - half, mean + half


def measures(seats: pd.DataFrame, deals: pd.DataFrame) -> pd.DataFrame:
    """One row per deal, one column per measure of ``MEASURES`` (frames in the order ``simulate`` made them)."""
    d, n = len(deals), int(deals["players"].iloc[0])
    score = seats["score"].to_numpy(dtype=np.float64).reshape(d, n)
    position = seats["position"].to_numpy().reshape(d, n)
    first, dealer = position == 0, position == n - 1
    mean = score.mean(axis=1)
    on_top = (seats["win"].to_numpy() | seats["shared_win"].to_numpy()).reshape(d, n)  # from Deal.outcome()
    return pd.DataFrame({
        "score_per_seat": mean,
        "top_score": score.max(axis=1),
        "first_leader_edge": score[first] - mean,
        "dealer_edge": score[dealer] - mean,
        "first_leader_win": on_top[first] / on_top.sum(axis=1),
        "calls": deals["calls"].to_numpy(dtype=np.float64),
        "trump_changes": deals["trump_changes"].to_numpy(dtype=np.float64),
        "leftover_points": deals["leftover_points"].to_numpy(dtype=np.float64),
        "face_up_tricks": deals["face_up_tricks"].to_numpy(dtype=np.float64),
    }, index=pd.Index(deals["deal"].to_numpy(), name="deal"))


# -- the public calls --------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Simulation:
    """The result of ``simulate``: one row per deal and seat (``seats``) and one per deal (``deals``).

    Both frames start with ``deal`` (0, 1, …), ``rules`` (the rules' name), ``changed`` (the options
    that differ from that preset, ``option=value,…``, or '') and ``players``. Then

    - ``seats``: ``seat``; ``position`` (0 for the first leader on the dealer's left … players-1 for the
      dealer); ``dealer``; ``bot``; ``card_points`` won in tricks; ``calls`` (Bi-bi calls made);
      ``bonus_points``; ``score`` (card + bonus points); ``tricks_won``; ``win`` (alone on top);
      ``shared_win`` (on top with others).
    - ``deals``: ``dealer``; ``first_trump`` and ``final_trump`` (S, H, D, C); ``trump_changes``;
      ``calls``; ``leftovers`` (cards turned up unplayed) and ``leftover_points``; ``tricks``;
      ``face_up_tricks`` (tricks led with the leftovers face up: 7 under ``turn_up='trick_start'``,
      6 under ``'failed_draw'``, with seven-card hands).

    Labels are categoricals or 8-bit; counts and points 32-bit.
    """

    rules: Rules
    players: int
    seed: int
    bots: tuple[str, ...]
    seats: pd.DataFrame
    deals: pd.DataFrame
    bot_specs: tuple[str | Bot | None, ...] = dataclasses.field(default=(), repr=False)

    def measures(self) -> pd.DataFrame:
        """One row per deal, one column per measure of ``MEASURES``."""
        return measures(self.seats, self.deals)

    def summary(self, level: float = LEVEL) -> pd.DataFrame:
        """Each measure's mean over the deals, with its confidence interval."""
        table = self.measures()
        rows = [(m, *mean_ci(table[m], level)) for m in MEASURES]
        return pd.DataFrame(rows, columns=["measure", "mean", "ci_low", "ci_high"]).set_index("measure")

    def deal(self, index: int) -> Deal:
        """Deal ``index`` of this run, played again through the checked ``Deal`` API with events on."""
        if not 0 <= index < len(self.deals):
            raise IndexError(f"deal {shorten(index)}: this run has deals 0…{len(self.deals) - 1}")
        return rebuild(self.rules, self.players, self.seed, index, list(self.bot_specs))

    def report(self, level: float = LEVEL) -> str:
        """What ``bibi simulate`` prints: the run, each measure's mean with its interval, and what they mean, in
        the language in force (its numbers too)."""
        bots = " ".join(map(bot_title, dict.fromkeys(self.bots)))
        # TRANSLATORS: {rules} is a preset's name as "{rules} rules" says it ("italian"), or the label of rules with
        # changes (notation); {bots} the bots' names as a person reads them
        head = _("Simulation {rules}, {players} players, {deals} deals, seed {seed}, bots {bots}").format(
            rules=rules_name(self.rules), players=self.players, deals=number(len(self.deals)), seed=self.seed,
            bots=bots)
        return f"<{head}>\n{intervals_shown(self.summary(level), 'mean').to_string()}\n{legend(level)}"

    def __repr__(self) -> str:
        """The run at a glance, the same in every language: the rules' label, the bots by their registered names;
        ``report`` says it to a person."""
        bots = " ".join(dict.fromkeys(self.bots))
        return (f"<Simulation {self.rules.label}, {self.players} players, {len(self.deals)} deals, seed {self.seed}, "
                f"bots {bots}>")


def simulate(
    rules: Rules | str,
    players: int = 6,
    deals: int = 10_000,
    bots: Bots = RANDOM,
    seed: int = 0,
    workers: int = 1,
    executor: Executor | None = None,
    progress: bool = True,
    chunk_timeout: float | None = None,
) -> Simulation:
    """Play ``deals`` deals of ``rules`` and return them as tidy frames (a ``Simulation``).

    ``bots``: ``"random"`` (the engine's fast path), a name of ``bibi.bots.BOTS``, a callable
    ``(view, rng) -> action``, a list of those, one per seat, or a mapping ``{seat: bot}`` (seated by
    ``bibi.play.as_bots``: every seat needs a bot, so a seat a mapping leaves out is refused); a bot is asked only
    when it has a choice. ``workers > 1`` plays on that many processes; ``executor`` (then ``workers`` is not used)
    takes any ``concurrent.futures.Executor``, a Dask client's ``client.get_executor()`` too; bots
    given as callables must then be importable module-level functions. The frames are the same
    whatever the workers or executor. ``progress`` shows a tqdm bar (a widget in Jupyter). Bots someone else
    wrote play at a sealed table, each in a process of its own: ``bots=table.seats`` of a
    ``bibi.sealed.SealedTable`` (one worker; its ``faults`` say which decisions took the default move).

    A run always ends: a chunk its executor cancels or refuses (shut down while the run waits), or hands
    back as anything but the chunk's columns, ends it with an ``ExecutorError`` naming the executor and the
    chunk. The kit's own workers end with a run that fails (Ctrl-C too) and when their parent dies; where
    Python cannot start processes (Pyodide), ``workers > 1`` is refused before anything is played.
    ``chunk_timeout`` (seconds; ``None``, the default, waits as long as the chunks take) is the time limit of a
    run on workers or an executor: when no chunk ends within it, the run ends with an ``ExecutorError`` naming the
    first chunk still out, so an executor whose chunks never finish ends the run within it. A chunk that raises
    there (a bot's illegal answer, say) ends the run with an ``ExecutorError`` naming the chunk, its error as the
    cause; with ``workers=1`` and no executor the error is raised here as it is, with its whole traceback.
    """
    rules = as_rules(rules)
    _check_run(rules, players, deals, bots, seed, workers, executor, progress, chunk_timeout)
    with _progress(deals, progress, rules.label) as bar:
        return _simulate(rules, players, deals, bots, seed, workers, executor, bar, chunk_timeout)


def _simulate(rules: Rules, players: int, deals: int, bots: Any, seed: int, workers: int,
              executor: Executor | None, bar, chunk_timeout: float | None = None) -> Simulation:
    """``simulate`` with its arguments checked, reporting progress to ``bar``."""
    players, deals, workers, seed = _checked(rules, players, deals, workers, seed)
    labels, specs = _resolve_bots(bots, players)
    spec = _Spec(rules, players, seed, specs)
    seats, table = _frames(spec, labels, _run(spec, deals, workers, executor, bar, chunk_timeout))
    return Simulation(rules, players, seed, labels, seats, table, specs)


@dataclass(frozen=True, eq=False)
class Comparison:
    """The result of ``compare``: a tidy ``table`` (measure × variant) and each variant's ``Simulation``."""

    table: pd.DataFrame
    simulations: dict[str, Simulation]
    level: float = LEVEL

    @property
    def baseline(self) -> str:
        return next(iter(self.simulations))

    @property
    def seats(self) -> pd.DataFrame:
        """Every variant's per-seat rows, with a leading ``variant`` column."""
        return _stack({k: s.seats for k, s in self.simulations.items()})

    @property
    def deals(self) -> pd.DataFrame:
        """Every variant's per-deal rows, with a leading ``variant`` column."""
        return _stack({k: s.deals for k, s in self.simulations.items()})

    def deal(self, index: int) -> dict[str, Deal]:
        """Deal ``index`` under every variant (the same pack), rebuilt with events on, by label."""
        return {label: sim.deal(index) for label, sim in self.simulations.items()}

    def __repr__(self) -> str:
        first = next(iter(self.simulations.values()))
        head = (f"<Comparison of {len(self.simulations)} variants, {first.players} players, {len(first.deals)} "
                f"paired deals, seed {first.seed}; differences against {self.baseline!r}>")
        with pd.option_context("display.width", 200, "display.max_rows", 200):
            return head + "\n" + self.table.round(3).to_string(index=False)

    def _repr_html_(self) -> str:
        return self.table._repr_html_()

    def report(self) -> str:
        """What ``bibi compare`` prints: the comparison's table, and what its columns and measures mean, in the
        language in force (its numbers too)."""
        first = next(iter(self.simulations.values()))
        head = _("Comparison of {variants} variants, {players} players, {deals} paired deals, seed {seed}; "
                 "differences against {baseline}").format(
            variants=len(self.simulations), players=first.players, deals=number(len(first.deals)), seed=first.seed,
            baseline=repr(self.baseline))
        with pd.option_context("display.width", 200, "display.max_rows", 200):
            table = intervals_shown(self.table, "diff", sign=True).to_string(index=False)
        return f"<{head}>\n{table}\n{legend(self.level, repr(self.baseline))}"


def compare(
    variants: Mapping[str, Rules | str] | Sequence[Rules | str],
    players: int = 6,
    deals: int = 10_000,
    bots: Bots = RANDOM,
    seed: int = 0,
    workers: int = 1,
    executor: Executor | None = None,
    progress: bool = True,
    level: float = LEVEL,
    chunk_timeout: float | None = None,
) -> Comparison:
    """Play the same packs under every variant and compare each measure with the first (baseline) variant.

    ``variants``: ``{"label": rules, …}`` or a list of rules / preset names (labelled by name and
    changed options). For each measure of ``MEASURES`` and variant the table gives the mean over the
    deals, the mean paired difference against the baseline (deal by deal, same pack) and that
    difference's confidence interval (``mean_ci``). ``workers``, ``executor`` and ``chunk_timeout`` are
    ``simulate``'s.

    >>> cmp = compare(["ru", "ru"], players=4, deals=30, progress=False)
    >>> cmp.table.loc[cmp.table.variant == "russian#2", ["diff", "ci_low", "ci_high"]].abs().to_numpy().max()
    np.float64(0.0)
    """
    named = _variants(variants)
    _check_level(level)
    for label, rules in named.items():  # every argument checked before the first deal is played
        _check_run(rules, players, deals, bots, seed, workers, executor, progress, chunk_timeout,
                   variant=label if len(named) > 1 else None)
    with _progress(deals * len(named), progress, "compare") as bar:
        sims = {label: _simulate(rules, players, deals, bots, seed, workers, executor, bar, chunk_timeout)
                for label, rules in named.items()}
    return Comparison(_paired_table(sims, level), sims, level)


def _paired_table(sims: Mapping[str, Simulation], level: float) -> pd.DataFrame:
    """One row per (measure, variant): mean, paired difference with the first variant and its interval."""
    per_deal = {label: sim.measures() for label, sim in sims.items()}
    base = next(iter(per_deal.values()))
    rows = []
    for m in MEASURES:
        for label, table in per_deal.items():
            x = table[m].to_numpy()
            diff, low, high = mean_ci(x - base[m].to_numpy(), level)
            rows.append((m, label, float(x.mean()), diff, low, high))
    table = pd.DataFrame(rows, columns=["measure", "variant", "mean", "diff", "ci_low", "ci_high"])
    table["measure"] = pd.Categorical(table["measure"], categories=list(MEASURES))
    table["variant"] = pd.Categorical(table["variant"], categories=list(sims))
    return table


# -- helpers -----------------------------------------------------------------------------------


def _check_level(level: Any) -> None:
    """A confidence level (``compare``'s, ``profile``'s): a float between 0 and 1, or a refusal naming ``level``."""
    check_type("level", level, float, "a confidence level between 0 and 1, like 0.95")
    if not 0 < level < 1:
        # TRANSLATORS: {value} is the confidence level refused, as Python writes it (1.5)
        raise ValueError("level: " + _("{value} is not between 0 and 1").format(value=shorten(level)))


MAX_DEALS = 10**9


def _checked(rules: Rules, players: int, deals: int, workers: int, seed: int,
             variant: str | None = None) -> tuple[int, int, int, int]:
    """The run's numbers, checked, with messages that name the argument (and ``variant``, compare's label of
    ``rules``, where the rules refuse the players)."""
    for name, value, least in (("players", players, 2), ("deals", deals, 1), ("workers", workers, 1)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise wrong_type(name, value, "a whole number ≥ {least}", typed=False, least=str(least))
        if value < least:
            raise wrong_value(name, value, "a whole number ≥ {least}", least=str(least))
    whole("deals", deals, 1, MAX_DEALS)
    cores = os.cpu_count() or 1
    if workers > cores:
        # TRANSLATORS: {value} is the number of workers asked for; {cores} this machine's cores
        raise ValueError("workers: " + _("{value} is more than the {cores} cores of this machine; use at most {cores}")
                         .format(value=shorten(workers), cores=cores))
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise wrong_type("seed", seed, "a whole number")
    check_seed("seed", seed)
    try:  # the engine checks the players against the rules, here
        Deal.new(rules, players, seed=0, log=False)
    except ValueError as exc:  # a table too large for one of compare's variants: that variant is named
        if variant is None or type(exc) is not ValueError:
            raise
        # TRANSLATORS: {reason} is the refusal of the players by one variant's rules; {label} that variant's label
        raise ValueError(_("{reason} in variants' {label}").format(reason=exc, label=shorten(variant))) from None
    return players, deals, workers, seed


def _check_run(rules: Rules, players: Any, deals: Any, bots: Any, seed: Any, workers: Any, executor: Any,
               progress: Any, chunk_timeout: Any = None, variant: str | None = None) -> None:
    """Every argument of a run, checked before anything is played or any process started (``variant``: compare's
    label of ``rules``, named where the rules refuse the players)."""
    if chunk_timeout is not None:
        seconds("chunk_timeout", chunk_timeout, wanted=N_("a number of seconds or None"))
    if executor is None and isinstance(workers, int) and not isinstance(workers, bool) and workers > 1:
        reason = no_processes()  # said first: such a Python may count its cores as one
        if reason:
            raise ValueError(f"workers: {workers} asks for worker processes, but {reason}; use workers=1 or "
                             "an executor that works here")
    _checked(rules, players, deals, workers, seed, variant)
    if executor is not None and not isinstance(executor, Executor):
        raise wrong_type("executor", executor, "a concurrent.futures.Executor (e.g. a Dask client's get_executor())",
                         typed=False)
    check_type("progress", progress, bool, "True or False")
    _, specs = _resolve_bots(bots, players)
    if (executor is None and workers > 1) or isinstance(executor, ProcessPoolExecutor):
        for seat, bot in enumerate(specs):
            if isinstance(bot, str):
                continue
            try:
                pickle.dumps(bot)
            except Exception as exc:
                raise ValueError(
                    f"bots: seat {seat}'s bot {shorten(bot_name(bot))} cannot be sent to worker processes "
                    f"({type(exc).__name__}); give a bot name or a module-level function, or use workers=1"
                ) from None


def _resolve_bots(bots: Any, players: int) -> tuple[tuple[str, ...], tuple[str | Bot, ...]]:
    """Labels and picklable specs per seat, seated by the play layer (``as_bots``, names kept): a bot name (the
    play layer's registry) or a callable. Every seat needs a bot: ``None``, or a seat a mapping leaves out, is
    refused."""
    specs = as_bots(bots, players, names=True)
    if None in specs:
        # TRANSLATORS: None, simulate and (view, rng) -> action are code; {names} the bots' names, quoted; {seat}
        # the seat's number
        raise ValueError("bots: " + _("None is a person's seat, and simulate seats no person: give a bot name "
                                      "({names}) or a callable (view, rng) -> action for seat {seat}").format(
            names=", ".join(map(repr, BOTS)), seat=specs.index(None)))
    labels = [bot if isinstance(bot, str) else bot_name(bot) for bot in specs]
    return tuple(labels), tuple(specs)


def _bot_callables(specs: Sequence[str | Bot]) -> list[Bot]:
    return [get_bot(b) for b in specs]


def _progress(total: int, enabled: bool, desc: str):
    """A tqdm bar (the notebook widget in Jupyter), or a silent one."""
    return tqdm(total=total, disable=not enabled, desc=desc, unit=" deals", dynamic_ncols=True)


def _variants(variants: Mapping[str, Rules | str] | Sequence[Rules | str]) -> dict[str, Rules]:
    """Labelled rules in order; list items are labelled by name and changes, repeats numbered."""
    if isinstance(variants, str | Rules):
        # TRANSLATORS: {value} is the rules given alone, as Python writes them ('ru' or Rules(…)); [{value}] is
        # code, a list of them
        raise WrongType("variants: " + _("expected a list of rules or a dict label → rules, not the single {value}; "
                                         "write [{value}] to compare one variant").format(value=shorten(variants)))
    if isinstance(variants, Mapping):
        named = {}
        for key, value in variants.items():
            if not isinstance(key, str | int) or isinstance(key, bool):
                # TRANSLATORS: {value} is the label refused, as Python writes it
                raise WrongType("variants: " + _("a label must be a text or a whole number, not {value}").format(
                    value=shorten(key)))
            if isinstance(key, int) and not -(10**18) < key < 10**18:
                # TRANSLATORS: {value} is the label refused, a whole number of 18 digits or more
                raise ValueError("variants: " + _("the label {value} is too long a number; use a text").format(
                    value=shorten(key)))
            label = key if isinstance(key, str) else str(key)
            if label in named:
                # TRANSLATORS: {value} is the label given twice, quoted ('1': a whole-number label is written as text)
                raise ValueError("variants: " + _("the label {value} is given twice").format(value=shorten(label)))
            named[label] = as_rules(value)
    elif not isinstance(variants, Sequence):
        raise wrong_type("variants", variants, "a list of rules or a dict label → rules", typed=False)
    else:
        named = {}
        for item in variants:
            rules = as_rules(item)
            label = base = rules.label
            k = 1
            while label in named:
                k += 1
                label = f"{base}#{k}"
            named[label] = rules
    if not named:
        raise ValueError("compare: give at least one variant")
    decks = {r.decks for r in named.values()}
    if len(decks) > 1:
        raise ValueError("compare: variants with different numbers of packs cannot play the same packs")
    return named


def _stack(frames: Mapping[str, pd.DataFrame]) -> pd.DataFrame:
    """Frames one under another with a leading categorical ``variant`` column; categories are united."""
    cats: dict[str, dict[Any, None]] = {}
    for frame in frames.values():
        for col in frame.select_dtypes("category"):
            cats.setdefault(col, {}).update(dict.fromkeys(frame[col].cat.categories))
    parts = []
    for k, frame in enumerate(frames.values()):
        frame = frame.assign(**{col: frame[col].cat.set_categories(list(c)) for col, c in cats.items()})
        variant = pd.Categorical.from_codes(np.full(len(frame), k, dtype=np.int8), categories=list(frames))
        parts.append(frame.assign(variant=variant)[["variant", *frame.columns]])
    return pd.concat(parts, ignore_index=True)


__all__ = [
    "CHUNK", "Comparison", "DEAL_COLUMNS", "ExecutorError", "LEVEL", "MEASURES", "RANDOM", "SEAT_COLUMNS", "legend",
    "Simulation", "compare", "deal_seed", "intervals_shown", "mean_ci", "measures", "numbers_shown", "parse_rules",
    "rebuild", "run_deal", "simulate",
]

