"""Which build of the engine's group runs: the one mypyc compiled, or the pure-Python sources.

A normal install (``pip install .``, ``make lab``, the editable install of ``make test``) compiles the modules of
``GROUP`` with mypyc where a C compiler and mypyc are at hand (``setup.py``); the browser and any install without
them get the same sources, pure. Both are one source, so every rule is written once. A compiled build records the
hash of the sources it was made from in ``bibi/_built.py``; the compiled modules are used only while the sources
beside them still have that hash, and while the environment variable ``BIBI_PURE`` is unset (or ``0``). Otherwise
a finder placed first on ``sys.meta_path`` loads the whole group from its sources (a group compiled together
cannot be mixed with pure modules), so an edited source always runs as written. ``bibi.deal.COMPILED`` says
which build runs. ``import bibi`` runs this first.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

# The modules compiled together (``setup.py``, ``tools/build_compiled.py``): the engine's group. Their order is the
# order of the sources' hash.
GROUP = ("deal", "actions", "reports", "records", "dealing", "tricks", "live", "sampling", "playout")
HERE = Path(__file__).resolve().parent


def sources_hash(folder: Path = HERE) -> str:
    """The hash of the group's sources in ``folder``: what a compiled build records in ``_built.py``."""
    digest = hashlib.sha256()
    for name in GROUP:
        digest.update(name.encode() + b"\0" + (folder / f"{name}.py").read_bytes() + b"\0")
    return digest.hexdigest()


def _compiled_here() -> bool:
    """Whether a compiled module of the group lies beside its source."""
    return any((HERE / f"{name}{suffix}").exists() for name in GROUP
               for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def why_pure() -> str | None:
    """Why the group runs from its sources although compiled modules lie beside them (``None``: it need not)."""
    if os.environ.get("BIBI_PURE", "0") not in ("", "0"):
        return "BIBI_PURE is set"
    try:
        record = (HERE / "_built.py").read_text(encoding="utf-8")
    except OSError:
        record = ""
    built = next((line.split('"')[1] for line in record.splitlines() if line.startswith("SOURCES = \"")), None)
    if built is None:
        return "no record of the sources the compiled modules were built from"
    if built != sources_hash():
        return "the sources changed since the compiled modules were built"
    return None


class PureFinder(importlib.abc.MetaPathFinder):
    """Finds the group's modules as their ``.py`` sources, never as extensions."""

    names = frozenset(f"bibi.{name}" for name in GROUP)

    def find_spec(self, fullname: str, path: object = None, target: ModuleType | None = None):
        if fullname not in self.names:
            return None
        source = HERE / f"{fullname.rpartition('.')[2]}.py"
        return importlib.util.spec_from_file_location(fullname, source)


REASON: str | None = why_pure() if _compiled_here() else None
if REASON is not None and not any(isinstance(f, PureFinder) for f in sys.meta_path):
    sys.meta_path.insert(0, PureFinder())
