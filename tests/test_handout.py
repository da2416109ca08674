"""``make handout``: the lesson printed in three languages, without code (tools/handout.py, chromium)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import handout  # noqa: E402
import pytest  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # chromium prints the PDFs

TITLES = {"en": "Russian vs Italian", "ru": "Русские правила и итальянские", "it": "Regole russe e regole italiane"}


def test_the_lesson_prints_in_three_languages_without_code(tmp_path):
    handout.main(tmp_path)
    for lang in handout.LESSONS:
        html = (tmp_path / f"lesson-{lang}.html").read_text(encoding="utf-8")
        assert 'class="highlight hl-ipython3"' not in html and "import bibi" not in html  # no code
        assert "bibi-parting" in html and "bibi-table" in html  # the pictures of the views are there
        assert ".bibi-banner" in html  # the "Run All" banner is hidden on paper
        assert f">{TITLES[lang]}" in html
        pdf = (tmp_path / f"lesson-{lang}.pdf").read_bytes()
        assert pdf.startswith(b"%PDF-") and len(pdf) > 100_000
        pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
        assert pages >= 5, f"{lang}: {pages} pages"
        assert (tmp_path / f"lesson-{lang}-page1.png").stat().st_size > 10_000
