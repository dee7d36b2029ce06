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
import venv
from pathlib import Path

import pytest

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
def test_lab_serves_the_repository_root_and_opens_the_readme(tmp_path):
    env = course.Env(tmp_path)
    cmd = [str(c) for c in course.lab_command(env, ["--no-browser"])]
    assert f"--ServerApp.root_dir={tmp_path}" in cmd
    assert "chapters/" not in cmd and cmd[-2:] == ["README.md", "--no-browser"]
    assert "--ServerApp.answer_yes=True" in cmd           # one Ctrl-C stops it
    # keeps a notebook's saved widgets when JupyterLab saves it without them
    assert f"--ContentsManager.pre_save_hook={course.SAVE_HOOK}" in cmd


def test_lab_opens_what_the_learner_names_instead(tmp_path):
    cmd = [str(c) for c in course.lab_command(course.Env(tmp_path), ["mywork/02_add_neg.ipynb"])]
    assert "README.md" not in cmd and cmd[-1] == "mywork/02_add_neg.ipynb"


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
                            start_new_session=True)


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


def test_install_shows_progress_and_a_done_line_and_ctrl_c_ends_with_one_line(tmp_path):
    root = checkout(tmp_path)
    fake_env(root, stamped=False, modules={"pytest": FAKE_PYTEST})
    proc = start(root, "test", "-k", "tensor")
    try:
        shown = read_until(proc, "fake pytest")
        os.killpg(proc.pid, signal.SIGINT)            # Ctrl-C reaches the whole foreground group
        rest, _ = proc.communicate(timeout=60)
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
