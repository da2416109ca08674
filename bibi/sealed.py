"""The sealed table: bots you did not write, each in a process of its own that holds only its seat's view.

In one process Python cannot keep a determined bot from memory it shares with the deal: the play layer hides the
deal from a bot's view and checks after each decision that the hands, the stock and the history are as they were
(``bibi.live.Guard``: a write it sees raises a ``BotError`` naming the seat), but a bot that scans the process's
memory can still read every hand, and a write the check does not look at goes unseen. Bot competitions and card
servers run each player in a process of its own and hand it only what its seat sees; this module does the same.

A ``SealedTable`` starts one fresh Python process per seated bot (``spawn``: nothing of this process's memory is
copied into it) and, at each decision, sends it the seat's frozen ``View`` (its legal actions included) and the
state of the bots' random stream, nothing else. The bot answers within ``timeout`` seconds; what comes back is read
as plain JSON (an action's number and the stream's new state), never unpickled, so a bot cannot run code here
either. A decision that goes wrong is a fault, and the table's rule for it is the same for every kind:

- ``timeout``: no answer within ``timeout`` seconds (the bot hangs, or answers late): its process is ended;
- ``crash``: its process ended (it exited, was killed, or ran out of memory);
- ``error``: the bot raised an exception (its process lives on);
- ``nonsense``: the answer is no action at all (nor the notation of one), or the reply is unreadable;
- ``illegal``: an action the rules do not allow now.

Each fault is reported (``SealedTable.faults``: the deal, the seat, the seat's decision, the position in the deal,
the kind and what happened) and the seat takes the **default move**: the first of the legal actions, in the
engine's order (``Deal.legal_actions``), with no draw from the bots' stream. So a run with faults is the run in
which those decisions took the default move, deal for deal, and a table with no fault plays exactly as the same
bots in one process: the same seed gives the same deal. A seat whose process ended gets a fresh one at its next
decision (a bot that keeps a memory of its own loses it then); a seat whose process cannot start, or cannot load
its bot, is out: it takes the default move at every later decision, each reported.

The processes are started as ``multiprocessing`` starts them with ``spawn``: a script that seats a sealed table
runs its play under ``if __name__ == "__main__":`` (each process imports the script; a notebook needs nothing).

What it does not do: it does not limit what the bot's process may do to the machine (files, network, CPU and
memory are the user's, as for any program one runs); an operating system's sandbox is the tool for that.

A bot is given by name (``bibi.play.BOTS``) or as an importable module-level callable, as for worker processes.
Use the table as a context manager, so that its processes end with it::

    from theirs import bot  # a module-level function of a module the seat's process can import too
    with SealedTable(["heuristic", bot, "random"], 3, timeout=1.0) as table:
        deal = table.play(Deal.new("ru", 3, seed=1), bots_rng(1))
    table.faults
"""

from __future__ import annotations

import json
import multiprocessing
import os
import pickle
import random
import threading
import time
from dataclasses import fields
from typing import Any, NamedTuple

from bibi.actions import NUM_ACTIONS, action_at, action_index
from bibi.deal import Action, Card, Deal, View
from bibi.errors import seconds, shorten
from bibi.i18n import _
from bibi.live import LiveView
from bibi.live import _deal_of as deal_of  # the table's own way to the deal a seat's view reads
from bibi.play import as_bots, bot_name, get_bot
from bibi.play import play as play_deal

KINDS = ("timeout", "crash", "error", "nonsense", "illegal")  # the faults a decision can end in (module doc)
_FIELDS = tuple(f.name for f in fields(View))
_REPLY_LIMIT = 1 << 16  # bytes: a reply is an action's number and the stream's state, a few kilobytes
_WATCH = 0.25  # seconds between a bot process's looks at its parent


class Fault(NamedTuple):
    """One decision of a sealed seat that went wrong: in the table's deal ``deal`` (counted from 0, in the order the
    table saw them), seat ``seat``'s decision ``decision`` (counted from 0 in that deal), the deal's action at
    ``position`` (how many actions the deal had), of kind ``kind`` (``KINDS``), ``detail`` saying what happened, and
    ``default``, the move the seat took instead. ``deal``, ``decision`` and ``position`` are -1 where the table
    cannot tell them: its seats handed to ``play`` with a stop condition, or to a game, rather than played by
    ``SealedTable.play`` (``play``'s fast path, which ``simulate`` takes, always tells them)."""

    deal: int
    seat: int
    decision: int
    position: int
    kind: str
    detail: str
    default: Card | Action


class SealedTable:
    """Bots seated in processes of their own (the module doc). ``bots`` is seated as ``bibi.play.as_bots`` seats
    it, one per seat of ``players``; every seat needs a bot. ``timeout`` is each decision's time limit in seconds,
    ``start_timeout`` a process's time to start and load its bot. ``seats`` are the table's bots, callables of the
    kit's protocol ``(view, rng) -> action`` for ``bibi.play.play``, ``simulate`` (one worker) or a game."""

    def __init__(self, bots: Any, players: int, *, timeout: float = 1.0, start_timeout: float = 60.0):
        self.timeout = seconds("timeout", timeout)
        self.start_timeout = seconds("start_timeout", start_timeout)
        specs = as_bots(bots, players, names=True)
        for seat, spec in enumerate(specs):
            if spec is None:
                # TRANSLATORS: {seat} is the seat's number
                raise ValueError("bots: " + _("seat {seat} has no bot; a sealed table seats no person").format(
                    seat=seat))
            if not isinstance(spec, str):
                try:
                    pickle.dumps(spec)
                except Exception as exc:
                    raise ValueError(f"bots: seat {seat}'s bot {shorten(bot_name(spec))} cannot be sent to a process "
                                     f"of its own ({type(exc).__name__}); give a bot name or an importable "
                                     "module-level function") from None
        self.players = len(specs)
        self.seats = [_Seat(self, seat, spec) for seat, spec in enumerate(specs)]
        self.faults: list[Fault] = []
        self.decisions = 0  # decisions asked of the sealed processes, faults included
        self._current: Deal | None = None  # the deal ``play`` plays now
        self._deal: Deal | None = None  # the deal the seats last played on, and its number
        self._deals = -1
        self._asked = [0] * self.players

    def play(self, deal: Deal, rng: random.Random | None = None, **stops: Any) -> Deal:
        """``bibi.play.play(deal, self.seats, rng, **stops)``: the deal played at this table, to the end or to one
        of ``play``'s stop conditions. (The seats can be handed to ``play`` directly too; this way the faults know
        their deal's positions on ``play``'s step path as well as on its fast path.)"""
        self._current = deal
        try:
            return play_deal(deal, self.seats, rng, **stops)
        finally:
            self._current = None

    def _note(self, deal: Deal, seat: int) -> int:
        """The seat's decision number in ``deal``, counting the deal in if it is new to the table."""
        if deal is not self._deal:
            self._deal = deal
            self._deals += 1
            self._asked = [0] * self.players
        asked = self._asked[seat]
        self._asked[seat] = asked + 1
        return asked

    def close(self) -> None:
        """End every seat's process (the table can play on: a seat starts a fresh one when asked)."""
        for seat in self.seats:
            seat.stop()

    def __enter__(self) -> SealedTable:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # pragma: no cover - at interpreter exit
            pass

    def __repr__(self) -> str:
        return (f"<SealedTable of {self.players} seats ({', '.join(s.__name__ for s in self.seats)}), "
                f"timeout {self.timeout:g} s, {len(self.faults)} faults in {self.decisions} decisions>")


class _Seat:
    """One seat of a sealed table: a bot of the kit's protocol that asks a process of its own."""

    def __init__(self, table: SealedTable, seat: int, spec: Any):
        self.table, self.seat, self.spec = table, seat, spec
        self.__name__ = f"sealed {bot_name(spec) if not isinstance(spec, str) else spec}"
        self._process: Any = None
        self._conn: Any = None
        self._failed: str | None = None  # why its process could not start: the seat is out, not started again

    def __call__(self, view: View | LiveView, rng: random.Random) -> Card | Action:
        table = self.table
        deal = deal_of(view) if isinstance(view, LiveView) else table._current
        shown = view.snapshot() if isinstance(view, LiveView) else view
        legal = shown.legal_actions
        decision = table._note(deal, self.seat) if deal is not None else -1
        table.decisions += 1
        position = len(deal.actions) if deal is not None else -1
        answer = self._ask(shown, rng)
        if isinstance(answer, tuple):  # a fault: (kind, detail)
            kind, detail = answer
            default = legal[0]
            number = table._deals if deal is not None else -1
            table.faults.append(Fault(number, self.seat, decision, position, kind, detail, default))
            return default
        return answer

    def _ask(self, view: View, rng: random.Random) -> Card | Action | tuple[str, str]:
        """The bot's answer to ``view``, the stream moved on as the bot moved it; or a fault ``(kind, detail)``,
        the stream left as it was."""
        if self._failed is not None:
            return "crash", f"out since its process could not start: {self._failed}"
        try:
            conn = self._start()
        except _StartFailed as exc:
            self._failed = str(exc)
            return "crash", self._failed
        try:
            asked = self.table.decisions
            conn.send_bytes(pickle.dumps((asked, {name: getattr(view, name) for name in _FIELDS}, rng.getstate())))
        except OSError as exc:  # the process ended since its last answer
            return "crash", self._ended(f"it could not be asked ({type(exc).__name__})")
        if not conn.poll(self.table.timeout):
            self.stop()
            return "timeout", f"no answer within {self.table.timeout:g} seconds"
        try:
            raw = conn.recv_bytes(_REPLY_LIMIT)
        except EOFError:
            return "crash", self._ended("its process ended")
        except OSError as exc:  # longer than any reply
            self.stop()
            return "nonsense", f"a reply of more than {_REPLY_LIMIT} bytes ({type(exc).__name__})"
        answer = _read(raw, asked, view.legal_actions, rng)
        if isinstance(answer, _Garbled):
            self.stop()  # what else it sent is not to be read as a later answer: a fresh process
            return "nonsense", str(answer)
        return answer

    def _start(self) -> Any:
        """The seat's connection to its process, started (and its bot loaded) if it is not running."""
        if self._process is not None and self._process.is_alive():
            return self._conn
        self.stop()
        context = multiprocessing.get_context("spawn")  # a fresh interpreter: nothing of this process's memory
        here, there = context.Pipe()
        process = context.Process(target=_serve, args=(there, self.spec, os.getpid()), daemon=True,
                                  name=f"bibi-sealed-seat-{self.seat}")
        process.start()
        there.close()
        self._process, self._conn = process, here
        if not here.poll(self.table.start_timeout):
            self.stop()
            raise _StartFailed(f"its process did not start within {self.table.start_timeout:g} seconds")
        try:
            said = here.recv_bytes(_REPLY_LIMIT)
        except (EOFError, OSError):
            raise _StartFailed(self._ended("its process ended as it started")) from None
        if said != b'"ready"':
            self.stop()
            raise _StartFailed(f"it could not load its bot: {said[:300].decode('utf-8', 'replace')}")
        return here

    def _ended(self, what: str) -> str:
        """``what`` with the process's exit code, the process reaped."""
        process = self._process
        code = None
        if process is not None:
            process.join(1.0)
            code = process.exitcode
        self.stop()
        return f"{what} (exit code {code})" if code is not None else what

    def stop(self) -> None:
        """End the seat's process, if it runs."""
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if conn is not None:
            conn.close()
        if process is not None:
            if process.is_alive():
                process.kill()
            process.join(5.0)


class _Garbled(str):
    """A reply that breaks the table's protocol (unreadable, too long, to another question): the seat's process is
    not to be read again."""


class _StartFailed(Exception):
    """A seat's process that did not start, or could not load its bot (a fault of kind ``crash``)."""


def _read(raw: bytes, asked: int, legal: tuple[Card | Action, ...],
          rng: random.Random) -> Card | Action | tuple[str, str] | _Garbled:
    """A process's reply read as JSON and checked: the answer to question ``asked``, the action (one of ``legal``)
    with the stream's new state set on ``rng``; or a fault."""
    try:
        reply = json.loads(raw)
    except ValueError:
        return _Garbled(f"an unreadable reply {shorten(raw[:80])}")
    if not isinstance(reply, dict) or reply.get("asked") != asked:
        return _Garbled(f"a reply to no question asked: {shorten(raw[:80])}")
    if "error" in reply:
        return "error", str(reply["error"])[:300]
    if "nonsense" in reply:
        return "nonsense", f"it answered {str(reply['nonsense'])[:200]}"
    index, state, gauss = reply.get("action"), reply.get("rng"), reply.get("gauss")
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < NUM_ACTIONS:
        return _Garbled(f"a reply with no action's number: {shorten(index)}")
    action = action_at(index)
    if action not in legal:
        return "illegal", f"it chose {action}, which the rules do not allow now"
    if (not isinstance(state, list) or len(state) != 625 or not all(type(x) is int and 0 <= x < 2**32 for x in state)
            or not state[-1] <= 624 or not (gauss is None or type(gauss) is float)):
        return _Garbled("a reply whose random stream is no Mersenne Twister state")
    rng.setstate((3, tuple(state), gauss))
    return action


def _serve(conn: Any, spec: Any, parent: int) -> None:
    """A seat's process: load the bot, then answer each view sent until the table closes the pipe."""
    threading.Thread(target=_watch, args=(parent,), name="bibi-sealed-watch", daemon=True).start()
    try:
        bot = get_bot(spec)
    except Exception as exc:
        conn.send_bytes(json.dumps(f"{type(exc).__name__}: {exc}"[:300]).encode())
        return
    conn.send_bytes(b'"ready"')
    rng = random.Random()
    while True:
        try:
            asked = conn.recv_bytes()
        except (EOFError, OSError):
            return
        number, shown, state = pickle.loads(asked)  # from the table: the one direction pickles travel
        rng.setstate(state)
        view = View(**shown)
        try:
            answer = bot(view, rng)
        except Exception as exc:
            reply: dict[str, Any] = {"asked": number, "error": f"{type(exc).__name__}: {exc}"[:300]}
        else:
            try:
                if not isinstance(answer, Card | Action | str):
                    raise TypeError
                reply = {"asked": number, "action": action_index(answer)}
            except (TypeError, ValueError):
                reply = {"asked": number, "nonsense": shorten(answer)}
            else:
                _, words, gauss = rng.getstate()
                reply.update(rng=list(words), gauss=gauss)
        conn.send_bytes(json.dumps(reply).encode())


def _watch(parent: int) -> None:
    """End this process once its parent is gone (a hung bot would otherwise outlive a killed table)."""
    while True:
        time.sleep(_WATCH)
        if os.getppid() != parent:
            os._exit(1)


__all__ = ["KINDS", "Fault", "SealedTable"]
