"""The tiers of the test suite: each folder or module whose every test costs or needs the same gets its markers here.

The markers are registered in pyproject.toml (``[tool.pytest.ini_options]``, with ``--strict-markers``). A single
test that is slow or starts a process in a module of quick ones carries its own ``@pytest.mark.slow`` or
``@pytest.mark.subprocess``. ``make test`` runs every test; ``make test-fast`` only those with none of these marks.
"""

from __future__ import annotations

import os
from pathlib import PurePosixPath

import pytest

# The suite speaks English whatever the locale it runs in: bibi.i18n follows LANGUAGE, LC_ALL, LC_MESSAGES and LANG,
# LANGUAGE first, and the notebooks' kernels and the `bibi` processes the tests start inherit it. A test of another
# language chooses it itself (bibi.language, bibi --lang, or an environment of its own without LANGUAGE).
os.environ["LANGUAGE"] = "en"

# This file holds no doctests, and --doctest-modules would import it a second time as the module `conftest`,
# the name tests/browser/conftest.py also has.
collect_ignore = ["conftest.py"]

# Paths from the repository's root, and the markers every test under them carries.
MARKS: dict[str, tuple[str, ...]] = {
    "tests/browser": ("browser", "slow"),  # chromium, JupyterLab, Voila
    "tests/test_compiled.py": ("compiled", "slow", "subprocess"),  # builds with mypyc, runs the suite again
    "tests/test_cli.py": ("subprocess",),  # every test runs `python -m bibi`
    "tests/test_layering.py": ("subprocess",),  # most of its tests import the kit in fresh interpreters
    "tests/test_widgets.py": ("widgets",),
    "tests/test_compare_views.py": ("widgets",),
    "tests/test_saved_notebooks.py": ("notebooks",),
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


@pytest.hookimpl(tryfirst=True)  # before -m deselects by these marks
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    xdist = config.pluginmanager.hasplugin("xdist")
    for item in items:
        try:
            path = PurePosixPath(item.path.relative_to(config.rootpath).as_posix())
        except ValueError:  # a file outside the repository
            continue
        for name in marks_for(path):
            item.add_marker(name)
        if xdist:
            item.add_marker(pytest.mark.xdist_group(group_of(path)))


def group_of(path: PurePosixPath) -> str:
    """The test file ``path``'s group when pytest-xdist spreads the suite over processes (``-n 2 --dist
    loadgroup``): a group runs in one process, in order. Each file is one, so its module-scoped fixtures (a built
    wheel, the compiled engine, a notebook's kernel under nbval) are made once; the browser tests are all one, so
    one chromium and one JupyterLab serve them, and no two browser tests compete for the cores."""
    return "tests/browser" if PurePosixPath("tests/browser") in path.parents else path.as_posix()


def pytest_configure(config: pytest.Config) -> None:
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
