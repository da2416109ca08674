"""Packaging: the wheel ships what a user's tools need, the conda/Binder environment mirrors pyproject.toml, so
`make lab` and Binder install the same kit, and a fresh clone's `make lab` builds the compiled engine and says so."""

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
import yaml

import bibi
from bibi import _engine

pytestmark = pytest.mark.fast

ROOT = Path(__file__).resolve().parent.parent


def _name(requirement: str) -> str:
    """The bare package name of a requirement like ``pandas>=2.2`` or ``dask[distributed]``."""
    return re.split(r"[<>=!~\[; ]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


MIRRORED = ("notebooks", "lab")  # the extras `make lab` installs, which environment.yml lists as well


def _mirrored(project: dict) -> list[str]:
    """The runtime requirements and those of the extras ``make lab`` installs."""
    return project["dependencies"] + [r for extra in MIRRORED for r in project["optional-dependencies"][extra]]


def test_environment_yml_mirrors_pyproject_runtime_and_the_extras_make_lab_installs():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = {_name(r) for r in _mirrored(project)}
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert env["channels"] == ["conda-forge"]
    listed = {_name(d) for d in env["dependencies"] if isinstance(d, str)}
    assert "python" in listed
    listed -= {"python", "pip"}
    assert listed == wanted, f"only in environment.yml: {listed - wanted}; only in pyproject: {wanted - listed}"


def _specs(requirements: list[str]) -> dict[str, str]:
    """Each requirement's name and its version bounds, spaces dropped: ``{"pandas": ">=2.2"}``."""
    return {_name(r): re.sub(r"\s", "", r.strip()[len(_name(r)):]) for r in requirements}


def test_environment_yml_asks_the_versions_pyproject_asks():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = _specs(_mirrored(project))
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    listed = _specs([d for d in env["dependencies"] if isinstance(d, str) and _name(d) not in {"python", "pip"}])
    assert listed == wanted


def test_make_lab_installs_the_extras_environment_yml_mirrors():
    makefile = (ROOT / "Makefile").read_text()
    assert f"pip install -q -e '.[{','.join(MIRRORED)}]'" in makefile


def test_the_lab_extra_brings_jupyterlabs_russian_and_italian_language_packs():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert {_name(r) for r in project["optional-dependencies"]["lab"]} == {
        "jupyterlab-language-pack-ru-ru", "jupyterlab-language-pack-it-it"}


@pytest.mark.subprocess
def test_jupyterlab_offers_russian_and_italian_in_settings_language():
    """The language packs `make lab` installs are the ones JupyterLab lists (its /lab/api/translations answer)."""
    code = ("import json; from jupyterlab_server.translation_utils import get_language_packs; "
            "print(json.dumps(sorted(get_language_packs('en')[0])))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert {"ru_RU", "it_IT"} <= set(json.loads(done.stdout))


def test_environment_yml_python_matches_requires_python():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    python = next(d for d in env["dependencies"] if isinstance(d, str) and d.startswith("python"))
    minimum = project["requires-python"].removeprefix(">=")
    assert python == f"python={minimum}"


def test_binder_installs_the_kit_itself():
    post_build = (ROOT / "postBuild").read_text()
    assert "pip install --no-deps ." in post_build


def test_ci_runs_make_test():
    assert "make test" in (ROOT / ".ci" / "run").read_text()


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> zipfile.ZipFile:
    """The kit's wheel, built by setuptools (the [build-system] backend) from a copy of the sources."""
    tree = tmp_path_factory.mktemp("tree")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, tree / name)
    shutil.copytree(ROOT / "bibi", tree / "bibi", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    backend = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["build-backend"]
    code = f"import sys, {backend} as backend; print(backend.build_wheel(sys.argv[1]))"
    done = subprocess.run([sys.executable, "-c", code, str(tree / "dist")], cwd=tree, capture_output=True, text=True)
    assert done.returncode == 0, f"building the wheel failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    with zipfile.ZipFile(tree / "dist" / done.stdout.strip().splitlines()[-1]) as built:
        yield built


@pytest.mark.subprocess
def test_the_wheel_ships_py_typed_so_type_checkers_read_the_kits_hints(wheel):
    names = set(wheel.namelist())
    assert "bibi/py.typed" in names
    assert (ROOT / "bibi" / "py.typed").exists()


@pytest.mark.subprocess
def test_the_wheel_ships_the_package_and_its_data_and_nothing_beside_it(wheel):
    names = wheel.namelist()
    sources = {f"bibi/{p.relative_to(ROOT / 'bibi').as_posix()}" for p in (ROOT / "bibi").rglob("*")
               if p.is_file() and "__pycache__" not in p.parts and p.suffix not in {".so", ".pyd"}}
    assert sources <= set(names), f"missing from the wheel: {sorted(sources - set(names))}"
    # the style sheets and the views' package (once a module of its own) among them
    assert {"bibi/data/bibi.css", "bibi/data/play.css", "bibi/widgets/__init__.py",
            "bibi/render/__init__.py"} <= sources
    assert "bibi/widgets.py" not in names
    top = {name.split("/")[0] for name in names}
    assert {t for t in top if not t.endswith(".dist-info")} == {"bibi"}


def test_environment_yml_installs_the_extras_conda_forge_lacks_as_pyproject_pins_them():
    # OpenSpiel is not on conda-forge: environment.yml asks pip for it, and for PettingZoo, at pyproject.toml's pins.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    pip = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict) and "pip" in d)
    extras = {r for name, reqs in project["optional-dependencies"].items() for r in reqs}
    for extra in ("openspiel", "pettingzoo"):
        assert set(project["optional-dependencies"][extra]) <= set(pip), extra
    assert set(pip) <= extras, f"only in environment.yml's pip list: {set(pip) - extras}"


def test_make_test_installs_the_extras_for_bot_writers():
    makefile = (ROOT / "Makefile").read_text()
    install = next(line for line in makefile.splitlines() if "pip install" in line and "test" in line)
    assert {"openspiel", "pettingzoo"} <= set(install.split("'")[1].strip(".[]").split(","))


@pytest.mark.slow
@pytest.mark.subprocess
def test_a_fresh_clones_make_lab_builds_the_compiled_engine_and_says_so(tmp_path):
    """``make .venv/.lab`` (the set-up of ``make lab``) in a ``git clone`` of the repository, as a newcomer runs it:
    where this machine can compile, the install compiles the engine's group, the set-up's last line says so, and the
    compiled engine plays the deal this process plays; where it cannot, the line says why the engine runs pure.
    The clone holds what is committed. Minutes: pip installs the kit's extras and mypyc compiles the group."""
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True, timeout=300)
    ours = Path(sys.prefix) / "bin"  # a newcomer's shell: the system's python3, not this venv's
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH", "BIBI_PURE", "MAKEFLAGS",
                                                            "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")}  # make test's
    env["PATH"] = os.pathsep.join(p for p in env["PATH"].split(os.pathsep) if Path(p) != ours)
    done = subprocess.run(["make", "--no-print-directory", ".venv/.lab"], cwd=clone, env=env, capture_output=True,
                          text=True, timeout=1800)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    said = done.stdout.strip().splitlines()[-1]
    why = _engine.can_compile()
    if why is not None:
        assert said == f"bibi-kit {bibi.__version__}: the engine runs as pure Python: the install did not compile " \
                       f"it: {_engine.text(why)}"
        return
    assert said == f"bibi-kit {bibi.__version__}: the engine runs compiled (mypyc)"
    code = ("import json, bibi.deal, bibi.play\n"
            "print(json.dumps([bibi.deal.COMPILED, bibi.deal.__file__, "
            "bibi.play.play_seeded('it', 5, 3, 'heuristic').record()]))")
    ran = subprocess.run([str(clone / ".venv" / "bin" / "python"), "-c", code], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=300)
    assert ran.returncode == 0, ran.stderr
    compiled, where, record = json.loads(ran.stdout)
    assert compiled and where.startswith(str(clone / "bibi" / "deal.")) and not where.endswith(".py"), where
    from bibi.play import play_seeded

    assert record == play_seeded("it", 5, 3, "heuristic").record()
