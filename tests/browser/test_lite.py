"""The kit as a static JupyterLite site (`make lite`), in chromium, with nothing but 127.0.0.1 to reach.

The site is built (or found up to date) by `make lite` and served by ``python -m http.server`` on 127.0.0.1. Every
request the page, its kernel's worker or the site's service worker makes to anywhere else is aborted and counted, and
each test fails if one was made. The learner's path (learn to play, step through a deal, play, practice, and the app)
runs start to end in the browser's own Python (Pyodide), and so do its Russian and Italian notebooks
(notebooks/ru/, notebooks/it/). Every other notebook runs up to its first cell that needs what the site does not
serve, which says what: pandas (03 in every language, 04) or matplotlib (05), which load from the Pyodide CDN when
deployed; OpenSpiel (08), which has no build for the browser. Screenshots go to artifacts/, timings to
artifacts/lite-timings.json.
"""

from __future__ import annotations

import hashlib
import json
import re
import tarfile
import time
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from lab_driver import (
    ARTIFACTS,
    ROOT,
    ConsoleLog,
    after_test,
    check_notebook,
    ignore_closed,
    new_page,
    notebook_cells,
    problems_in_page,
    screenshot,
    widget_counts,
)
from lite_driver import (
    LiteKernelWatch,
    LiteSession,
    Offline,
    build_site,
    cdn_wheels,
    cell_texts,
    clear_and_run_all,
    first_error,
    kernel_says,
    serve_site,
)
from playwright.sync_api import Locator, Page, expect
from test_practice_browser import give, knobs
from view_actions import play_deal, press, review_and_try_again

from bibi import practice

# The learner's path: these run start to end with no network beyond the site.
OFFLINE = ["01-learn-to-play.ipynb", "02-step-through-a-deal.ipynb", "06-play.ipynb", "07-practice.ipynb",
           "app.ipynb"]  # fmt: skip
# The learner's path in the kit's other languages: the same notebooks in notebooks/<lang>/, whose first cell sets the
# language (bibi.set_language). Their 03 needs pandas, as the English one does. The first of them opens the module's
# page, so a notebook in a folder gets a kernel started from nothing, as a learner's link to it gives.
TRANSLATED = ["ru/01-learn-to-play-ru.ipynb", "it/01-learn-to-play-it.ipynb", "ru/07-practice-ru.ipynb",
              "ru/02-step-through-a-deal-ru.ipynb", "it/02-step-through-a-deal-it.ipynb",
              "it/07-practice-it.ipynb", "ru/06-play-ru.ipynb", "it/06-play-it.ipynb"]
# The Pyodide CDN, where the lock points every package the site does not serve itself.
CDN = re.compile(r"^https://cdn\.jsdelivr\.net/pyodide/v[\d.]+/full/")

RUN_ALL_TIMEOUT = 240_000  # ms: a ceiling on a loaded machine; each notebook runs in seconds
REVIEW_TIMEOUT = 600_000  # ms: a ceiling for the review of a whole deal in the browser's own (pure) Python
TIMINGS = ARTIFACTS / "lite-timings.json"


@dataclass(frozen=True)
class Stop:
    """A notebook of the site that needs what the site does not serve: offline it runs up to ``cell`` (a line of the
    first cell that needs it), whose error matches ``error`` (its class and message). ``wheels``: the CDN wheels
    the kernel tries for that cell (every request that leaves must be one of the CDN's); none, none may leave."""

    name: str
    cell: str
    error: str
    wheels: frozenset[str] = frozenset()


PANDAS = r"ModuleNotFoundError.*No module named 'pandas'"  # (Pyodide names the class "<class 'ModuleNotFoundError'>")
# Every notebook of the site that does not run start to end in it, and where and how it stops offline: pandas for
# the tables (03 in every language, 04) and matplotlib for the plots (05), which on a deployed site load from the
# Pyodide CDN; OpenSpiel for 08, which has no build for the browser, so no request is tried (its first cells need
# only the kit, and run).
STOPS = [
    Stop("04-scoring.ipynb", r"^import pandas", PANDAS, frozenset({"pandas"})),
    Stop("03-russian-vs-italian.ipynb", r"^import pandas", PANDAS, frozenset({"pandas"})),
    Stop("ru/03-russian-vs-italian-ru.ipynb", r"^import pandas", PANDAS, frozenset({"pandas"})),
    Stop("it/03-russian-vs-italian-it.ipynb", r"^import pandas", PANDAS, frozenset({"pandas"})),
    Stop("ru/04-scoring-ru.ipynb", r"^import pandas", PANDAS, frozenset({"pandas"})),
    Stop("it/04-scoring-it.ipynb", r"^import pandas", PANDAS, frozenset({"pandas"})),
    # 05 imports matplotlib (for its plots) before pandas, in the same cell: the kernel tries both, names the first
    Stop("05-explore-the-rules.ipynb", r"^import matplotlib\.pyplot",
         r"ModuleNotFoundError.*No module named 'matplotlib'", frozenset({"matplotlib", "pandas"})),
    Stop("ru/05-explore-the-rules-ru.ipynb", r"^import matplotlib\.pyplot",
         r"ModuleNotFoundError.*No module named 'matplotlib'", frozenset({"matplotlib", "pandas"})),
    Stop("it/05-explore-the-rules-it.ipynb", r"^import matplotlib\.pyplot",
         r"ModuleNotFoundError.*No module named 'matplotlib'", frozenset({"matplotlib", "pandas"})),
    *(Stop(name, r"^from bibi\.openspiel import",
           r"ImportError.*bibi\.openspiel needs OpenSpiel.*no build for it\. Run this in a local install of the kit, "
           r"with pip install 'bibi-kit\[openspiel\]'")
      for name in ("08-bot-writers.ipynb", "ru/08-bot-writers-ru.ipynb", "it/08-bot-writers-it.ipynb")),
]  # fmt: skip


@pytest.fixture(scope="module")
def site():
    return build_site()


@pytest.fixture(scope="module")
def lite(site, tmp_path_factory):
    server = serve_site(site, tmp_path_factory.mktemp("lite") / "http.log")
    try:
        yield server
    finally:
        server.stop()


@dataclass
class Visit:
    """The module's one page on the site, with what it has seen: requests that tried to leave, console messages."""

    page: Page
    session: LiteSession
    offline: Offline
    console: ConsoleLog
    kernel: LiteKernelWatch
    left_before: int = 0  # where the test's own requests and messages start
    console_before: int = 0

    def left(self) -> list[str]:
        return self.offline.left[self.left_before :]

    def console_errors(self) -> list[str]:
        return self.console.errors(self.console_before)


@pytest.fixture(scope="module")
def site_page(browser, lite):
    """One browser context and page for the module's notebooks. The site's service worker runs, as in a learner's
    browser: it answers the kernel's file system (/drive, the site's notebooks), so a notebook in a folder (ru/…)
    starts its kernel in that folder. (Blocked, Playwright makes its registration look successful, the kernel mounts
    a drive nothing answers, and cannot enter the folder: no kernel.) Its own requests pass by the context's routes
    too (SERVICE_WORKER_NETWORK_EVENTS, set by the browser fixture): every request of the page, its kernel and its
    service worker that is not for the site is aborted and recorded."""
    page = new_page(browser, service_workers="allow")
    try:
        yield Visit(page, LiteSession(page, lite), Offline(lite.url).attach(page), ConsoleLog().attach(page),
                    LiteKernelWatch(page))  # fmt: skip
    finally:
        ignore_closed(page.context.close)


def visiting(visit: Visit, request) -> Iterator[Visit]:
    """The module's page for one test; a screenshot to artifacts/ if the test fails, after which the next notebook
    opens afresh (a page and a kernel of its own)."""
    visit.left_before, visit.console_before = len(visit.offline.left), len(visit.console.messages)
    yield visit
    after_test(visit.page, request.node)
    report = getattr(request.node, "report_call", None)
    if report is None or report.failed:
        visit.session.restart()


@pytest.fixture
def visit(site_page, request) -> Iterator[Visit]:
    yield from visiting(site_page, request)


def record(name: str, **seconds: float) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    timings = json.loads(TIMINGS.read_text()) if TIMINGS.exists() else {}
    timings[name] = {key: round(value, 2) for key, value in seconds.items()}
    TIMINGS.write_text(json.dumps(timings, indent=1, sort_keys=True) + "\n")


def test_the_site_serves_the_kit_and_the_start_packages_itself(site):
    """The lock the kernel reads: the kit and what the kernel loads at start are files of the site (checked against
    their sha256); everything else points at the CDN. Every notebook of notebooks/ is in the site, in every language
    (notebooks/ru/, notebooks/it/), at the same path."""
    pyodide = site / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    local = {name: entry for name, entry in lock.items() if "://" not in entry["file_name"]}
    assert {"bibi-kit", "ipywidgets", "comm", "micropip", "ipython", "jedi", "traitlets"} <= set(local)
    assert local["bibi-kit"]["imports"] == ["bibi"]
    for name, entry in local.items():
        wheel = pyodide / entry["file_name"]
        assert wheel.is_file(), f"{name}: {wheel.name} is not in the site"
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], f"{name}: sha256"
    for name in ("pandas", "numpy", "matplotlib", "tqdm"):
        assert CDN.match(lock[name]["file_name"]), lock[name]["file_name"]
    # A cell that imports pandas and bibi.simulation gets tqdm too (the kernel loads only what a cell names).
    assert "tqdm" in lock["pandas"]["depends"]
    committed = {p.relative_to(ROOT / "notebooks") for p in (ROOT / "notebooks").rglob("*.ipynb")
                 if ".ipynb_checkpoints" not in p.parts}  # fmt: skip
    assert committed and {p.relative_to(site / "files") for p in (site / "files").rglob("*.ipynb")} == committed
    # JupyterLite's code is served as it comes: every script of the app is the jupyterlite-core package's own, byte for
    # byte (JupyterLab matches a running session by file name, and every notebook has a name of its own).
    (bundle,) = (ROOT / "build" / "lite-venv").glob("lib/python3*/site-packages/jupyterlite_core/jupyterlite-app-*.tgz")
    with tarfile.open(bundle) as tar:
        scripts = {m.name.removeprefix("package/"): m for m in tar.getmembers()
                   if m.isfile() and m.name.endswith((".js", ".mjs"))}  # fmt: skip
        assert len(scripts) > 50
        for name, member in scripts.items():
            served = site / name
            assert served.read_bytes() == tar.extractfile(member).read(), f"{name} differs from JupyterLite's own"
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]["pyodideUrl"] == (
        "./static/pyodide/pyodide.mjs"
    )


def play_and_practice(name: str, page, kernel: LiteKernelWatch) -> None:
    """Use the notebook's view as a learner would: a whole deal at the app's table, a few turns at 06's, one
    exercise right and one wrong in practice."""
    stem = name.removesuffix(".ipynb")

    def snap(moment: str, where: Locator) -> None:
        where.evaluate("el => el.scrollIntoView({block: 'start'})")
        screenshot(page, f"lite-{stem}-{moment}")

    if name in ("app.ipynb", "06-play.ipynb"):
        kernel.attach()
        table = page.locator(".bibi-play-table").first
        play_deal(table, kernel, snap=snap, turns=None if name == "app.ipynb" else 3)
        if name == "app.ipynb":  # the review of your moves, in the browser's own Python: the time it takes, kept
            started = time.monotonic()
            review_and_try_again(table, kernel, snap, timeout_ms=REVIEW_TIMEOUT)
            record(f"{name}: review of your moves", review_and_try_again=time.monotonic() - started)
    elif name == "07-practice.ipynb":
        kernel.attach()
        k = knobs()
        first, second = practice.exercises(k["N"], k["RULES"], k["PLAYERS"], k["SEED"])[:2]
        view = page.locator(".bibi-practice").first
        header, feedback = view.locator(".bibi-status").first, view.locator(".bibi-feedback")
        give(view, kernel, first, first.answer)
        expect(feedback).to_contain_text(f"✓ Right: {first.check(first.answer).answer}.")
        expect(header).to_have_text(f"Exercise 1 of {k['N']} · score 1 of 1")
        snap("practice-right", view)
        press(view, kernel, view.get_by_title("the next exercise", exact=True))
        wrong = next(c for c in second.choices if c != second.answer) if second.choices else str(int(second.answer) + 1)
        give(view, kernel, second, wrong)
        bad = second.check(wrong)
        expect(feedback).to_contain_text(f"✗ Not quite: you said {wrong}; the answer is {bad.answer}.")
        expect(feedback).to_contain_text(bad.reason[1:])
        expect(header).to_have_text(f"Exercise 2 of {k['N']} · score 1 of 2")
        snap("practice-wrong", view)


def run_in_the_site(visit: Visit, name: str) -> bool:
    """Open the notebook in the module's page, clear its stored outputs, Run All, and record the times. Returns
    whether the notebook had a kernel of its own, started from nothing."""
    ready, fresh = visit.session.open(name)
    first = clear_and_run_all(visit.page, RUN_ALL_TIMEOUT)
    if fresh:
        record(name, kernel_ready=ready, first_output=first)
    else:
        record(name, opened_on_the_shared_kernel=ready, first_output=first)
    return fresh


def sanitized(text: str) -> str:
    """``text`` with what differs from run to run replaced, by nbval's rules (tests/nbval-sanitize.cfg)."""
    for pattern, replacement in SANITIZE:
        text = re.sub(pattern, replacement, text)
    return text


SANITIZE = re.findall(r"^regex: (.*)\nreplace: (.*)$", (ROOT / "tests" / "nbval-sanitize.cfg").read_text(), re.M)


def unlike_the_committed_notebook(page: Page, name: str) -> list[str]:
    """The code cells whose text output in the site differs from the committed notebook's (its outputs come from a
    clean run in JupyterLab's kernel, and nbval compares them too), but for those nbval does not compare either."""
    saved = [c for c in json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))["cells"]
             if c["cell_type"] == "code"]  # fmt: skip
    shown = cell_texts(page)
    assert len(saved) == len(shown), f"{name}: {len(shown)} code cells in the site, {len(saved)} committed"
    unlike = []
    for index, (cell, (source, texts)) in enumerate(zip(saved, shown, strict=True)):
        if "nbval-ignore-output" in source or "nbval-ignore-output" in cell["metadata"].get("tags", []):
            continue
        committed = []
        for out in cell["outputs"]:
            data = out.get("data", {})
            if out["output_type"] == "stream":
                committed.append("".join(out["text"]))
            elif data.get("text/plain") and "application/vnd.jupyter.widget-view+json" not in data:
                committed.append("".join(data["text/plain"]))
        if sanitized("".join(texts)) != sanitized("".join(committed)):  # (the front end joins adjacent streams)
            unlike.append(f"code cell {index} ({source.splitlines()[0]!r}): {texts!r} in the site, {committed!r} saved")
    return unlike


@pytest.mark.parametrize("name", TRANSLATED, ids=lambda name: name.removesuffix(".ipynb").replace("/", "-"))
def test_translated_notebook_runs_offline_in_its_language(name, visit):
    """A notebook in the kit's other languages runs start to end offline and reads as the committed one does. (Before
    the English ones: the first opens the page, so a notebook in a folder gets a kernel of its own.)"""
    page, lang = visit.page, name.split("/")[0]
    fresh = run_in_the_site(visit, name)
    stem = name.removesuffix(".ipynb").replace("/", "-")
    page.locator(".jp-NotebookPanel .jp-Cell").first.scroll_into_view_if_needed()
    screenshot(page, f"lite-{stem}-top")
    outputs = page.locator(".jp-NotebookPanel .jp-OutputArea-output")
    outputs.nth(min(2, outputs.count() - 1)).evaluate("el => el.scrollIntoView({block: 'start'})")
    screenshot(page, f"lite-{stem}-outputs")
    view = page.locator(".jp-NotebookPanel").locator(".bibi-play-table, .bibi-practice").first
    view.evaluate("el => el.scrollIntoView({block: 'start'})")
    screenshot(page, f"lite-{stem}-view")  # the kit's own view, live, in the notebook's language

    assert check_notebook(page) == []
    counts = widget_counts(page, ".jp-NotebookPanel")
    assert counts["views"] > 0 and counts["placeholders"] == 0 and counts["error_views"] == 0, counts
    assert problems_in_page(page, ".jp-NotebookPanel") == []
    # Every cell runs in a task of its own in this kernel: the language the first one set still holds after the last
    # (and in this execution, one more), and a kernel started for the notebook works in the notebook's folder.
    status, said = kernel_says(page, "import os, bibi\nprint(bibi.get_language(), os.getcwd())")
    assert status == "ok", said
    spoken, folder = said.split()
    assert spoken == lang, f"the kernel speaks {spoken!r} after the notebook set {lang!r}"
    assert not fresh or folder == f"/drive/{lang}", folder
    unlike = unlike_the_committed_notebook(page, name)
    assert not unlike, "\n".join(unlike)
    assert visit.left() == [], f"requests left the machine: {visit.left()}"
    assert visit.console_errors() == []


@pytest.mark.parametrize("name", OFFLINE)
def test_learners_notebook_runs_offline_in_the_browser(name, visit):
    page = visit.page
    run_in_the_site(visit, name)
    stem = name.removesuffix(".ipynb")
    page.locator(".jp-NotebookPanel .jp-Cell").first.scroll_into_view_if_needed()
    screenshot(page, f"lite-{stem}-top")
    outputs = page.locator(".jp-NotebookPanel .jp-OutputArea-output")
    outputs.nth(min(2, outputs.count() - 1)).evaluate("el => el.scrollIntoView({block: 'start'})")
    screenshot(page, f"lite-{stem}-outputs")

    assert check_notebook(page) == []
    counts = widget_counts(page, ".jp-NotebookPanel")
    assert counts["placeholders"] == 0 and counts["error_views"] == 0, counts
    play_and_practice(name, page, visit.kernel)
    assert problems_in_page(page, ".jp-NotebookPanel") == []
    assert visit.left() == [], f"requests left the machine: {visit.left()}"
    assert visit.offline.served > 0
    assert visit.console_errors() == []


def with_dependencies(site, names: frozenset[str]) -> set[str]:
    """``names`` and everything they depend on, by the site's Pyodide lock."""
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    found, todo = set(), list(names)
    while todo:
        name = todo.pop()
        if name not in found:
            found.add(name)
            todo.extend(lock[name]["depends"])
    return found


def test_every_notebook_of_the_site_runs_to_its_end_or_stops_where_it_says():
    """Each notebook of notebooks/ is one of the module's: run start to end (OFFLINE, TRANSLATED) or stopping at what
    the site lacks (STOPS)."""
    committed = {str(p.relative_to(ROOT / "notebooks")) for p in (ROOT / "notebooks").rglob("*.ipynb")
                 if ".ipynb_checkpoints" not in p.parts}  # fmt: skip
    covered = [*OFFLINE, *TRANSLATED, *(stop.name for stop in STOPS)]
    assert len(covered) == len(set(covered)) and set(covered) == committed, set(covered) ^ committed


@pytest.mark.parametrize("stop", STOPS, ids=lambda stop: stop.name.removesuffix(".ipynb").replace("/", "-"))
def test_a_notebook_stops_at_its_first_cell_that_needs_what_the_site_lacks_and_says_so(stop, site, visit):
    """Offline, a notebook that needs what the site does not serve runs up to the first cell that needs it: every
    cell before it runs without error, that cell's error names what is missing, no later cell runs, and the only
    requests that tried to leave were for the Pyodide CDN's wheels of what is missing (and what they depend on, by the
    site's lock). (The last of the module: the kernel has tried to load what it lacks.)"""
    page = visit.page
    run_in_the_site(visit, stop.name)
    error = first_error(page)
    assert error is not None, f"{stop.name} ran to its end in the site"
    assert re.search(stop.cell, error["source"], re.M), f"it stopped elsewhere: {error}"
    said = f"{error['ename']}: {error['evalue']}"
    assert re.search(stop.error, said, re.S), said
    for cell in notebook_cells(page):
        errors = [out for out in cell["outputs"] if out["type"] == "error"]
        if cell["index"] < error["index"]:
            assert cell["count"] is not None and not errors, f"before the stop: {cell}"
        elif cell["index"] > error["index"]:
            assert cell["count"] is None, f"after the stop: {cell}"
    stem = stop.name.removesuffix(".ipynb").replace("/", "-")
    page.locator(".jp-NotebookPanel .jp-Cell").nth(error["index"]).evaluate("el => el.scrollIntoView()")
    screenshot(page, f"lite-{stem}-stops")
    left = visit.left()
    assert all(CDN.match(url) for url in left), left
    assert stop.wheels <= cdn_wheels(left) <= with_dependencies(site, stop.wheels), left
    assert bool(left) == bool(stop.wheels), left


# -- JupyterLab's own words in the notebook's language ------------------------------------------------------------

LANGUAGE_PAGES = {  # the site's language page, JupyterLab's locale there, and menu titles it must show
    "ru": ("lab-ru", "ru-RU", {"Файл", "Редактировать", "Выполнить", "Ядро", "Настройки"}),
    "it": ("lab-it", "it-IT", {"Modifica", "Visualizza", "Esegui", "Impostazioni", "Aiuto"}),
}
_KERNEL_IDLE_JS = "() => window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel?.status === 'idle'"


def menu_titles(page: Page) -> set[str]:
    return set(page.locator(".lm-MenuBar-itemLabel").all_inner_texts())


@pytest.mark.parametrize("lang", list(LANGUAGE_PAGES))
def test_the_sites_menus_read_in_the_notebooks_language_and_the_learners_choice_wins(lang, browser, lite):
    """The site's language page (``lab-ru/``, ``lab-it/``: ``lite/build.py``) opens the notebook with JupyterLab's own
    menus in its language (JupyterLab's language packs), and its kernel runs it; a language the learner chooses in
    Settings ▸ Language is saved in the browser and wins on every page of the site."""
    folder, locale, titles = LANGUAGE_PAGES[lang]
    page = new_page(browser, service_workers="allow")
    offline = Offline(lite.url).attach(page)
    try:
        name = f"{lang}/01-learn-to-play-{lang}.ipynb"
        page.goto(f"{lite.url}/{folder}/index.html?path={name}")
        page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=240_000)
        page.wait_for_function(_KERNEL_IDLE_JS, timeout=240_000)
        assert titles <= menu_titles(page), menu_titles(page)
        assert not {"File", "Edit", "Run", "Settings", "Help"} & menu_titles(page) - {"File"}  # Italian's File: File
        assert page.evaluate("document.documentElement.lang") == locale
        assert page.evaluate("window.jupyterapp.shell.currentWidget.context.path") == name
        status, said = kernel_says(page, f"import bibi\nbibi.set_language({lang!r})\nprint(bibi.Card('QH').display())")
        assert status == "ok" and said.strip() == {"ru": "Д♥", "it": "D♥"}[lang], said
        screenshot(page, f"lite-{folder}-menus")
        other = {"ru": "it_IT", "it": "ru_RU"}[lang]  # the learner picks the other language in Settings ▸ Language
        page.evaluate("""async (locale) => await window.jupyterapp.serviceManager.settings.save(
            '@jupyterlab/translation-extension:plugin', JSON.stringify({locale}))""", other)
        page.reload()
        page.locator(".lm-MenuBar-itemLabel").first.wait_for(timeout=240_000)
        chosen = LANGUAGE_PAGES[other[:2]][2]
        assert chosen <= menu_titles(page), menu_titles(page)
        page.goto(f"{lite.url}/lab/index.html?path={name}")  # the English page too: the learner's choice
        page.locator(".lm-MenuBar-itemLabel").first.wait_for(timeout=240_000)
        assert chosen <= menu_titles(page), menu_titles(page)
        assert offline.left == [], f"requests left the machine: {offline.left}"
    finally:
        ignore_closed(page.context.close)


def test_the_english_page_keeps_jupyterlabs_english_menus(browser, lite):
    page = new_page(browser, service_workers="allow")
    try:
        page.goto(f"{lite.url}/lab/index.html?path=01-learn-to-play.ipynb")
        page.locator(".lm-MenuBar-itemLabel").first.wait_for(timeout=240_000)
        assert {"File", "Edit", "Run", "Kernel", "Settings"} <= menu_titles(page)
    finally:
        ignore_closed(page.context.close)
