"""Build the compiled engine into ``build/compiled``: a copy of the package whose engine group mypyc compiled.

    python tools/build_compiled.py          # prints the folder; PYTHONPATH=<it> runs the kit on it
    make compiled                           # the same

mypyc reads the type annotations of the engine's group (``bibi/deal.py`` with ``actions.py``, ``reports.py``,
``records.py``, ``dealing.py``, ``tricks.py`` and ``live.py``, passed together so that they compile as one group
and call each other natively) and turns the modules into C extensions: the same source, so every rule is still
written once, and the pure-Python modules in ``bibi/`` stay the engine a learner reads, edits and runs. The copy
is never installed over the source tree, so a compiled module cannot shadow an edited source;
``bibi.deal.COMPILED`` says which one runs. The folder is reused while the sources it was built from are unchanged
(the tests and the benchmark share one build). Needs mypy (the ``test`` extra), a C compiler and Python's headers.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "compiled"
STAMP = OUT / ".sources"
COMPILE = [  # the engine's group
    "bibi/deal.py", "bibi/actions.py", "bibi/reports.py", "bibi/records.py", "bibi/dealing.py", "bibi/tricks.py",
    "bibi/live.py",
]


def sources() -> list[Path]:
    """Everything the build copies or reads: the package and the mypy settings in pyproject.toml."""
    files = [p for p in (ROOT / "bibi").rglob("*") if p.is_file() and "__pycache__" not in p.parts]
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
    shutil.copytree(ROOT / "bibi", OUT / "bibi", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    config = ["--config-file", str(ROOT / "pyproject.toml")]  # its [tool.mypy] settings
    done = subprocess.run([sys.executable, "-m", "mypyc", *config, *COMPILE], cwd=OUT, capture_output=True,
                          text=True)
    if done.returncode != 0:
        sys.exit(f"build_compiled: mypyc failed\n{done.stdout}\n{done.stderr}")
    shutil.rmtree(OUT / "build", ignore_errors=True)  # mypyc's C sources and objects
    for module in COMPILE:
        stem = Path(module).with_suffix("")
        if not any(OUT.glob(f"{stem}.*.so")) and not any(OUT.glob(f"{stem}.*.pyd")):
            sys.exit(f"build_compiled: mypyc made no compiled {stem} module in {OUT}")
    STAMP.write_text(wanted)
    return OUT


if __name__ == "__main__":
    print(build())
