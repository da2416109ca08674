"""The tiers of the test suite, by marker, and the guard that keeps the fast tier fast.

The markers are registered in pyproject.toml (``[tool.pytest.ini_options]``, with ``--strict-markers``). ``make
test`` runs every test; ``make test-fast``, the edit loop's tier, runs the tests marked ``fast`` that carry none
of the marks of what a test costs or needs (``COSTS``: ``-m "$(FAST)"`` in the Makefile).

- A test module joins the fast tier with ``pytestmark = pytest.mark.fast``; a test in it that costs more carries
  its own mark (``@pytest.mark.slow``, ``subprocess``, ``widgets`` …) and leaves the tier.
- Every test not marked ``fast`` counts as slow: a new test file runs in ``make test`` only, until it says it is
  fast (``pytest_collection_modifyitems`` marks it ``slow``).
- Doctests (the library's, the test helpers') are examples, quick by nature: they are in the fast tier, but for
  those of the modules ``MARKS`` marks slow.
- ``MARKS`` gives their marks to the files that cannot carry a mark of their own: the notebooks (nbval's cells),
  the doctests, and the browser folder (every file in it, new ones too).
- The fast tier is guarded (``FastTierGuard``): a fast test that starts a process, imports ipywidgets or makes a
  widget fails, naming the mark it needs. So ``make test-fast`` runs without ipywidgets installed and starts no
  process, and a test that does either cannot slip into it.
"""

from __future__ import annotations

import contextlib
import importlib.abc
import multiprocessing.process
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

import pytest

# The suite speaks English whatever the locale it runs in: bibi.i18n follows LANGUAGE, LC_ALL, LC_MESSAGES and LANG,
# LANGUAGE first, and the notebooks' kernels and the `bibi` processes the tests start inherit it. A test of another
# language chooses it itself (bibi.language, bibi --lang, or an environment of its own without LANGUAGE).
os.environ["LANGUAGE"] = "en"

# This file holds no doctests, and --doctest-modules would import it a second time as the module `conftest`,
# the name tests/browser/conftest.py also has.
collect_ignore = ["conftest.py"]

# What a test costs or needs: a test with any of these marks is not in the fast tier.
COSTS = ("slow", "subprocess", "widgets", "browser", "notebooks", "compiled")

# Paths from the repository's root whose files cannot carry marks of their own, and the marks every test under
# them carries.
MARKS: dict[str, tuple[str, ...]] = {
    "tests/browser": ("browser", "slow"),  # chromium, JupyterLab, Voila: every file in the folder
    "notebooks": ("notebooks",),  # nbval's cells
    "bibi/lesson.py": ("slow",),  # its doctest measures a lesson table
}


def marks_for(path: PurePosixPath) -> list[str]:
    """The markers of a test file at ``path`` (relative to the root), from every entry of ``MARKS`` it lies under."""
    names: list[str] = []
    for where, marks in MARKS.items():
        if path == PurePosixPath(where) or PurePosixPath(where) in path.parents:
            names += [mark for mark in marks if mark not in names]
    return names


def in_fast_tier(item: pytest.Item) -> bool:
    """Whether ``item`` is in ``make test-fast``'s tier: marked ``fast``, and marked with none of ``COSTS``."""
    return item.get_closest_marker("fast") is not None and not any(item.get_closest_marker(m) for m in COSTS)


@pytest.hookimpl(tryfirst=True)  # before -m deselects by these marks
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    xdist = config.pluginmanager.hasplugin("xdist")
    for item in items:
        try:
            path = PurePosixPath(item.path.relative_to(config.rootpath).as_posix())
        except ValueError:  # a file outside the repository
            path = None
        for name in marks_for(path) if path is not None else []:
            item.add_marker(name)
        if isinstance(item, pytest.DoctestItem):
            item.add_marker("fast")  # an example in a module's documentation
        if item.get_closest_marker("fast") is None:
            item.add_marker("slow")  # not said to be fast: slow
        if xdist and path is not None:
            item.add_marker(pytest.mark.xdist_group(group_of(path)))


def group_of(path: PurePosixPath) -> str:
    """The test file ``path``'s group when pytest-xdist spreads the suite over processes (``-n 2 --dist
    loadgroup``): a group runs in one process, in order. Each file is one, so its module-scoped fixtures (a built
    wheel, the compiled engine, a notebook's kernel under nbval) are made once; the browser tests are all one, so
    one chromium and one JupyterLab serve them, and no two browser tests compete for the cores."""
    return "tests/browser" if PurePosixPath("tests/browser") in path.parents else path.as_posix()


# -- the fast tier's guard -------------------------------------------------------------------------------------


class OutOfTier(OSError):  # noqa: N818
    """Raised where a fast test starts a process or makes a widget: an ``OSError``, as a process that cannot start
    raises, which libraries take in their stride (a dask cluster waits forever on a thread that died of anything
    else). Whatever the code under test makes of it, the test fails: the guard notes what was tried."""


TESTS = str(Path(__file__).resolve().parent)


def ours(frame) -> bool:
    """Whether the import that reached a finder from ``frame`` was asked for by the kit, a test or pytest
    (``importorskip``), not by a library's optional import (dask, tqdm): the first caller outside importlib."""
    while frame is not None and frame.f_globals.get("__name__", "").startswith(("importlib", "_frozen_importlib")):
        frame = frame.f_back
    if frame is None:
        return False
    name = frame.f_globals.get("__name__", "")
    return name.split(".")[0] in ("bibi", "_pytest", "pytest") or frame.f_code.co_filename.startswith(TESTS)


def views(name: str) -> bool:
    return name == "bibi.widgets" or name.startswith("bibi.widgets.")


class _NoWidgets(importlib.abc.MetaPathFinder):
    """The kit's views, and ipywidgets where it is not yet imported, as if they were not installed (``make
    test-fast`` runs without ipywidgets): the kit or a test importing them raises ``ModuleNotFoundError`` and is
    noted in ``broken``, so that no fast test needs them, nor skips quietly for want of them."""

    def __init__(self, broken: list[str]):
        self.broken = broken

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> None:
        if not (views(fullname) or fullname.split(".")[0] == "ipywidgets") or not ours(sys._getframe(1)):
            return None
        self.broken.append(f"imported {fullname}: mark it widgets")
        raise ModuleNotFoundError(f"No module named {fullname!r} in the fast tier", name=fullname)


@contextlib.contextmanager
def refusing(broken: list[str]) -> Iterator[None]:
    """While it lasts, starting a process or making a widget raises ``OutOfTier``, and the kit's views cannot be
    imported; what was tried, and the mark the test needs, is noted in ``broken``."""

    def refuse(what: str, mark: str):
        def refused(*args, **kwargs):
            broken.append(f"{what}: mark it {mark}")
            raise OutOfTier(broken[-1])

        return refused

    patches = [(subprocess.Popen, "__init__", refuse("started a process (subprocess.Popen)", "subprocess")),
               (multiprocessing.process.BaseProcess, "start", refuse("started a process (multiprocessing)",
                                                                     "subprocess"))]
    patches += [(os, name, refuse(f"started a process (os.{name})", "subprocess"))
                for name in ("fork", "system", "posix_spawn", "posix_spawnp") if hasattr(os, name)]
    if "ipywidgets" in sys.modules:  # imported while the tests were collected: its widgets refuse to be made
        patches.append((sys.modules["ipywidgets"].Widget, "__init__", refuse("made a widget", "widgets")))
    saved = [(owner, name, owner.__dict__[name]) for owner, name, _ in patches]
    away = {name: sys.modules.pop(name) for name in [n for n in sys.modules if views(n)]}
    finder = _NoWidgets(broken)
    sys.meta_path.insert(0, finder)
    for owner, name, replacement in patches:
        setattr(owner, name, replacement)
    try:
        yield
    finally:
        for owner, name, original in saved:
            setattr(owner, name, original)
        sys.meta_path.remove(finder)
        sys.modules.update(away)


class FastTierGuard:
    """Runs each test of the fast tier (setup, call and teardown) under ``refusing``: a test that starts a process
    or reaches for ipywidgets fails, saying so and which mark it needs, whatever it did with the error."""

    def _guarded(self, item: pytest.Item):
        if not in_fast_tier(item):
            return (yield)
        broken: list[str] = []
        with refusing(broken):
            try:
                result = yield
            except BaseException:
                if not broken:
                    raise
                result = None
        if broken:
            pytest.fail(f"a test of the fast tier {broken[0]} (tests/conftest.py)", pytrace=False)
        return result

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_setup(self, item: pytest.Item):
        return (yield from self._guarded(item))

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_call(self, item: pytest.Item):
        return (yield from self._guarded(item))

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_teardown(self, item: pytest.Item):
        return (yield from self._guarded(item))


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(FastTierGuard(), "bibi-fast-tier-guard")
    check_grouping(config)


def check_grouping(config: pytest.Config) -> None:
    """Refuse ``--dist loadgroup`` where pytest-xdist cannot keep a group in one process: it carries each test's
    group in its node id (``…@group``), which pytest 9.2 no longer lets a plugin change (pytest-xdist issue 1386,
    open for xdist 3.8). Run there, a notebook's cells would be spread over two kernels and fail far from the cause.
    pyproject.toml's test extra asks for a pytest below 9.2."""
    if getattr(config.option, "dist", None) != "loadgroup" or hasattr(config, "workerinput"):
        return
    import xdist
    from packaging.version import Version

    if Version(pytest.__version__) >= Version("9.2") and Version(xdist.__version__) <= Version("3.8.0"):
        raise pytest.UsageError(f"--dist loadgroup does not group tests with pytest {pytest.__version__} and "
                                f"pytest-xdist {xdist.__version__} (pytest-xdist issue 1386): install the test "
                                "extra's versions (.venv/bin/pip install -e '.[test]').")
