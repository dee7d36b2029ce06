"""End-to-end browser tests: JupyterLab from this environment, driven in headless Chromium.

Each pytest(-xdist) worker starts its own JupyterLab on a free loopback port, serving a
temporary folder into which the tests copy the notebooks they open (the repository's
notebooks are never touched), and its own headless Chromium (Debian's ``chromium``
package, driven by Playwright for Python; ``playwright install`` is never needed).

Without Chromium or Playwright the tests skip with a message saying how to install them;
in CI (``CI`` set) that is a failure instead.  On failure a full-page screenshot and the
page's console messages are saved in ``test-artifacts/browser/``.
"""

from __future__ import annotations

import json
import logging
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

import pytest

from classroom.jupyterlab.save_hook import keep_widget_state
from in_ci import skip_or_fail_in_ci

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "browser"
CHROMIUM = os.environ.get("MINIGRAD_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
INSTALL_HINT = ("install Debian's chromium package (sudo apt-get install chromium; or point "
                "MINIGRAD_CHROMIUM at a Chromium binary) and Playwright for Python "
                "(.venv/bin/pip install -e '.[test]'); never `playwright install`")

# JupyterLab settings for the test browser: the ones `course.py lab` gives learners
# (classroom/jupyterlab/overrides.json: Markdown opens rendered, no news pop-ups, widget
# state saved with the notebook), every cell stays in the page (no virtualised notebook),
# so tests can find it, and autosave every AUTOSAVE_S seconds instead of 120, so a test
# sees within seconds whether JupyterLab would rewrite a notebook.
COURSE_SETTINGS = ROOT / "classroom" / "jupyterlab" / "overrides.json"
AUTOSAVE_S = 2
# ... and the save hook that course.py lab gives it (classroom/jupyterlab/save_hook.py).
SAVE_HOOK = f"{keep_widget_state.__module__}.{keep_widget_state.__qualname__}"


def lab_settings() -> dict:
    """{user-settings file: its settings}, from ``plugin id: settings`` pairs."""
    plugins = json.loads(COURSE_SETTINGS.read_text(encoding="utf-8"))
    plugins["@jupyterlab/notebook-extension:tracker"] = {"windowingMode": "none"}
    docmanager = plugins.setdefault("@jupyterlab/docmanager-extension:plugin", {})
    docmanager.update(autosave=True, autosaveInterval=AUTOSAVE_S)
    return {plugin.replace(":", "/") + ".jupyterlab-settings": value
            for plugin, value in plugins.items()}

# What a failed cell leaves behind: IPython's traceback header, or the final
# "SomeError: message" line of a traceback (SyntaxError has no "Traceback" line).
ERROR_TEXT = re.compile(r"Traceback \(most recent call last\)|^\s*\w*(Error|Exception|Interrupt)\b.*$",
                        re.MULTILINE)


def pytest_collection_modifyitems(items):
    for item in items:
        if Path(str(item.fspath)).parent == Path(__file__).parent:
            item.add_marker(pytest.mark.browser)


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed"
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        return f"no Chromium at {CHROMIUM}"
    return None


def _require_browser() -> None:
    why = _missing()
    if why is None:
        return
    skip_or_fail_in_ci(f"browser tests skipped: {why}; {INSTALL_HINT}",
                       f"browser tests cannot run in CI: {why}; {INSTALL_HINT}")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Lab:
    """A running JupyterLab serving ``root``; ``url(name)`` opens a notebook in it."""

    autosave_s = AUTOSAVE_S

    def __init__(self, root: Path, port: int, token: str, env: dict):
        self.root, self.port, self.token, self.env = root, port, token, env

    def url(self, name: str) -> str:
        """The notebook alone, in a fresh workspace (no tabs restored from an earlier test)."""
        workspace = uuid.uuid4().hex[:12]
        return (f"http://127.0.0.1:{self.port}/lab/workspaces/t{workspace}/tree/{name}"
                f"?token={self.token}&reset")

    def api(self, path: str, method: str = "GET"):
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/api/{path}?token={self.token}", method=method)
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
        return json.loads(body) if body else None

    def shut_down_kernels(self) -> None:
        for session in self.api("sessions"):
            try:
                self.api(f"sessions/{session['id']}", method="DELETE")
            except OSError:
                pass

    def add_file(self, source: Path, name: str, trusted=False) -> str:
        """Copy any file byte for byte into the served folder as ``name`` (a path, folders
        made); ``trusted`` as in :meth:`add`."""
        target = self.root / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(source.read_bytes())
        if trusted:
            self.trust(name)
        return name

    def trust(self, name: str) -> None:
        """Sign the served notebook ``name`` with ``jupyter trust`` (which leaves the file as
        it is: the signature goes into this JupyterLab's own database)."""
        subprocess.run([str(Path(sys.executable).parent / "jupyter"), "trust",
                        str(self.root / name)], env=self.env, check=True, capture_output=True)

    def add(self, source: Path, name: str | None = None, edit=None, trusted=False) -> str:
        """Copy a notebook into the served folder (after ``edit(nb_json)``); its name there.
        ``trusted``: signed with ``jupyter trust``, as ``course.py lab`` does for the course's
        notebooks (JupyterLab shows an untrusted notebook's saved widgets as text)."""
        name = name or source.name
        nb = json.loads(source.read_text(encoding="utf-8"))
        if edit is not None:
            edit(nb)
        (self.root / name).write_text(json.dumps(nb, indent=1), encoding="utf-8")
        if trusted:
            self.trust(name)
        return name


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    _require_browser()
    base = tmp_path_factory.mktemp("jupyterlab")
    root, home = base / "notebooks", base / "home"
    for d in (root, home):
        d.mkdir()
    settings = base / "lab-settings"
    for rel, value in lab_settings().items():
        path = settings / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))
    env = dict(os.environ, HOME=str(home), JUPYTER_CONFIG_DIR=str(base / "config"),
               JUPYTER_DATA_DIR=str(base / "data"), JUPYTER_RUNTIME_DIR=str(base / "runtime"),
               IPYTHONDIR=str(base / "ipython"), JUPYTERLAB_SETTINGS_DIR=str(settings),
               JUPYTERLAB_WORKSPACES_DIR=str(base / "workspaces"), JUPYTER_PLATFORM_DIRS="1",
               MPLBACKEND="module://matplotlib_inline.backend_inline", PYTHONUNBUFFERED="1")
    env.pop("JUPYTER_PATH", None)
    # the learner's JupyterLab as `course.py lab` configures it (no grading tools)
    env["JUPYTER_CONFIG_PATH"] = str(ROOT / "classroom" / "jupyterlab" / "learner-config")
    port, token = _free_port(), uuid.uuid4().hex
    jupyter = Path(sys.executable).parent / "jupyter"
    cmd = [str(jupyter), "lab", "--no-browser", f"--port={port}", "--port-retries=0",
           f"--ServerApp.root_dir={root}", f"--ServerApp.token={token}",
           "--ServerApp.ip=127.0.0.1", "--ServerApp.open_browser=False",
           "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
           f"--ContentsManager.pre_save_hook={SAVE_HOOK}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    log = open(base / "jupyterlab.log", "wb")
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 90
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"JupyterLab exited ({proc.returncode}):\n"
                                   + (base / "jupyterlab.log").read_text(errors="replace")[-3000:])
            try:
                with urllib.request.urlopen(
                        f"http://127.0.0.1:{port}/api/status?token={token}", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("JupyterLab did not answer within 90 s:\n"
                                   + (base / "jupyterlab.log").read_text(errors="replace")[-3000:])
            time.sleep(0.3)
        yield Lab(root, port, token, env)
    finally:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=15)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait()
        log.close()


@pytest.fixture(scope="session")
def browser():
    _require_browser()
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            closing(chromium)


class _DriverGone(logging.Filter):
    """Hides asyncio's "Future exception was never retrieved" about Playwright's driver
    connection, which Ctrl-C closes: the interruption is already reported."""

    def filter(self, record) -> bool:
        return "Connection closed while reading from the driver" not in record.getMessage()


logging.getLogger("asyncio").addFilter(_DriverGone())


def closing(thing) -> None:
    """Close a browser or context, unless Ctrl-C has already cut Playwright's connection
    (then there is nothing left to close, and a traceback per fixture would bury pytest's
    one-line summary of the interruption)."""
    from playwright.sync_api import Error

    try:
        thing.close()
    except Error as err:
        if "closed" not in str(err).lower():
            raise


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


@pytest.fixture
def page(browser, request):
    """A fresh browser page; a screenshot and its console log are saved if the test fails."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(30_000)
    page = context.new_page()
    console = []
    page.on("console", lambda m: console.append(f"[{m.type}] {m.text}"))
    page.on("pageerror", lambda e: console.append(f"[pageerror] {e}"))
    yield page
    report = getattr(request.node, "report_call", None)
    if report is None or report.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^\w.-]+", "_", request.node.name)
        try:
            page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True, timeout=15_000)
        except Exception as err:  # the page may be gone; keep the console log anyway
            console.append(f"[screenshot failed] {err}")
        (ARTIFACTS / f"{name}.console.txt").write_text("\n".join(console) + "\n",
                                                       encoding="utf-8")
    closing(context)


# -- driving a notebook ---------------------------------------------------------------------
class Notebook:
    """Drives one notebook in JupyterLab's page through its menus, as a learner would."""

    def __init__(self, page, lab: Lab):
        self.page, self.lab = page, lab

    def open(self, name: str) -> None:
        """Open ``name`` and wait until its kernel is idle."""
        self.page.goto(self.lab.url(name))
        self.page.locator(".jp-Notebook .jp-Cell").first.wait_for(state="visible", timeout=60_000)
        self.wait_idle(timeout=60_000)

    def menu(self, top: str, item: str) -> None:
        self.page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{re.escape(top)}$")).click()
        self.page.locator(".lm-Menu-itemLabel",
                          has_text=re.compile(f"^{re.escape(item)}$")).click()

    def wait_idle(self, timeout: float = 120_000) -> None:
        """Wait until the kernel is connected and idle and no cell is queued or running."""
        self.page.wait_for_function(
            """() => {
                const ind = document.querySelector('.jp-Notebook-ExecutionIndicator');
                if (!ind || ind.getAttribute('data-status') !== 'idle') return false;
                const bar = document.querySelector('#jp-main-statusbar');
                if (!bar || !/\\| Idle/.test(bar.innerText)) return false;
                return ![...document.querySelectorAll('.jp-InputPrompt')]
                    .some(p => p.textContent.includes('[*]'));
            }""", timeout=timeout, polling=250)

    def run_all(self, timeout: float = 150_000) -> None:
        """Clear the saved outputs, Run All Cells, and wait until the run is over."""
        self.page.locator(".jp-Notebook").first.click(position={"x": 3, "y": 3})
        self.menu("Edit", "Clear Outputs of All Cells")
        self.page.wait_for_function(
            """() => ![...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
                     .some(p => /\\[\\d+\\]/.test(p.textContent))""", timeout=30_000)
        self.menu("Run", "Run All Cells")
        self.page.wait_for_function(
            """() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
                     .some(p => /\\[(\\*|\\d+)\\]/.test(p.textContent))""", timeout=30_000)
        self.wait_idle(timeout=timeout)

    def is_dirty(self) -> bool:
        """Whether JupyterLab marks the open notebook as changed since it was saved (its tab
        shows a dot instead of the close cross; closing it would ask "Save your work?")."""
        return self.page.locator("#jp-main-dock-panel .lm-TabBar-tab.jp-mod-dirty").count() > 0

    def wait_saved(self, name: str, since: bytes, timeout: float = 60) -> bytes:
        """Wait until autosave has written ``name`` (its bytes differ from ``since``) and the
        notebook is no longer marked changed; the bytes written."""
        path = self.lab.root / name
        deadline = time.monotonic() + timeout
        while True:
            now = path.read_bytes()
            if now != since and not self.is_dirty():
                return now
            assert time.monotonic() < deadline, (
                f"autosave did not write {name} within {timeout:.0f} s (marked changed: "
                f"{self.is_dirty()})")
            time.sleep(0.5)

    def close(self) -> None:
        """Leave the notebook and shut its kernel down, as closing JupyterLab would: what
        opens next comes from the file alone."""
        self.page.goto("about:blank")
        self.lab.shut_down_kernels()

    #: The outputs drawn by the widget renderer (the others are rendered MIME data, marked
    #: with their type): a widget, "Loading widget...", or "Error displaying widget ...".
    WIDGET_OUTPUTS = ".jp-OutputArea-output:not([data-mime-type])"

    def widget_outputs(self) -> dict:
        """How the outputs that hold a widget look: how many there are, how many show a
        rendered widget, and the text of those that show an error instead."""
        return self.page.evaluate("""selector => {
            const outs = [...document.querySelectorAll(selector)];
            const failed = o => /Error displaying widget/.test(o.innerText);
            return {count: outs.length, errors: outs.filter(failed).map(o => o.innerText),
                    rendered: outs.filter(o => o.querySelector('.jupyter-widgets')
                                               && !failed(o)).length};
        }""", self.WIDGET_OUTPUTS)

    def error_outputs(self) -> list:
        """The text of every output that a failed cell (or a widget that failed) left."""
        texts = self.page.eval_on_selector_all(
            '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]',
            "els => els.map(e => e.innerText)")
        errors = [t for t in texts if ERROR_TEXT.search(t)]
        errors += self.page.eval_on_selector_all(
            ".jp-OutputArea-output",
            "els => els.map(e => e.innerText).filter(t => t.includes('Error displaying widget'))")
        return errors

    def unexecuted_cells(self) -> list:
        """Indexes of non-empty code cells whose prompt has no execution count."""
        return self.page.eval_on_selector_all(
            ".jp-Notebook .jp-Cell",
            """cells => cells.map((c, i) => [i, c]).filter(([i, c]) =>
                  c.classList.contains('jp-CodeCell')
                  && (c.querySelector('.jp-InputArea-editor') || c).innerText.trim() !== ''
                  && !/\\[\\d+\\]/.test((c.querySelector('.jp-InputPrompt') || {}).textContent || ''))
               .map(([i, c]) => i)""")

    def assert_ran_cleanly(self) -> None:
        errors = self.error_outputs()
        assert not errors, "error outputs:\n" + "\n---\n".join(e[-2000:] for e in errors)
        skipped = self.unexecuted_cells()
        assert not skipped, f"code cells that did not run: {skipped}"


@pytest.fixture
def notebook(page, lab):
    yield Notebook(page, lab)
    lab.shut_down_kernels()
