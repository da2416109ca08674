"""The notebooks as committed open well without a kernel: a banner on top, no widget state or view that cannot
work, and a picture (HTML) where a widget will be (``tools/static_notebooks.py`` keeps them so)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bibi.render import BANNER, banner_markdown

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_saved_notebook_has_its_banner_and_no_widget_that_cannot_work(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    first = nb["cells"][0]
    assert first["cell_type"] == "markdown" and "".join(first["source"]).startswith('<div class="bibi-banner"')
    assert "Run ▸ Run All Cells" in "".join(first["source"])
    assert "widgets" not in nb.get("metadata", {})  # no saved widget state
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            assert WIDGET_VIEW not in out.get("data", {}), f"{path.name}: a saved widget view shows as broken"


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.name in ("06-play.ipynb", "app.ipynb")],
                         ids=lambda p: p.name)
def test_the_play_table_is_saved_as_a_picture(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    html = ["".join(out["data"]["text/html"]) for cell in nb["cells"] for out in cell.get("outputs", [])
            if "text/html" in out.get("data", {})]
    assert any(("A picture of the play table: Run All to play." in h or "A picture of this view" in h)
               and "bibi-table" in h and "bibi-seat" in h for h in html)


def test_the_banner_is_one_reusable_line():
    assert "\n" not in BANNER and BANNER in banner_markdown()
    assert banner_markdown("other words").count("other words") == 1
