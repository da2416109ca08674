"""The notebooks as committed open well without a kernel: a banner on top, no widget state or view that cannot
work, and a picture (HTML) where a widget will be (``tools/static_notebooks.py`` keeps them so). The translations in
notebooks/ru/ and notebooks/it/ are held to the same, with their banner in their language."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bibi.render import BANNER, banner_markdown

pytestmark = pytest.mark.notebooks

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
LANGUAGES = ("ru", "it")  # the folders of the translations


def translated(name: str, lang: str) -> str:
    """Where the translation of notebook ``name`` is, from notebooks/: ``ru/01-learn-to-play-ru.ipynb``."""
    return f"{lang}/{name.removesuffix('.ipynb')}-{lang}.ipynb"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _name(path: Path) -> str:
    return path.relative_to(ROOT / "notebooks").as_posix()


def _static_notebooks():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import static_notebooks
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return static_notebooks


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_saved_notebook_has_its_banner_and_no_widget_that_cannot_work(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    first = nb["cells"][0]
    assert first["cell_type"] == "markdown" and "".join(first["source"]).startswith('<div class="bibi-banner"')
    assert "Run ▸ Run All Cells" in "".join(first["source"])
    banners = [c for c in nb["cells"] if "".join(c["source"]).startswith('<div class="bibi-banner"')]
    assert banners == [first], f"{_name(path)}: one banner, on top"
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


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.name == "01-learn-to-play.ipynb"], ids=_name)
def test_the_learners_first_play_table_is_saved_as_a_picture_in_every_language(path):
    # the cell that shows the play table keeps the picture the view draws beside itself (in the notebook's language)
    nb = json.loads(path.read_text(encoding="utf-8"))
    cell = next(c for c in nb["cells"] if c["cell_type"] == "code" and "PlayTable(" in "".join(c["source"]))
    html = ["".join(out["data"]["text/html"]) for out in cell["outputs"] if "text/html" in out.get("data", {})]
    assert any("bibi-table" in h and "bibi-seat" in h for h in html), _name(path)


def test_the_banner_is_one_reusable_line():
    assert "\n" not in BANNER and BANNER in banner_markdown()
    assert banner_markdown("other words").count("other words") == 1


def _code_cells(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(cell["source"]) for cell in nb["cells"] if cell["cell_type"] == "code"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_notebooks_read_as_essays_no_cell_of_bare_asserts_and_no_html_wrapper(path):
    for source in _code_cells(path):
        statements = ast.parse(source).body
        assert not statements or not all(isinstance(s, ast.Assert) for s in statements), (
            f"{path.name}: a cell of bare asserts; fold them into the cell that computes:\n{source}")
        assert not re.search(r"\bHTML\(\s*render\.", source), f"{path.name}: render output displays itself"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_no_exercise_is_answered_before_the_reader_answers(path):
    # a cell that shows the check of an answer written in greets a first Run All with a verdict on words nobody said
    for source in _code_cells(path):
        body = ast.parse(source).body
        last = body[-1] if body else None
        shown = isinstance(last, ast.Expr) and isinstance(last.value, ast.Call) and last.value.func
        assert not (isinstance(shown, ast.Attribute) and shown.attr == "check"
                    and any(isinstance(arg, ast.Constant) for arg in last.value.args)), (
            f"{path.name}: a pre-filled answer:\n{source}")


OFFLINE = ["01-learn-to-play.ipynb", "02-step-through-a-deal.ipynb", "06-play.ipynb", "07-practice.ipynb",
           "app.ipynb", *(translated(name, lang) for lang in LANGUAGES for name in ("01-learn-to-play.ipynb",
                                                                                    "02-step-through-a-deal.ipynb",
                                                                                    "06-play.ipynb",
                                                                                    "07-practice.ipynb"))]
NEEDS_PANDAS = ["03-russian-vs-italian.ipynb", "04-scoring.ipynb", "05-explore-the-rules.ipynb",
                *(translated("03-russian-vs-italian.ipynb", lang) for lang in LANGUAGES),
                *(translated("04-scoring.ipynb", lang) for lang in LANGUAGES),
                *(translated("05-explore-the-rules.ipynb", lang) for lang in LANGUAGES)]


@pytest.mark.parametrize("name", OFFLINE)
def test_the_learners_notebooks_import_neither_pandas_nor_numpy_nor_matplotlib(name):
    # every import of the notebook, run in a fresh interpreter: what they load is what the page needs
    imports = [ast.get_source_segment(source, node) for source in _code_cells(ROOT / "notebooks" / name)
               for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Import | ast.ImportFrom)]
    assert any("bibi" in line for line in imports)
    probe = "\n".join([*imports, "import sys",
                       "print(sorted(m for m in ('pandas', 'numpy', 'matplotlib') if m in sys.modules))"])
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                         cwd=ROOT / "notebooks")
    assert out.stdout.strip() == "[]", f"{name} loads {out.stdout.strip()}"


@pytest.mark.parametrize("name", NEEDS_PANDAS)
def test_a_notebook_that_needs_pandas_says_so_before_its_first_code(name):
    nb = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
    first_code = next(i for i, cell in enumerate(nb["cells"]) if cell["cell_type"] == "code")
    top = "".join("".join(cell["source"]) for cell in nb["cells"][1:first_code])
    assert "pandas" in top and ("matplotlib" in top or not name.startswith("05"))  # 05 plots with it too


def test_the_bot_writers_notebook_says_where_it_runs_before_its_first_code():
    # its extras cannot be installed in the browser: the JupyterLite site runs its first part only
    nb = json.loads((ROOT / "notebooks" / "08-bot-writers.ipynb").read_text(encoding="utf-8"))
    first_code = next(i for i, cell in enumerate(nb["cells"]) if cell["cell_type"] == "code")
    top = " ".join(" ".join("".join(cell["source"]).split()) for cell in nb["cells"][1:first_code])
    assert "bibi-kit[openspiel,pettingzoo]" in top and "OpenSpiel does not run in the browser" in top
    assert "in the JupyterLite site (`make lite`) this notebook stops at its OpenSpiel section" in top


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_name)
def test_the_banner_goes_after_a_run_or_says_nothing_a_run_makes_false(path):
    # a live view of the kit hides the banner once it runs; a notebook without one keeps a banner that stays true
    nb = json.loads(path.read_text(encoding="utf-8"))
    banner = "".join(nb["cells"][0]["source"])
    live = any("bibi.widgets import" in source for source in _code_cells(path))
    if path.parent.name in LANGUAGES:  # a translation: the banner in its language, live as its English notebook is
        tool = _static_notebooks()
        assert live != (tool.english_name(path) in tool.NO_VIEWS), _name(path)
        assert banner == tool.banner_source(path) != banner_markdown(), _name(path)
        return
    assert ("bring the widgets to life" in banner) == live, path.name
    if not live:
        assert "outputs below are saved from a run" in banner


RUSSIAN_BANNER = ("Чтобы виджеты ожили, выберите в меню **Run ▸ Run All Cells** (в русском меню JupyterLab — "
                  "**Выполнить ▸ Запустить все ячейки**): пока блокнот не запущен, ниже видны только их картинки, и на "
                  "щелчки они не отвечают.")


def test_the_russian_banner_reads_as_a_russian_would_say_it():
    from bibi.i18n import language

    with language("ru"):
        assert RUSSIAN_BANNER in banner_markdown()
    no_views = _static_notebooks().NO_VIEWS
    for path in sorted((ROOT / "notebooks" / "ru").glob("*.ipynb")):
        first = "".join(json.loads(path.read_text(encoding="utf-8"))["cells"][0]["source"])
        if path.name.removesuffix("-ru.ipynb") + ".ipynb" in no_views:  # no live view: its outputs are saved
            assert "(в русском меню JupyterLab — **Выполнить ▸ Запустить все ячейки**)" in first, _name(path)
        else:
            assert RUSSIAN_BANNER in first, _name(path)


ENGLISH_CARD_NAME = re.compile(r"\b(?:two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace) of "
                               r"(?:spades|hearts|diamonds|clubs)\b")


def _printed(path: Path) -> str:
    """What a notebook's cells print (their streams), as saved."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    return "".join("".join(out["text"]) for cell in nb["cells"] for out in cell.get("outputs", []) if "text" in out)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_translations_cards_and_rules_are_named_in_its_language(lang):
    printed = _printed(ROOT / "notebooks" / translated("01-learn-to-play.ipynb", lang))
    assert not ENGLISH_CARD_NAME.search(printed), ENGLISH_CARD_NAME.search(printed)
    assert {"ru": "К♠ король пик", "it": "R♠ re di picche"}[lang] in printed
    assert {"ru": "правила: русские", "it": "regole russe"}[lang] in printed and "russian rules" not in printed
    assert not re.search(r"(?:правила|regole) russian", printed)
    compared = _printed(ROOT / "notebooks" / translated("03-russian-vs-italian.ipynb", lang))
    assert not re.search(r"^ *(?:russian|italian):", compared, re.M), "the rules' names in print"
    assert "king of spades" in _printed(ROOT / "notebooks" / "01-learn-to-play.ipynb"), "English keeps Card.name"


def _shown(path: Path) -> str:
    """Everything a notebook's outputs show as text: streams, plain text, HTML without its style and tags."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    parts = []
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            parts.append("".join(out.get("text", "")))
            for kind in ("text/plain", "text/markdown", "text/html"):
                parts.append("".join(out.get("data", {}).get(kind, "")))
    text = re.sub(r"<style.*?</style>", " ", "\n".join(parts), flags=re.S)
    return re.sub(r"<[^>]*>", " ", text)


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if p.parent.name in LANGUAGES], ids=_name)
def test_a_translations_numbers_are_written_as_its_reader_writes_them(path):
    """A decimal comma, never a point, in what a Russian or Italian notebook shows (issue 41). A point that groups
    thousands, as Italian writes them (``bibi.i18n.number``: "3.600 smazzate"), is no decimal mark."""
    shown = _shown(path)
    decimal_point = r"\d\.\d(?!\d\d(?!\d))"
    assert not re.search(decimal_point, shown), re.search(r".{0,60}" + decimal_point + r".{0,20}", shown)


def test_the_italian_notebooks_write_an_elision_with_a_typographic_apostrophe():
    """l’ultima, not l'ultima: in the prose, and in what the code says (its strings and comments), as the catalogs do
    (tests/test_i18n.py)."""
    elision = re.compile(r"(?<=[^\W\d_])'(?=[^\W\d_])")
    for path in (ROOT / "notebooks" / "it").glob("*.ipynb"):
        for number, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            text = re.sub(r"`[^`]*`", "", "".join(cell["source"]))  # notation in backticks is as typed
            assert not elision.search(text), (path.name, number, elision.search(text))


# The learner's path, in each language: the same notebooks as the English ones, linked both ways; and the bot
# writers' notebook.
LEARNERS_PATH = ["01-learn-to-play.ipynb", "02-step-through-a-deal.ipynb", "03-russian-vs-italian.ipynb",
                 "04-scoring.ipynb", "05-explore-the-rules.ipynb", "06-play.ipynb", "07-practice.ipynb"]
TRANSLATED = [*LEARNERS_PATH, "08-bot-writers.ipynb"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_learners_path_is_there_in_each_language_and_sets_its_language_first(lang):
    folder = ROOT / "notebooks" / lang
    assert sorted(p.name for p in folder.glob("*.ipynb")) == [translated(n, lang).split("/")[1] for n in TRANSLATED]
    for name in TRANSLATED:
        first = _code_cells(ROOT / "notebooks" / translated(name, lang))[0]
        assert f'bibi.set_language("{lang}")' in first, f"{translated(name, lang)}: the first code cell sets it"


def test_no_two_notebooks_share_a_file_name():
    """JupyterLab names a notebook's session after its file name alone: two notebooks of one name in two folders got
    one session between them in the browser's site, and the second no kernel. Each translation has a name of its
    own (``ru/01-learn-to-play-ru.ipynb``)."""
    names = [p.name for p in NOTEBOOKS]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)


@pytest.mark.parametrize("name", TRANSLATED)
def test_each_notebook_links_to_its_translations_and_back(name):
    def links(path):
        nb = json.loads(path.read_text(encoding="utf-8"))
        return set(re.findall(r"\]\(([^)\s]+\.ipynb)\)", "".join("".join(c["source"]) for c in nb["cells"]
                                                          if c["cell_type"] == "markdown")))

    english = ROOT / "notebooks" / name
    assert {translated(name, lang) for lang in LANGUAGES} <= links(english)
    for lang in LANGUAGES:
        other = next(x for x in LANGUAGES if x != lang)
        path = ROOT / "notebooks" / translated(name, lang)
        assert {f"../{name}", f"../{translated(name, other)}"} <= links(path), translated(name, lang)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert all(f"(notebooks/{translated(name, lang)})" in readme for lang in LANGUAGES), (
        f"the README lists {name}'s translations")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_link_between_notebooks_leads_to_a_notebook(lang):
    for path in sorted((ROOT / "notebooks" / lang).glob("*.ipynb")) + sorted((ROOT / "notebooks").glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        text = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
        for target in re.findall(r"\]\(([^)\s]+\.ipynb)\)", text):
            assert (path.parent / target).resolve().is_file(), f"{_name(path)} links to a missing {target}"
