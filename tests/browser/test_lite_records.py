"""Same seed, same bots, same records in the browser: the search bot with inference (the expert level) plays the
deals of tests/search_records.py in the JupyterLite site's Pyodide kernel, the kit's pure build, as it plays them on
the machine's builds (tests/test_inference.py holds the compiled and the pure build to each other)."""

from __future__ import annotations

import subprocess
import sys

from lab_driver import ROOT
from lite_driver import kernel_says
from test_lite import lite, site, site_page, visit  # noqa: F401  # the module's site, its server and page

SCRIPT = ROOT / "tests" / "search_records.py"


def test_the_browser_plays_the_searchs_deals_as_the_machine_does(visit):  # noqa: F811  # test_lite's fixture
    here = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, cwd=ROOT, check=True)
    visit.session.open("02-step-through-a-deal.ipynb")
    status, said = kernel_says(visit.page, SCRIPT.read_text(encoding="utf-8").replace(
        'if __name__ == "__main__":', "if True:"))
    assert status == "ok", said
    assert said.split() == here.stdout.split() and len(here.stdout.splitlines()) == 2
    status, build = kernel_says(visit.page, "import bibi.deal; print(bibi.deal.COMPILED)")
    assert (status, build.strip()) == ("ok", "False")  # the browser runs the pure sources
    assert visit.left() == [], f"requests left the machine: {visit.left()}"
