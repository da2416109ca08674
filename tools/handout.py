"""``make handout``: the lesson (notebook 03, "Russian vs Italian") in each language as a page a teacher prints and
hands out: the saved notebook's prose, tables and pictures, without code, prompts or "Run All" notes; HTML and PDF
(A4, printed by chromium) in ``build/handout/``, with a picture of each PDF's first page.

Usage: ``python tools/handout.py [OUT]`` (default ``build/handout``). Reads the notebooks as committed (with their
outputs, from a clean run); needs chromium (``make chromium``) and the ``playwright`` package.
"""

from __future__ import annotations

import re
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
# bar: a table as wide as the rules' listing is fitted to the page, and printed text wraps between words; a value in
# notation (``follow_or_trump``) wraps after an underscore (``handout_html`` marks each as a place to break), never
# inside a word (``midword_breaks`` checks the printed layout).
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
  table.bibi-sheet code { white-space: normal; overflow-wrap: break-word; font-size: 80%; }
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
    # A narrow column of values in notation breaks them at their underscores: after_<wbr>each_<wbr>card.
    body = re.sub(r"<code>([^<]*)</code>", lambda m: "<code>" + m[1].replace("_", "_<wbr>") + "</code>", body)
    return body.replace("</head>", PRINT_CSS + "</head>", 1)


# The width of the printed page's text at 96 dpi: A4's 210 mm less the 12 mm margins on each side.
PRINTED_WIDTH = round((210 - 2 * 12) / 25.4 * 96)
# Each ``<code>`` laid out over more than one line, and where its lines part: the two characters on either side of
# each break, found by measuring every character's box (a text node at a time).
_BREAKS_JS = """() => [...document.querySelectorAll('code')].filter(e => e.getClientRects().length > 1).flatMap(e => {
  const text = e.textContent, range = document.createRange(), out = [];
  let i = 0, top = null;
  for (const node of [...e.childNodes].filter(n => n.nodeType === 3)) {
    for (let k = 0; k < node.length; k++, i++) {
      range.setStart(node, k); range.setEnd(node, k + 1);
      const r = range.getBoundingClientRect();
      if (!r.width) continue;
      if (top !== null && r.top > top + 1) out.push([text, text.slice(Math.max(0, i - 1), i + 1)]);
      top = r.top;
    }
  }
  return out;
})"""


def midword_breaks(page) -> list[str]:
    """The values in notation that the printed layout of ``page`` (emulating print at the page's width) breaks
    inside a word, not after an underscore, a space or a comma: each as ``follow_or_tr|ump``."""
    broken = []
    for text, at in page.evaluate(_BREAKS_JS):
        if at[:1] not in ("_", " ", ",", "\u00a0") and at[1:] != " ":
            cut = text.find(at) + 1
            broken.append(f"{text[:cut]}|{text[cut:]}")
    return broken


def print_pdf(html: Path, pdf: Path, picture: Path) -> int:
    """Print ``html`` to ``pdf`` (A4) in chromium, and a picture of its first printed page; returns the PDF's size.
    A value in notation printed broken inside a word (``midword_breaks``) stops it with an error.
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
            page.set_viewport_size({"width": PRINTED_WIDTH, "height": 1123})  # the text's width on paper
            broken = midword_breaks(page)
        finally:
            browser.close()
    if broken:
        raise SystemExit(f"handout: {html.name} breaks values inside a word on paper: {', '.join(broken[:10])}")
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
