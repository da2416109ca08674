"""The build: the package's sources, and where a C compiler and mypyc are at hand, the modules of
``bibi._engine.GROUP`` compiled by mypyc beside them (as black and mypy ship mypyc builds of the same sources).

``pyproject.toml`` holds the package's metadata and asks for mypy (mypyc) in the build's environment. The compiled
modules are made only when a C compiler and Python's headers are found and ``BIBI_PURE`` is unset (or ``0``); if
compiling fails all the same, the build goes on pure (the extensions are optional). A compiled build writes the hash
of the sources it compiled into ``bibi/_built.py``; ``bibi._engine`` runs the compiled modules only while the
sources still have it.
"""

from __future__ import annotations

import os
import runpy
import shutil
import sysconfig
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
ENGINE = runpy.run_path(str(ROOT / "bibi" / "_engine.py"), run_name="bibi_engine_for_setup")  # standard library only
BUILT = ROOT / "bibi" / "_built.py"


def can_compile() -> str | None:
    """Why the build stays pure (``None``: it compiles)."""
    if os.environ.get("BIBI_PURE", "0") not in ("", "0"):
        return "BIBI_PURE is set"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed"
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if not shutil.which(compiler):
        return f"no C compiler ({compiler})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (Python.h)"
    return None


def extensions() -> list:
    reason = can_compile()
    if reason is not None:
        print(f"bibi: building the pure-Python package ({reason})")
        BUILT.unlink(missing_ok=True)
        return []
    from mypyc.build import mypycify

    os.chdir(ROOT)  # mypyc reads the sources and [tool.mypy] from here
    try:
        modules = mypycify(["--config-file", "pyproject.toml", *(f"bibi/{name}.py" for name in ENGINE["GROUP"])],
                           opt_level="3", group_name="bibi")
    except (Exception, SystemExit) as error:  # mypyc refused the sources: the pure package still builds
        print(f"bibi: building the pure-Python package (mypyc failed: {error})")
        BUILT.unlink(missing_ok=True)
        return []
    for module in modules:
        module.optional = True  # a compiler that fails leaves the pure package
    BUILT.write_text('"""Written by setup.py: the hash of the sources the compiled modules were built from."""\n\n'
                     f'SOURCES = "{ENGINE["sources_hash"]()}"\n', encoding="utf-8")
    print("bibi: compiling the engine's group with mypyc")
    return modules


setup(ext_modules=extensions())
