"""The one error story, fuzzed (hypothesis): every refusal is of the class the public signature implies, and a refused
call or change leaves everything as it was.

Each checked entry of the engine (``test_signatures.entries``), and the public entries above it (a game, the play
layer, a person's session), gets good arguments with one replaced by anything at all (tests/test_fuzz.py's
``ANYTHING``), and must work, or refuse it by the one rule for bad input (``bibi/errors.py``), judged against the
argument's annotation (what a user's type checker reads):

- a value the annotation does not admit is refused as a ``WrongType`` (never as a plain ``ValueError``, and never with
  a bare ``TypeError`` or any other error from inside), its message short and naming the argument;
- a value the annotation admits (a seat, a text) is refused, if at all, as a bad value: never as a ``WrongType``, but
  for a bool where a number is asked (a bool is never a number), a text where a sequence is asked, or a container
  whose items are of the wrong type;
- the deal, the session or the environment the call acts on is as it was.

Three more targets play a course of refusals: a PettingZoo table reset with anything (a refused reset leaves the
deal, ``deal_seed`` and the next seed as they were), a person's session asked anything between its moves, and the
boxes of the explorer and the play table typed anything (the view as it was, the boxes showing the deal's).

The counts of inputs each target tried are written with tests/test_fuzz.py's (``BIBI_FUZZ_REPORT``); the long run's
command and figures are in that module's doc. Each finding is a test of its own (tests/test_bad_input.py,
tests/test_pettingzoo.py, tests/test_seat_sight.py, tests/test_view_refusals.py).
"""

from __future__ import annotations

import collections.abc
import os
import random
import typing
from collections import Counter
from typing import Any

import pytest
from helpers import fuzz_counts, snapshot
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from test_fuzz import ANYTHING
from test_signatures import _members, annotations_of, entries

import bibi
from bibi.errors import SearchExhausted, WrongType
from bibi.game import Game

EXAMPLES = int(os.environ.get("BIBI_FUZZ_EXAMPLES", "40"))
SLOW = int(os.environ.get("BIBI_FUZZ_SLOW", str(max(10, EXAMPLES // 10))))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck))
FUZZ_SLOW = settings(FUZZ, max_examples=SLOW)
SHORT = 300
TRIED: Counter[str] = Counter()

pytestmark = pytest.mark.fast

# The branches each target's inputs must take in every run (each at least once), as in tests/test_fuzz.py.
BRANCHES: dict[str, tuple[str, ...]] = {
    "test_the_engines_entries_refuse_as_their_signatures_say": ("engine: works", "engine: refused"),
    "test_the_entries_above_the_engine_refuse_as_their_signatures_say": ("above: works", "above: refused"),
    "test_a_refused_pettingzoo_reset_changes_nothing": ("pettingzoo reset: works", "pettingzoo reset: refused"),
    "test_the_views_boxes_take_anything_a_person_types": ("the views' boxes: dealt", "the views' boxes: refused"),
}


# the branches each target reached, asserted; the counts beside tests/test_fuzz.py's, in a file of their own
branches_fire, report = fuzz_counts(BRANCHES, TRIED, ".refusals.json")


# -- what an annotation admits -----------------------------------------------------------------------------------


def admits(annotation: object, value: object) -> bool:
    """Whether a type checker reading ``annotation`` takes ``value`` (its outer type: a list for ``Sequence[Card]``,
    whatever its items)."""
    for member in _members(annotation):
        origin = typing.get_origin(member) or member
        if member is typing.Any:
            return True
        if member is None or member is type(None):
            if value is None:
                return True
        elif member is typing.Never:
            continue
        elif origin is typing.SupportsIndex:
            if hasattr(type(value), "__index__"):
                return True
        elif origin is typing.Literal:
            if value in typing.get_args(member):
                return True
        elif origin is collections.abc.Callable:
            if callable(value):
                return True
        elif origin is float:
            if isinstance(value, int | float):  # an int is a float to a type checker
                return True
        elif isinstance(origin, type) and isinstance(value, origin):
            return True
    return False


def scalar(annotation: object) -> bool:
    """Whether the annotation says nothing of items (no ``Sequence[...]``, no callable's arguments)."""
    return all(not typing.get_args(m) or typing.get_origin(m) is typing.Literal for m in _members(annotation))


def judged(entry: str, call: typing.Callable[[], object], argument: str, value: object, annotation: object,
           names: tuple[str, ...], subject: object = None, tier: str = "engine") -> None:
    """``call()`` works, or refuses ``value`` (given as ``argument``) as the annotation implies, the subject as it
    was."""
    TRIED[entry] += 1
    before = _state(subject)
    try:
        call()
        TRIED[f"{tier}: works"] += 1
    except ValueError as exc:  # WrongType too
        TRIED[f"{tier}: refused"] += 1
        text = str(exc)
        assert len(text) <= SHORT, f"{entry}({argument}=…): a message of {len(text)} characters"
        wrong_type = isinstance(exc, WrongType)
        if not admits(annotation, value):
            assert wrong_type, f"{entry}({argument}={bibi.shorten(value)}): a wrong type refused as " \
                               f"{type(exc).__name__}: {text}"
        elif wrong_type and scalar(annotation):
            assert isinstance(value, bool), f"{entry}({argument}={bibi.shorten(value)}): an admitted value " \
                                            f"refused as a wrong type: {text}"
        if not isinstance(exc, bibi.IllegalAction):  # a rule's refusal names the rule, not the argument
            assert any(name in text for name in names), f"{entry}: the message names none of {names}: {text}"
        assert _state(subject) == before, f"{entry}({argument}={bibi.shorten(value)}): refused, but changed"
    except SearchExhausted:  # a budget too small to decide: a refusal of its own, named
        pass
    except TypeError as exc:
        raise AssertionError(f"{entry}({argument}={bibi.shorten(value)}): a bare {type(exc).__name__}: {exc}") from exc


def _state(subject: object) -> object:
    if isinstance(subject, bibi.Deal):
        return snapshot(subject)
    return None


# -- the checked entries of the engine ----------------------------------------------------------------------------

ENTRIES = entries()


@FUZZ
@given(st.sampled_from([(name, argument) for name, entry in ENTRIES.items() for argument in entry.good]), ANYTHING)
@example(("Deal.hand", "seat"), 2)
@example(("Deal.hand", "seat"), "2")
def test_the_engines_entries_refuse_as_their_signatures_say(name_and_argument, value):
    name, argument = name_and_argument
    entry = ENTRIES[name]
    function, subject = entry.make()
    annotation = annotations_of(entry.where)[argument]
    names = entry.names.get(argument, (argument,))
    judged(name, lambda: function(**{**entry.good, argument: value}), argument, value, annotation, names, subject)


# -- above the engine: a game, the play layer, a person's session ----------------------------------------------


def _above() -> dict[str, tuple[typing.Callable[[], tuple[typing.Callable[..., object], object]], dict[str, Any],
                                str, dict[str, tuple[str, ...]]]]:
    from bibi import play, session

    def a_deal() -> bibi.Deal:
        return play.play_seeded("russian", 4, seed=3, bots="heuristic", actions=14)

    def on_deal(function: typing.Callable[..., object]) -> typing.Callable[[], tuple[typing.Callable[..., object],
                                                                                    object]]:
        def make() -> tuple[typing.Callable[..., object], object]:
            deal = a_deal()
            return (lambda **kw: function(deal, **kw)), deal

        return make

    def session_of(method: str) -> typing.Callable[[], tuple[typing.Callable[..., object], object]]:
        def make() -> tuple[typing.Callable[..., object], object]:
            made = session.Session(a_deal(), 0, "heuristic", seed=3)
            made.advance()
            return getattr(made, method), made.deal

        return make

    rules = {"rules": ("rules", "Rules.", "preset")}
    return {
        "Game.new": ((lambda: (Game.new, None)), {"rules": "ru", "players": 3, "rounds": 1, "seed": 1, "rng": None},
                     "game:Game.new", rules),
        "play": (on_deal(play.play), {"bots": "random", "rng": random.Random(1), "until": None, "actions": 3,
                                      "trick_end": False}, "play:play", {"bots": ("bots", "bot")}),
        "play_seeded": ((lambda: (play.play_seeded, None)), {"rules": "ru", "players": 3, "seed": 1,
                                                             "bots": "random"}, "play:play_seeded",
                        {**rules, "bots": ("bots", "bot")}),
        "bots_rng": ((lambda: (play.bots_rng, None)), {"seed": 1}, "play:bots_rng", {}),
        "last_seen_move": (on_deal(play.last_seen_move), {"viewer": 0, "seat": None}, "play:last_seen_move", {}),
        "why_move": (on_deal(play.why_move), {"at": 3, "bot": "heuristic", "rng": None, "viewer": 0},
                     "play:why_move", {"bot": ("bot",)}),
        "Session": ((lambda: (session.Session, None)), {"played": a_deal(), "seat": 0, "bots": "heuristic",
                                                        "rng": None, "seed": 1, "hint_bot": None},
                    "session:Session.__init__", {"bots": ("bots", "bot"), "hint_bot": ("bot",)}),
        "Session.why": (session_of("why"), {"seat": 1}, "session:Session.why", {}),
        "Session.move": (session_of("move"), {"action": "pass"}, "session:Session.move", {"action": ("action",)}),
    }


ABOVE = _above()


@FUZZ
@given(st.sampled_from([(name, argument) for name, (_m, good, _w, _n) in ABOVE.items() for argument in good]),
       ANYTHING)
@example(("bots_rng", "seed"), 5)
@example(("bots_rng", "seed"), 1.5)
def test_the_entries_above_the_engine_refuse_as_their_signatures_say(name_and_argument, value):
    name, argument = name_and_argument
    make, good, where, names = ABOVE[name]
    function, subject = make()
    annotation = annotations_of(where)[argument]
    judged(name, lambda: function(**{**good, argument: value}), argument, value, annotation,
           names.get(argument, (argument,)), subject, tier="above")


# -- a course of refusals: a PettingZoo table, the views' boxes -------------------------------------------------


@FUZZ
@given(st.lists(st.tuples(st.one_of(st.none(), st.integers(-(2**66), 2**66), ANYTHING),
                          st.one_of(st.none(), st.just({"deal": "x"}), st.just({"deal": None}), ANYTHING)),
                min_size=1, max_size=4))
@example([(2**70, None), (100, {"deal": "not a deal"}), (5, None)])
def test_a_refused_pettingzoo_reset_changes_nothing(resets):
    pettingzoo = pytest.importorskip("bibi.pettingzoo")
    table = pettingzoo.raw_env("russian", 4, bots=[None, "heuristic", "heuristic", None])
    table.reset(seed=10)
    for seed, options in resets:
        TRIED["pettingzoo reset"] += 1
        raw = (table.deal_seed, table._next_seed, table.deal.record(), table.bots_rng.getstate())
        try:
            table.reset(seed=seed, options=options)
        except ValueError as exc:  # WrongType too
            TRIED["pettingzoo reset: refused"] += 1
            assert "seed" in str(exc) or "options" in str(exc), str(exc)
            assert (table.deal_seed, table._next_seed, table.deal.record(), table.bots_rng.getstate()) == raw
            continue
        TRIED["pettingzoo reset: works"] += 1
        assert table.deal_seed is not None and table._next_seed == table.deal_seed + 1
    expected = table._next_seed
    table.reset()
    assert table.deal_seed == expected


@pytest.mark.widgets
@FUZZ_SLOW
@given(st.lists(st.tuples(st.sampled_from(["players", "seed", "deal"]),
                          st.one_of(st.integers(-(2**70), 2**70), st.integers(-3, 14))), min_size=1, max_size=6))
@example([("deal", 0), ("players", 5), ("seed", 2**70), ("deal", 0), ("seed", 4), ("deal", 0)])
def test_the_views_boxes_take_anything_a_person_types(typed):
    views = pytest.importorskip("bibi.widgets")
    explorer = views.DealExplorer("russian", 4, seed=3)
    table = views.PlayTable("russian", 4, seed=3, game=False)
    for box, value in typed:
        TRIED["the views' boxes"] += 1
        if box == "deal":
            explorer.deal_button.click()
            table.deal_button.click()
            for view in (explorer, table):
                assert view.errors.outputs == (), view.errors.outputs[0]["text"]
                refused = "bibi-error" in view.message.value
                TRIED["the views' boxes: refused" if refused else "the views' boxes: dealt"] += 1
            # the boxes show the deal shown; the message names what was refused, if anything was
            assert explorer.players_box.value == explorer.deal.players
            seeded = explorer.seed_box.value
            assert explorer.deal.record() == bibi.Deal.new("russian", explorer.deal.players, seed=seeded).record()
            assert table.seed_box.value == table.session.seed
            continue
        if box == "players":
            explorer.players_box.value = value
        else:
            explorer.seed_box.value = value
            table.seed_box.value = value
