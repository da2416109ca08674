"""ARCHITECTURE.md, the map of the kit, held to the code: every module of ``bibi/`` is named in its layers, once, and
no import runs against them (an import of a higher layer is allowed only inside a function, and only where the map
names it under "Lazy imports against the layers")."""

from __future__ import annotations

import re

from test_layering import ARCHITECTURE, import_graph, is_named, lazy_edges_named, modules


def layers() -> dict[str, int]:
    """The layer of each module the map's table of layers names (``| 3 | rules and texts | `rules`, `texts` |``),
    by its full name."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    table = text.split("## Layers", 1)[1].split("\n## ", 1)[0]
    found: dict[str, int] = {}
    for number, names in re.findall(r"^\| (\d+) \| [^|]+ \| ([^|]+) \|$", table, re.MULTILINE):
        for name in re.findall(r"`([\w.]+)`", names):
            assert f"bibi.{name}" not in found, f"{name} is named in two layers"
            found[f"bibi.{name}"] = int(number)
    return found


def test_the_map_has_its_parts():
    text = ARCHITECTURE.read_text(encoding="utf-8")
    for heading in ("## Bird's eye view", "## Entry points", "## Layers", "### Lazy imports against the layers",
                    "## Code map", "## Cross-cutting concerns"):
        assert heading in text, heading
    assert "**Invariant:**" in text
    assert len(layers()) > 20 and len(lazy_edges_named()) >= 5


def test_every_module_of_bibi_is_named_in_the_layers():
    named = set(layers())
    present = set(modules()) - {"bibi"}  # the package's root holds the entry points, above every layer
    assert sorted(present - named) == [], "modules the map does not name"
    assert sorted(named - present) == [], "modules the map names that do not exist"


def test_no_import_runs_against_the_layers():
    layer = layers()
    top, every = import_graph(), import_graph(lazy=True)
    named = lazy_edges_named()
    against = []
    for source, targets in every.items():
        if source == "bibi":
            continue
        for target in sorted(targets - {"bibi"}):
            if layer[target] <= layer[source]:
                continue
            lazy_and_named = target not in top[source] and is_named((source, target), named)
            if not lazy_and_named:
                against.append(f"{source} (layer {layer[source]}) imports {target} (layer {layer[target]})")
    assert against == []


def test_the_layers_hold_the_invariants_the_map_states():
    layer = layers()
    engine = {m for m, n in layer.items() if 4 <= n <= 6}
    assert {"bibi.deal", "bibi.live", "bibi.sampling", "bibi.playout", "bibi.refusals"} <= engine
    assert layer["bibi.play"] < layer["bibi.game"] and layer["bibi.play"] < layer["bibi.bots"]
    assert layer["bibi.render.text"] == layer["bibi.render"] and layer["bibi.cli"] == max(layer.values())
