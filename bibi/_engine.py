"""Which build of the engine's group runs: the one mypyc compiled, or the pure-Python sources.

A normal install (``pip install .``, ``make lab``, the editable install of ``make test``) compiles the modules of
``GROUP`` with mypyc where a C compiler and mypyc are at hand (``setup.py``); the browser and any install without
them get the same sources, pure. Both are one source, so every rule is written once.

``GROUP`` is the one list of the compiled modules: ``setup.py`` and ``tools/build_compiled.py`` compile it (with
``mypyc_arguments``), ``bibi.deal.COMPILED`` and the tests read it. mypyc reads more than the group when it compiles
it: the names, classes and constants of every module of the kit the group imports at module level, and of the
modules those import in turn (``dependencies``: ``cards``, ``rules``, ``errors``, ``kinds``, ``i18n``, ``outcome``;
derived from the sources, never listed by hand). A function-level import is left out: it runs when the function
does, so the compiled code reaches that module as Python does, through its attributes (``bibi.render``).

A build records what it made in ``bibi/_built.py`` (``record_text``): the hash of each file it compiled from (the
group and its dependencies), or, for a pure install, why it could not compile. The compiled modules are used only
while every one of those files is unchanged, and while the environment variable ``BIBI_PURE`` is unset (or ``0``).
Otherwise a finder placed first on ``sys.meta_path`` loads the whole group from its sources (a group compiled
together cannot be mixed with pure modules), so an edited source, or an edited dependency, runs as written until
``make compiled`` builds again. ``bibi.deal.COMPILED`` says which build runs, ``REASON`` (and ``pure_reason``)
why it is the pure one, ``bibi --version`` both. ``import bibi`` runs this first.

This module needs only the standard library: ``setup.py`` runs it before anything is installed. Its messages are
marked for the catalogs (``N_``) and translated where they are shown.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType

# The modules compiled together, in the order mypyc is given them: the engine's group.
GROUP = ("deal", "actions", "reports", "records", "dealing", "tricks", "live", "sampling", "playout")
HERE = Path(__file__).resolve().parent
BUILT = "_built.py"  # the build's record, beside the sources (never committed)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs (``make catalogs``); ``bibi.i18n`` translates it where it is shown."""
    return message


# Why the group runs from its sources: a message and its named values, each value a text or such a pair itself.
Why = tuple[str, Mapping[str, object]]
PURE_SWITCH = N_("BIBI_PURE is set")
NO_MYPYC = N_("mypyc is not installed")
NO_COMPILER = N_("no C compiler ({compiler})")
NO_HEADERS = N_("no Python headers (Python.h)")
MYPYC_FAILED = N_("mypyc refused the sources (its messages are in the install's output)")
INSTALLED_PURE = N_("the install did not compile it: {why}")
NONE_HERE = N_("no compiled modules beside the sources")
NO_RECORD = N_("no record of the sources the compiled modules were built from")
CHANGED = N_("{files} changed since the compiled modules were built")


def text(why: Why, translate: Callable[[str], str] = str) -> str:
    """``why`` as a sentence, each message passed through ``translate`` (``bibi.i18n._`` to show it translated)."""
    message, values = why
    return translate(message).format(**{name: text(value, translate) if isinstance(value, tuple) else value
                                        for name, value in values.items()})


# -- what the compiled code depends on --------------------------------------------------------------------------


def _file(module: str, folder: Path) -> str | None:
    """The file of the kit's ``module`` (``bibi.cards``: ``cards.py``), relative to ``folder``; None if none."""
    parts = module.split(".")[1:]
    if not parts:
        return None
    for candidate in (Path(*parts).with_suffix(".py"), Path(*parts, "__init__.py")):
        if (folder / candidate).is_file():
            return candidate.as_posix()
    return None


def _imported(module: str, source: str, folder: Path) -> set[str]:
    """The kit's modules that ``module`` (its file ``source``) imports when it is imported: its statements, class
    bodies and ``if``, ``try`` and ``with`` blocks, not its function bodies. Importing ``bibi.render.views`` runs
    ``bibi/render/__init__.py`` too; ``bibi/__init__.py``, the public front that imports the whole kit, is left out."""
    package = module if source.endswith("__init__.py") else module.rpartition(".")[0]
    found: set[str] = set()
    todo: list[ast.AST] = [ast.parse((folder / source).read_text(encoding="utf-8"))]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # from . import x, from ..cards import Card
                parts = package.split(".")
                base = ".".join([*parts[:len(parts) - node.level + 1], *([base] if base else [])])
            found.update(f"{base}.{a.name}" if _file(f"{base}.{a.name}", folder) else base for a in node.names)
        todo.extend(ast.iter_child_nodes(node))
    kit: set[str] = set()
    for name in found:
        parts = name.split(".")
        if parts[0] == "bibi":
            kit.update(".".join(parts[:i]) for i in range(2, len(parts) + 1))
    return {name for name in kit if _file(name, folder)}


def dependencies(folder: Path = HERE) -> tuple[str, ...]:
    """The files (relative to the package ``folder``) a compiled build of the group is made from: the group's,
    then, sorted, every module of the kit they import at module level, and what those import, transitively."""
    group = [f"bibi.{name}" for name in GROUP]
    seen: dict[str, str] = {}
    todo = list(group)
    while todo:
        module = todo.pop()
        source = _file(module, folder)
        if module in seen or source is None:
            continue
        seen[module] = source
        todo += sorted(_imported(module, source, folder) - set(seen))
    rest = sorted(source for module, source in seen.items() if module not in group)
    return (*(seen[module] for module in group), *rest)


def hashes(folder: Path = HERE, files: tuple[str, ...] | None = None) -> dict[str, str]:
    """The SHA-256 of each of ``files`` in ``folder`` (default: the group's ``dependencies``); "" for a missing one."""
    out = {}
    for name in dependencies(folder) if files is None else files:
        try:
            out[name] = hashlib.sha256((folder / name).read_bytes()).hexdigest()
        except OSError:
            out[name] = ""
    return out


# -- building ----------------------------------------------------------------------------------------------


def can_compile(asked: bool = False) -> Why | None:
    """Why this machine cannot compile the group (``None``: it can): ``BIBI_PURE`` (unless the build was ``asked``
    for by name, as ``tools/build_compiled.py`` is), mypyc, a C compiler, Python's headers."""
    import shutil  # the build's alone: `import bibi` need not load them
    import sysconfig

    if not asked and os.environ.get("BIBI_PURE", "0") not in ("", "0"):
        return (PURE_SWITCH, {})
    if importlib.util.find_spec("mypyc") is None:
        return (NO_MYPYC, {})
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if not shutil.which(compiler):
        return (NO_COMPILER, {"compiler": compiler})
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return (NO_HEADERS, {})
    return None


def mypyc_arguments(config: str = "pyproject.toml") -> list[str]:
    """mypyc's command line for the group, run from the folder that holds ``bibi/``: ``[tool.mypy]`` of ``config``,
    then the group's sources. Errors are reported for the compiled modules alone: mypy follows the group's imports
    into modules that are not compiled (``bibi.i18n`` and its optional ``jupyter_core``), and what those lack in
    the environment being installed into (a first install has not yet installed the extras) must not keep the
    group pure; ``make lint`` checks the whole package in the full environment."""
    return ["--config-file", config, "--follow-imports=silent", *(f"bibi/{name}.py" for name in GROUP)]


def record_text(folder: Path, why: Why | None, by: str) -> str:
    """The text of ``_built.py`` for a build of ``folder`` by the script ``by``: the hashes of the files it compiled
    from (``why`` None), or why it stayed pure."""
    head = f'"""Written by {by}: which build of the engine\'s group it made (bibi._engine reads it)."""\n\n'
    if why is not None:
        return head + f'BUILD = "pure"\nWHY = {why!r}\n'
    lines = "".join(f"    {name!r}: {digest!r},\n" for name, digest in hashes(folder).items())
    return head + f'BUILD = "compiled"\nSOURCES = {{\n{lines}}}\n'


def read_record(folder: Path = HERE) -> dict[str, object]:
    """The names ``_built.py`` in ``folder`` sets (``BUILD``, ``SOURCES`` or ``WHY``); empty if there is none."""
    try:
        tree = ast.parse((folder / BUILT).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return {}
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                out[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                continue
    return out


# -- which build runs -------------------------------------------------------------------------------------------


def _compiled_here(folder: Path = HERE) -> bool:
    """Whether a compiled module of the group lies beside its source."""
    return any((folder / f"{name}{suffix}").exists() for name in GROUP
               for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def pure_reason(folder: Path = HERE) -> Why | None:
    """Why the group in ``folder`` runs from its sources (``None``: it runs compiled)."""
    if os.environ.get("BIBI_PURE", "0") not in ("", "0"):
        return (PURE_SWITCH, {})
    record = read_record(folder)
    if record.get("BUILD") == "pure" and isinstance(record.get("WHY"), tuple):
        return (INSTALLED_PURE, {"why": record["WHY"]})
    if not _compiled_here(folder):
        return (NONE_HERE, {})
    built = record.get("SOURCES")
    if record.get("BUILD") != "compiled" or not isinstance(built, dict) or not built:
        return (NO_RECORD, {})
    now = hashes(folder, tuple(built))
    changed = [f"bibi/{name}" for name, digest in built.items() if now[name] != digest]
    if changed:
        return (CHANGED, {"files": ", ".join(changed)})
    return None


def why_pure(folder: Path = HERE) -> str | None:
    """``pure_reason`` in English (``None``: the group runs compiled)."""
    why = pure_reason(folder)
    return None if why is None else text(why)


class PureFinder(importlib.abc.MetaPathFinder):
    """Finds the group's modules as their ``.py`` sources, never as extensions."""

    names = frozenset(f"bibi.{name}" for name in GROUP)

    def find_spec(self, fullname: str, path: object = None, target: ModuleType | None = None):
        if fullname not in self.names:
            return None
        source = HERE / f"{fullname.rpartition('.')[2]}.py"
        return importlib.util.spec_from_file_location(fullname, source)


WHY: Why | None = pure_reason()
REASON: str | None = None if WHY is None else text(WHY)  # why the group runs from its sources, in English
if WHY is not None and _compiled_here() and not any(isinstance(f, PureFinder) for f in sys.meta_path):
    sys.meta_path.insert(0, PureFinder())
