"""The tiers of the suite (tests/conftest.py): the fast tier is the tests marked fast, a file that says nothing is
slow, a fast test that starts a process or makes a widget fails saying which mark it needs, and ``make test-fast``
needs no ipywidgets."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.subprocess]  # each test runs pytest in a fresh interpreter

ROOT = Path(__file__).resolve().parent.parent
FAST = next(line.split(":=", 1)[1].strip() for line in (ROOT / "Makefile").read_text().splitlines()
            if line.startswith("FAST :="))

FILES = {
    "test_unmarked.py": "def test_new():\n    pass\n",
    "test_quick.py": """
import subprocess, sys
import pytest

pytestmark = pytest.mark.fast


def test_quick():
    assert 1 + 1 == 2


@pytest.mark.subprocess
def test_a_process_said_so():
    subprocess.run([sys.executable, "-c", "pass"], check=True)


def test_a_process_unsaid():
    subprocess.run([sys.executable, "-c", "pass"], check=False)


def test_a_process_swallowed():
    try:
        subprocess.run([sys.executable, "-c", "pass"])
    except OSError:
        pass


def test_a_widget_unsaid():
    import ipywidgets

    ipywidgets.Button(description="x")


def test_the_views_unsaid():
    import bibi.widgets  # noqa: F401


def test_a_skip_for_want_of_widgets():
    pytest.importorskip("ipywidgets")
""",
}


def run_pytest(folder: Path, *args: str, code: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", f"import sys, pytest\n{code}\nsys.exit(pytest.main(sys.argv[1:]))",
                           "-p", "no:cacheprovider", "-p", "no:randomly", *args], cwd=folder, capture_output=True,
                          text=True, timeout=600)


@pytest.fixture
def suite(tmp_path) -> Path:
    """A small suite under the kit's tiers: its conftest, its markers, and test files of each kind."""
    (tmp_path / "tests").mkdir()
    shutil.copy(ROOT / "tests" / "conftest.py", tmp_path / "tests" / "conftest.py")
    markers = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]["markers"]
    (tmp_path / "pytest.ini").write_text("[pytest]\naddopts = --strict-markers\nmarkers =\n" +
                                         "".join(f"    {m}\n" for m in markers))
    for name, text in FILES.items():
        (tmp_path / "tests" / name).write_text(text)
    return tmp_path


def outcomes(done: subprocess.CompletedProcess) -> dict[str, str]:
    """Each test's outcome, from ``pytest -v``'s lines (``tests/test_x.py::test_y PASSED [ 50%]``)."""
    return {line.split("::")[-1].split(" ")[0]: line.split(" ")[1] for line in done.stdout.splitlines()
            if line.startswith("tests/") and "::" in line and " " in line}


def test_a_new_file_is_slow_and_a_fast_test_that_starts_a_process_or_a_widget_fails(suite):
    done = run_pytest(suite, "-v", "-m", FAST, "tests")
    got = outcomes(done)
    assert "test_new" not in got and "test_a_process_said_so" not in got, done.stdout  # not in the tier
    assert got["test_quick"] == "PASSED", done.stdout
    for name in ("test_a_process_unsaid", "test_a_process_swallowed", "test_a_widget_unsaid", "test_the_views_unsaid",
                 "test_a_skip_for_want_of_widgets"):
        assert got[name] == "FAILED", (name, done.stdout)
    assert "a test of the fast tier started a process (subprocess.Popen): mark it subprocess" in done.stdout
    assert "a test of the fast tier made a widget: mark it widgets" in done.stdout or \
        "a test of the fast tier imported ipywidgets: mark it widgets" in done.stdout
    assert "a test of the fast tier imported bibi.widgets: mark it widgets" in done.stdout
    everything = outcomes(run_pytest(suite, "-v", "tests"))  # make test: every test, the guard kept
    assert everything["test_new"] == everything["test_a_process_said_so"] == "PASSED"
    assert everything["test_a_process_unsaid"] == "FAILED"


def test_the_fast_tier_needs_no_ipywidgets():
    """The kit's own fast tier, collected in an interpreter where ipywidgets cannot be imported, as in an
    environment without it: no error, and the same tests as with it."""
    args = ("--collect-only", "-q", "-m", FAST, "tests", "bibi")
    hidden = run_pytest(ROOT, *args, code="sys.modules['ipywidgets'] = None  # as if it were not installed")
    assert hidden.returncode == 0, hidden.stdout[-3000:] + hidden.stderr[-2000:]
    plain = run_pytest(ROOT, *args)
    assert plain.returncode == 0, plain.stdout[-3000:]
    tests = sorted(line for line in hidden.stdout.splitlines() if "::" in line)
    assert tests == sorted(line for line in plain.stdout.splitlines() if "::" in line) and len(tests) > 1000
