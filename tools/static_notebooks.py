"""Make saved notebooks open well without a kernel: no widget view that cannot work, a banner on top.

    python tools/static_notebooks.py notebooks/*.ipynb notebooks/*/*.ipynb   # strip and banner, nothing run
    python tools/static_notebooks.py --widget-cells notebooks/02-*.ipynb

A saved widget view needs the widget's model, which lives in a kernel: opened without one (or with the saved
state that cannot answer clicks), JupyterLab shows "Error displaying widget" or a dead copy. So this tool

- removes ``application/vnd.jupyter.widget-view+json`` from every output and the notebook's ``metadata.widgets``,
  and an output left with nothing but the widget's ``text/plain`` (its class and children, cut short). What stays
  for a view is the picture it shows beside itself in a kernel, an output of its own (``_View._repr_mimebundle_``;
  an older run left the picture as the widget output's ``text/html``, which stays too);
- puts the one-line banner (``bibi.render.banner_markdown``) as the first cell, replacing an older one, in the
  notebook's language: a notebook in ``notebooks/ru/`` or ``notebooks/it/`` gets the banner in that language (the
  catalogs' words), any other the English one. A live view hides its own notebook's banner
  (``bibi.render.banner_hider``), so it shows until the notebook runs;
- with ``--widget-cells``, first runs a copy of the notebook (nbclient, in this Python) and takes the fresh
  outputs of the cells that display widgets only, so those carry the picture, and every other cell keeps its
  committed output byte for byte.

Run it after ``jupyter nbconvert --execute --inplace`` (``make notebooks`` does both).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import nbformat

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# No live view hides these notebooks' banner, so its words hold before and after a run.
NO_VIEWS = ("05-explore-the-rules.ipynb", "08-bot-writers.ipynb")
# Their banner in each language (the menu's words as in the kit's banner, bibi.render.BANNER, in that language).
NO_VIEWS_BANNER = {
    "en": "▶ The outputs below are saved from a run with the knobs as written; change a knob and "
          "**Run ▸ Run All Cells** to see its own.",
    "ru": "▶ Ниже — результаты запуска с настройками, как они записаны; поменяйте настройку и выберите в меню "
          "**Run ▸ Run All Cells** (в русском меню JupyterLab — **Выполнить ▸ Запустить все ячейки**), чтобы "
          "увидеть свои.",
    "it": "▶ I risultati qui sotto vengono da un’esecuzione con le impostazioni così come sono scritte; cambia "
          "un’impostazione ed esegui **Run ▸ Run All Cells** (nel menu italiano di JupyterLab, **Esegui ▸ Esegui "
          "Tutte le Celle**) per vedere i suoi.",
}
LANGUAGES = ("ru", "it")  # the folders of the translations, named by the kit's language codes


def language_of(path: Path) -> str:
    """The language a notebook is written in: its folder's name for a translation (``ru``, ``it``), else ``en``."""
    return path.parent.name if path.parent.name in LANGUAGES else "en"


def english_name(path: Path) -> str:
    """The file name of the English notebook ``path`` is (or translates): ``08-bot-writers-ru.ipynb`` translates
    ``08-bot-writers.ipynb``."""
    lang = language_of(path)
    return path.name if lang == "en" else path.name.removesuffix(f"-{lang}.ipynb") + ".ipynb"


def banner_source(path: Path) -> str:
    """``path``'s banner as a markdown cell's source: the kit's banner in the notebook's language (its catalog's
    words), or, for a notebook with no live view, the words that say its outputs are saved, in its language."""
    from bibi.i18n import language
    from bibi.render import banner_markdown

    if english_name(path) in NO_VIEWS:
        return banner_markdown(NO_VIEWS_BANNER[language_of(path)])
    with language(language_of(path)):
        return banner_markdown()


def _banner(path: Path) -> dict:
    source = banner_source(path)
    return {"cell_type": "markdown", "id": "bibi-banner", "metadata": {}, "source": source.splitlines(True)}


def _shows_widgets(cell: dict) -> bool:
    return any(WIDGET_VIEW in out.get("data", {}) for out in cell.get("outputs", []))


def _without_widget(out: dict) -> dict | None:
    """``out`` without its widget view (changed in place), or None when nothing but the widget's text is left."""
    data = out.get("data", {})
    if data.pop(WIDGET_VIEW, None) is not None and set(data) <= {"text/plain"}:
        return None
    return out


def _fresh_outputs(path: Path, nb: Any) -> list:
    """Every code cell's outputs from a run of a copy of ``nb`` (in ``path``'s folder)."""
    from nbclient import NotebookClient

    copy = nbformat.from_dict(json.loads(json.dumps(nb)))
    NotebookClient(copy, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}},
                   store_widget_state=False).execute()
    return [cell.get("outputs", []) for cell in copy.cells]


def static(path: Path, widget_cells: bool = False) -> bool:
    """Rewrite ``path`` as described above; True if it changed."""
    text = path.read_text(encoding="utf-8")
    nb = nbformat.reads(text, as_version=4)
    cells = [c for c in nb["cells"] if c.get("id") != "bibi-banner"]
    nb["cells"] = cells
    if widget_cells:
        fresh = _fresh_outputs(path, nb)
        for cell, outputs in zip(cells, fresh, strict=True):
            if cell["cell_type"] == "code" and _shows_widgets({"outputs": outputs}):
                cell["outputs"] = outputs
    for cell in cells:
        if "outputs" in cell:
            cell["outputs"] = [out for out in cell["outputs"] if _without_widget(out) is not None]
    nb.get("metadata", {}).pop("widgets", None)
    nb["cells"] = [nbformat.from_dict(_banner(path)), *cells]
    new = nbformat.writes(nb)
    if not new.endswith("\n"):
        new += "\n"
    if new != text:
        path.write_text(new, encoding="utf-8")
        return True
    return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--widget-cells", action="store_true",
                        help="run a copy first and take the fresh outputs of the cells that show widgets")
    args = parser.parse_args(argv)
    for path in args.notebooks:
        changed = static(path, args.widget_cells)
        print(f"{path}: {'rewritten' if changed else 'unchanged'}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
