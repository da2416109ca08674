"""Build a compiled copy of the kit into ``build/compiled``: the package with the engine's group compiled by mypyc.

    python tools/build_compiled.py          # prints the folder; PYTHONPATH=<it> runs the kit on it
    make compiled                           # the same

A normal install compiles the group itself (``setup.py``); this copy is for a checkout whose install is pure (no
compiler, or ``BIBI_PURE=1``) and for benchmarks that compare the two builds. mypyc reads the type annotations of
the modules of ``bibi._engine.GROUP``, passed together so that they compile as one group and call each other
natively, and turns them into C extensions: the same source, so every rule is still written once. The copy holds
``bibi/_built.py`` with the hash of each file it compiled from, as an install does (``bibi._engine``), and is never
installed over the source tree; ``bibi.deal.COMPILED`` says which build runs. The folder is reused while the
sources it was built from are unchanged. Needs mypy, a C compiler and Python's headers.
"""

from __future__ import annotations

import hashlib
import runpy
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "compiled"
STAMP = OUT / ".sources"
ENGINE = runpy.run_path(str(ROOT / "bibi" / "_engine.py"), run_name="bibi_engine_for_build")  # standard library only


def sources() -> list[Path]:
    """Everything the build copies or reads: the package and the mypy settings in pyproject.toml."""
    files = [p for p in (ROOT / "bibi").rglob("*") if p.is_file() and "__pycache__" not in p.parts
             and p.suffix not in (".so", ".pyd") and p.name != "_built.py"]
    return sorted([*files, ROOT / "pyproject.toml", Path(__file__)])


def sources_hash() -> str:
    digest = hashlib.sha256(sys.version.encode())
    for path in sources():
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def build() -> Path:
    """Build (or reuse) ``build/compiled`` and return it."""
    wanted = sources_hash()
    if STAMP.exists() and STAMP.read_text() == wanted:
        return OUT
    shutil.rmtree(OUT, ignore_errors=True)
    shutil.copytree(ROOT / "bibi", OUT / "bibi", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd",
                                                                             "_built.py"))
    why = ENGINE["can_compile"](asked=True)
    if why is not None:
        sys.exit(f"build_compiled: cannot compile here: {ENGINE['text'](why)}")
    arguments = ENGINE["mypyc_arguments"](str(ROOT / "pyproject.toml"))  # its [tool.mypy] settings, the group
    done = subprocess.run([sys.executable, "-m", "mypyc", *arguments], cwd=OUT, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"build_compiled: mypyc failed\n{done.stdout}\n{done.stderr}")
    shutil.rmtree(OUT / "build", ignore_errors=True)  # mypyc's C sources and objects
    for name in ENGINE["GROUP"]:
        if not any(OUT.glob(f"bibi/{name}.*.so")) and not any(OUT.glob(f"bibi/{name}.*.pyd")):
            sys.exit(f"build_compiled: mypyc made no compiled bibi/{name} module in {OUT}")
    (OUT / "bibi" / ENGINE["BUILT"]).write_text(ENGINE["record_text"](OUT / "bibi", None, "tools/build_compiled.py"),
                                                encoding="utf-8")
    STAMP.write_text(wanted)
    return OUT


if __name__ == "__main__":
    print(build())
