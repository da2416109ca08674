"""Drive JupyterLab and Voilà in a real browser: start the servers, open a notebook, run it, read what a learner sees.

The servers run on a free localhost port with a random token, in temporary folders, and serve a *copy* of the
notebooks (outputs stripped, so the execution prompts say when Run All has finished and the committed files are
never touched). Every wait has an explicit timeout; nothing sleeps for a fixed time.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Browser, ConsoleMessage, Error, Locator, Page, WebSocket, expect

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
VIEWPORT = {"width": 1280, "height": 800}

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

# Set in the environment of Playwright's driver, it routes a service worker's own requests through the context's
# routes (https://playwright.dev/docs/service-workers-experimental): the JupyterLite site's worker fetches for its page.
SERVICE_WORKER_NETWORK_EVENTS = "PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS"

SERVER_START_TIMEOUT = 60  # seconds: a cold JupyterLab on 2 cores starts in about 3 s
KERNEL_IDLE_TIMEOUT = 60_000  # milliseconds, Playwright's unit
WIDGET_TIMEOUT = 30_000
KERNEL_ROUND_TRIP_TIMEOUT = 30_000  # a click that goes to the kernel and back

# Console messages of type "error" that are harmless here. Each entry: a regex on the message text and why it is
# allowed. Anything else logged as an error, and every uncaught page error, fails the test.
CONSOLE_ERROR_ALLOW: list[tuple[str, str]] = [
    (
        r"^Failed to load resource: net::ERR_[A-Z_]+ \(https://cdn\.jsdelivr\.net/npm/@fortawesome/fontawesome-free@",
        "Voilà's lab template links Font Awesome from a CDN, which an offline machine cannot reach; the icons still "
        "show, because Voilà's own bundle carries Font Awesome too.",
    ),
]


# ----------------------------------------------------------------------------------------------- processes


def free_port() -> int:
    """A TCP port nothing listens on now (the OS picks it; the server binds it a moment later)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


CHROMIUM_MISSING = (
    "chromium is not installed, so the browser tests cannot run. "
    "`make test` installs it (`make chromium`: apt-get install chromium)."
)


def find_chromium() -> str | None:
    """The path of Debian's chromium, or None."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


@dataclass
class Server:
    """A server process we started, its base URL and token, and its log file."""

    name: str
    proc: subprocess.Popen
    url: str
    token: str
    log: Path
    _log_file: object = field(repr=False, default=None)

    def log_tail(self, chars: int = 4000) -> str:
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return "(no log)"

    def request(self, method: str, path: str, timeout: float = 10) -> tuple[int, bytes]:
        """An HTTP request to the server with the token; returns (status, body), never raises for HTTP errors."""
        headers = {"Authorization": f"token {self.token}"} if self.token else {}
        req = urllib.request.Request(self.url + path, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return resp.status, resp.read()
        except urllib.error.HTTPError as err:
            return err.code, err.read()

    def stop(self, shutdown_path: str | None = None) -> None:
        """Stop the server: a polite shutdown request, then SIGTERM, then SIGKILL to its whole process group."""
        try:
            if self.proc.poll() is None and shutdown_path:
                try:
                    self.request("POST", shutdown_path, timeout=5)
                    self.proc.wait(timeout=20)
                except (OSError, subprocess.TimeoutExpired):
                    pass
            stop_process(self.proc)
        finally:
            if self._log_file is not None:
                self._log_file.close()


def _stat(pid: int | str) -> tuple[int, int] | None:
    """(parent pid, start time) of a process, from /proc; None if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return int(fields[1]), int(fields[19])


def descendants(pid: int) -> list[tuple[int, int]]:
    """The processes below ``pid`` (children, grandchildren…) as (pid, start time), read from /proc."""
    children: dict[int, list[tuple[int, int]]] = {}
    for proc_dir in Path("/proc").glob("[0-9]*"):
        stat = _stat(proc_dir.name)
        if stat is not None:
            children.setdefault(stat[0], []).append((int(proc_dir.name), stat[1]))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child[0])
    return found


def stop_process(proc: subprocess.Popen, timeout: float = 15) -> None:
    """Terminate a process started in its own session, wait, kill it if it lingers; then kill what it left.

    Kernels run in sessions of their own (jupyter_client starts them so), so the process group does not reach
    them: the descendants are listed before the server stops, and those still alive afterwards (the same
    process: same pid and start time) are killed.
    """
    children = descendants(proc.pid) if proc.poll() is None else []
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait(timeout=timeout)
    for pid, started in children:
        stat = _stat(pid)
        if stat is not None and stat[1] == started:
            os.kill(pid, signal.SIGKILL)


def start_server(
    name: str, cmd: list[str], *, port: int, token: str, ready_path: str, log: Path, env: dict, cwd: Path | None = None
) -> Server:
    """Start ``cmd`` in its own process group and wait until ``ready_path`` answers 200; clean up if it never does."""
    log_file = open(log, "wb")  # closed by Server.stop
    proc = subprocess.Popen(
        cmd,
        stdout=log_file,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        env=env,
        cwd=cwd,
        start_new_session=True,
    )
    server = Server(name, proc, f"http://127.0.0.1:{port}", token, log, log_file)
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"{name} exited with code {proc.returncode} while starting:\n{server.log_tail()}")
            try:
                status, _ = server.request("GET", ready_path, timeout=2)
                if status == 200:
                    return server
            except OSError:
                pass  # not listening yet
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"{name} did not answer {ready_path} in {SERVER_START_TIMEOUT} s:\n{server.log_tail()}"
                )
            try:  # the poll interval: wake early if the server dies
                proc.wait(timeout=0.25)
            except subprocess.TimeoutExpired:
                pass
    except BaseException:
        server.stop()
        raise


def jupyter_env(home: Path) -> dict:
    """The environment for a Jupyter server: config, data and runtime folders of its own, none of the user's."""
    env = dict(os.environ)
    for var, sub in (
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_DATA_DIR", "data"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
    ):
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(home / sub)
    env.pop("JUPYTER_PATH", None)
    env["PYTHONUNBUFFERED"] = "1"
    return env


def root_flag() -> list[str]:
    return ["--allow-root"] if os.geteuid() == 0 else []


# ----------------------------------------------------------------------------------------------- notebooks


def copy_notebook(src: Path, dest: Path) -> None:
    """Copy a notebook without outputs, execution counts or saved widget state."""
    nb = json.loads(src.read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    nb.get("metadata", {}).pop("widgets", None)
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(json.dumps(nb, indent=1))


def copy_tree(src: Path, dest: Path) -> None:
    """Copy a folder of notebooks (and whatever files they read), stripping every notebook."""
    shutil.copytree(src, dest, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"), dirs_exist_ok=True)
    for nb in src.rglob("*.ipynb"):
        if ".ipynb_checkpoints" not in nb.parts:
            copy_notebook(nb, dest / nb.relative_to(src))


def lab_settings(folder: Path) -> None:
    """JupyterLab user settings for a quiet, test-friendly front end."""
    settings = {
        # No "Would you like to get Jupyter news?" toast, no update check.
        "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
        # Render every cell, not only those in view, so the tests see the whole notebook in the DOM.
        "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
    }
    for plugin, values in settings.items():
        path = folder / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))


def start_lab(home: Path, notebook_dir: Path) -> Server:
    """JupyterLab on a free localhost port with a random token, serving ``notebook_dir``, settings in ``home``."""
    port, token = free_port(), secrets.token_hex(16)
    lab_settings(home / "settings")
    (home / "workspaces").mkdir(parents=True, exist_ok=True)
    cmd = [
        sys.executable, "-m", "jupyterlab",
        *root_flag(),
        "--ServerApp.open_browser=False",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={notebook_dir}",
        # A safety net if the test process dies without its teardown: the server stops itself when idle.
        "--ServerApp.shutdown_no_activity_timeout=900",
        "--MappingKernelManager.cull_idle_timeout=900",
        f"--LabApp.user_settings_dir={home / 'settings'}",
        f"--LabApp.workspaces_dir={home / 'workspaces'}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
        # window.jupyterapp: the tests read the notebook model (execution counts, output types) through it.
        "--LabApp.expose_app_in_browser=True",
    ]  # fmt: skip
    return start_server(
        "JupyterLab", cmd, port=port, token=token, ready_path="/api/status", log=home / "lab.log", env=jupyter_env(home)
    )


def make_app_command(port: int) -> list[str]:
    """The command `make app` runs (read with `make -n`), on ``port``, with this Python's environment."""
    dry = subprocess.run(
        ["make", "--no-print-directory", "-n", "app", f"PORT={port}", f"VENV={sys.prefix}"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    # `make -n` also lists the recipe of a stale .venv stamp (pip install …): keep only the voila line.
    lines = [line for line in dry.stdout.splitlines() if Path(shlex.split(line)[0]).name == "voila"]
    assert len(lines) == 1, f"`make -n app` should run voila once:\n{dry.stdout}"
    return shlex.split(lines[0])


def start_app(home: Path) -> Server:
    """`make app`'s Voilà on a free localhost port, its kernels' files and config in ``home``."""
    port = free_port()
    cmd = [*make_app_command(port), f"--Voila.connection_dir_root={home / 'connections'}"]
    (home / "connections").mkdir(parents=True, exist_ok=True)
    # Voilà answers 403 on /api/status and GET / runs the notebook: a static file says it is up.
    return start_server(
        "Voila", cmd, port=port, token="", ready_path="/voila/static/voila.js", log=home / "voila.log",
        env=jupyter_env(home), cwd=ROOT,
    )  # fmt: skip


# ----------------------------------------------------------------------------------------------- the page


@dataclass
class ConsoleLog:
    """Console messages and uncaught errors of a page."""

    messages: list[tuple[str, str]] = field(default_factory=list)
    allow: list[tuple[str, str]] = field(default_factory=lambda: list(CONSOLE_ERROR_ALLOW))

    def attach(self, page: Page) -> ConsoleLog:
        page.on("console", self._on_console)
        page.on("pageerror", lambda exc: self.messages.append(("pageerror", f"{exc.name}: {exc.message}\n{exc.stack}")))
        return self

    def _on_console(self, msg: ConsoleMessage) -> None:
        loc = msg.location
        where = f" ({loc.get('url')}:{loc.get('lineNumber')})" if loc and loc.get("url") else ""
        self.messages.append((msg.type, msg.text + where))

    def errors(self, start: int = 0) -> list[str]:
        """Errors a developer would see in the console, less the allow-listed noise (from message ``start`` on)."""
        found = []
        for kind, text in self.messages[start:]:
            if kind not in ("error", "pageerror"):
                continue
            if kind == "error" and any(re.search(pattern, text) for pattern, _why in self.allow):
                continue
            found.append(f"[{kind}] {text}")
        return found


_IDLE = re.compile(rb'"execution_state":\s*"idle"')


def _is_idle(payload: str | bytes) -> bool:
    return bool(_IDLE.search(payload.encode() if isinstance(payload, str) else payload))


class RoundTrips:
    """Waiting for the kernel's answer to a click: a subclass counts the kernel's "idle" status messages (``idle``)
    and waits for the next one (``settled``).

    A click on a widget sends one message to the kernel; the kernel answers busy, the widget updates, idle, in
    that order. Waiting for that idle after a click means every update of the round trip has reached the page: no
    half-updated view (new log, old buttons) is read.
    """

    @property
    def idle(self) -> int:
        raise NotImplementedError

    def settled(self, since: int, timeout_ms: int = KERNEL_ROUND_TRIP_TIMEOUT) -> None:
        """Wait until the kernel has gone idle at least once after the count ``since``."""
        raise NotImplementedError

    def click(self, target: Locator) -> None:
        """Click something that talks to the kernel, and wait for the kernel's answer to arrive."""
        since = self.idle
        target.click()
        self.settled(since)

    def do(self, action) -> None:
        """Do something that sends one message to the kernel (type and Enter, pick an option), and wait."""
        since = self.idle
        action()
        self.settled(since)


class KernelWatch(RoundTrips):
    """Watches the page's kernel websockets (JupyterLab, Voilà) for the kernel's "idle" status messages."""

    def __init__(self, page: Page):
        self._idle = 0
        self.sockets: list[WebSocket] = []
        page.on("websocket", self._socket)

    @property
    def idle(self) -> int:
        return self._idle

    def _socket(self, ws: WebSocket) -> None:
        if "/api/kernels/" in ws.url:
            self.sockets.append(ws)
            ws.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        if _is_idle(payload):
            self._idle += 1

    def settled(self, since: int, timeout_ms: int = KERNEL_ROUND_TRIP_TIMEOUT) -> None:
        if self.idle > since:
            return
        live = [ws for ws in self.sockets if not ws.is_closed()]
        assert live, "the page has no open kernel connection"
        with live[-1].expect_event("framereceived", predicate=_is_idle, timeout=timeout_ms):
            pass


def lab_url(server: Server, path: str) -> str:
    # A workspace of its own per notebook, reset, so no layout leaks from one test to the next.
    workspace = re.sub(r"[^a-z0-9]+", "-", path.lower()).strip("-")
    return f"{server.url}/lab/workspaces/{workspace}/tree/{path}?reset&token={server.token}"


def kernel_idle(page: Page) -> Locator:
    """The kernel item of the status bar when it reads "Python 3 (ipykernel) | Idle"."""
    return page.locator("#jp-main-statusbar .jp-StatusBar-TextItem", has_text=re.compile(r"\| Idle$"))


def open_notebook(page: Page, server: Server, path: str) -> None:
    """Open a notebook and wait until its kernel is really connected and idle.

    The notebook toolbar says "idle" before the kernel is connected, and a Run All sent then is dropped: the
    status bar's "… | Idle" is the signal that holds.
    """
    page.goto(lab_url(server, path))
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=KERNEL_IDLE_TIMEOUT)
    kernel_idle(page).wait_for(timeout=KERNEL_IDLE_TIMEOUT)
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget?.content?.model")


def restart_kernel(page: Page) -> None:
    """Kernel ▸ Restart Kernel…, confirmed in the dialog; wait until the new kernel is idle."""
    page.get_by_role("menuitem", name="Kernel", exact=True).click()
    page.locator('.lm-Menu-item[data-command="kernelmenu:restart"]').click()
    page.locator(".jp-Dialog button.jp-mod-accept", has_text="Restart").click()
    page.locator(".jp-Dialog").wait_for(state="detached")
    kernel_idle(page).wait_for(timeout=KERNEL_IDLE_TIMEOUT)


# JavaScript run in the page: the state of every code cell of the current notebook, read from the model
# (execution count, output types) and from the DOM (the prompt and what each output shows).
_CELLS_JS = """
() => {
  const nb = window.jupyterapp.shell.currentWidget.content;
  const cells = [];
  nb.widgets.forEach((cell, index) => {
    if (cell.model.type !== 'code') return;
    const source = cell.model.sharedModel.getSource();
    const outputs = [];
    const model = cell.model.outputs;
    for (let j = 0; j < model.length; j++) {
      const out = model.get(j);
      const json = out.toJSON();
      const child = cell.outputArea.widgets[j];
      const view = json.data && json.data['application/vnd.jupyter.widget-view+json'];
      outputs.push({
        type: out.type,
        mimes: Object.keys(out.data || {}),
        ename: json.ename || null,
        evalue: json.evalue || null,
        widgetModel: view ? view.model_id : null,
        shows: child ? child.node.innerText.slice(0, 3000) : null,
        rendered: child ? child.node.querySelectorAll('.jupyter-widgets').length : 0,
      });
    }
    cells.push({
      index, source: source.slice(0, 200), empty: source.trim() === '',
      count: cell.model.executionCount,
      prompt: cell.node.querySelector('.jp-InputArea-prompt')?.innerText.trim() || '',
      outputs,
    });
  });
  return cells;
}
"""

_RUN_FINISHED_JS = """
() => {
  const nb = window.jupyterapp.shell.currentWidget.content;
  const code = nb.widgets.filter(c => c.model.type === 'code' && c.model.sharedModel.getSource().trim() !== '');
  const prompts = code.map(c => c.node.querySelector('.jp-InputArea-prompt')?.innerText || '');
  if (prompts.some(p => p.includes('*'))) return false;        // queued or running
  const failed = code.some(c => { const o = c.model.outputs;
    for (let j = 0; j < o.length; j++) if (o.get(j).type === 'error') return true; return false; });
  return failed || code.every(c => c.model.executionCount !== null);
}
"""


_FIRST_OUTPUT_JS = """() => window.jupyterapp.shell.currentWidget.content.widgets
  .some(c => c.model.type === 'code' && c.model.outputs.length > 0)"""


def run_all(page: Page, timeout_ms: int) -> float:
    """Run ▸ Run All Cells from the menu bar, as a person would, then wait until every cell has run (or one failed).
    Returns the seconds from the click on Run All Cells to the notebook's first output."""
    page.get_by_role("menuitem", name="Run", exact=True).click()
    started = time.monotonic()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.wait_for_function(_FIRST_OUTPUT_JS, timeout=timeout_ms, polling=50)
    first = time.monotonic() - started
    page.wait_for_function(_RUN_FINISHED_JS, timeout=timeout_ms, polling=250)
    kernel_idle(page).wait_for(timeout=timeout_ms)
    wait_widgets_settled(page)
    return first


def wait_widgets_settled(page: Page, root: str = "body") -> None:
    """Wait until no widget output still says "Loading widget..." and every image (a plot) has loaded."""
    page.wait_for_function(
        """(root) => ![...document.querySelectorAll(root + ' .jp-OutputArea-output')]
                .some(n => n.textContent.includes('Loading widget...'))
            && [...document.querySelectorAll(root + ' .jp-OutputArea-output img')].every(img => img.complete)""",
        arg=root,
        timeout=WIDGET_TIMEOUT,
    )



APP_TIMEOUT = 90_000  # Voilà starts a kernel and runs the notebook before the widgets show


def open_app(page: Page, url: str) -> tuple[Locator, Locator]:
    """The Voilà app at ``url`` (``make app``) opened in ``page``, its widgets settled: its root and its table."""
    page.goto(url + "/")
    root = page.locator(".bibi-play-app")
    table = root.locator(".bibi-play-table")
    expect(table).to_be_visible(timeout=APP_TIMEOUT)
    wait_widgets_settled(page)
    return root, table


def notebook_cells(page: Page) -> list[dict]:
    return page.evaluate(_CELLS_JS)


# Text on stderr that is not a problem. Each entry: a regex and why. Anything else on stderr fails the test.
STDERR_ALLOW: list[tuple[str, str]] = []


_PROBLEMS_JS = """(scope) => {
  const out = [];
  for (const n of scope.querySelectorAll('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'))
    out.push('stderr: ' + n.innerText.slice(0, 2000));
  for (const img of scope.querySelectorAll('.jp-OutputArea-output img'))
    if (img.complete && img.naturalWidth === 0) out.push('broken image: ' + img.src.slice(0, 100));
  for (const n of scope.querySelectorAll('.jupyter-widgets-error-widget'))
    out.push('widget error view: ' + n.innerText.slice(0, 500));
  for (const n of scope.querySelectorAll('.jp-OutputArea-output')) {
    const t = n.textContent;
    if (t.includes('Error displaying widget') || t.includes('Loading widget...'))
      out.push('widget placeholder: ' + t.slice(0, 300));
  }
  return out;
}"""


def _allowed(problems: list[str]) -> list[str]:
    return [
        p for p in problems if not (p.startswith("stderr: ") and any(re.search(rx, p[8:]) for rx, _ in STDERR_ALLOW))
    ]


def problems_in_page(page: Page, root: str = "body") -> list[str]:
    """What a learner would see as broken: tracebacks and other stderr text, broken widget views."""
    return _allowed(page.locator(root).first.evaluate(_PROBLEMS_JS))


def problems_in(view: Locator) -> list[str]:
    """The same, inside one element (a view: its ``Output`` of callback errors included)."""
    return _allowed(view.evaluate(_PROBLEMS_JS))


def check_notebook(page: Page) -> list[str]:
    """Every code cell ran, no error output, every widget output rendered as a live view."""
    problems = []
    for cell in notebook_cells(page):
        where = f"cell {cell['index']} ({cell['source'].splitlines()[0] if cell['source'] else ''!r})"
        if not cell["empty"] and (cell["count"] is None or not re.fullmatch(r"\[\d+\]:", cell["prompt"])):
            problems.append(f"{where} did not run (prompt {cell['prompt']!r})")
        for out in cell["outputs"]:
            if out["type"] == "error":
                problems.append(f"{where} raised {out['ename']}: {out['evalue']}")
            if out["widgetModel"] and out["rendered"] == 0:
                problems.append(f"{where}: widget view not rendered; the output shows {out['shows']!r}")
    return problems + problems_in_page(page, ".jp-NotebookPanel")


def widget_counts(page: Page, root: str = "body") -> dict[str, int]:
    """How many widget views are on show, and how many placeholders or error views."""
    return page.evaluate(
        """(root) => {
      const scope = document.querySelector(root) || document.body;
      const outs = [...scope.querySelectorAll('.jp-OutputArea-output')];
      return {
        views: scope.querySelectorAll('.jupyter-widgets').length,
        placeholders: outs.filter(n => /Loading widget\\.\\.\\.|Error displaying widget/.test(n.textContent)).length,
        error_views: scope.querySelectorAll('.jupyter-widgets-error-widget').length,
      };
    }""",
        root,
    )


def new_page(browser: Browser, **context_options) -> Page:
    """A page in a fresh browser context at 1280×800 (``context_options`` go to ``new_context``)."""
    context = browser.new_context(viewport=VIEWPORT, **context_options)
    context.set_default_timeout(30_000)
    return context.new_page()


def after_test(page: Page, node) -> None:
    """A screenshot to artifacts/ if the test ``node`` failed; if it passed, none left from an earlier failure
    (a screenshot of that would mislead). Needs the report the browser tests' conftest keeps on the item."""
    report = getattr(node, "report_call", None)
    if report is not None and report.failed:
        ignore_closed(lambda: screenshot(page, f"FAILED-{node.name}"))
    else:
        (ARTIFACTS / f"FAILED-{node.name}.png").unlink(missing_ok=True)


def screenshot(page: Page, name: str) -> Path:
    """A 1280×800 screenshot of what is in view, saved to artifacts/."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def screenshot_views(page: Page, stem: str, selectors: dict[str, str], limit: int = 6) -> list[Path]:
    """Scroll each element's top to the top of the window and take a screenshot (``limit`` per kind at most).

    ``selectors`` maps a short name, used in the file name, to a CSS selector.
    """
    paths = []
    for name, selector in selectors.items():
        found = page.locator(selector)
        for i in range(min(found.count(), limit)):
            found.nth(i).evaluate("el => el.scrollIntoView({block: 'start'})")
            paths.append(screenshot(page, f"{stem}-{name}-{i + 1}"))
    return paths


def overflowing(page: Page, selectors: Iterable[str]) -> list[str]:
    """Views wider than the room they have (past the window's right edge, or scrolling sideways in their output),
    and button or control labels cut short ("1…" for a ten)."""
    return page.evaluate(
        """(selectors) => {
      const found = [];
      for (const selector of selectors) {
        document.querySelectorAll(selector).forEach((el, i) => {
          const where = `${selector} #${i + 1}`;
          const right = el.getBoundingClientRect().right;
          if (right > window.innerWidth + 1) found.push(`${where} reaches x=${Math.round(right)}, past the window`);
          for (const box of [el, el.closest('.jp-OutputArea-output')]) {
            if (box && box.scrollWidth > box.clientWidth + 1)
              found.push(`${where}: ${box.scrollWidth}px of content in ${box.clientWidth}px (${box.className})`);
          }
          for (const label of el.querySelectorAll('button, .widget-label')) {
            if (label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1)
              found.push(`${where}: label ${JSON.stringify(label.textContent.trim())} cut short, ` +
                         `${label.scrollWidth}px in ${label.clientWidth}px`);
          }
        });
      }
      return found;
    }""",
        list(selectors),
    )


def ignore_closed(action) -> None:
    """Run a cleanup action on a page or browser that may already be gone."""
    try:
        action()
    except Error:
        pass
