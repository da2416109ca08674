"""Build the kit's JupyterLite site: JupyterLab and a Python kernel (Pyodide) running in the browser from static files.

Run by `make lite` with the Python of the build's own environment (build/lite-venv, lite/requirements.txt):

    build/lite-venv/bin/python lite/build.py --out build/lite

What it puts together, from the package registries alone (npm and PyPI), downloads cached under build/lite-cache:

- the Pyodide runtime from npm at exactly the version the installed kernel names;
- the wheels the kernel loads when it starts and the wheels the kit needs, from PyPI at the lock's versions, served
  from the site: their entries in Pyodide's lock file point at them, with PyPI's sha256 (site.toml says which);
- the kit's own wheel, built from this repository, with a lock entry so that `import bibi` loads it;
- every other lock entry pointed at the Pyodide CDN (pandas, numpy, matplotlib load from there when imported);
- the notebooks of notebooks/ (with their language folders), the settings of lite/;
- JupyterLab's Russian and Italian language packs (from lite/requirements.txt), for Settings ▸ Language and for the
  language pages, ``lab-ru/`` and ``lab-it/``: JupyterLab's page with its menus in that language.

Then `jupyter lite build` writes the site. Nothing here is fetched by the browser from elsewhere at start, and
nothing of JupyterLite's own code is changed: each notebook has a file name of its own (a translation's ends with
its language, ``ru/01-learn-to-play-ru.ipynb``), as JupyterLab's sessions, matched by file name, need.
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


# The site's language pages: JupyterLab's menus in the notebook's language. Each is the site's own JupyterLab page,
# ``lab/``, copied unchanged beside it (``lab-ru/``, ``lab-it/``: one folder deep, so its relative paths to the app
# hold), with one setting added to its configuration: JupyterLab's language (Settings ▸ Language,
# ``@jupyterlab/translation-extension:plugin``'s ``locale``) as a default. A learner's own choice in Settings is
# saved in the browser and wins on every page. JupyterLite merges a page's ``jupyter-lite.json`` over the site's
# (``config-utils.js``), ``settingsOverrides`` plugin by plugin, so nothing of JupyterLite's code changes.
LANGUAGE_PAGES = {"ru": "ru_RU", "it": "it_IT"}
# Menu titles a language pack leaves in English (JupyterLab's Italian pack, 4.5.post3, has neither "View" nor "Tabs");
# "Kernel" and "File" are the Italian words too.
PACK_SUPPLEMENT = {"it_IT": {"jupyterlab": {"menu\x04View": ["Visualizza"], "menu\x04Tabs": ["Schede"]}}}


def complete_language_packs(out: Path) -> dict[str, int]:
    """Give every language pack of the site the context-keyed entries another pack has (``"menu\\x04Edit"``: JupyterLab
    4 asks for its menus' titles in the context "menu") where the pack translates the same words without a context.
    JupyterLab's Italian pack (4.5.post3) translates "Edit" but not "Edit" in the context "menu", so the Italian
    page's menu bar stayed English; the few titles no pack translates come from ``PACK_SUPPLEMENT``. Returns the
    number of entries added to each pack's file."""
    folder = out / "api" / "translations"
    packs = {path.stem: json.loads(path.read_text()) for path in sorted(folder.glob("*_*.json"))}
    keyed: dict[str, set[str]] = {}
    for pack in packs.values():
        for domain, entries in pack["data"].items():
            keyed.setdefault(domain, set()).update(k for k in entries if "\x04" in k)
    added = {}
    for locale, pack in packs.items():
        count = 0
        for domain, more in PACK_SUPPLEMENT.get(locale, {}).items():
            entries = pack["data"].setdefault(domain, {})
            count += sum(1 for key in more if key not in entries)
            entries.update({key: value for key, value in more.items() if key not in entries})
        for domain, entries in pack["data"].items():
            for key in sorted(keyed.get(domain, ())):
                plain = key.split("\x04", 1)[1]
                if key not in entries and plain in entries:
                    entries[key] = entries[plain]
                    count += 1
        if count:
            (folder / f"{locale}.json").write_text(json.dumps(pack, ensure_ascii=False, indent=2) + "\n")
        added[locale] = count
    return added


def language_pages(out: Path) -> list[Path]:
    """Add the language pages to the site ``out`` (``LANGUAGE_PAGES``): ``lab-ru/``, ``lab-it/``. Returns them."""
    lab = out / "lab"
    packs = json.loads((out / "api" / "translations" / "all.json").read_text())["data"]
    made = []
    for lang, locale in LANGUAGE_PAGES.items():
        if locale not in packs:
            raise SystemExit(f"lite: JupyterLab's {locale} language pack is not in the site: see lite/requirements.txt")
        page = out / f"lab-{lang}"
        shutil.copytree(lab, page)
        config = json.loads((page / "jupyter-lite.json").read_text())
        data = config["jupyter-config-data"]
        data["appUrl"] = f"/lab-{lang}"
        settings = data.setdefault("settingsOverrides", {})
        settings.setdefault("@jupyterlab/translation-extension:plugin", {})["locale"] = locale
        (page / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")
        made.append(page)
    return made


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
    added = complete_language_packs(out)
    say("language packs completed: " + ", ".join(f"{locale} +{n}" for locale, n in added.items()))
    pages = language_pages(out)
    say(f"JupyterLab's menus in the notebooks' languages: {', '.join(f'{p.name}/' for p in pages)}")

    config = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]
    settings = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert settings["pyodideUrl"] == "./static/pyodide/pyodide.mjs", settings
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    files = sum(1 for p in out.rglob("*") if p.is_file())
    say(f"{out} ({size / 1e6:.1f} MB in {files} files) in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
