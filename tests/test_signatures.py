"""Precise public signatures, and the same refusals in both builds.

The engine's group (``bibi._engine.GROUP``) is compiled by mypyc, which checks an argument annotated ``int``,
``bool``, ``str``, ``list``, ``tuple`` … or one of the group's own classes itself, before the function runs, with a
bare ``TypeError`` that names no parameter, and only in the compiled build. So the public functions of the group
annotate their arguments with types mypyc leaves to them (``SupportsIndex`` for a whole number, ``Sequence``,
``Mapping``, the kit's classes outside the group, ``bibi.errors.Checked[...]`` for the rest) and refuse a wrong one
themselves, naming it (``bibi/errors.py``). Here:

- no public function of the group has an argument the compiled build would check first (but for the engine's
  inner functions, listed with the reason they need no check);
- a user's script that calls the kit wrongly is flagged by ``mypy --strict``, line by line, and a script that
  calls it rightly passes it;
- the same bad arguments get the same error, class and message, from the pure build and the compiled one.
"""

from __future__ import annotations

import ast
import importlib
import math
import os
import re
import subprocess
import sys
import types
import typing
from pathlib import Path

import pytest

import bibi
import bibi._engine
import bibi.deal

pytestmark = pytest.mark.fast

ROOT = Path(__file__).resolve().parent.parent
GROUP = bibi._engine.GROUP

# -- no argument the compiled build checks first -------------------------------------------------------------------

# The public functions of the group whose arguments may be of a type the compiled build checks itself: the engine's
# inner functions, called by the kit with values it made (a person or a bot reaches them through the checked ones).
INNER = {
    "actions:Action.__init__": "the actions are made once, here (CALLS, SWITCHES, PASS); a caller parses them",
    "reports:phase_word": "the words of a deal's phase, asked with Deal.phase",
    "reports:History.of": "a deal's history, made by Deal.history",
    "reports:drawn_by": "a view's draws, made by View.of",
    "reports:passed_by": "a view's passes, made by View.of",
    "reports:events_seen": "a seat's events, made by Deal.events_for (which checks the seat)",
    "reports:trump_reason": "the trump's reason, made by Deal.why_trump",
    "reports:View.of": "a seat's view, made by Deal.view (which checks the seat)",
    "records:deal_record": "a deal's record, written by Deal.record",
    "records:check_header(form)": "the format a record must have, given by Deal.replay and Game.replay",
    "dealing:dealt_places": "the dealing order, asked by the deal, stack and the sampler",
    "dealing:hands_dealt": "the hands dealt, asked by the deal",
    "dealing:card_list": "the reading of cards, asked by the checks of stack, Deal.new and Deal.restock",
    "dealing:sequence": "the check of a sequence, asked by card_list and stack",
    "dealing:set_up": "the set-up protocol, asked by Deal.new, Game and simulate with checked values",
    "dealing:asked_setup": "Deal.new's checks themselves, asked with checked rules and players",
    "dealing:high_card_draw": "the high-card draw of set_up",
    "dealing:shuffle": "the shuffle of set_up and the sampler",
    "dealing:cutter": "the cutter of set_up (Game.cutter checks the seat)",
    "dealing:cut": "the cut of set_up",
    "tricks:*": "the rule facts of a trick and of a pair, asked by the engine with its own values",
    "live:LiveView.__init__(tally)": "the play layer's count of the played cards, shared by a table's views",
    "live:seated_picker": "the fast path's picker, made by seated_playout (which checks its deal)",
    "live:Guard.*": "the check after each bot decision, made and asked by the two loops with their own deal and seat",
    "live:guarded": "the words of a write the Guard saw, asked by the two loops with their own guard and seat",
    "playout:run": "the one fast loop: its callers check (random_playout, seated_playout, playout, Deal.playout)",
    "playout:Policy.*": "the search's quick rule of play, made by the bots",
    "playout:play_out": "the search's playouts, played by the bots on deals they made",
    "playout:quick_rule": "the playouts' chooser, asked by the bots' judge of the last tricks on worlds they made",
}
_BUILTINS = {int, bool, float, str, bytes, bytearray, list, dict, set, frozenset, tuple, range, type(None)}


def _members(annotation: object) -> list[object]:
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return [m for arg in typing.get_args(annotation) for m in _members(arg)]
    return [annotation]


def _checked_first(annotation: object, own: set[type]) -> bool:
    """Whether mypyc checks an argument of this annotation itself: every member of it is a type it represents
    natively (the built-in scalars and containers, None, a class of the group); a member it does not (a protocol
    as ``SupportsIndex``, an abstract collection, a class outside the group, ``Never``) lets any value through."""
    for member in _members(annotation):
        base = typing.get_origin(member) or member
        if base is typing.Literal:
            continue
        if base is None or base in _BUILTINS or base in own:
            continue
        return False
    return True


def _public_functions(modules: typing.Iterable[str] = GROUP) -> list[tuple[str, str, ast.FunctionDef, dict]]:
    """Every public function and method of ``modules`` (of ``bibi``) as ``(module, qualified name, its definition,
    the names its annotations are read in)``, read from the source (a compiled function keeps no annotations);
    ``@overload`` items left out (mypyc compiles the implementation)."""
    found = []
    names: dict[str, object] = {}
    for name in ("deal", "live", "game"):  # read with ``TYPE_CHECKING`` imports by the modules below them
        names.update(vars(importlib.import_module(f"bibi.{name}")))
    for module in modules:
        namespace = {**names, **vars(importlib.import_module(f"bibi.{module}"))}
        tree = ast.parse((ROOT / "bibi" / f"{module.replace('.', '/')}.py").read_text(encoding="utf-8"))

        def visit(body: list[ast.stmt], prefix: str, module: str = module,
                  namespace: dict[str, object] = namespace) -> None:
            for node in body:
                if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                    visit(node.body, f"{prefix}{node.name}.")
                elif isinstance(node, ast.FunctionDef) and (not node.name.startswith("_") or node.name == "__init__"):
                    if not any(isinstance(d, ast.Name) and d.id == "overload" for d in node.decorator_list):
                        found.append((module, prefix + node.name, node, namespace))

        visit(tree.body, "")
    return found


def annotations_of(where: str) -> dict[str, object]:
    """The annotation of each argument of ``module:qualified name`` (``deal:Deal.new``), evaluated."""
    module, name = where.split(":")
    for _module, qualified, node, namespace in _public_functions([module]):
        if qualified == name:
            return {a.arg: eval(ast.unparse(a.annotation), namespace)  # noqa: S307  # the kit's own source
                    for a in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]
                    if a.annotation is not None}
    raise LookupError(where)


def _own_classes() -> set[type]:
    own = set()
    for module in GROUP:
        for value in vars(importlib.import_module(f"bibi.{module}")).values():
            if isinstance(value, type) and value.__module__ == f"bibi.{module}" and not getattr(value, "_is_protocol",
                                                                                                   False):
                own.add(value)
    return own


def _inner(where: str, argument: str) -> bool:
    module, name = where.split(":")
    keys = {where, f"{where}({argument})", f"{module}:*", f"{module}:{name.split('.')[0]}.*"}
    return any(key in INNER for key in keys)


def test_no_public_function_of_the_group_has_an_argument_the_compiled_build_checks_first():
    own = _own_classes()
    assert {bibi.deal.Deal, bibi.View, bibi.Action} <= own and bibi.Card not in own  # the group's classes, read
    first = []
    for module, name, node, namespace in _public_functions():
        for argument in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]:
            if argument.arg in ("self", "cls") or argument.annotation is None:
                continue
            annotation = eval(ast.unparse(argument.annotation), namespace)  # noqa: S307  # the kit's own source
            where = f"{module}:{name}"
            if _checked_first(annotation, own) and not _inner(where, argument.arg):
                first.append(f"{where}({argument.arg}: {ast.unparse(argument.annotation)})")
    assert first == [], ("arguments the compiled build would refuse with its own TypeError, naming no parameter: "
                         "annotate them with SupportsIndex, Sequence, Mapping or bibi.errors.Checked[...] and check "
                         "them in the function")


def test_the_classifier_sees_what_mypyc_checks():
    # The test above is only as good as its reading of an annotation: mypyc's own rules (mypyc/irbuild/mapper.py).
    from bibi.errors import Checked

    own = {bibi.deal.Deal}
    assert _checked_first(int, own) and _checked_first(int | None, own) and _checked_first(bool, own)
    assert _checked_first(bibi.deal.Deal, own) and _checked_first(tuple[int, ...], own)
    assert _checked_first(list[str] | tuple[str, ...], own)
    assert not _checked_first(typing.SupportsIndex, own) and not _checked_first(bibi.Rules | str, own)
    assert not _checked_first(typing.Sequence[int], own) and not _checked_first(Checked[bool], own)
    assert not _checked_first(Checked[bibi.deal.Deal | None], own) and not _checked_first(typing.Any, own)


# -- a user's type checker -------------------------------------------------------------------------------------------

# Each call marked ``# wrong:`` is one mypy --strict must flag on its line, with that error code; no other line may
# be flagged. The calls are what a person gets wrong: a text for a number, a number for a seed, a deal for a view.
USER_SCRIPT = '''\
import random

from bibi import Action, Deal, Rules, View, preset, stack
from bibi.game import Game
from bibi.play import bots_rng, play
from bibi.sampling import resample, unseen
from bibi.session import Session
from bibi.simulation import simulate

rules: Rules = preset("italian")
deal = Deal.new(rules, 4, seed=1)
while not deal.is_over:
    deal.apply(deal.legal_actions()[0])
scores: tuple[int, ...] = deal.scores
again = Deal.new("russian", players=4, seed="a text seed", log=False)
stacked = Deal.new("russian", 2, deck=stack(["KH QH 2S", "AS"], stock="3C"), dealer=1)
view: View = again.view(0)
world: Deal = resample(view, random.Random(1), tries=5)
counts: list[int] = unseen(view)
hand = again.hand(0) + world.hand(1)
said: str = Action.parse("pass").display("ru")
game = Game.new("ru", 3, seed=7).play("heuristic")
played = play(Deal.new("ru", 4, seed=2), ["heuristic", None, "random", "greedy"], bots_rng(2))
session = Session(Deal.new("ru", 4, seed=3), 0, "heuristic", seed=3)

Deal.new("russian", players="6")  # wrong: arg-type
Deal.new("russian", 4, seed=1.5)  # wrong: arg-type
Deal.new(42)  # wrong: arg-type
Deal.new("russian", 4, seed=1, log="no")  # wrong: arg-type
deal.apply("8S", seat="1")  # wrong: arg-type
deal.hand(None)  # wrong: arg-type
deal.resample(0, rng=5)  # wrong: arg-type
deal.why_won("last")  # wrong: arg-type
resample(deal, random.Random(1))  # wrong: arg-type
unseen(None)  # wrong: arg-type
stack(["KH QH"], dealer="1")  # wrong: arg-type
Action.parse(5)  # wrong: arg-type
Action.parse("pass").display(7)  # wrong: arg-type
Game.new("ru", 3, seed=[1])  # wrong: arg-type
play(deal, "random", rng=5)  # wrong: arg-type
Session(deal, seat="0", bots="random")  # wrong: arg-type
simulate("ru", 4, deals="10")  # wrong: arg-type
'''


@pytest.mark.subprocess
@pytest.mark.slow
def test_mypy_strict_flags_a_users_wrong_calls_and_passes_the_right_ones(tmp_path):
    # The user's project: mypy reads the kit as an installed package (its py.typed), reporting nothing inside it.
    script = tmp_path / "user_script.py"
    script.write_text(USER_SCRIPT, encoding="utf-8")
    (tmp_path / "mypy.ini").write_text("[mypy]\nstrict = True\n\n[mypy-bibi.*]\nfollow_imports = silent\n\n"
                                       "[mypy-pandas.*,ipywidgets.*,tqdm.*]\nignore_missing_imports = True\n")
    env = {**os.environ, "MYPYPATH": str(ROOT)}  # the checkout, as an editable install's import hook hides it
    done = subprocess.run([sys.executable, "-m", "mypy", "--config-file", "mypy.ini", "--no-incremental",
                           "--show-error-codes", "--no-error-summary", "user_script.py"],
                          cwd=tmp_path, capture_output=True, text=True, env=env)
    flagged: dict[int, set[str]] = {}
    for line in done.stdout.splitlines():
        found = re.match(r"user_script\.py:(\d+): error: .*\[([\w-]+)\]$", line)
        assert found, f"mypy said more than errors of the script:\n{done.stdout}{done.stderr}"
        flagged.setdefault(int(found[1]), set()).add(found[2])
    wanted = {number: {text.split("# wrong: ")[1]} for number, text in enumerate(USER_SCRIPT.splitlines(), 1)
              if "# wrong: " in text}
    assert flagged == wanted, done.stdout
    assert len(wanted) == 17


# -- both builds refuse alike --------------------------------------------------------------------------------------


class _Odd:
    """A value of a type the kit has never heard of, whose repr is fixed (no address to clean up)."""

    def __repr__(self) -> str:
        return "<odd>"


# Values of many types, each thrown at every argument of every checked entry below.
ODD: list[tuple[str, typing.Callable[[], object]]] = [
    ("None", lambda: None), ("True", lambda: True), ("1.5", lambda: 1.5), ("nan", lambda: math.nan),
    ("'x'", lambda: "x"), ("''", lambda: ""), ("b'x'", lambda: b"x"), ("-1", lambda: -1), ("2**70", lambda: 2**70),
    ("10**5000", lambda: 10**5000), ("[]", lambda: []), ("['KS']", lambda: ["KS"]), ("{}", lambda: {}),
    ("(1,)", lambda: (1,)), ("odd", _Odd), ("Deal", lambda: bibi.Deal.new("ru", 3, seed=2)),
]


class Entry(typing.NamedTuple):
    """A checked entry: ``make()`` gives a fresh ``(callable, the object it acts on or None)``; ``good`` its good
    arguments by name; ``where`` the function as ``module:qualified name``, whose annotations say what each argument
    may be; ``names`` other words its refusals name an argument by (``rules`` is named ``Rules.`` or ``preset``)."""

    make: typing.Callable[[], tuple[typing.Callable[..., object], object]]
    good: dict[str, object]
    where: str
    names: dict[str, tuple[str, ...]] = {}


def _deal() -> bibi.Deal:
    made = bibi.Deal.new("russian", 4, seed=5)
    for _ in range(9):
        made.apply(made.legal_actions()[0])
    return made


def entries() -> dict[str, Entry]:
    """The checked entries of the group, each with good arguments: what ``probe`` and tests/test_fuzz_refusals.py
    throw odd values at, argument by argument."""
    import random

    from bibi import actions, dealing, live, playout, sampling

    def method(name: str) -> typing.Callable[[], tuple[typing.Callable[..., object], object]]:
        def make() -> tuple[typing.Callable[..., object], object]:
            deal = _deal()
            return getattr(deal, name), deal

        return make

    def plain(function: typing.Callable[..., object]) -> typing.Callable[[], tuple[typing.Callable[..., object], None]]:
        return lambda: (function, None)

    rules_names = {"rules": ("rules", "Rules.", "preset")}
    action_names = {"action": ("action",), "text": ("action",)}
    return {
        "Deal.new": Entry(plain(bibi.Deal.new), {"rules": "russian", "players": 4, "seed": 1, "rng": None,
                                                 "dealer": None, "trump": None, "log": True, "ask_every_chance": False},
                          "deal:Deal.new", rules_names),
        "Deal.new(deck)": Entry(plain(bibi.Deal.new), {"rules": "russian", "players": 4, "deck": list(bibi.pack(2))},
                                "deal:Deal.new", rules_names),
        "Deal.replay": Entry(plain(bibi.Deal.replay), {"record": _deal().record(), "upto": 3}, "deal:Deal.replay"),
        "Deal.apply": Entry(method("apply"), {"action": "pass", "seat": 0}, "deal:Deal.apply", action_names),
        "Deal.why_illegal": Entry(method("why_illegal"), {"action": "KS", "seat": 2}, "deal:Deal.why_illegal",
                                  action_names),
        **{f"Deal.{name}": Entry(method(name), {"seat": 1}, f"deal:Deal.{name}")
           for name in ("hand", "laid_down", "callable_suits", "free_pairs", "switch_rights", "events_for",
                        "to_act_for", "view")},
        "Deal.restock": Entry(method("restock"), {"cards": list(_deal().stock())}, "deal:Deal.restock"),
        "Deal.resample": Entry(method("resample"), {"seat": 1, "rng": random.Random(1), "tries": 3},
                               "deal:Deal.resample"),
        "Deal.why_won": Entry(method("why_won"), {"number": 0}, "deal:Deal.why_won"),
        "Deal.playout": Entry(method("playout"), {"choose": lambda legal: legal[0]}, "deal:Deal.playout"),
        "Action.parse": Entry(plain(actions.Action.parse), {"text": "bibi H"}, "actions:Action.parse", action_names),
        "Action.display": Entry(plain(actions.PASS.display), {"lang": "ru"}, "actions:Action.display"),
        "action_index": Entry(plain(actions.action_index), {"action": "KS"}, "actions:action_index", action_names),
        "action_at": Entry(plain(actions.action_at), {"index": 12}, "actions:action_at", {"index": ("action",)}),
        "stack": Entry(plain(dealing.stack), {"hands": ["KH QH 2S", "AS"], "stock": "3C", "dealer": 1,
                                              "rules": "russian", "players": 2, "filler": (), "bottom": ()},
                       "dealing:stack", {**rules_names, "hands": ("hands", "stack")}),
        "check_players": Entry(plain(dealing.check_players), {"rules": bibi.RUSSIAN, "players": 4},
                               "dealing:check_players"),
        "resample": Entry(plain(sampling.resample), {"view": _deal().view(1), "rng": random.Random(1), "tries": 3},
                          "sampling:resample"),
        "unseen": Entry(plain(sampling.unseen), {"view": _deal().view(1)}, "sampling:unseen"),
        "Sampler": Entry(plain(sampling.Sampler), {"view": _deal().view(1), "held": None, "steps": 1000},
                         "sampling:Sampler.__init__"),
        "Sampler.world": Entry(lambda: (sampling.Sampler(_deal().view(1)).world, None),
                               {"rng": random.Random(1), "tries": 3}, "sampling:Sampler.world"),
        "Sampler.search": Entry(lambda: (sampling.Sampler(_deal().view(1)).search, None),
                                {"rng": random.Random(1), "budget": 500}, "sampling:Sampler.search"),
        "LiveView": Entry(plain(live.LiveView), {"deal": _deal(), "seat": 1}, "live:LiveView.__init__"),
        "random_playout": Entry(plain(playout.random_playout), {"deal": _deal(), "rng": random.Random(1)},
                                "playout:random_playout"),
        "seated_playout": Entry(plain(playout.seated_playout),
                                {"deal": _deal(), "bots": [bibi.play.random_bot] * 4, "rng": random.Random(1)},
                                "playout:seated_playout"),
        "playout": Entry(plain(playout.playout), {"deal": _deal(), "choose": lambda legal: legal[0]},
                         "playout:playout"),
    }


def probe() -> None:
    """Print, for every checked entry, every argument and every odd value, what the call does: ``ok``, or the error's
    class and message (the build's flag first). Both builds must print the same lines."""
    print("compiled" if bibi.deal.COMPILED else "pure")
    for name, entry in entries().items():
        for argument in entry.good:
            for label, value in ODD:
                arguments = {**entry.good, argument: value()}
                try:
                    entry.make()[0](**arguments)
                    outcome = "ok"
                except Exception as exc:  # every outcome is written down, and compared
                    outcome = f"{type(exc).__name__}: {exc}"
                print(f"{name}({argument}={label}): {re.sub(r'0x[0-9a-f]+', '0x…', outcome)}")


def _probe_in(build: str, compiled_path: Path | None) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("BIBI_PURE", "PYTHONPATH")}
    if build == "pure":
        env["BIBI_PURE"] = "1"
    elif compiled_path is not None:
        env["PYTHONPATH"] = str(compiled_path)
    code = f"import sys; sys.path.insert(0, {str(ROOT / 'tests')!r}); import test_signatures; test_signatures.probe()"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT / "tests", env=env,
                          timeout=900)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == build, f"the {build} build did not run: {lines[0]}"
    return lines[1:]


@pytest.mark.subprocess
@pytest.mark.compiled
@pytest.mark.slow
def test_both_builds_refuse_the_same_bad_arguments_with_the_same_error():
    compiled_path = None
    if not bibi.deal.COMPILED:  # the install runs pure: a compiled copy (tools/build_compiled.py), as for the suite
        done = subprocess.run([sys.executable, str(ROOT / "tools" / "build_compiled.py")], capture_output=True,
                              text=True, cwd=ROOT)
        assert done.returncode == 0, f"building the compiled engine failed:\n{done.stdout}\n{done.stderr}"
        compiled_path = Path(done.stdout.strip().splitlines()[-1])
    pure, compiled = _probe_in("pure", None), _probe_in("compiled", compiled_path)
    assert len(pure) == len(compiled) > 1000
    differ = [f"pure:     {a}\ncompiled: {b}" for a, b in zip(pure, compiled, strict=True) if a != b]
    assert differ == [], "\n".join(differ[:20])
    outcomes = [line.split("): ", 1)[1] for line in pure]
    assert sum(outcome != "ok" for outcome in outcomes) > 800  # most odd values are refused
    kinds = {outcome.split(":")[0] for outcome in outcomes}  # each with the kit's own refusal, never from inside
    assert kinds == {"ok", "WrongType", "ValueError", "NotationError", "IllegalAction", "UnknownLanguage"}, kinds
