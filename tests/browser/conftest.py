"""Fixtures for the browser tests: one chromium and one JupyterLab per session, a fresh page per test.

Every process started here is stopped in the teardown, also when a test or a fixture fails.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lab_driver import (
    CHROMIUM_ARGS,
    CHROMIUM_MISSING,
    ROOT,
    SERVICE_WORKER_NETWORK_EVENTS,
    ConsoleLog,
    KernelWatch,
    Server,
    after_test,
    copy_notebook,
    copy_tree,
    find_chromium,
    ignore_closed,
    jupyter_env,
    new_page,
    start_app,
    start_lab,
)
from playwright.sync_api import sync_playwright
from views_notebook import write_views_notebooks

HERE = Path(__file__).parent

# The fixture notebooks are opened in the browser, not executed by nbval.
collect_ignore_glob = ["fixtures/*"]


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test item, so a fixture's teardown knows whether the test failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """Debian's chromium: the browser tests fail without it, they never skip."""
    path = find_chromium()
    if path is None:
        pytest.fail(CHROMIUM_MISSING, pytrace=False)
    return path


@pytest.fixture(scope="session")
def browser(chromium_path):
    # The JupyterLite site's service worker fetches on its pages' behalf: with this, Playwright shows its requests
    # to the context's routes too (Chromium only, experimental), so a test that lets it run still sees every request.
    # Read when the driver starts; JupyterLab and Voilà register no service worker.
    os.environ.setdefault(SERVICE_WORKER_NETWORK_EVENTS, "1")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS, timeout=60_000)
        try:
            yield browser
        finally:
            ignore_closed(browser.close)


@pytest.fixture
def page(browser, request):
    """A fresh browser context and page at 1280×800; a screenshot to artifacts/ if the test fails."""
    page = new_page(browser)
    try:
        yield page
    finally:
        after_test(page, request.node)
        ignore_closed(page.context.close)


@pytest.fixture
def kernel(page) -> KernelWatch:
    """The page's kernel connection, watched from before the first navigation."""
    return KernelWatch(page)


@pytest.fixture
def console_log(page) -> ConsoleLog:
    """The page's console errors and uncaught exceptions, collected from before the first navigation."""
    return ConsoleLog().attach(page)


@pytest.fixture(scope="session")
def lab(tmp_path_factory) -> Server:
    """JupyterLab serving a stripped copy of notebooks/ (and the fixture notebooks under fixtures/), and the
    notebooks as saved under saved/."""
    home = tmp_path_factory.mktemp("jupyterlab")
    served = home / "served"
    if (ROOT / "notebooks").is_dir():
        copy_tree(ROOT / "notebooks", served / "notebooks")
    for fixture in ("smoke.ipynb", "last-deal.ipynb"):
        copy_notebook(HERE / "fixtures" / fixture, served / "fixtures" / fixture)
    write_views_notebooks(served / "fixtures")  # every view, in each language (views_notebook.py)
    if (ROOT / "notebooks").is_dir():  # the notebooks as committed, outputs and all, to open without running
        shutil.copytree(ROOT / "notebooks", served / "saved", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        # Trusted, as `make lab` trusts them: their saved HTML pictures keep their style.
        subprocess.run([sys.executable, "-m", "jupyter", "trust", *map(str, (served / "saved").rglob("*.ipynb"))],
                       env=jupyter_env(home), check=True, capture_output=True)
    server = start_lab(home, served)
    try:
        yield server
    finally:
        server.stop(shutdown_path="/api/shutdown")


@pytest.fixture
def lab_page(lab, page):
    """A page on the session's JupyterLab; the kernels the test started are shut down afterwards."""
    try:
        yield page
    finally:
        status, body = lab.request("GET", "/api/sessions")
        if status == 200:
            for session in json.loads(body):
                lab.request("DELETE", f"/api/sessions/{session['id']}")


@pytest.fixture(scope="module")
def app(tmp_path_factory) -> Server:
    """`make app`: Voilà serving notebooks/app.ipynb on localhost."""
    server = start_app(tmp_path_factory.mktemp("voila"))
    try:
        yield server
    finally:
        server.stop()
