#!/usr/bin/env python3
"""Set up the course's environment and run the course in it.

usage: python3 course.py COMMAND [ARGUMENTS...]

commands:
  lab           open the course in JupyterLab: the whole repository, starting at the README's
                chapter list (extra arguments go to `jupyter lab`, e.g. --no-browser)
  test          run the tests and every notebook (extra arguments go to pytest,
                e.g. -k broadcast, or tests/test_ops.py)
  test-oldest   the same tests on the oldest versions pyproject.toml allows (.venv-oldest/)
  help          this text (also -h, --help)

The first run creates a virtual environment in .venv/ and installs minigrad with the
course and test packages into it (a few minutes; pip shows its progress). Later runs
reuse it, and reinstall only when pyproject.toml changes. A .venv/ that is broken or
half-made (an interrupted first run, a python3 without venv support) is rebuilt.
Needs nothing but python3 (3.10 or newer, with venv) and access to the package registry.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import time
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXTRAS = "course,test"
LAB_SETTINGS = Path("classroom", "jupyterlab", "overrides.json")
# Keeps a notebook's saved widgets when JupyterLab saves it without them (its docstring says why).
SAVE_HOOK = "classroom.jupyterlab.save_hook.keep_widget_state"
# Jupyter configuration for `course.py lab` only (JUPYTER_CONFIG_PATH): the grading tools
# installed with the test packages (nbgrader) stay out of the learner's JupyterLab.
LAB_CONFIG = Path("classroom", "jupyterlab", "learner-config")
# The page JupyterLab opens, and whose address it prints: the README's chapter list.
LANDING_PAGE = "/lab/tree/README.md"
# What a venv folder holds before its pyvenv.cfg is written (an interrupted creation).
VENV_SKELETON = {"bin", "lib", "lib64", "include", "Scripts", "Lib", "Include"}
VENV_HINT = (f"On Debian/Ubuntu install venv support with: sudo apt-get install "
             f"python3.{sys.version_info[1]}-venv (or python3-venv); then run this command again.")

# The test command's pytest arguments.  --dist loadscope keeps each notebook's cells on one
# worker (nbval needs them in order); the sanitizer masks addresses and timings in outputs.
NBVAL_ARGS = ["--nbval", "--nbval-sanitize-with", "tests/nbval_sanitize.cfg"]
PARALLEL_ARGS = ["-n", "auto", "--dist", "loadscope"]


class Stop(Exception):
    """Ends the command with one line of explanation and an exit status (no traceback)."""

    def __init__(self, message: str, status: int = 1):
        super().__init__(message)
        self.status = status


def say(message: str) -> None:
    print(f"[course] {message}", flush=True)


def took(start: float) -> str:
    seconds = time.monotonic() - start
    return f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.1f} min"


CTRL_C_GRACE = 20      # seconds a command gets to clean up after Ctrl-C before it is killed


def run(cmd: list, cwd: Path, what: str, env: dict | None = None) -> int:
    """Run ``cmd`` in the foreground; on Ctrl-C let it finish its own clean-up (it got the
    Ctrl-C too), then stop with one line."""
    proc = subprocess.Popen([str(c) for c in cmd], cwd=cwd, env=env)
    try:
        return proc.wait()
    except KeyboardInterrupt:
        deadline, killed = time.monotonic() + CTRL_C_GRACE, ""
        while proc.poll() is None:
            try:
                proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except (KeyboardInterrupt, subprocess.TimeoutExpired) as why:
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
                    killed = ("; a second Ctrl-C killed it" if isinstance(why, KeyboardInterrupt)
                              else f"; still running {CTRL_C_GRACE} s later, so killed")
        raise Stop(f"stopped {what} (Ctrl-C{killed}).", 130) from None


class Env:
    """A virtual environment for this checkout: ``.venv`` (or ``.venv-oldest``) in ``root``."""

    def __init__(self, root: Path = HERE, name: str = ".venv"):
        self.root = Path(root)
        self.dir = self.root / name
        self.bin = self.dir / ("Scripts" if os.name == "nt" else "bin")
        self.python = self.bin / ("python.exe" if os.name == "nt" else "python")
        self.stamp = self.dir / ".minigrad-install-stamp"
        # present while pip installs: an install stopped halfway (Ctrl-C) leaves it behind
        self.installing = self.dir / ".minigrad-installing"

    @property
    def name(self) -> str:
        return f"{self.dir.name}/"

    def problem(self) -> str | None:
        """Why the environment folder cannot be used as it is, or None (fine, or absent)."""
        if not self.dir.exists():
            return None
        if not (self.dir / "pyvenv.cfg").is_file():
            return "it has no pyvenv.cfg (its creation was interrupted)"
        if not self.python.exists():
            return f"it has no {self.python.relative_to(self.dir)}"
        if self.installing.exists():
            return "an install into it did not finish (stopped by Ctrl-C, or it failed)"
        try:
            check = subprocess.run([str(self.python), "-c", "import pip"],
                                   capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired) as err:
            return f"its python does not run ({err})"
        if check.returncode != 0:
            last = (check.stderr.strip().splitlines() or ["(no message)"])[-1]
            return f"its python cannot import pip: {last}"
        return None

    def remove(self) -> None:
        """Delete the folder, refusing when it does not look like a (half-made) venv."""
        if not (self.dir / "pyvenv.cfg").is_file():
            strangers = {p.name for p in self.dir.iterdir()} - VENV_SKELETON
            if strangers:
                raise Stop(f"{self.name} exists but is not a virtual environment (it holds "
                           f"{', '.join(sorted(strangers)[:3])}); move it away and run this "
                           f"command again.")
        shutil.rmtree(self.dir)

    def create(self) -> None:
        version = ".".join(map(str, sys.version_info[:3]))
        say(f"step 1/2: creating a virtual environment in {self.name} (Python {version}) ...")
        start = time.monotonic()
        try:
            venv.EnvBuilder(with_pip=True, clear=True).create(self.dir)
        except KeyboardInterrupt:
            self._discard()
            raise Stop(f"stopped while creating {self.name} (Ctrl-C); removed the half-made "
                       f"environment, so the next run starts afresh.", 130) from None
        except (subprocess.CalledProcessError, OSError, SystemExit) as err:
            # (Debian's venv, finding no ensurepip, prints its own hint and exits)
            self._discard()
            why = ("this python has no ensurepip, which venv needs to put pip into it"
                   if importlib.util.find_spec("ensurepip") is None else
                   f"{type(err).__name__}: {err}")
            raise Stop(f"could not create a virtual environment in {self.name} with "
                       f"{sys.executable} ({why}). " + VENV_HINT) from None
        say(f"created {self.name} in {took(start)}")

    def _discard(self) -> None:
        if self.dir.exists():
            shutil.rmtree(self.dir, ignore_errors=True)

    def wanted_stamp(self, extras: str = EXTRAS) -> str:
        return hashlib.sha256((self.root / "pyproject.toml").read_bytes()
                              + extras.encode()).hexdigest()

    def ensure(self, extras: str = EXTRAS) -> None:
        """Make the environment usable: rebuild it when broken, install when stale."""
        if sys.version_info < (3, 10):
            raise Stop(f"the course needs Python 3.10 or newer; this is "
                       f"{sys.version.split()[0]} ({sys.executable}).")
        why = self.problem()
        if why is not None:
            say(f"{self.name} is broken or half-made: {why}. Rebuilding it.")
            self.remove()
        if not self.dir.exists():
            self.create()
        wanted = self.wanted_stamp(extras)
        if self.stamp.is_file() and self.stamp.read_text().strip() == wanted:
            return
        first = not self.stamp.is_file()
        say(("step 2/2: installing" if first else "pyproject.toml changed: reinstalling")
            + f" minigrad and the course packages into {self.name}"
            + (" (a few minutes the first time)" if first else "") + " ...")
        start = time.monotonic()
        self.installing.write_text("pip is installing; if this stays, the install stopped "
                                   "halfway and course.py rebuilds the environment\n")
        self.pip("install", "-e", f".[{extras}]", what="the install")
        self.stamp.write_text(wanted + "\n")
        self.installing.unlink()
        say(f"done in {took(start)}: {self.name} is ready.")

    def install_lab_settings(self) -> None:
        """JupyterLab's settings for the course (``classroom/jupyterlab/overrides.json``:
        Markdown files open rendered, so the README is a clickable chapter list; no news
        pop-ups; widget state saved with the notebook, so its widgets show again after a
        run once the kernel is gone), as the defaults of this environment's JupyterLab only."""
        target = self.dir / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
        source = self.root / LAB_SETTINGS
        if source.is_file() and (not target.is_file()
                                 or target.read_bytes() != source.read_bytes()):
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)

    def pip(self, *args, what: str) -> None:
        status = run([self.python, "-m", "pip", *args[:1], "--disable-pip-version-check",
                      *args[1:]], self.root, what)
        if status != 0:
            raise Stop(f"{what} failed (pip exited with {status}); the messages above say why. "
                       f"Fix that and run this command again.", status)


# -- the commands -----------------------------------------------------------------------------
def wants_parallel(args: list) -> bool:
    """Whether to spread the tests over all cores (pytest-xdist).  A selection by keyword,
    or of single files or tests, runs in one process: starting workers, each collecting
    everything, would cost more than it saves."""
    if any(a in ("-n", "--numprocesses", "-p") or a.startswith(("-n", "--numprocesses"))
           for a in args):
        return False                  # the user chose
    if any(a == "-k" or (a.startswith("-k") and len(a) > 2) for a in args):
        return False
    targets = [a for a in args if not a.startswith("-")]
    if targets and all("::" in a or a.endswith((".py", ".ipynb")) for a in targets):
        return False
    return True


def pytest_command(env: Env, args: list) -> list:
    return [env.python, "-m", "pytest", *NBVAL_ARGS,
            *(PARALLEL_ARGS if wants_parallel(args) else []), *args]


def test(args: list, root: Path = HERE) -> int:
    env = Env(root)
    env.ensure()
    return run(pytest_command(env, args), root, "the tests")


def lab_command(env: Env, args: list) -> list:
    """``jupyter lab`` serving the whole repository, landing on the README (its chapter list,
    rendered): the page the browser opens and the address JupyterLab prints (with
    --no-browser too).  The learner's arguments follow untouched (``--port 8899`` as well
    as ``--port=8899``); a file named among them opens instead of the README."""
    cmd = [env.bin / "jupyter", "lab", f"--ServerApp.root_dir={env.root}",
           f"--LabApp.default_url={LANDING_PAGE}",
           # one Ctrl-C stops the server (instead of asking "Shut down? (y/[n])")
           "--ServerApp.answer_yes=True", f"--ContentsManager.pre_save_hook={SAVE_HOOK}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    return cmd + list(args)


def lab_environment(root: Path) -> dict:
    """The environment for the learner's JupyterLab: :data:`LAB_CONFIG` first on Jupyter's
    configuration path, so its settings win over those of the packages in .venv."""
    env = dict(os.environ)
    path = [str(root / LAB_CONFIG)] + [p for p in env.get("JUPYTER_CONFIG_PATH", "")
                                       .split(os.pathsep) if p]
    env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(path)
    return env


def course_notebooks(root: Path) -> list:
    return sorted(p for folder in ("chapters", "exercises", "solutions")
                  for p in (root / folder).glob("[0-9][0-9]_*.ipynb"))


def trust(env: Env) -> None:
    """Mark the course's own notebooks as trusted (``jupyter trust``), so JupyterLab shows
    their saved widgets and HTML before anything runs; an untrusted notebook shows each
    widget as a line of text such as ``VBox(children=...``."""
    notebooks = course_notebooks(env.root)
    if notebooks:
        result = subprocess.run([str(env.bin / "jupyter"), "trust", *map(str, notebooks)],
                                cwd=env.root, capture_output=True, text=True)
        if result.returncode != 0:
            say("could not mark the course's notebooks as trusted (their widgets show as text "
                "until you run them): " + (result.stderr.strip().splitlines() or ["?"])[-1])


def lab(args: list, root: Path = HERE) -> int:
    env = Env(root)
    env.ensure()
    env.install_lab_settings()
    trust(env)
    say("starting JupyterLab on the course; it opens the README's chapter list. "
        "Press Ctrl-C here to stop it.")
    status = run(lab_command(env, args), root, "JupyterLab", env=lab_environment(root))
    say("JupyterLab stopped.")
    return status


def oldest_pins(root: Path = HERE) -> list:
    """Every ``name>=X`` requirement of pyproject.toml (with the course and test extras)
    turned into ``name==X``: the oldest versions minigrad claims to support."""
    try:
        import tomllib
    except ImportError:                  # Python 3.10: tomli, where the test packages are
        try:
            import tomli as tomllib
        except ImportError:
            raise Stop("test-oldest reads pyproject.toml with tomllib: run it with Python "
                       "3.11+ (or a 3.10 that has tomli)") from None
    project = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    reqs = project["dependencies"] + [r for extra in EXTRAS.split(",")
                                      for r in project["optional-dependencies"][extra]]
    return [r.replace(">=", "==") for r in reqs if ">=" in r and ";" not in r]


def test_oldest(args: list, root: Path = HERE) -> int:
    """Run the suite in .venv-oldest, built from the lower bounds, to prove they work."""
    env = Env(root, ".venv-oldest")
    pins = oldest_pins(root)
    if env.problem() is not None:
        env.remove()
    if not env.dir.exists():
        env.create()
    say("installing the oldest supported versions: " + " ".join(pins))
    env.pip("install", *pins, what="installing the oldest versions")
    env.pip("install", "--no-deps", "-e", ".", what="installing minigrad")
    return run(pytest_command(env, args), root, "the tests")


COMMANDS = {"lab": lab, "test": test, "test-oldest": test_oldest}
HELP = ("help", "-h", "--help")


def main(argv: list | None = None, root: Path = HERE) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    if argv[0] in HELP:
        print(__doc__)
        return 0
    if argv[0] not in COMMANDS:
        print(f"course.py: unknown command {argv[0]!r}; the commands are "
              f"{', '.join(COMMANDS)} and help.\n\n{__doc__}", file=sys.stderr)
        return 2
    try:
        return COMMANDS[argv[0]](argv[1:], root)
    except Stop as stop:
        print(f"[course] {stop}", file=sys.stderr, flush=True)
        return stop.status
    except KeyboardInterrupt:
        print("\n[course] stopped (Ctrl-C).", file=sys.stderr, flush=True)
        return 130


if __name__ == "__main__":
    sys.exit(main())
