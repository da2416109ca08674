"""Layers import one way: the engine (and texts and render) never pull in ipywidgets or pandas, and no import closes
a circle, the imports inside functions counted too, but for the lazy ones ARCHITECTURE.md names."""

from __future__ import annotations

import ast
import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

BELOW_DEAL = ["bibi.actions", "bibi.reports", "bibi.records", "bibi.dealing", "bibi.tricks"]  # the engine's group
ENGINE = ["bibi", "bibi.cards", "bibi.rules", "bibi.deal", *BELOW_DEAL, "bibi.live", "bibi.game", "bibi.bots",
          "bibi.notation"]
PURE = ["bibi.texts", "bibi.render"]
HEAVY = ["ipywidgets", "pandas", "matplotlib", "IPython", "numpy"]


def imported_after(modules: list[str]) -> set[str]:
    """The top-level packages in ``sys.modules`` after a fresh interpreter imports ``modules``."""
    code = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout))


def present(modules: list[str]) -> list[str]:
    return [m for m in modules if importlib.util.find_spec(m) is not None]


def test_the_engine_imports_neither_widgets_nor_pandas():
    modules = present(ENGINE)
    assert {"bibi", "bibi.cards", "bibi.rules", "bibi.deal"} <= set(modules)
    loaded = imported_after(modules)
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))


def test_texts_and_render_stay_pure():
    loaded = imported_after(PURE)
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))


def test_the_lazy_names_of_bibi_stay_lazy():
    code = (
        "import sys, bibi\n"
        "bibi.texts.sentence('R1'); bibi.render.card_html(bibi.Card('KS'))\n"
        "print('ipywidgets' in sys.modules, 'pandas' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_widgets_import_pandas_only_when_scores_are_inspected():
    loaded = imported_after(["bibi.widgets"])
    assert "ipywidgets" in loaded and "pandas" not in loaded


ROOT = Path(__file__).resolve().parent.parent
BIBI = ROOT / "bibi"
ARCHITECTURE = ROOT / "ARCHITECTURE.md"
GENERATED = {"bibi._built"}  # written by setup.py for a compiled build (the hash of its sources), not a module of ours


def _module_name(path: Path) -> str:
    parts = path.relative_to(BIBI.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _resolved(node: ast.ImportFrom, name: str, package: bool) -> str:
    """The module a ``from … import …`` names, a relative one resolved from module ``name``."""
    if not node.level:
        return node.module or ""
    parts = (name if package else name.rpartition(".")[0]).split(".")
    parent = ".".join(parts[:len(parts) - node.level + 1])
    return f"{parent}.{node.module}" if node.module else parent


def _named(node: ast.stmt, name: str, package: bool) -> set[str]:
    """What one ``import`` statement brings in: the module, and for ``from bibi import cards`` the submodule too."""
    if isinstance(node, ast.Import):
        return {a.name for a in node.names}
    assert isinstance(node, ast.ImportFrom)
    module = _resolved(node, name, package)
    return {module, *(f"{module}.{a.name}" for a in node.names)}


def _imports(tree: ast.Module, name: str, package: bool) -> tuple[set[str], set[str]]:
    """The modules a module imports: when it is loaded (its top-level ``import``/``from`` statements, also inside a
    top-level ``try`` or ``if``, but not under ``if TYPE_CHECKING:``), and lazily (every import inside a function,
    and every ``import_module("…")`` of a written name, wherever it stands)."""
    top: set[str] = set()

    def walk(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import | ast.ImportFrom):
                top.update(_named(node, name, package))
            elif isinstance(node, ast.If) and not _is_type_checking(node.test):
                walk(node.body)
                walk(node.orelse)
            elif isinstance(node, ast.Try):
                walk(node.body)
                for handler in node.handlers:
                    walk(handler.body)
                walk(node.orelse)
                walk(node.finalbody)

    walk(tree.body)
    lazy: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    lazy.update(_named(inner, name, package))
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) and \
                isinstance(node.args[0].value, str) and (getattr(node.func, "id", None) == "import_module"
                                                       or getattr(node.func, "attr", None) == "import_module"):
            lazy.add(node.args[0].value)
    return top, lazy


def _module_level_imports(tree: ast.Module, name: str, package: bool) -> set[str]:
    """The bibi modules a module imports when it is loaded (``_imports``' first half)."""
    return _imports(tree, name, package)[0]


def modules() -> dict[str, Path]:
    """Every module of bibi by name (the generated ones left out)."""
    found = {_module_name(p): p for p in BIBI.rglob("*.py")}
    return {name: path for name, path in found.items() if name not in GENERATED}


def import_graph(lazy: bool = False) -> dict[str, set[str]]:
    """Each module of bibi and the modules of bibi it imports at module level, and with ``lazy`` inside functions
    too. A submodule's import loads its package first; the package ``bibi`` itself is left out, as every module of
    it is loaded inside it."""
    paths = modules()
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        top, inner = _imports(ast.parse(path.read_text()), name, path.name == "__init__.py")
        imported = top | inner if lazy else top
        graph[name] = {m for m in imported if m in paths and m != name and m != "bibi"}
    return graph


def lazy_edges_named() -> set[tuple[str, str]]:
    """The lazy imports against the layers that ARCHITECTURE.md names (its list under "Lazy imports against the
    layers": one ``- `bibi.A` → `bibi.B`: why`` a line)."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    section = text.split("### Lazy imports against the layers", 1)[1].split("\n## ", 1)[0].split("\n### ", 1)[0]
    return set(re.findall(r"^- `(bibi[\w.]*)` → `(bibi[\w.]*)`", section, re.MULTILINE))


def is_named(edge: tuple[str, str], named: set[tuple[str, str]]) -> bool:
    """Whether a lazy import is one the map names: an edge to a package stands for its modules too."""
    source, target = edge
    return any(source == a and (target == b or target.startswith(b + ".")) for a, b in named)


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """An import circle of ``graph`` (its modules in order, the first again at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_the_cycle_finder_finds_a_circle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    code = ("import x\nif TYPE_CHECKING:\n    import y\ndef f():\n    import z\n"
            "try:\n    from w import v\nexcept ImportError:\n    pass\n"
            "class C:\n    def g(self):\n        from bibi import u\n        import_module('bibi.t')\n")
    assert _imports(ast.parse(code), "bibi.m", False) == ({"x", "w", "w.v"}, {"z", "bibi", "bibi.u", "bibi.t"})


def test_no_module_of_bibi_closes_an_import_circle():
    """No circle, a function's imports counted too, but for the lazy ones ARCHITECTURE.md names."""
    graph = import_graph(lazy=True)
    named = lazy_edges_named()
    assert {"bibi.deal", *BELOW_DEAL, "bibi.live"} <= set(graph)
    kept = {m: {t for t in targets if not is_named((m, t), named)} for m, targets in graph.items()}
    assert cycle(kept) is None, " -> ".join(cycle(kept) or [])


def test_a_circle_through_a_function_would_be_found():
    # What the test above does to a new lazy import that closes a circle: ``play`` reaching ``game`` again.
    graph = import_graph(lazy=True)
    graph["bibi.play"] = graph["bibi.play"] | {"bibi.game"}
    named = lazy_edges_named()
    kept = {m: {t for t in targets if not is_named((m, t), named)} for m, targets in graph.items()}
    found = cycle(kept)
    assert found is not None and "bibi.play" in found and "bibi.game" in found


def test_every_lazy_import_the_map_names_is_one_the_code_makes():
    graph = import_graph(lazy=True)
    for source, target in sorted(lazy_edges_named()):
        assert any(t == target or t.startswith(target + ".") for t in graph.get(source, ())), (source, target)


def test_the_engine_group_imports_one_way():
    """actions, reports, records, dealing, tricks and refusals sit below deal; live, sampling and playout above it,
    which deal reaches only through the lazy imports the map names (DESIGN.md, ARCHITECTURE.md)."""
    graph = import_graph()
    below = set().union(*(graph[m] for m in [*BELOW_DEAL, "bibi.refusals"]))
    assert "bibi.deal" not in below and "bibi.live" not in below
    assert not {"bibi.live", "bibi.sampling", "bibi.playout"} & graph["bibi.deal"]
    assert set(BELOW_DEAL) <= graph["bibi.deal"] | below
    assert "bibi.deal" in graph["bibi.live"]


def test_the_play_layer_imports_no_game_nor_bots_and_practice_no_terminal():
    """``play`` never imports ``game`` (the deal-to-deal loop is the game's) nor ``bots`` (the package tells the
    registry where the kit's bots are), not even in a function; ``practice`` does not import the command line's
    terminal front end; nothing in the kit imports an adapter."""
    graph = import_graph(lazy=True)
    assert not {"bibi.game", "bibi.bots", "bibi.session"} & graph["bibi.play"]
    assert "bibi.terminal" not in graph["bibi.practice"]
    assert not any({"bibi.openspiel", "bibi.pettingzoo"} & targets for targets in graph.values())


def test_the_notation_sits_above_the_engine_and_below_the_command_line():
    """Transcripts and game texts: the engine never imports them; the command line prints with them."""
    graph = import_graph()
    assert not any("bibi.notation" in graph[m] for m in ["bibi.deal", "bibi.game", *BELOW_DEAL, "bibi.live"])
    assert "bibi.notation" in graph["bibi.cli"]


def test_each_module_of_bibi_imports_first_in_a_fresh_interpreter():
    """Whatever module is imported first, its imports resolve (a circle would fail on a partly made module)."""
    names = sorted(set(import_graph()) - {"bibi.__main__"})  # that one runs the command line
    code = ("import importlib, subprocess, sys\n"
            f"for name in {names!r}:\n"
            "    done = subprocess.run([sys.executable, '-c', f'import {name}'], capture_output=True, text=True)\n"
            "    if done.returncode:\n"
            "        print(name, done.stderr.strip().splitlines()[-1])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == "", out.stdout
