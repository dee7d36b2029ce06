"""`course.py lab` opens the README, rendered, as the course's landing page: its chapter
table's links open the chapters and their exercises (JupyterLab serves the whole
repository, not only chapters/, where "Could not find path" met every exercise link), and
the address it prints opens that page too; the grading tools stay out of the lab."""

import importlib.util
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from ctrl_c import ctrl_c_reaches_it

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_opens_rendered_and_its_links_open_chapters_and_exercises(lab, page):
    for name in ("README.md", "chapters/01_tensor.ipynb", "exercises/01_tensor.ipynb"):
        lab.add_file(ROOT / name, name)
    page.goto(lab.url("README.md"))
    title = page.locator(".jp-RenderedMarkdown h1", has_text="minigrad").first
    title.wait_for(state="visible", timeout=60_000)            # Markdown Preview, not an editor
    assert not page.locator(".jp-FileEditor").count()

    markdown = page.locator(".jp-RenderedMarkdown")
    links = (markdown.get_by_role("link", name="Tensor", exact=True),
             markdown.get_by_role("link", name="exercises/01_tensor.ipynb"))
    for opened, link in enumerate(links, start=1):
        link.first.click()
        page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").first.wait_for(
            state="visible", timeout=60_000)
        assert page.locator(".jp-NotebookPanel").count() == opened     # a notebook per link
        page.get_by_role("tab", name=re.compile("README")).first.click()
    assert not page.get_by_text("Could not find path").count()
    assert not page.locator(".jp-Notification-Toast").count()   # no news pop-up in a corner


def _stamped() -> bool:
    """Whether .venv/ was installed from today's pyproject.toml."""
    spec = importlib.util.spec_from_file_location("course_for_the_landing_test",
                                                  ROOT / "course.py")
    course = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(course)
    env = course.Env(ROOT)
    return env.stamp.is_file() and env.stamp.read_text().strip() == env.wanted_stamp()


def test_course_py_lab_prints_the_readmes_address_and_keeps_grading_tools_out(page, tmp_path):
    """The learner's own command, run from another folder with an option's value given
    apart (`--port 8899`, once read as a file to open) and --no-browser: the address it
    prints opens the README's chapter list (it used to open the Launcher), and nbgrader's
    menu, its "Create Assignment" sidebar and its config warnings are not in the lab."""
    if not _stamped():
        pytest.skip(".venv/ is older than pyproject.toml, and `course.py lab` would reinstall "
                    "it first: run `python3 course.py test` (it refreshes .venv/)")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    home = tmp_path / "home"
    env = dict(os.environ, HOME=str(home), JUPYTER_CONFIG_DIR=str(home / "config"),
               JUPYTER_DATA_DIR=str(home / "data"), JUPYTER_RUNTIME_DIR=str(home / "runtime"),
               JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"))
    for name in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH", "JUPYTERLAB_SETTINGS_DIR"):
        env.pop(name, None)
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "course.py"), "lab", "--no-browser", "--port", str(port),
         "--port-retries=0", "--ServerApp.ip=127.0.0.1"],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True, preexec_fn=ctrl_c_reaches_it)
    seen = []                       # everything it prints, read as it comes
    reader = threading.Thread(target=lambda: seen.extend(proc.stdout), daemon=True)
    reader.start()
    try:
        address, deadline = None, time.monotonic() + 180
        while address is None and time.monotonic() < deadline and proc.poll() is None:
            found = re.search(rf"http://127\.0\.0\.1:{port}/\S+", "".join(seen))
            address = found and found.group(0)
            time.sleep(0.2)
        assert address, "JupyterLab printed no address:\n" + "".join(seen[-30:])
        assert "/lab/tree/README.md?token=" in address
        for _ in range(150):                       # printed just before it starts answering
            try:
                urllib.request.urlopen(address, timeout=5).close()
                break
            except OSError:
                time.sleep(0.2)
        page.goto(address)
        page.locator(".jp-RenderedMarkdown h1", has_text="minigrad").first.wait_for(
            state="visible", timeout=60_000)
        assert page.locator(".jp-RenderedMarkdown").get_by_role(
            "link", name="Tensor", exact=True).count()                # the chapter list
        menus = page.locator(".lm-MenuBar-itemLabel").all_inner_texts()
        assert "File" in menus and "Nbgrader" not in menus, menus
        tabs = page.locator(".jp-SideBar .lm-TabBar-tab").evaluate_all(
            "tabs => tabs.map(t => t.getAttribute('title') || t.innerText)")
        assert tabs and not [t for t in tabs if "nbgrader" in t.lower()
                             or "assignment" in t.lower()], tabs
    finally:
        os.killpg(proc.pid, signal.SIGINT)                 # the learner's one Ctrl-C
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        reader.join(timeout=10)
    log = "".join(seen)
    assert proc.returncode == 130 and "[course] stopped JupyterLab (Ctrl-C)." in log, log[-3000:]
    assert "Traceback" not in log
    assert "nbgrader" not in log.lower(), [l for l in log.splitlines() if "nbgrader" in l.lower()]
