"""Layers import one way: the engine (and texts and render) never pull in ipywidgets or pandas."""

from __future__ import annotations

import ast
import importlib.util
import json
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


BIBI = Path(__file__).resolve().parent.parent / "bibi"


def _module_name(path: Path) -> str:
    parts = path.relative_to(BIBI.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _module_level_imports(tree: ast.Module, name: str, package: bool) -> set[str]:
    """The bibi modules a module imports when it is loaded: its top-level ``import``/``from`` statements (also
    inside a top-level ``try`` or ``if``, but not under ``if TYPE_CHECKING:``), never those inside a function."""
    found: set[str] = set()
    base = name if package else name.rpartition(".")[0]

    def walk(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = base.split(".")
                    parent = ".".join(parts[:len(parts) - node.level + 1])
                    module = f"{parent}.{node.module}" if node.module else parent
                else:
                    module = node.module or ""
                found.add(module)
                found.update(f"{module}.{a.name}" for a in node.names)  # ``from bibi import cards``: a module
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
    return found


def import_graph() -> dict[str, set[str]]:
    """Each module of bibi and the modules of bibi it imports at module level."""
    paths = {_module_name(p): p for p in BIBI.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        imported = _module_level_imports(ast.parse(path.read_text()), name, path.name == "__init__.py")
        # A submodule's import loads its package first; the package ``bibi`` itself is left out, as every module
        # of it is loaded inside it.
        graph[name] = {m for m in imported if m in paths and m != name and m != "bibi"}
    return graph


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
            "try:\n    from w import v\nexcept ImportError:\n    pass\n")
    assert _module_level_imports(ast.parse(code), "bibi.m", False) == {"x", "w", "w.v"}


def test_no_module_of_bibi_closes_an_import_circle():
    graph = import_graph()
    assert {"bibi.deal", *BELOW_DEAL, "bibi.live"} <= set(graph)
    assert cycle(graph) is None, " -> ".join(cycle(graph) or [])


def test_the_engine_group_imports_one_way():
    """actions, reports, records, dealing and tricks sit below deal; live above it, reached from deal only lazily
    (DESIGN.md)."""
    graph = import_graph()
    below = set().union(*(graph[m] for m in BELOW_DEAL))
    assert "bibi.deal" not in below and "bibi.live" not in below
    assert "bibi.live" not in graph["bibi.deal"]
    assert set(BELOW_DEAL) <= graph["bibi.deal"] | below
    assert "bibi.deal" in graph["bibi.live"]


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
