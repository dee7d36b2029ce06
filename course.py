#!/usr/bin/env python3
"""Set up the course environment and run it: the two commands in the README.

    python3 course.py lab     # create/refresh .venv, then open the chapters in JupyterLab
    python3 course.py test    # create/refresh .venv, then run every test and every notebook
    python3 course.py test-oldest   # the same suite on the oldest versions pyproject allows

Both create a virtual environment in ``.venv`` on first use and reuse it after;
it is reinstalled only when ``pyproject.toml`` changes.  Needs nothing but
python3 (with venv and pip) and access to the package registry.  Extra
arguments are passed on: ``python3 course.py test -k broadcast``,
``python3 course.py lab --no-browser``.
"""

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".minigrad-install-stamp"
EXTRAS = "course,test"

# The README's test command: unit, property and notebook tests, on all cores.
# --dist loadscope keeps each notebook's cells on one worker (nbval needs them in order).
PYTEST_ARGS = ["-n", "auto", "--dist", "loadscope", "--nbval",
               "--nbval-sanitize-with", "tests/nbval_sanitize.cfg"]


def _say(msg: str) -> None:
    print(f"[course] {msg}", flush=True)


def _run(cmd: list) -> None:
    result = subprocess.run([str(c) for c in cmd], cwd=ROOT)
    if result.returncode != 0:
        sys.exit(f"[course] this step failed (exit {result.returncode}): {' '.join(map(str, cmd))}")


def ensure_env() -> None:
    """Create .venv if it is missing and (re)install minigrad with its extras if stale."""
    if not PYTHON.exists():
        _say(f"creating a virtual environment in {VENV.relative_to(ROOT)}/ ...")
        try:
            venv.EnvBuilder(with_pip=True).create(VENV)
        except Exception as err:  # e.g. Debian without python3-venv
            sys.exit(f"[course] could not create a virtual environment ({err}). On Debian/Ubuntu "
                     f"install it with: sudo apt-get install python3-venv")
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + EXTRAS.encode()).hexdigest()
    if STAMP.exists() and STAMP.read_text().strip() == wanted:
        return
    _say("installing minigrad and the course packages (first run takes a few minutes) ...")
    _run([PYTHON, "-m", "pip", "install", "--disable-pip-version-check", "-q",
          "-e", f".[{EXTRAS}]"])
    STAMP.write_text(wanted + "\n")


def oldest_pins() -> list:
    """Every ``name>=X`` requirement of pyproject.toml (with the course and test extras)
    turned into ``name==X``: the oldest versions minigrad claims to support."""
    try:
        import tomllib
    except ImportError:
        sys.exit("[course] test-oldest reads pyproject.toml with tomllib: run it with Python 3.11+")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    reqs = project["dependencies"] + [r for extra in EXTRAS.split(",")
                                      for r in project["optional-dependencies"][extra]]
    return [r.replace(">=", "==") for r in reqs if ">=" in r and ";" not in r]


def test_oldest(args: list) -> None:
    """Run the suite in .venv-oldest, built from the lower bounds, to prove they work."""
    oldest = ROOT / ".venv-oldest"
    python = oldest / PYTHON.relative_to(VENV)
    if not python.exists():
        venv.EnvBuilder(with_pip=True).create(oldest)
    _say("installing the oldest supported versions: " + " ".join(oldest_pins()))
    _run([python, "-m", "pip", "install", "--disable-pip-version-check", "-q", *oldest_pins()])
    _run([python, "-m", "pip", "install", "--disable-pip-version-check", "-q", "--no-deps",
          "-e", "."])
    os.chdir(ROOT)
    os.execv(str(python), [str(python), "-m", "pytest", *PYTEST_ARGS, *args])


def lab(args: list) -> None:
    ensure_env()
    extra = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    _say("starting JupyterLab on the chapters (Ctrl-C to stop) ...")
    os.chdir(ROOT)
    os.execv(str(BIN / "jupyter"), ["jupyter", "lab", "chapters/", *extra, *args])


def test(args: list) -> None:
    ensure_env()
    os.chdir(ROOT)
    os.execv(str(PYTHON), [str(PYTHON), "-m", "pytest", *PYTEST_ARGS, *args])


COMMANDS = {"lab": lab, "test": test, "test-oldest": test_oldest}


def main(argv: list) -> None:
    if not argv or argv[0] not in COMMANDS:
        sys.exit(__doc__)
    COMMANDS[argv[0]](argv[1:])


if __name__ == "__main__":
    main(sys.argv[1:])
