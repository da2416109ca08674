"""Drive the kit's JupyterLite site (`make lite`) in a real browser, with nothing but 127.0.0.1 to reach.

The site is built by `make lite` (a no-op when it is up to date), served by ``python -m http.server`` bound to
127.0.0.1 on a free port, and opened in a browser context whose every request to anywhere else is aborted and
counted. The kernel is Pyodide, in a web worker of the page: there is no websocket to watch, so the kernel's
"idle" status messages are counted in the page itself, from the app's kernel connection.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from lab_driver import ROOT, RoundTrips, Server, free_port, kernel_idle, run_all, start_server
from playwright.sync_api import Page, Route

SITE = ROOT / "build" / "lite"
BUILD_TIMEOUT = 900  # seconds: a first build downloads Pyodide (npm) and about twenty wheels (PyPI)
KERNEL_READY_TIMEOUT = 240_000  # ms: the kernel starts in 10–25 s here; a loaded machine is slower
KERNEL_ROUND_TRIP_TIMEOUT = 60_000  # ms: a click that goes to the Python in the page and back


def build_site() -> Path:
    """`make lite`: builds the site, or finds it up to date. Returns its folder."""
    done = subprocess.run(["make", "--no-print-directory", "lite"], cwd=ROOT, capture_output=True, text=True,
                          timeout=BUILD_TIMEOUT)  # fmt: skip
    if done.returncode != 0:
        raise RuntimeError(f"`make lite` failed ({done.returncode}):\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    assert (SITE / "lab" / "index.html").is_file(), f"`make lite` made no site in {SITE}"
    return SITE


def serve_site(site: Path, log: Path) -> Server:
    """The site over HTTP on 127.0.0.1 only, as `make lite-serve` serves it."""
    port = free_port()
    cmd = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(site), str(port)]
    return start_server("http.server", cmd, port=port, token="", ready_path="/jupyter-lite.json", log=log,
                        env={"PATH": "/usr/bin:/bin", "PYTHONUNBUFFERED": "1"})  # fmt: skip


@dataclass
class Offline:
    """Aborts and records every request of a browser context that is not for ``origin`` (nor blob: or data:)."""

    origin: str
    left: list[str] = field(default_factory=list)
    served: int = 0

    def attach(self, page: Page) -> Offline:
        page.context.route("**/*", self._route)
        return self

    def _route(self, route: Route) -> None:
        url = route.request.url
        if url.startswith((self.origin + "/", "blob:", "data:")):
            self.served += 1
            route.continue_()
        else:
            self.left.append(url)
            route.abort("internetdisconnected")


# Counts the kernel's "idle" status messages on the current notebook's kernel connection (installed once per
# connection): each message the front end sends the kernel (an execute request, a widget's comm message) is answered
# busy, its outputs and updates, then idle.
_WATCH_JS = """() => {
  const kernel = window.jupyterapp.shell.currentWidget?.sessionContext?.session?.kernel;
  if (!kernel) return false;
  if (window.__bibiIdle === undefined) window.__bibiIdle = 0;
  if (!kernel.__bibiWatched) {
    kernel.__bibiWatched = true;
    kernel.iopubMessage.connect((_, msg) => {
      if (msg.header.msg_type === 'status' && msg.content.execution_state === 'idle') window.__bibiIdle += 1;
    });
  }
  return true;
}"""


class LiteKernelWatch(RoundTrips):
    """The Pyodide kernel's round trips, counted in the page: there is no websocket to watch."""

    def __init__(self, page: Page):
        self.page = page

    def attach(self) -> None:
        """Watch the front notebook's kernel connection (call it once the notebook has run)."""
        self.page.wait_for_function(_WATCH_JS, timeout=KERNEL_READY_TIMEOUT)

    @property
    def idle(self) -> int:
        return self.page.evaluate("() => window.__bibiIdle ?? 0")

    def settled(self, since: int, timeout_ms: int = KERNEL_ROUND_TRIP_TIMEOUT) -> None:
        self.page.wait_for_function("(n) => (window.__bibiIdle ?? 0) > n", arg=since, timeout=timeout_ms, polling=50)


def notebook_url(server: Server, path: str) -> str:
    return f"{server.url}/lab/index.html?path={path}"


def open_notebook(page: Page, server: Server, path: str) -> float:
    """Open a notebook of the site in a page of its own (a kernel of its own) and wait for "Python (Pyodide) | Idle".
    Returns the seconds from navigation to that moment (the time to a kernel ready to run the learner's first
    cell)."""
    started = time.monotonic()
    page.goto(notebook_url(server, path))
    wait_kernel_ready(page)
    return time.monotonic() - started


def wait_kernel_ready(page: Page) -> None:
    # (the notebook in front: the site may restore tabs a page of it had open before)
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").first.wait_for(timeout=KERNEL_READY_TIMEOUT)
    status = kernel_idle(page)
    status.wait_for(timeout=KERNEL_READY_TIMEOUT)
    assert "Python (Pyodide)" in status.inner_text(), status.inner_text()
    page.wait_for_function("() => window.jupyterapp?.shell.currentWidget?.content?.model")


# Runs in the shared kernel before the next notebook: the names the last notebook made are gone (so a notebook that
# forgets an import fails as in a fresh kernel) and the kit speaks the language a fresh kernel starts in.
RESET = """%reset -f
import sys as _sys
if "bibi" in _sys.modules:
    _sys.modules["bibi"].set_language(None)
del _sys
"""

_OPEN_ON_KERNEL_JS = """async ([path, id]) => {
  const app = window.jupyterapp;
  for (const w of [...app.shell.widgets('main')]) if (w.context) w.dispose();  // no "save?" dialog, kernel kept
  await app.commands.execute('docmanager:open', {path, kernel: {id}});
}"""

_RESET_JS = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const reply = await kernel.requestExecute({code, silent: true, store_history: false}).done;
  return reply.content.status;
}"""


class LiteSession:
    """One page of the site and one Pyodide kernel for several notebooks, one after the other.

    The first notebook opens as a learner opens it (a page of its own, a kernel starting from nothing); each next one
    opens in the same JupyterLab on that kernel, after ``RESET``, so the runtime, the packages and the kit load once.
    ``restart()`` (after a failure) makes the next notebook start afresh.
    """

    def __init__(self, page: Page, server: Server):
        self.page, self.server = page, server
        self.kernel_id: str | None = None

    def open(self, path: str) -> tuple[float, bool]:
        """Open the site's notebook ``path`` and wait until its kernel is idle. Returns the seconds that took, and
        whether the kernel was a fresh one."""
        if self.kernel_id is None:
            ready = open_notebook(self.page, self.server, path)
            fresh = True
        else:
            started = time.monotonic()
            self.page.evaluate(_OPEN_ON_KERNEL_JS, [path, self.kernel_id])
            self.page.wait_for_function("path => window.jupyterapp.shell.currentWidget?.context?.path === path",
                                        arg=path, timeout=KERNEL_READY_TIMEOUT)  # fmt: skip
            wait_kernel_ready(self.page)
            assert self.page.evaluate(_RESET_JS, RESET) == "ok", "the shared kernel did not reset"
            ready, fresh = time.monotonic() - started, False
        session, kernel = self.page.evaluate("""() => {
          const session = window.jupyterapp.shell.currentWidget.sessionContext.session;
          return [session.path, session.kernel.id];
        }""")
        assert session == path, f"{path} was given the session of {session}"  # (each notebook has a name of its own)
        assert fresh or kernel == self.kernel_id, f"{path} opened on another kernel"
        self.kernel_id = kernel
        return ready, fresh

    def restart(self) -> None:
        self.kernel_id = None


_CLEARED_JS = """async () => {
  await window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs');
  const nb = window.jupyterapp.shell.currentWidget.content;
  return nb.widgets.filter(c => c.model.type === 'code')
    .every(c => c.model.outputs.length === 0 && c.model.executionCount === null);
}"""


def clear_and_run_all(page: Page, timeout_ms: int) -> float:
    """Clear the stored outputs (so every output seen is this run's), then Run ▸ Run All Cells (``run_all``).
    Returns the seconds from the click on Run All Cells to the notebook's first output."""
    assert page.evaluate(_CLEARED_JS), "the stored outputs were not cleared"
    return run_all(page, timeout_ms)


def first_error(page: Page) -> dict | None:
    """The first code cell with an error output: its index, source and error, or None."""
    return page.evaluate("""() => {
      const cells = window.jupyterapp.shell.currentWidget.content.widgets;
      for (let i = 0; i < cells.length; i++) {
        const c = cells[i];
        if (c.model.type !== 'code') continue;
        for (let j = 0; j < c.model.outputs.length; j++) {
          const o = c.model.outputs.get(j).toJSON();
          if (o.output_type === 'error')
            return {index: i, source: c.model.sharedModel.getSource(), ename: o.ename, evalue: o.evalue};
        }
      }
      return null;
    }""")


_KERNEL_SAYS_JS = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, silent: false, store_history: false});
  let said = '';
  future.onIOPub = (msg) => { if (msg.header.msg_type === 'stream') said += msg.content.text; };
  const reply = await future.done;
  return [reply.content.status, said];
}"""


def kernel_says(page: Page, code: str) -> tuple[str, str]:
    """Run ``code`` in the front notebook's kernel, outside its cells (as a cell runs: in an execution of its own);
    returns the reply's status and what it printed."""
    status, said = page.evaluate(_KERNEL_SAYS_JS, code)
    return status, said


# The text a learner reads in each code cell's outputs, from the notebook's model: printed text, and the plain text
# of results that are no widget view.
_CELL_TEXTS_JS = """() => window.jupyterapp.shell.currentWidget.content.widgets
  .filter(c => c.model.type === 'code')
  .map(c => {
    const texts = [];
    for (let j = 0; j < c.model.outputs.length; j++) {
      const o = c.model.outputs.get(j).toJSON();
      const join = (t) => Array.isArray(t) ? t.join('') : (t || '');
      if (o.output_type === 'stream') texts.push(join(o.text));
      else if (o.data && !o.data['application/vnd.jupyter.widget-view+json'] && o.data['text/plain'])
        texts.push(join(o.data['text/plain']));
    }
    return [c.model.sharedModel.getSource(), texts];
  })"""


def cell_texts(page: Page) -> list[tuple[str, list[str]]]:
    """Each code cell of the front notebook: its source and the text of its outputs (``_CELL_TEXTS_JS``)."""
    return [(source, texts) for source, texts in page.evaluate(_CELL_TEXTS_JS)]


def cdn_wheels(urls: list[str]) -> set[str]:
    """The distributions named by wheel URLs (``pandas`` for …/pandas-3.0.2-cp314-….whl)."""
    return {re.sub(r"[-_.]+", "-", Path(url).name.split("-")[0]).lower() for url in urls if url.endswith(".whl")}
