"""The compiled engine (mypyc over the same sources of the engine's group, ``make compiled``) passes the tests too.

The copy is built by ``tools/build_compiled.py`` (reused while the sources are unchanged) and
the test suite (all but the browser, packaging and this module) runs again in a fresh process with
it first on the path, after that process has checked it imported the compiled module.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOT_AGAIN = ["browser", "test_packaging.py", "test_compiled.py"]


@pytest.fixture(scope="module")
def compiled() -> Path:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build_compiled.py")],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, f"building the compiled engine failed:\n{done.stdout}\n{done.stderr}"
    return Path(done.stdout.strip().splitlines()[-1])


def run(code: str, folder: Path, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=folder,
                          env={**os.environ, "PYTHONPATH": str(folder), **env})


GROUP = ["deal", "actions", "reports", "records", "dealing", "tricks", "live"]  # tools/build_compiled.py's


def test_the_build_compiles_the_engine_s_group():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build_compiled
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert build_compiled.COMPILE == [f"bibi/{name}.py" for name in GROUP]


def test_the_build_holds_a_compiled_engine_made_from_the_same_source(compiled):
    code = ("import importlib, bibi.deal\n"
            f"print(bibi.deal.COMPILED, *(importlib.import_module('bibi.' + m).__file__ for m in {GROUP!r}))")
    done = run(code, compiled)
    assert done.returncode == 0, done.stderr
    flag, *where = done.stdout.split()
    assert flag == "True"
    for name, path in zip(GROUP, where, strict=True):
        assert path.endswith(".so") and Path(path).parent == compiled / "bibi", (name, path)
        assert (compiled / "bibi" / f"{name}.py").read_text() == (ROOT / "bibi" / f"{name}.py").read_text()


def test_the_compiled_engine_passes_the_tests(compiled):
    args = ["-q", "-p", "no:cacheprovider", str(ROOT / "tests"),
            *(f"--ignore={ROOT / 'tests' / name}" for name in NOT_AGAIN)]
    code = ("import sys, bibi.deal, pytest\n"
            "if not bibi.deal.COMPILED: sys.exit('not the compiled engine: ' + bibi.deal.__file__)\n"
            f"sys.exit(pytest.main({args!r}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=compiled,
                          env={**os.environ, "PYTHONPATH": str(compiled)})
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    assert " passed" in done.stdout.splitlines()[-1]


def test_both_engines_play_a_simulated_run_alike(compiled):
    code = ("import bibi; s = bibi.simulate('it', 5, 300, seed=4, progress=False); "
            "print(s.seats.score.sum(), s.deals.trump_changes.sum(), int(s.seats.score.iloc[::7].sum()))")
    pure = run(code, ROOT / "tests", PYTHONPATH=str(ROOT))
    fast = run(code, compiled)
    assert pure.returncode == 0 and fast.returncode == 0, pure.stderr + fast.stderr
    assert pure.stdout == fast.stdout
