"""Both builds of the engine's group pass the tests: the one mypyc compiled and the pure-Python sources.

A normal install compiles the group where it can (``setup.py``) and runs the sources where it cannot, or when
``BIBI_PURE`` is set, or once a source changed since the build (``bibi._engine``). The suite runs once more, in a fresh
process, on the build the default install does not run: the pure sources (``BIBI_PURE=1``) when the install is
compiled, else a compiled copy made by ``tools/build_compiled.py``. The browser's wheel is pure.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import bibi._engine
import bibi.deal

ROOT = Path(__file__).resolve().parent.parent
NOT_AGAIN = ["browser", "test_packaging.py", "test_compiled.py"]
# `make test-fast`'s marks: the engine and values tier.
FAST = next(line.split(":=", 1)[1].strip() for line in (ROOT / "Makefile").read_text().splitlines()
            if line.startswith("FAST :="))
GROUP = ["deal", "actions", "reports", "records", "dealing", "tricks", "live", "sampling", "playout"]
REPORT = ("import importlib, bibi.deal\n"
          f"print(bibi.deal.COMPILED, *(importlib.import_module('bibi.' + m).__file__ for m in {GROUP!r}))")


def run(code: str, path: Path | None = None, cwd: Path | None = None, **env: str) -> subprocess.CompletedProcess:
    """``code`` in a fresh interpreter, ``path`` first on its path (default: the installed kit), ``env`` added."""
    extra = {"PYTHONPATH": str(path)} if path is not None else {}
    clean = {k: v for k, v in os.environ.items() if k not in ("BIBI_PURE", "PYTHONPATH")}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd or ROOT / "tests",
                          env={**clean, **extra, **env})


def engine(done: subprocess.CompletedProcess) -> tuple[bool, list[str]]:
    assert done.returncode == 0, done.stderr
    flag, *where = done.stdout.split()
    return flag == "True", where


@pytest.fixture(scope="module")
def compiled_copy() -> Path:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build_compiled.py")],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, f"building the compiled engine failed:\n{done.stdout}\n{done.stderr}"
    return Path(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def compiled_build(compiled_copy_or_none) -> Path:
    """A folder holding a compiled build of the kit: the install's own when it runs compiled, else the copy."""
    return compiled_copy_or_none or ROOT


@pytest.fixture(scope="module")
def compiled_copy_or_none(request) -> Path | None:
    return None if bibi.deal.COMPILED else request.getfixturevalue("compiled_copy")


def test_the_group_is_one_list_that_the_builds_and_the_flag_read():
    assert list(bibi._engine.GROUP) == GROUP
    assert bibi.deal._GROUP == tuple(f"bibi.{name}" for name in GROUP)
    for script in (ROOT / "setup.py", ROOT / "tools" / "build_compiled.py"):
        assert "_engine.py" in script.read_text() and 'ENGINE["GROUP"]' in script.read_text(), script


def test_the_flag_says_which_build_runs():
    compiled, where = engine(run(REPORT))
    assert compiled == bibi.deal.COMPILED
    assert all(path.endswith(".py") != compiled for path in where), where
    assert compiled == (bibi._engine._compiled_here() and bibi._engine.why_pure() is None)


def test_the_pure_switch_runs_the_sources(compiled_build):
    compiled, where = engine(run(REPORT, compiled_build))
    assert compiled and all(not path.endswith(".py") for path in where), where
    for value in ("1", "yes"):
        compiled, where = engine(run(REPORT, compiled_build, BIBI_PURE=value))
        assert not compiled and all(path.endswith(".py") for path in where), where
    assert engine(run(REPORT, compiled_build, BIBI_PURE="0"))[0]


def test_an_edited_source_runs_as_written(compiled_build, tmp_path):
    """A compiled build whose sources changed since it was made runs the whole group from the sources."""
    tree = tmp_path / "tree"
    shutil.copytree(compiled_build / "bibi", tree / "bibi", ignore=shutil.ignore_patterns("__pycache__"))
    for shared in compiled_build.glob("*__mypyc*"):
        shutil.copy2(shared, tree / shared.name)
    assert engine(run(REPORT, tree))[0]
    tricks = tree / "bibi" / "tricks.py"
    tricks.write_text(tricks.read_text() + "\nEDITED = True\n")
    code = REPORT + "\nimport bibi.tricks, bibi._engine; print(bibi.tricks.EDITED, bibi._engine.REASON)"
    done = run(code, tree)
    compiled, where = engine(done)
    assert not compiled and all(path.endswith(".py") for path in where[:len(GROUP)]), where
    assert "True the sources changed" in done.stdout


@pytest.mark.subprocess
def test_the_browser_s_wheel_is_pure(tmp_path):
    """``lite/build.py`` builds the kit's wheel for Pyodide: pure Python, whatever the machine could compile."""
    spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
    assert spec is not None and spec.loader is not None
    lite = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lite)
    wheel = lite.kit_wheel(tmp_path / "kit")
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    with zipfile.ZipFile(wheel) as built:
        names = built.namelist()
    assert "bibi/deal.py" in names and not [n for n in names if n.endswith((".so", ".pyd"))]


def test_the_other_build_passes_the_tests(compiled_copy_or_none):
    """The engine and values tests on the build the install does not run (the two builds are one source; the
    slower tiers play through the same engine, and the simulated run below checks both builds play alike)."""
    want = compiled_copy_or_none is not None
    # The engine and values tier of tests/ (`make test-fast`'s), and on the pure build the group's own doctests,
    # which the compiled install cannot collect (conftest.py).
    args = ["-q", "-p", "no:cacheprovider", "-m", FAST, str(ROOT / "tests"),
            *(f"--ignore={ROOT / 'tests' / name}" for name in NOT_AGAIN),
            *([] if want else [str(ROOT / "bibi" / f"{name}.py") for name in GROUP])]
    code = ("import sys, bibi.deal, pytest\n"
            f"if bibi.deal.COMPILED != {want}: sys.exit('not the other build: ' + bibi.deal.__file__)\n"
            f"sys.exit(pytest.main({args!r}))")
    env = {} if want else {"BIBI_PURE": "1"}
    done = run(code, compiled_copy_or_none, cwd=compiled_copy_or_none or ROOT, **env)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    assert " passed" in done.stdout.splitlines()[-1]


def test_both_builds_play_a_simulated_run_alike(compiled_build):
    code = ("import bibi; s = bibi.simulate('it', 5, 300, seed=4, progress=False); "
            "print(s.seats.score.sum(), s.deals.trump_changes.sum(), int(s.seats.score.iloc[::7].sum()))")
    pure = run(code, compiled_build, BIBI_PURE="1")
    fast = run(code, compiled_build)
    assert pure.returncode == 0 and fast.returncode == 0, pure.stderr + fast.stderr
    assert pure.stdout == fast.stdout
