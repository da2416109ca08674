"""What the kit's words cost in a Jupyter kernel where nothing chose a language, against a kernel whose notebook set
one: ``_()`` and ``render.table_html`` per call, and the language's settling at the start of each cell.

A kernel started by JupyterLab often has no language in its environment (``C.UTF-8`` or nothing), so the kit follows
JupyterLab's Settings ▸ Language (``bibi.i18n``'s order). It settles that once per cell (IPython's ``pre_run_cell``)
and a message in between only looks it up; a notebook that calls ``bibi.set_language`` skips the settings. The two
must cost alike per call (issue 41: within 1.5×).

A real IPython kernel runs in this process (ipykernel's in-process kernel), with the environment naming no language
and a JupyterLab settings folder of its own (``JUPYTERLAB_SETTINGS_DIR``, a temporary folder) whose saved language
is Russian, or none (English). Each round runs one cell of each kind, in turn, and each cell times its calls with
``time.process_time``:

- *nothing chosen*: ``set_language(None)`` in the cell before; the kit follows JupyterLab's choice;
- *set*: ``set_language("ru")`` (``"en"``) in the cell before.

Per call: ``_("the deal is over")`` ``--calls`` times, and ``render.table_html`` of a 6-player deal at a decision
(seat 0's view, as the play table draws it) ``--tables`` times. The ratio *nothing chosen ÷ set* is taken within each
round (the same moment of the machine for both) and reported as the mean of the rounds with a 95 % interval (1.96
standard errors), with the median per-call times. Then the cost of what runs before each cell (IPython's
``pre_run_cell``, the kit's hook among it), in µs per cell, in both kinds of kernel.

    nice .venv/bin/python bench/i18n_cost.py                  # 30 rounds, Russian and English
    nice .venv/bin/python bench/i18n_cost.py --rounds 5       # a quick look
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

SEED = 7  # the deal drawn by table_html
MESSAGE = "the deal is over"
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

CELL = """
import time as _time
from bibi.i18n import _ as _say
from bibi import render as _render
_t = _time.process_time()
for _i in range({calls}):
    _say({message!r})
_said = (_time.process_time() - _t) / {calls}
_t = _time.process_time()
for _i in range({tables}):
    _render.table_html(_deal, 0)
_drawn = (_time.process_time() - _t) / {tables}
_costs.append((_said, _drawn, _say({message!r})))
"""


def kernel(settings: Path):
    """An IPython kernel in this process, its environment naming no language, JupyterLab's settings in
    ``settings``."""
    for name in ENVIRONMENT:
        os.environ.pop(name, None)
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")  # (the kernel's debugger, quiet about frozen modules)
    os.environ["JUPYTERLAB_SETTINGS_DIR"] = str(settings)
    from ipykernel.inprocess.manager import InProcessKernelManager

    manager = InProcessKernelManager()
    manager.start_kernel()
    shell = manager.kernel.shell
    run(shell, f"""
import bibi
from bibi.play import snapshots, play_seeded
_deal = snapshots(play_seeded("russian", 6, {SEED}, "heuristic"))[20]
_costs = []
""")
    return manager, shell


def run(shell, code: str) -> None:
    done = shell.run_cell(code, store_history=False)
    if not done.success:
        raise SystemExit(f"i18n_cost: a cell failed: {done.error_in_exec or done.error_before_exec!r}")


def save_choice(settings: Path, locale: str | None) -> None:
    """JupyterLab's Settings ▸ Language, as JupyterLab saves it (or nothing saved)."""
    path = settings / "@jupyterlab" / "translation-extension" / "plugin.jupyterlab-settings"
    path.parent.mkdir(parents=True, exist_ok=True)
    if locale is None:
        path.unlink(missing_ok=True)
    else:
        path.write_text("{\n    // Language\n    " + json.dumps({"locale": locale})[1:-1] + "\n}\n", encoding="utf-8")


def measure(shell, lang: str, rounds: int, calls: int, tables: int) -> dict[str, list]:
    """Each round: a cell with nothing chosen, then one with ``lang`` set (in turn which goes first)."""
    found: dict[str, list] = {"nothing chosen": [], "set": []}
    cell = CELL.format(calls=calls, tables=tables, message=MESSAGE)
    for number in range(rounds + 1):  # the first round warms up (caches, the catalog compiled), and is dropped
        kinds = ["nothing chosen", "set"] if number % 2 else ["set", "nothing chosen"]
        for kind in kinds:
            run(shell, "bibi.set_language(None)" if kind == "nothing chosen" else f"bibi.set_language({lang!r})")
            run(shell, cell)
            said, drawn, words = shell.user_ns["_costs"].pop()
            if number:
                found[kind].append((said, drawn, words))
    return found


def hook_cost(shell, cells: int) -> float:
    """µs of CPU per cell for what IPython runs before each cell (``pre_run_cell``: the kit's hook,
    ``bibi.i18n._settle_cell``, and whatever else is registered)."""
    from IPython.core.interactiveshell import ExecutionInfo

    info = ExecutionInfo("", store_history=False, silent=False, shell_futures=True, cell_id=None)
    start = time.process_time()
    for _ in range(cells):
        shell.events.trigger("pre_run_cell", info)
    return (time.process_time() - start) / cells * 1e6


def interval(values: list[float]) -> str:
    """The mean and its 95 % interval, "1.234 ± 0.056" (``bot_strength.interval``, the benchmarks' one; imported
    here, not at the top: the kit is imported only once the kernel's environment is set)."""
    from bot_strength import interval as estimate
    from bot_strength import shown

    return shown(*estimate(values), 3)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=30, help="paired rounds per language (default 30)")
    parser.add_argument("--calls", type=int, default=20_000, help="_() calls per cell (default 20000)")
    parser.add_argument("--tables", type=int, default=20, help="table_html calls per cell (default 20)")
    args = parser.parse_args(argv)
    started = time.process_time()
    with tempfile.TemporaryDirectory() as folder:
        settings = Path(folder)
        manager, shell = kernel(settings)
        print(f"Python {sys.version.split()[0]}, {args.rounds} rounds, {args.calls} _() and {args.tables} table_html "
              "per cell; CPU time per call (median), and nothing chosen ÷ set within each round (95 % interval)")
        print("| JupyterLab's choice | set in the notebook | kit's language | _() nothing chosen | _() set "
              "| ratio | table_html nothing chosen | table_html set | ratio | hook, µs a cell: nothing chosen "
              "| set |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        for locale, lang in (("ru_RU", "ru"), (None, "en")):
            save_choice(settings, locale)
            found = measure(shell, lang, args.rounds, args.calls, args.tables)
            none, chosen = found["nothing chosen"], found["set"]
            assert {w for *_, w in none} == {w for *_, w in chosen}, "both kinds must speak the same language"
            words = none[0][2]
            ratios_said = [a[0] / b[0] for a, b in zip(none, chosen, strict=True)]
            ratios_drawn = [a[1] / b[1] for a, b in zip(none, chosen, strict=True)]
            run(shell, "bibi.set_language(None)")
            hook_none = hook_cost(shell, 2000)
            run(shell, f"bibi.set_language({lang!r})")
            hook_set = hook_cost(shell, 2000)
            said = [statistics.median(kind[0] for kind in found[k]) * 1e6 for k in ("nothing chosen", "set")]
            drawn = [statistics.median(kind[1] for kind in found[k]) * 1e3 for k in ("nothing chosen", "set")]
            print(f"| {locale or 'none saved'} | {lang} | {words!r} | {said[0]:.2f} µs | {said[1]:.2f} µs "
                  f"| {interval(ratios_said)} | {drawn[0]:.2f} ms | {drawn[1]:.2f} ms | {interval(ratios_drawn)} "
                  f"| {hook_none:.1f} | {hook_set:.1f} |")
        manager.shutdown_kernel()
    print(f"CPU {time.process_time() - started:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
