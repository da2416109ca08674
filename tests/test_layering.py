"""Layers import one way: the engine (and texts and render) never pull in ipywidgets or pandas."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

ENGINE = ["bibi", "bibi.cards", "bibi.rules", "bibi.deal", "bibi.game", "bibi.bots"]
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
