"""Both builds of the engine's group pass the tests: the one mypyc compiled and the pure-Python sources.

A normal install compiles the group where it can (``setup.py``) and runs the sources where it cannot, or when
``BIBI_PURE`` is set, or once a file the compiled modules were built from changed since the build: a module of the
group or one it depends on (``bibi._engine``). The suite runs once more, in a fresh process, on the build the
default install does not run: the pure sources (``BIBI_PURE=1``) when the install is compiled, else a compiled copy
made by ``tools/build_compiled.py``. The browser's wheel is pure.

The tests of ``bibi._engine`` itself (the one list, the dependencies, the record) run in the fast tier; those that
build or start interpreters carry the ``compiled`` mark.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import bibi._engine
import bibi.deal
from bibi._engine import GROUP

ROOT = Path(__file__).resolve().parent.parent
NOT_AGAIN = ["browser", "test_packaging.py", "test_compiled.py"]
# `make test-fast`'s marks: the engine and values tier.
FAST = next(line.split(":=", 1)[1].strip() for line in (ROOT / "Makefile").read_text().splitlines()
            if line.startswith("FAST :="))
REPORT = ("import importlib, bibi.deal\n"
          f"print(bibi.deal.COMPILED, *(importlib.import_module('bibi.' + m).__file__ for m in {list(GROUP)!r}))")


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


# -- one list, the dependencies, the record (bibi._engine) ------------------------------------------------------

def spelled_out(path: Path) -> bool:
    """Whether ``path`` writes out the group's list: a sequence of quoted names (``"deal"``, ``"bibi.deal"``,
    ``"bibi/deal.py"``) that holds every module of the group."""
    text = path.read_text(encoding="utf-8", errors="replace")
    names = "|".join(GROUP)
    quoted = rf"""["'](?:bibi[./])?(?:{names})(?:\.py)?["']"""
    for run in re.finditer(rf"{quoted}(?:\s*,\s*{quoted})+", text):
        found = set(re.findall(rf"""["'](?:bibi[./])?({names})(?:\.py)?["']""", run.group()))
        if found == set(GROUP):
            return True
    return False


@pytest.mark.fast
def test_the_group_is_written_once_and_the_builds_and_the_flag_read_it():
    texts = [p for pattern in ("*.py", "*.toml", "*.cfg", "*.md", "Makefile") for p in ROOT.rglob(pattern)
             if not {".venv", "build", ".git", "__pycache__"} & set(p.relative_to(ROOT).parts)]
    assert [p.relative_to(ROOT).as_posix() for p in texts if spelled_out(p)] == ["bibi/_engine.py"]
    assert bibi.deal._GROUP == tuple(f"bibi.{name}" for name in GROUP)
    for script in (ROOT / "setup.py", ROOT / "tools" / "build_compiled.py"):
        assert 'ENGINE["mypyc_arguments"]' in script.read_text(), script
    assert bibi._engine.mypyc_arguments()[-len(GROUP):] == [f"bibi/{name}.py" for name in GROUP]


@pytest.mark.fast
def test_the_compiled_code_depends_on_what_the_group_imports_at_module_level():
    files = bibi._engine.dependencies()
    assert files[:len(GROUP)] == tuple(f"{name}.py" for name in GROUP)
    assert {"cards.py", "rules.py", "errors.py", "kinds.py", "i18n.py", "outcome.py", "_engine.py"} <= set(files)
    # deal reaches the renderer and the sampler only inside functions: the renderer is not compiled against
    assert not [f for f in files if f.startswith("render")] and "__init__.py" not in files
    assert len(set(files)) == len(files) and all((ROOT / "bibi" / f).is_file() for f in files)


@pytest.mark.fast
def test_the_dependencies_follow_module_level_imports_only(tmp_path):
    """On a made-up package: statements, class bodies, ``if TYPE_CHECKING`` and ``try`` blocks, relative imports
    and a subpackage's ``__init__`` count; function bodies do not; nor does a name that is not a module."""
    for name in GROUP:
        (tmp_path / f"{name}.py").write_text("")
    (tmp_path / "sub").mkdir()
    for name, text in {
        "deal.py": "from typing import TYPE_CHECKING\nimport bibi.a\nif TYPE_CHECKING:\n    from bibi.b import B\n"
                   "try:\n    from . import c\nexcept ImportError:\n    pass\nclass K:\n    from bibi.sub import x\n"
                   "def later():\n    import bibi.lazy\nfrom bibi import NAME\n",
        "a.py": "from .d import D\n", "b.py": "", "c.py": "", "d.py": "", "lazy.py": "", "sub/__init__.py": "",
        "sub/x.py": "import os\n",
    }.items():
        (tmp_path / name).write_text(text)
    files = bibi._engine.dependencies(tmp_path)
    assert files == (*(f"{name}.py" for name in GROUP), "a.py", "b.py", "c.py", "d.py", "sub/__init__.py",
                     "sub/x.py")


def fake_build(folder: Path) -> None:
    """``folder`` as a build leaves it: the group's sources, an extension module's file, the record."""
    for name in bibi._engine.dependencies(ROOT / "bibi"):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / "bibi" / name, folder / name)
    (folder / f"deal{importlib.machinery.EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    (folder / "_built.py").write_text(bibi._engine.record_text(folder, None, "a test"))


@pytest.mark.fast
def test_the_record_says_why_the_group_runs_pure(tmp_path, monkeypatch):
    monkeypatch.delenv("BIBI_PURE", raising=False)
    engine = bibi._engine
    assert engine.text(engine.pure_reason(tmp_path)) == "no compiled modules beside the sources"
    fake_build(tmp_path)
    assert engine.read_record(tmp_path)["BUILD"] == "compiled" and engine.pure_reason(tmp_path) is None
    monkeypatch.setenv("BIBI_PURE", "1")
    assert engine.why_pure(tmp_path) == "BIBI_PURE is set"
    monkeypatch.setenv("BIBI_PURE", "0")
    assert engine.why_pure(tmp_path) is None
    (tmp_path / "rules.py").write_text((tmp_path / "rules.py").read_text() + "\n# edited\n")
    (tmp_path / "kinds.py").unlink()
    assert engine.why_pure(tmp_path) == "bibi/kinds.py, bibi/rules.py changed since the compiled modules were built"
    (tmp_path / "_built.py").write_text("SOURCES = 'a hash of the old kind'\n")
    assert engine.why_pure(tmp_path) == "no record of the sources the compiled modules were built from"
    (tmp_path / "_built.py").write_text(engine.record_text(tmp_path, (engine.NO_COMPILER, {"compiler": "gcc"}), "x"))
    assert engine.why_pure(tmp_path) == "the install did not compile it: no C compiler (gcc)"


@pytest.mark.fast
def test_bibi_version_says_which_build_runs(capsys):
    from bibi.cli import main

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    line = capsys.readouterr().out
    assert done.value.code == 0 and line.count("\n") == 1 and line.startswith(f"bibi-kit {bibi.__version__}: ")
    if bibi.deal.COMPILED:
        assert line.endswith(": the engine runs compiled (mypyc)\n")
    else:
        assert line.endswith(f": the engine runs as pure Python: {bibi._engine.REASON}\n")


@pytest.mark.compiled
@pytest.mark.slow
@pytest.mark.subprocess
def test_the_flag_says_which_build_runs():
    compiled, where = engine(run(REPORT))
    assert compiled == bibi.deal.COMPILED
    assert all(path.endswith(".py") != compiled for path in where), where
    assert compiled == (bibi._engine._compiled_here() and bibi._engine.why_pure() is None)


@pytest.mark.compiled
@pytest.mark.slow
@pytest.mark.subprocess
def test_the_pure_switch_runs_the_sources(compiled_build):
    compiled, where = engine(run(REPORT, compiled_build))
    assert compiled and all(not path.endswith(".py") for path in where), where
    for value in ("1", "yes"):
        compiled, where = engine(run(REPORT, compiled_build, BIBI_PURE=value))
        assert not compiled and all(path.endswith(".py") for path in where), where
    assert engine(run(REPORT, compiled_build, BIBI_PURE="0"))[0]


@pytest.fixture(scope="module")
def build_copy(compiled_build, tmp_path_factory) -> Path:
    """A copy of the compiled build, its sources to edit."""
    tree = tmp_path_factory.mktemp("build") / "tree"
    shutil.copytree(compiled_build / "bibi", tree / "bibi", ignore=shutil.ignore_patterns("__pycache__"))
    for shared in compiled_build.glob("*__mypyc*"):
        shutil.copy2(shared, tree / shared.name)
    assert engine(run(REPORT, tree))[0], "the copy does not run compiled"
    return tree


# The group's own modules, then the modules it depends on (the list, and the list of the engine itself).
EDITED = ["tricks.py", "deal.py", "cards.py", "rules.py", "errors.py", "kinds.py", "i18n.py", "outcome.py",
          "_engine.py"]


@pytest.mark.compiled
@pytest.mark.slow
@pytest.mark.subprocess
@pytest.mark.parametrize("name", EDITED)
def test_an_edited_source_or_dependency_makes_the_compiled_build_stand_down(build_copy, name):
    """A compiled build one of whose sources, or of the modules they depend on, changed since it was made runs
    the whole group from its sources, and says which file changed."""
    assert name in bibi._engine.dependencies(build_copy / "bibi")
    source = build_copy / "bibi" / name
    kept = source.read_text()
    source.write_text(kept + "\nEDITED = True\n")
    try:
        code = REPORT + f"\nimport bibi.{name[:-3]}, bibi._engine; print(bibi.{name[:-3]}.EDITED, bibi._engine.REASON)"
        done = run(code, build_copy)
        compiled, where = engine(done)
        assert not compiled and all(path.endswith(".py") for path in where[:len(GROUP)]), where
        assert f"True bibi/{name} changed since the compiled modules were built" in done.stdout
    finally:
        source.write_text(kept)
    assert engine(run(REPORT, build_copy))[0], "put back, the sources are the build's again: compiled"


@pytest.mark.compiled
@pytest.mark.slow
@pytest.mark.subprocess
@pytest.mark.parametrize("name", ["bots.py", "render/views.py", "widgets/play_table.py"])
def test_an_edited_module_the_group_does_not_depend_on_keeps_it_compiled(build_copy, name):
    source = build_copy / "bibi" / name
    kept = source.read_text()
    source.write_text(kept + "\nEDITED = True\n")
    try:
        assert engine(run(REPORT, build_copy))[0]
    finally:
        source.write_text(kept)


@pytest.mark.compiled
@pytest.mark.slow
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


@pytest.mark.compiled
@pytest.mark.slow
@pytest.mark.subprocess
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


@pytest.mark.compiled
@pytest.mark.slow
@pytest.mark.subprocess
def test_both_builds_play_a_simulated_run_alike(compiled_build):
    code = ("import bibi; s = bibi.simulate('it', 5, 300, seed=4, progress=False); "
            "print(s.seats.score.sum(), s.deals.trump_changes.sum(), int(s.seats.score.iloc[::7].sum()))")
    pure = run(code, compiled_build, BIBI_PURE="1")
    fast = run(code, compiled_build)
    assert pure.returncode == 0 and fast.returncode == 0, pure.stderr + fast.stderr
    assert pure.stdout == fast.stdout


@pytest.mark.compiled
@pytest.mark.slow
@pytest.mark.subprocess
def test_both_builds_deal_the_same_pair_deals(compiled_build):
    """A deal with a pair to call (``bibi.dealing.paired_setup``) is the same in both builds, for both presets,
    every player count, seats and ways (the browser runs the pure one)."""
    code = ("import hashlib; from bibi.dealing import paired_setup\n"
            "h = hashlib.sha256()\n"
            "for r in ('russian', 'italian'):\n"
            "    for n in range(2, 13):\n"
            "        for seed in range(20):\n"
            "            p = paired_setup(r, n, seed % n, seed)\n"
            "            h.update(repr((p.setup.dealer, p.setup.trump.value, [str(c) for c in p.setup.deck],\n"
            "                           p.suit.value, p.when, str(p.drawn))).encode())\n"
            "print(h.hexdigest())")
    pure = run(code, compiled_build, BIBI_PURE="1")
    fast = run(code, compiled_build)
    assert pure.returncode == 0 and fast.returncode == 0, pure.stderr + fast.stderr
    assert pure.stdout == fast.stdout
