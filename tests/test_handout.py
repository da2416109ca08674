"""``make handout``: the lesson printed in three languages, without code (tools/handout.py, chromium)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import handout  # noqa: E402
import pytest  # noqa: E402

from bibi import worked  # noqa: E402
from bibi.rules import ITALIAN, RUSSIAN  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.subprocess]  # chromium prints the PDFs

KEY = {"en": "The key measures", "ru": "Главные меры", "it": "Le misure principali"}
TITLES = {"en": "Russian vs Italian", "ru": "Русские правила и итальянские", "it": "Regole russe e regole italiane"}


def test_the_lesson_prints_in_three_languages_without_code(tmp_path):
    # as `make handout` runs it: a process of its own, whose Playwright no loop of another test's can be around
    subprocess.run([sys.executable, str(ROOT / "tools" / "handout.py"), str(tmp_path)], check=True, timeout=900)
    for lang in handout.LESSONS:
        html = (tmp_path / f"lesson-{lang}.html").read_text(encoding="utf-8")
        assert 'class="highlight hl-ipython3"' not in html and "import bibi" not in html  # no code
        assert "bibi-parting" in html and "bibi-table" in html  # the pictures of the views are there
        assert ".bibi-banner" in html  # the "Run All" banner is hidden on paper
        assert f">{TITLES[lang]}" in html
        # every difference worked on one position, the summary in words, the lesson's key measures and its long
        # table printed open
        assert html.count('class="bibi-worked"') == len(worked.differences(RUSSIAN, ITALIAN)) == 9
        assert html.count('<ul class="bibi-summary">') == 1 and html.count("<code>follow</code>") >= 2
        # a value in notation may wrap after its underscores only: the tool itself stops on a value printed broken
        # inside a word (handout.midword_breaks, measured in chromium at the printed page's width)
        assert "<code>follow_<wbr>or_<wbr>trump</code>" in html and "<code>follow_or_trump</code>" not in html
        assert '<details class="bibi-lesson-effects" open>' in html and KEY[lang] in html
        if lang != "en":
            assert "Russian text" not in html and "The engine:" not in html
        pdf = (tmp_path / f"lesson-{lang}.pdf").read_bytes()
        assert pdf.startswith(b"%PDF-") and len(pdf) > 100_000
        pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
        assert pages >= 5, f"{lang}: {pages} pages"
        assert (tmp_path / f"lesson-{lang}-page1.png").stat().st_size > 10_000
