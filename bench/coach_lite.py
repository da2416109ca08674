"""How long the review of a deal takes in the JupyterLite site: ``bibi.coach.analyse`` in the browser's own Python.

The site (``make lite``, in build/lite) is served on 127.0.0.1, every other request aborted, and opened in chromium
(headless, as the browser tests drive it). Once a notebook's Pyodide kernel is ready, the kernel itself plays
``--deals`` deals with the heuristic at every seat and analyses one seat of each (seat ``i mod players``) with the
coach's defaults, or ``--worlds``; it prints each analysis's time as the kernel's own clock counts it (wall and
CPU, ``time.perf_counter`` and ``time.process_time``), then the median. The kit runs pure there (no compiled
engine in the browser).

    make lite && nice -n 10 .venv/bin/python bench/coach_lite.py --deals 5 --players 6
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "browser"))

from lab_driver import CHROMIUM_ARGS, SERVICE_WORKER_NETWORK_EVENTS, VIEWPORT  # noqa: E402
from lite_driver import SITE, Offline, kernel_says, open_notebook, serve_site  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

CODE = """
import json, time
import bibi.deal
from bibi.coach import WORLDS, analyse
from bibi.play import play_seeded
times = []
for i in range({deals}):
    seed = {seed} + i
    deal = play_seeded({preset!r}, {players}, seed, "heuristic")
    wall, cpu = time.perf_counter(), time.process_time()
    done = analyse(deal, i % {players}, worlds={worlds} or WORLDS)
    times.append((seed, time.perf_counter() - wall, time.process_time() - cpu, len(done.decisions),
                  sum(d.worlds for d in done.decisions)))
print(json.dumps({{"compiled": bibi.deal.COMPILED, "times": times}}))
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--preset", default="russian")
    parser.add_argument("--worlds", type=int, default=0, help="worlds a decision at most (default: the coach's)")
    parser.add_argument("--seed", type=int, default=46000)
    args = parser.parse_args(argv)
    if not (SITE / "lab" / "index.html").is_file():
        print("no site in build/lite: run `make lite` first", file=sys.stderr)
        return 1
    os.environ.setdefault(SERVICE_WORKER_NETWORK_EVENTS, "1")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        server = serve_site(SITE, Path(tmp) / "http.log")
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(viewport=VIEWPORT, service_workers="allow").new_page()
            offline = Offline(server.url).attach(page)
            ready = open_notebook(page, server, "01-learn-to-play.ipynb")
            page.set_default_timeout(3_600_000)
            status, said = kernel_says(page, CODE.format(deals=args.deals, seed=args.seed, preset=args.preset,
                                                         players=args.players, worlds=args.worlds))
            assert status == "ok", said
            result = json.loads(said.strip().splitlines()[-1])
        finally:
            browser.close()
            server.stop()
    print(f"JupyterLite (Pyodide), {args.preset}, {args.players} players, heuristic at every seat, seeds "
          f"{args.seed}…{args.seed + args.deals - 1}; kernel ready in {ready:.0f} s; the engine compiled there: "
          f"{result['compiled']}; requests blocked: {len(offline.left)}")
    print("| seed | decisions | worlds | wall s | CPU s (the kernel's clock) |\n|---|---|---|---|---|")
    for seed, wall, cpu, decisions, worlds in result["times"]:
        print(f"| {seed} | {decisions} | {worlds} | {wall:.1f} | {cpu:.1f} |")
    walls = [t[1] for t in result["times"]]
    print(f"median {statistics.median(walls):.1f} s wall, worst {max(walls):.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
