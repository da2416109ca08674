"""Time the JupyterLite site as a learner meets it: per notebook, from opening it to a kernel ready to run cells, and
from Run All to the first output; each in a fresh browser profile (nothing cached), the median of several runs.

    make lite && .venv/bin/python tests/browser/lite_timings.py --runs 3

Served on 127.0.0.1 with every other request aborted and the site's service worker running, as in test_lite.py.
Every notebook of the site by default, the translations' folders (ru/, it/) too. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from lab_driver import CHROMIUM_ARGS, SERVICE_WORKER_NETWORK_EVENTS, VIEWPORT  # noqa: E402
from lite_driver import SITE, Offline, clear_and_run_all, open_notebook, serve_site  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("notebooks", nargs="*", help="paths in the site (default: every notebook)")
    args = parser.parse_args()
    names = args.notebooks or sorted((str(p.relative_to(SITE / "files")) for p in (SITE / "files").rglob("*.ipynb")),
                                     key=lambda name: (name.count("/"), name))  # fmt: skip
    rows = []
    os.environ.setdefault(SERVICE_WORKER_NETWORK_EVENTS, "1")  # the service worker's requests routed too
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        server = serve_site(SITE, Path(tmp) / "http.log")
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
        try:
            for name in names:
                ready, first = [], []
                for _ in range(args.runs):
                    context = browser.new_context(viewport=VIEWPORT, service_workers="allow")
                    page = context.new_page()
                    offline = Offline(server.url).attach(page)
                    ready.append(open_notebook(page, server, name))
                    first.append(clear_and_run_all(page, 240_000))
                    context.close()
                    left = f" ({len(offline.left)} requests blocked)" if offline.left else ""
                    print(f"{name}: ready {ready[-1]:.1f} s, first output {first[-1]:.1f} s{left}", file=sys.stderr)
                rows.append((name, statistics.median(ready), statistics.median(first)))
        finally:
            browser.close()
            server.stop()
    print("| notebook | kernel ready | first output after Run All |\n| --- | --- | --- |")
    for name, ready_s, first_s in rows:
        print(f"| {name} | {ready_s:.0f} s | {first_s:.1f} s |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
