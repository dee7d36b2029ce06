"""course.py, the README's front door, on the breaks a newcomer met on a fresh clone:
JupyterLab serving only chapters/, a half-made .venv tripping every later run, silence
during the install, tracebacks on Ctrl-C, and no word on unknown commands.

Each test runs course.py on a temporary checkout (a copy of course.py and pyproject.toml)
with a small fake environment, so nothing is downloaded or installed."""

import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import threading
import time
import venv
from pathlib import Path

import pytest
from ctrl_c import ctrl_c_reaches_it

ROOT = Path(__file__).resolve().parents[1]


def load_course():
    spec = importlib.util.spec_from_file_location("course_under_test", ROOT / "course.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


course = load_course()


def checkout(tmp_path: Path) -> Path:
    """A temporary checkout: course.py, pyproject.toml and the JupyterLab settings."""
    root = tmp_path / "repo"
    (root / course.LAB_SETTINGS.parent).mkdir(parents=True)
    for name in ("course.py", "pyproject.toml", str(course.LAB_SETTINGS)):
        shutil.copyfile(ROOT / name, root / name)
    return root


def site_packages(env_dir: Path) -> Path:
    return next(env_dir.glob("lib/python3*/site-packages"))


def fake_env(root: Path, pip_ok: bool = True, stamped: bool = True, modules=None) -> "course.Env":
    """A real virtual environment without pip; with ``pip_ok``, a fake ``pip`` package
    whose ``python -m pip install`` prints a line and succeeds.  ``modules`` adds more fake
    packages ({name: __main__ source})."""
    env = course.Env(root)
    venv.EnvBuilder(with_pip=False, symlinks=True).create(env.dir)
    packages = dict(modules or {})
    if pip_ok:
        packages.setdefault("pip", "import sys\n"
                            "print('fake pip:', ' '.join(sys.argv[1:]), flush=True)\n")
    for name, main in packages.items():
        package = site_packages(env.dir) / name
        package.mkdir()
        (package / "__init__.py").write_text("")
        (package / "__main__.py").write_text(main)
    if stamped:
        env.stamp.write_text(env.wanted_stamp() + "\n")
    return env


# -- what the commands are -------------------------------------------------------------------
def test_help_lists_the_commands_and_exits_0(capsys):
    for flag in ("--help", "-h", "help"):
        assert course.main([flag]) == 0
        out = capsys.readouterr().out
        assert all(command in out for command in ("lab", "test", "test-oldest"))


def test_no_command_shows_the_commands_and_fails(capsys):
    assert course.main([]) == 2
    err = capsys.readouterr().err
    assert "usage: python3 course.py COMMAND" in err and "test-oldest" in err


def test_an_unknown_command_is_named_as_unknown(capsys):
    assert course.main(["tets"]) == 2
    err = capsys.readouterr().err
    assert "unknown command 'tets'" in err and "lab, test, test-oldest" in err


def test_help_runs_without_an_environment(tmp_path):
    root = checkout(tmp_path)
    result = subprocess.run([sys.executable, str(root / "course.py"), "--help"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "commands:" in result.stdout
    assert not (root / ".venv").exists()


# -- lab serves the repository and opens the chapter list ----------------------------------
def test_lab_serves_the_repository_root_and_lands_on_the_readme(tmp_path):
    env = course.Env(tmp_path)
    cmd = [str(c) for c in course.lab_command(env, ["--no-browser"])]
    assert f"--ServerApp.root_dir={tmp_path}" in cmd
    # the page the browser opens and the address JupyterLab prints (also with --no-browser)
    assert "--LabApp.default_url=/lab/tree/README.md" in cmd
    assert "chapters/" not in cmd and cmd[-1] == "--no-browser"
    assert "--ServerApp.answer_yes=True" in cmd           # one Ctrl-C stops it
    # keeps a notebook's saved widgets when JupyterLab saves it without them
    assert f"--ContentsManager.pre_save_hook={course.SAVE_HOOK}" in cmd


@pytest.mark.parametrize("args", [
    ["--no-browser", "--port", "8899"],                   # read as a file to open, once
    ["--port=8899", "--no-browser"],
    ["--ServerApp.port", "8899", "--ip", "127.0.0.1"],
    ["mywork/02_add_neg.ipynb", "--port", "8899"],        # a file to open instead
])
def test_lab_passes_every_argument_through_untouched(tmp_path, args):
    """`course.py lab --no-browser --port 8899` took 8899 for a file to open, so the README
    was never opened: the arguments follow the course's own, in order, and nothing is
    added after them."""
    cmd = [str(c) for c in course.lab_command(course.Env(tmp_path), args)]
    assert cmd[-len(args):] == args
    assert "--LabApp.default_url=/lab/tree/README.md" in cmd[:-len(args)]
    assert "README.md" not in cmd           # never a file to open: the landing page is set


def test_the_learners_lab_leaves_out_every_grading_extension_installed(tmp_path, monkeypatch):
    """nbgrader comes with the test packages; its menu, its "Create Assignment" sidebar and
    its warnings about a missing nbgrader_config.py have no place in a learner's lab.  Every
    nbgrader extension installed in this environment (server and JupyterLab) is turned off
    by the configuration `course.py lab` puts first on JUPYTER_CONFIG_PATH."""
    import json

    prefix = Path(sys.prefix)
    server = {name for path in (prefix / "etc/jupyter/jupyter_server_config.d").glob("*.json")
              for name in json.loads(path.read_text())["ServerApp"]["jpserver_extensions"]
              if "nbgrader" in name}
    frontend = {json.loads(path.read_text())["name"] for path in
                (prefix / "share/jupyter/labextensions").glob("**/package.json")
                if "nbgrader" in json.loads(path.read_text())["name"]}
    assert server and frontend, "nbgrader is not installed here: nothing to check"
    config = ROOT / course.LAB_CONFIG
    turned_off = json.loads((config / "jupyter_server_config.json").read_text())
    disabled = json.loads((config / "labconfig" / "page_config.json").read_text())
    assert {n for n, on in turned_off["ServerApp"]["jpserver_extensions"].items()
            if not on} >= server
    assert {n for n, off in disabled["disabledExtensions"].items() if off} >= frontend

    monkeypatch.setenv("JUPYTER_CONFIG_PATH", "/somewhere/else")
    path = course.lab_environment(tmp_path)["JUPYTER_CONFIG_PATH"].split(os.pathsep)
    assert path == [str(tmp_path / course.LAB_CONFIG), "/somewhere/else"]     # first: it wins


def test_lab_settings_open_markdown_rendered_and_are_copied_into_the_environment(tmp_path):
    root = checkout(tmp_path)
    env = course.Env(root)
    env.dir.mkdir()
    env.install_lab_settings()
    copied = env.dir / "share/jupyter/lab/settings/overrides.json"
    import json
    settings = json.loads(copied.read_text())
    assert settings["@jupyterlab/docmanager-extension:plugin"]["defaultViewers"] == {
        "markdown": "Markdown Preview"}
    assert settings["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"
    # after Run All, the widgets are saved with the notebook (they show again once the
    # kernel is gone, instead of "model not found")
    assert settings["@jupyter-widgets/jupyterlab-manager:plugin"]["saveState"] is True


def test_lab_trusts_the_course_notebooks_so_saved_widgets_show(tmp_path, monkeypatch):
    """An untrusted notebook shows its saved widgets as text (`VBox(children=...`)."""
    import nbformat
    from nbformat.sign import NotebookNotary

    notebooks = course.course_notebooks(ROOT)
    assert {p.parent.name for p in notebooks} == {"chapters", "exercises", "solutions"}
    two = [notebooks[0], notebooks[-1]]                # (signing all 33 is slow under load)
    monkeypatch.setattr(course, "course_notebooks", lambda root: two)
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "jupyter-data"))
    course.trust(course.Env(ROOT))
    notary = NotebookNotary(data_dir=str(tmp_path / "jupyter-data"))
    for path in two:
        assert notary.check_signature(nbformat.read(path, as_version=4)), path


# -- a broken or half-made environment is found and rebuilt ----------------------------------
def test_a_missing_environment_is_not_a_problem(tmp_path):
    assert course.Env(tmp_path).problem() is None


def test_an_environment_without_pip_is_found(tmp_path):
    env = fake_env(checkout(tmp_path), pip_ok=False)
    assert "cannot import pip" in env.problem()


def test_an_environment_whose_creation_stopped_early_is_found(tmp_path):
    env = course.Env(tmp_path)
    (env.dir / "bin").mkdir(parents=True)                 # as venv leaves it before pyvenv.cfg
    assert "no pyvenv.cfg" in env.problem()


def test_a_healthy_environment_has_no_problem(tmp_path):
    assert fake_env(checkout(tmp_path)).problem() is None


def test_a_folder_that_is_not_an_environment_is_never_deleted(tmp_path, capsys):
    root = checkout(tmp_path)
    (root / ".venv").mkdir()
    (root / ".venv" / "my-notes.txt").write_text("mine")
    assert course.main(["test"], root) == 1
    assert "is not a virtual environment" in capsys.readouterr().err
    assert (root / ".venv" / "my-notes.txt").read_text() == "mine"


def test_a_half_made_environment_is_rebuilt_saying_so(tmp_path, monkeypatch, capsys):
    root = checkout(tmp_path)
    fake_env(root, pip_ok=False, stamped=False)           # what Ctrl-C used to leave behind
    created, installed = [], []

    def create(self):
        created.append(self.dir)
        fake_env(self.root, stamped=False)

    monkeypatch.setattr(course.Env, "create", create)
    monkeypatch.setattr(course.Env, "pip", lambda self, *args, what: installed.append(args))
    course.Env(root).ensure()
    out = capsys.readouterr().out
    assert "is broken or half-made: its python cannot import pip" in out and "Rebuilding" in out
    assert created == [root / ".venv"]
    assert installed == [("install", "-e", ".[course,test]")]
    assert course.Env(root).stamp.read_text().strip() == course.Env(root).wanted_stamp()
    assert "done in" in out


class InterruptedBuilder:
    """venv.EnvBuilder stopped by Ctrl-C (or failing) after it made the folder."""
    error = KeyboardInterrupt

    def __init__(self, **options):
        pass

    def create(self, path):
        Path(path, "bin").mkdir(parents=True)
        Path(path, "pyvenv.cfg").write_text("home = /usr/bin\n")
        raise self.error


def test_ctrl_c_while_creating_the_environment_removes_it_and_says_one_line(
        tmp_path, monkeypatch, capsys):
    root = checkout(tmp_path)
    monkeypatch.setattr(course.venv, "EnvBuilder", InterruptedBuilder)
    assert course.main(["test"], root) == 130
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "stopped while creating .venv/ (Ctrl-C)" in err[0]
    assert not (root / ".venv").exists()


def test_a_python_without_venv_support_says_what_to_install(tmp_path, monkeypatch, capsys):
    class NoEnsurepip(InterruptedBuilder):
        error = subprocess.CalledProcessError(1, ["python", "-m", "ensurepip"])

    root = checkout(tmp_path)
    monkeypatch.setattr(course.venv, "EnvBuilder", NoEnsurepip)
    assert course.main(["lab"], root) == 1
    err = capsys.readouterr().err
    assert "could not create a virtual environment" in err and "python3-venv" in err
    assert not (root / ".venv").exists()       # so the next run, after the fix, starts afresh


class DebianBuilder(InterruptedBuilder):
    """Debian's venv without python3-venv: its _setup_pip prints a hint and calls
    sys.exit(1) after the folder was made (see the real one below)."""
    def create(self, path):
        Path(path, "bin").mkdir(parents=True)
        Path(path, "pyvenv.cfg").write_text("home = /usr/bin\n")
        print("The virtual environment was not created successfully because ensurepip is "
              "not\navailable.  On Debian/Ubuntu systems, ...")
        sys.exit(1)


def test_debians_venv_exiting_without_ensurepip_gets_one_line_and_no_half_made_venv(
        tmp_path, monkeypatch, capsys):
    root = checkout(tmp_path)
    monkeypatch.setattr(course.venv, "EnvBuilder", DebianBuilder)
    assert course.main(["lab"], root) == 1                  # not SystemExit: no traceback
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("[course] could not create a virtual environment")
    assert f"python3.{sys.version_info[1]}-venv" in err[0]
    assert not (root / ".venv").exists()


def debian_python_without_ensurepip(tmp_path: Path) -> Path:
    """A copy of Debian's python3 whose standard library (links to the real one) lacks
    ensurepip: what a Debian or Ubuntu machine without python3-venv has."""
    version = f"python3.{sys.version_info[1]}"
    candidates = sorted(Path("/usr/lib").glob("python3.[0-9]*/venv/__init__.py"))
    debian = [p for p in candidates if "apt install python" in p.read_text()
              and Path("/usr/bin", p.parent.parent.name).is_file()]
    if not debian:
        pytest.skip("no Debian python3 here (its venv module names python3-venv); "
                    "the DebianBuilder test covers the same path")
    stdlib = debian[-1].parent.parent
    version = stdlib.name
    prefix = tmp_path / "debian-python"
    (prefix / "bin").mkdir(parents=True)
    (prefix / "lib" / version).mkdir(parents=True)
    shutil.copy2(Path("/usr/bin", version), prefix / "bin" / version)
    for entry in stdlib.iterdir():
        if entry.name != "ensurepip":
            (prefix / "lib" / version / entry.name).symlink_to(entry)
    return prefix / "bin" / version


def test_a_real_debian_python_without_venv_support_gets_the_advice(tmp_path):
    python = debian_python_without_ensurepip(tmp_path)
    root = checkout(tmp_path)
    result = subprocess.run([str(python), str(root / "course.py"), "lab"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert "apt install python3" in result.stdout              # Debian's own hint, then ours
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("[course] could not create a virtual environment in .venv/")
    assert "has no ensurepip" in last and "-venv" in last
    assert not (root / ".venv").exists()


def test_a_failed_install_says_so_and_leaves_the_environment_unstamped(tmp_path, capsys):
    root = checkout(tmp_path)
    env = fake_env(root, stamped=False, modules={"pip": "raise SystemExit(1)\n"})
    assert course.main(["test"], root) == 1
    assert "the install failed (pip exited with 1)" in capsys.readouterr().err
    assert not env.stamp.exists()


# -- what a run looks like: progress, a done line, Ctrl-C ----------------------------------
FAKE_PYTEST = textwrap.dedent("""\
    import sys, time
    try:
        print("fake pytest", " ".join(sys.argv[1:]), flush=True)
        time.sleep(120)
    except KeyboardInterrupt:          # as pytest does: its own summary, exit status 2
        print("fake pytest: interrupted", flush=True)
        sys.exit(2)
""")


def start(root: Path, *args):
    return subprocess.Popen([sys.executable, str(root / "course.py"), *args], cwd=root,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True, preexec_fn=ctrl_c_reaches_it)


def read_until(proc, text: str) -> str:
    """course.py's output up to the line holding ``text`` (the fake pytest ends by itself
    after two minutes, so a missing line fails the test instead of hanging it)."""
    seen = ""
    while text not in seen:
        line = proc.stdout.readline()
        if not line:
            pytest.fail(f"course.py ended before printing {text!r}:\n{seen}")
        seen += line
    return seen


def read_rest(proc, timeout: float = 60) -> str:
    """The rest of course.py's output once it has exited.  (Not ``communicate``: it reads
    the pipe itself, and would lose what ``read_until``'s readline already holds.)"""
    proc.wait(timeout=timeout)                    # (a few lines: the pipe never fills)
    try:                                          # nothing of its session may hold the pipe
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    return proc.stdout.read()


def test_install_shows_progress_and_a_done_line_and_ctrl_c_ends_with_one_line(tmp_path):
    root = checkout(tmp_path)
    fake_env(root, stamped=False, modules={"pytest": FAKE_PYTEST})
    proc = start(root, "test", "-k", "tensor")
    try:
        shown = read_until(proc, "fake pytest")
        os.killpg(proc.pid, signal.SIGINT)            # Ctrl-C reaches the whole foreground group
        rest = read_rest(proc)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    lines = shown.splitlines()
    assert lines[0].startswith("[course] step 2/2: installing minigrad")
    assert "fake pip: install --disable-pip-version-check -e .[course,test]" in shown
    assert any(line.startswith("[course] done in") for line in lines)
    assert "-k tensor" in shown and "-n auto" not in shown     # a selection runs serially
    assert "Traceback" not in rest and "KeyboardInterrupt" not in rest
    assert rest.strip().splitlines() == ["fake pytest: interrupted",
                                         "[course] stopped the tests (Ctrl-C)."]
    assert proc.returncode == 130


FAKE_SLOW_PIP = textwrap.dedent("""\
    import sys, time
    try:
        print("fake pip: installing", flush=True)
        time.sleep(120)
    except KeyboardInterrupt:          # as pip does
        print("ERROR: Operation cancelled by user", flush=True)
        sys.exit(1)
""")


def test_a_command_that_ignores_ctrl_c_is_killed_and_the_line_says_so(tmp_path, monkeypatch):
    """course.py waits CTRL_C_GRACE seconds for a command to clean up after Ctrl-C; one that
    ignores it is then killed, and the one line says so (a lost line of output in a CI run
    could not tell a killed child from a silent one)."""
    monkeypatch.setattr(course, "CTRL_C_GRACE", 1)
    ready = tmp_path / "ready"
    child = [sys.executable, "-c", "import pathlib, signal, sys, time; "
             "signal.signal(signal.SIGINT, signal.SIG_IGN); "
             "pathlib.Path(sys.argv[1]).touch(); time.sleep(60)", ready]
    main = threading.get_ident()

    def ctrl_c():
        for _ in range(1500):              # (about 30 s at most for the child to start)
            if ready.exists():
                break
            time.sleep(0.02)
        signal.pthread_kill(main, signal.SIGINT)

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        threading.Thread(target=ctrl_c, daemon=True).start()
        with pytest.raises(course.Stop) as stop:
            course.run(child, tmp_path, "the tests")
    finally:
        signal.signal(signal.SIGINT, previous)
    assert str(stop.value) == "stopped the tests (Ctrl-C; still running 1 s later, so killed)."
    assert stop.value.status == 130


def test_ctrl_c_during_the_install_is_found_and_rebuilt_on_the_next_run(
        tmp_path, monkeypatch, capsys):
    """After Ctrl-C during pip, the next run resumed silently, though the README says a
    half-made .venv/ is found and rebuilt, and the command says so."""
    root = checkout(tmp_path)
    fake_env(root, stamped=False, modules={"pip": FAKE_SLOW_PIP})
    proc = start(root, "test")
    try:
        read_until(proc, "fake pip: installing")
        os.killpg(proc.pid, signal.SIGINT)
        rest = read_rest(proc)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130 and "stopped the install (Ctrl-C)" in rest, rest
    assert "Traceback" not in rest

    created = []

    def create(self):
        created.append(self.dir)
        fake_env(self.root, stamped=False)

    monkeypatch.setattr(course.Env, "create", create)
    monkeypatch.setattr(course.Env, "pip", lambda self, *args, what: None)
    course.Env(root).ensure()
    out = capsys.readouterr().out
    assert ".venv/ is broken or half-made: an install into it did not finish" in out
    assert "Rebuilding it." in out and created == [root / ".venv"]
    assert "done in" in out and not course.Env(root).problem()


# Every test that sends Ctrl-C to a child process.
CTRL_C_TESTS = [
    "tests/test_course_script.py::test_install_shows_progress_and_a_done_line_and_ctrl_c_ends_"
    "with_one_line",
    "tests/test_course_script.py::test_ctrl_c_during_the_install_is_found_and_rebuilt_on_the_"
    "next_run",
    "tests/test_grade_cli.py::test_an_interrupted_run_loses_nothing_and_resumes[SIGINT]",
]


@pytest.mark.slow
def test_the_ctrl_c_tests_hold_when_the_suite_runs_in_the_background(tmp_path):
    """The suite started as a background job (`python3 course.py test &`, CI): SIGINT is
    ignored there and every child inherits that.  The tests that send Ctrl-C to a child
    failed; each now gives its child the default SIGINT (tests/ctrl_c.py)."""
    def as_a_background_job():
        signal.signal(signal.SIGINT, signal.SIG_IGN)

    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=",
         "--basetemp", str(tmp_path / "t"), *CTRL_C_TESTS],
        cwd=ROOT, capture_output=True, text=True, timeout=600, preexec_fn=as_a_background_job)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert f"{len(CTRL_C_TESTS)} passed" in result.stdout


def test_a_second_run_installs_nothing(tmp_path):
    root = checkout(tmp_path)
    fake_env(root, modules={"pytest": "print('fake pytest ran')\n"})
    result = subprocess.run([sys.executable, str(root / "course.py"), "test"], cwd=root,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines() == ["fake pytest ran"]


# -- the test command's arguments ----------------------------------------------------------
@pytest.mark.parametrize("args, parallel", [
    ([], True),
    (["-x", "-q"], True),
    (["tests/browser"], True),
    (["-k", "tensor"], False),
    (["-kbroadcast"], False),
    (["tests/test_ops.py"], False),
    (["tests/test_ops.py::test_add", "chapters/01_tensor.ipynb"], False),
    (["-n", "4"], False),
    (["-p", "no:xdist"], False),
])
def test_only_a_broad_run_starts_parallel_workers(args, parallel):
    cmd = [str(c) for c in course.pytest_command(course.Env(ROOT), args)]
    assert ("auto" in cmd) == parallel
    assert cmd[-len(args):] == args if args else True
    assert "--nbval" in cmd


def load_conftest():
    spec = importlib.util.spec_from_file_location("tests_conftest", ROOT / "tests" / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class FakeConfig:
    """What tests/conftest.py reads of pytest's config: -k, -m, the paths, the hooks."""

    def __init__(self, keyword="", markexpr="", args=("tests",)):
        self.options = {"keyword": keyword, "markexpr": markexpr}
        self.args = [str(ROOT / a) for a in args]
        self.deselected = []
        self.hook = type("Hooks", (), {"pytest_deselected": lambda _, items:
                                       self.deselected.extend(items)})()

    def getoption(self, name):
        return self.options[name]


class FakeItem:
    def __init__(self, path):
        self.fspath = ROOT / path


@pytest.mark.parametrize("config, left_out", [
    (FakeConfig(keyword="tensor"), True),                          # a learner's `-k tensor`
    (FakeConfig(), False),                                          # the full run
    (FakeConfig(keyword="tensor", markexpr="browser"), False),      # asked for with -m
    (FakeConfig(keyword="tensor", args=("tests/browser",)), False), # or by path
    (FakeConfig(keyword="tensor", args=("tests/browser/test_landing_page.py::test_x",)),
     False),
])
def test_a_keyword_selection_leaves_the_browser_tests_out_and_says_so(config, left_out):
    """`course.py test -k tensor` matched chapter 1's browser test and started JupyterLab
    and Chromium; naming tests/browser (or -m) brings them back."""
    conftest = load_conftest()
    browser = FakeItem("tests/browser/test_chapters_in_browser.py")
    unit = FakeItem("tests/test_tensor.py")
    items = [unit, browser]
    conftest.pytest_collection_modifyitems(config, items)
    assert items == ([unit] if left_out else [browser, unit])     # else browser tests first
    assert config.deselected == ([browser] if left_out else [])
    header = conftest.pytest_report_header(config)
    assert (header is not None and "left out of a -k selection" in header) == left_out
