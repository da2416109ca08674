"""``make handout``: the lesson (notebook 03, "Russian vs Italian") in each language as a page a teacher prints and
hands out: the saved notebook's prose, tables and pictures, without code, prompts or "Run All" notes; HTML and PDF
(A4, printed by chromium) in ``build/handout/``, with a picture of each PDF's first page.

Usage: ``python tools/handout.py [OUT]`` (default ``build/handout``). Reads the notebooks as committed (with their
outputs, from a clean run); needs chromium (``make chromium``) and the ``playwright`` package.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from nbconvert import HTMLExporter

ROOT = Path(__file__).resolve().parents[1]
LESSONS = {
    "en": ROOT / "notebooks" / "03-russian-vs-italian.ipynb",
    "ru": ROOT / "notebooks" / "ru" / "03-russian-vs-italian-ru.ipynb",
    "it": ROOT / "notebooks" / "it" / "03-russian-vs-italian-it.ipynb",
}
# What a printed page leaves out: the notebook's "Run ▸ Run All" banner and each picture's note that it is a
# picture of a live view (on paper everything is a picture). Cards and boxes keep their colours; a table does not
# break inside a row, and the worked examples and the summary's lines are not cut across pages. Paper has no scroll
# bar: a table as wide as the rules' listing is fitted to the page, and printed text wraps between words.
PRINT_CSS = """<style>
.bibi-banner, .bibi-picture > .bibi > style + .bibi-status { display: none !important; }
@page { size: A4; margin: 14mm 12mm; }
@media print {
  body { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .jp-Cell { break-inside: avoid-page; }
  .bibi-table, .bibi-sheet, .bibi-parting, .bibi-sentence, .bibi-worked, .bibi-summary li, tr { break-inside: avoid; }
  /* a page has no scroll bar: a wide table fits the page's width, printed text wraps between words */
  .jp-OutputArea-output, .jp-RenderedHTMLCommon { overflow: visible !important; }
  table.bibi-sheet { max-width: 100% !important; }
  table.bibi-sheet code { white-space: normal; overflow-wrap: anywhere; font-size: 80%; }
  /* the rules of both texts side by side (rows marked where they differ): option, two values, meaning, sources */
  table.bibi-sheet:has(tr.bibi-diff) { table-layout: fixed; width: 100% !important; }
  table.bibi-sheet:has(tr.bibi-diff) th:nth-child(1) { width: 19%; }
  table.bibi-sheet:has(tr.bibi-diff) th:nth-child(2), table.bibi-sheet:has(tr.bibi-diff) th:nth-child(3) { width: 16%; }
  table.bibi-sheet:has(tr.bibi-diff) th:nth-child(4) { width: 33%; }
  table.bibi-sheet:has(tr.bibi-diff) th:nth-child(5) { width: 16%; }
  .jp-OutputArea-output pre { word-break: normal !important; overflow-wrap: break-word !important; }
}
</style>"""


def handout_html(notebook: Path) -> str:
    """The notebook as one HTML page without code or prompts, made for print."""
    exporter = HTMLExporter(template_name="lab", exclude_input=True, exclude_input_prompt=True,
                            exclude_output_prompt=True)
    body, _resources = exporter.from_filename(str(notebook))
    # Paper cannot unfold: the lesson's long table of effects prints open (its key measures lead the page anyway).
    body = body.replace('<details class="bibi-lesson-effects">', '<details class="bibi-lesson-effects" open>')
    return body.replace("</head>", PRINT_CSS + "</head>", 1)


def print_pdf(html: Path, pdf: Path, picture: Path) -> int:
    """Print ``html`` to ``pdf`` (A4) in chromium, and a picture of its first printed page; returns the PDF's size.
    Only the file itself is loaded: requests elsewhere (a CDN's script) are refused, so nothing waits on them."""
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise SystemExit("handout: chromium is not installed (make chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--headless", "--no-sandbox",
                                                                             "--disable-gpu"])
        try:
            page = browser.new_page(viewport={"width": 794, "height": 1123})  # A4 at 96 dpi
            page.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:")
                       else route.abort())
            page.goto(html.resolve().as_uri(), wait_until="load")
            page.emulate_media(media="print")
            page.screenshot(path=str(picture))
            page.pdf(path=str(pdf), format="A4", print_background=True,
                     margin={"top": "14mm", "bottom": "14mm", "left": "12mm", "right": "12mm"})
        finally:
            browser.close()
    return pdf.stat().st_size


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for lang, notebook in LESSONS.items():
        html = out / f"lesson-{lang}.html"
        html.write_text(handout_html(notebook), encoding="utf-8")
        size = print_pdf(html, out / f"lesson-{lang}.pdf", out / f"lesson-{lang}-page1.png")
        print(f"{lang}: {html.relative_to(out.parent)} and lesson-{lang}.pdf ({size // 1024} kB)")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "handout")
