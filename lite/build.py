"""Build the kit's JupyterLite site: JupyterLab and a Python kernel (Pyodide) running in the browser from static files.

Run by `make lite` with the Python of the build's own environment (build/lite-venv, lite/requirements.txt):

    build/lite-venv/bin/python lite/build.py --out build/lite

What it puts together, from the package registries alone (npm and PyPI), downloads cached under build/lite-cache:

- the Pyodide runtime from npm at exactly the version the installed kernel names;
- the wheels the kernel loads when it starts and the wheels the kit needs, from PyPI at the lock's versions, served
  from the site: their entries in Pyodide's lock file point at them, with PyPI's sha256 (site.toml says which);
- the kit's own wheel, built from this repository, with a lock entry so that `import bibi` loads it;
- every other lock entry pointed at the Pyodide CDN (pandas, numpy, matplotlib load from there when imported);
- the notebooks of notebooks/ (with their language folders), the settings of lite/.

Then `jupyter lite build` writes the site. Nothing here is fetched by the browser from elsewhere at start.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
NOTEBOOKS = ROOT / "notebooks"

# The files of npm's pyodide package the site serves (the rest: type declarations, source maps, a demo console).
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# The site's own configuration, copied into the folder `jupyter lite build` reads.
SITE_FILES = ("jupyter-lite.json", "jupyter_lite_config.json", "overrides.json")


def say(message: str) -> None:
    print(f"lite: {message}", flush=True)


def run(cmd: list[str], cwd: Path | None = None) -> None:
    """Run a command quietly; on failure show what it said and stop."""
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(
            f"lite: {' '.join(cmd[:4])} … failed ({done.returncode}):\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
        )


def normalize(name: str) -> str:
    """A distribution's name as PEP 503 compares it."""
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def kernel_pyodide_version() -> str:
    """The Pyodide version the installed Pyodide kernel is made for."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return PYODIDE_VERSION


def pyodide_cdn(version: str) -> str:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_CDN_URL

    assert version in PYODIDE_CDN_URL, (version, PYODIDE_CDN_URL)
    return PYODIDE_CDN_URL + "/"


def npm_pyodide(version: str, cache: Path) -> Path:
    """npm's pyodide package at ``version``, packed once into the cache."""
    tarball = cache / f"pyodide-{version}.tgz"
    if not tarball.exists():
        say(f"npm: pyodide@{version}")
        cache.mkdir(parents=True, exist_ok=True)
        run(["npm", "pack", f"pyodide@{version}", "--pack-destination", str(cache), "--silent"])
    return tarball


def unpack_runtime(tarball: Path, dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as tar:
        for name in RUNTIME:
            member = tar.getmember(f"package/{name}")
            source = tar.extractfile(member)
            assert source is not None, name
            (dest / name).write_bytes(source.read())


def closure(lock: dict, roots: list[str]) -> list[str]:
    """The lock entries ``roots`` need, dependencies included, in a stable order."""
    found: list[str] = []
    todo = [normalize(r) for r in roots]
    while todo:
        name = todo.pop(0)
        if name in found:
            continue
        if name not in lock:
            raise SystemExit(f"lite: {name!r} is in neither Pyodide's lock nor lite/site.toml's extras")
        found.append(name)
        todo.extend(normalize(d) for d in lock[name]["depends"])
    return found


def cached_wheel(wheels: Path, name: str, version: str) -> Path | None:
    stem = re.sub(r"[-_.]+", "_", name).lower()
    for path in wheels.glob("*.whl"):
        dist, ver = path.name.split("-")[:2]
        if re.sub(r"[-_.]+", "_", dist).lower() == stem and ver == version:
            return path
    return None


def pypi_wheels(wants: dict[str, str], wheels: Path, python: str) -> dict[str, Path]:
    """Pure wheels of each ``name: version`` from PyPI, downloaded once into ``wheels``."""
    missing = [f"{name}=={version}" for name, version in wants.items() if not cached_wheel(wheels, name, version)]
    if missing:
        say(f"pip: {len(missing)} wheels for the browser's Python {python}")
        run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
             "--python-version", python, "--implementation", "py", "--platform", "any",
             "--dest", str(wheels), *missing])  # fmt: skip
    found = {}
    for name, version in wants.items():
        path = cached_wheel(wheels, name, version)
        if path is None:
            raise SystemExit(f"lite: pip gave no pure wheel of {name}=={version}")
        found[name] = path
    return found


def kit_wheel(dest: Path) -> Path:
    """The kit's wheel, built from a fresh copy of its sources (an in-tree build would leave build/lib behind,
    and a module removed from bibi/ would live on in the next wheel)."""
    shutil.rmtree(dest, ignore_errors=True)
    source = dest / "source"
    shutil.copytree(ROOT / "bibi", source / "bibi", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    say("pip: the kit's wheel")
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
         "--wheel-dir", str(dest), str(source)])  # fmt: skip
    (wheel,) = dest.glob("*.whl")
    return wheel


def lock_entry(name: str, wheel: Path, version: str, imports: list[str], depends: list[str]) -> dict:
    return {
        "name": name, "version": version, "file_name": wheel.name, "install_dir": "site",
        "sha256": sha256(wheel), "package_type": "package", "imports": imports,
        "depends": [normalize(d) for d in depends], "unvendored_tests": False,
    }  # fmt: skip


def write_lock(pyodide: Path, cache: Path, site: dict, version: str) -> list[str]:
    """Rewrite the runtime's lock: the start and kit packages served from ``pyodide``, the rest from the CDN.

    Returns the names of the packages the site serves.
    """
    lock_path = pyodide / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    packages = {normalize(k): v for k, v in lock["packages"].items()}
    python = ".".join(lock["info"]["python"].split(".")[:2])

    extras = site.get("extra", {})
    for name, spec in extras.items():
        packages[normalize(name)] = {
            "name": name,
            "version": spec["version"],
            "imports": spec["imports"],
            "depends": spec["depends"],
        }
    kit = site["kit"]
    served = closure(packages, [*site["kernel"]["start"], *kit["depends"]])

    wheels = pypi_wheels({name: packages[name]["version"] for name in served}, cache / "wheels", python)
    for name in served:
        wheel = wheels[name]
        shutil.copy2(wheel, pyodide / wheel.name)
        old = packages[name]
        if name in map(normalize, extras):
            packages[name] = lock_entry(old["name"], wheel, old["version"], old["imports"], old["depends"])
        else:  # PyPI's wheel of the same version, not Pyodide's rebuild: its own sha256
            if old.get("package_type") != "package" or not old["file_name"].endswith("-none-any.whl"):
                raise SystemExit(f"lite: {name} is not a pure Python package in the lock: {old['file_name']}")
            packages[name] = {**old, "file_name": wheel.name, "sha256": sha256(wheel)}

    wheel = kit_wheel(cache / "kit")
    shutil.copy2(wheel, pyodide / wheel.name)
    kit_version = wheel.name.split("-")[1]
    packages[normalize(kit["name"])] = lock_entry(kit["name"], wheel, kit_version, kit["imports"], kit["depends"])

    for name, more in site.get("depends", {}).items():
        entry = packages[normalize(name)]
        entry["depends"] = sorted({*entry["depends"], *map(normalize, more)})
        closure(packages, entry["depends"])  # each must be in the lock

    cdn = pyodide_cdn(version)
    local = {*served, normalize(kit["name"])}
    for name, entry in packages.items():
        if name not in local and "://" not in entry["file_name"]:
            entry["file_name"] = cdn + entry["file_name"]
    lock["packages"] = dict(sorted(packages.items()))
    lock_path.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return sorted(local)


def stage_notebooks(dest: Path) -> list[Path]:
    """notebooks/ as committed (language folders too), without checkpoints or caches."""
    shutil.copytree(NOTEBOOKS, dest, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    return sorted(dest.rglob("*.ipynb"))


# JupyterLite's sessions (@jupyterlite/services, LiteSessionClient.startNew) hand back a running session whose *name*
# is the one asked for, and JupyterLab names a notebook's session after its file name alone: once a learner has opened
# 01-learn-to-play.ipynb, ru/01-learn-to-play.ipynb and it/01-learn-to-play.ipynb (the same name in other folders, as
# every translation has: the notebooks' language links lead there) are given that session, of another path, and get
# no kernel. The site's bundle is changed to hand back the running session of the same *path*, as Jupyter Server does.
# Checked against the bundle the build made: the build stops if the code is not found once, as it would be after an
# upgrade of jupyterlite-core that changes it (check whether it still needs this, then).
SESSION_BY_NAME = re.compile(
    r"(let\{path:(?P<path>[\w$]+),name:(?P<name>[\w$]+)\}=[\w$]+,[\w$]+=this\._sessions\.find\()"
    r"(?P<s>[\w$]+)=>(?P=s)\.name===(?P=name)\)"
)


def sessions_by_path(out: Path) -> Path:
    """Make the site's session service match a running session by path, not by name (``SESSION_BY_NAME``).
    Returns the file changed."""
    found = [(path, text) for path in sorted((out / "build").glob("*.js"))
             if SESSION_BY_NAME.search(text := path.read_text(encoding="utf-8"))]  # fmt: skip
    if len(found) != 1 or len(SESSION_BY_NAME.findall(found[0][1])) != 1:
        raise SystemExit(f"lite: JupyterLite's session lookup by name found {len(found)} times in {out / 'build'}, "
                         "not once: see SESSION_BY_NAME in lite/build.py")  # fmt: skip
    path, text = found[0]
    path.write_text(SESSION_BY_NAME.sub(r"\1\g<s>=>\g<s>.path===\g<path>)", text), encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "lite", help="the site's folder (replaced)")
    parser.add_argument("--cache", type=Path, default=ROOT / "build" / "lite-cache", help="downloads, kept")
    args = parser.parse_args(argv)
    started = time.monotonic()
    out, cache = args.out.resolve(), args.cache.resolve()
    stage = cache / "stage"  # the folder `jupyter lite build` reads (its "lite dir"), made anew each time

    site = tomllib.loads((HERE / "site.toml").read_text())
    version = kernel_pyodide_version()
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)
    for name in SITE_FILES:
        shutil.copy2(HERE / name, stage / name)

    pyodide = stage / "static" / "pyodide"  # the place the kernel's build step looks for a Pyodide of our own
    unpack_runtime(npm_pyodide(version, cache), pyodide)
    served = write_lock(pyodide, cache, site, version)
    notebooks = stage_notebooks(stage / "contents")

    say(f"jupyter lite build: Pyodide {version}, {len(served)} packages in the site, {len(notebooks)} notebooks")
    shutil.rmtree(out, ignore_errors=True)
    run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(stage), "--output-dir", str(out),
         "--contents", str(stage / "contents")], cwd=stage)  # fmt: skip
    say(f"sessions matched by path: {sessions_by_path(out).relative_to(out)}")

    config = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]
    settings = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert settings["pyodideUrl"] == "./static/pyodide/pyodide.mjs", settings
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    files = sum(1 for p in out.rglob("*") if p.is_file())
    say(f"{out} ({size / 1e6:.1f} MB in {files} files) in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
