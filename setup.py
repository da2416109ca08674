"""The build: the package's sources, and where a C compiler and mypyc are at hand, the modules of
``bibi._engine.GROUP`` compiled by mypyc beside them (as black and mypy ship mypyc builds of the same sources).

``pyproject.toml`` holds the package's metadata and asks for mypy (mypyc) in the build's environment. The compiled
modules are made only when ``bibi._engine.can_compile()`` finds a C compiler, Python's headers and mypyc, and
``BIBI_PURE`` is unset (or ``0``); if mypyc refuses the sources, the build goes on pure, and a compiler that fails
leaves the pure package too (the extensions are optional). The build writes ``bibi/_built.py``: the hash of each
file the compiled modules were made from (the group and its dependencies), or why it stayed pure; ``bibi._engine``
runs the compiled modules only while those files are unchanged, and ``bibi --version`` says which build runs.

pip runs this file three times for one install: for the build's requirements (``egg_info``), for the metadata
(``dist_info``) and for the build itself; only the build compiles.
"""

from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
ENGINE = runpy.run_path(str(ROOT / "bibi" / "_engine.py"), run_name="bibi_engine_for_setup")  # standard library only
BUILT = ROOT / "bibi" / ENGINE["BUILT"]
METADATA_ONLY = {"egg_info", "dist_info"}  # the commands pip runs before the build, which compile nothing


def pure(why) -> list:
    print(f"bibi: building the pure-Python package ({ENGINE['text'](why)})")
    BUILT.write_text(ENGINE["record_text"](ROOT / "bibi", why, "setup.py"), encoding="utf-8")
    return []


def extensions() -> list:
    commands = [arg for arg in sys.argv[1:] if not arg.startswith("-")]
    if commands and set(commands) & METADATA_ONLY and not {"build", "build_ext", "bdist_wheel", "editable_wheel",
                                                            "install", "develop"} & set(commands):
        return []
    why = ENGINE["can_compile"]()
    if why is not None:
        return pure(why)
    from mypyc.build import mypycify

    os.chdir(ROOT)  # mypyc reads the sources and [tool.mypy] from here
    try:
        modules = mypycify(ENGINE["mypyc_arguments"](), opt_level="3", group_name="bibi")
    except (Exception, SystemExit):  # mypyc refused the sources (it printed why): the pure package still builds
        return pure((ENGINE["MYPYC_FAILED"], {}))
    for module in modules:
        module.optional = True  # a compiler that fails leaves the pure package
    BUILT.write_text(ENGINE["record_text"](ROOT / "bibi", None, "setup.py"), encoding="utf-8")
    print("bibi: compiling the engine's group with mypyc")
    return modules


setup(ext_modules=extensions())
