"""The conda/Binder environment mirrors pyproject.toml, so `make lab` and Binder install the same kit."""

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def _name(requirement: str) -> str:
    """The bare package name of a requirement like ``pandas>=2.2`` or ``dask[distributed]``."""
    return re.split(r"[<>=!~\[; ]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


def test_environment_yml_mirrors_pyproject_runtime_and_notebooks_extra():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = {_name(r) for r in project["dependencies"] + project["optional-dependencies"]["notebooks"]}
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert env["channels"] == ["conda-forge"]
    listed = {_name(d) for d in env["dependencies"] if isinstance(d, str)}
    assert "python" in listed
    listed -= {"python", "pip"}
    assert listed == wanted, f"only in environment.yml: {listed - wanted}; only in pyproject: {wanted - listed}"


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
