"""Gradescope: build an autograder zip for one chapter, and run it inside Gradescope.

Build it (from a source checkout of minigrad)::

    python -m classroom.grade.gradescope --chapter 02 --out autograder.zip \\
        [--timeout 10] [--memory-mb 2048] [--reveal-hidden]

and upload ``autograder.zip`` as the assignment's autograder ("Zip file upload",
Ubuntu base image).  The zip holds:

* ``setup.sh``: run once by Gradescope when it builds the image; installs NumPy and
  the bundled minigrad with pip;
* ``run_autograder``: run for every submission; grades the single ``.ipynb`` in
  ``$AUTOGRADER_ROOT/submission`` (default ``/autograder``) with the same sandboxed
  workers as ``python -m classroom.grade``, and writes
  ``$AUTOGRADER_ROOT/results/results.json``;
* the source of both packages (``minigrad/``, ``classroom/``, ``pyproject.toml``,
  ``README.md``) and the instructor's hidden cases and their expectations
  (``instructor/hidden/``, ``instructor/expected/``), which
  ``run_autograder`` puts first on ``PYTHONPATH``, so the zip grades with exactly the
  checkers it was built from.

In ``results.json`` an exercise with hidden checks is two tests: its public checks
(visible at once, 0 points) and the exercise (its points, "after_published"), so
students learn whether hidden checks passed when grades are published.  With
``--reveal-hidden`` every test is visible.  Students upload their notebook; when they
upload several, the one for this chapter is used.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import zipfile
from pathlib import Path

from ..exercises.registry import chapter_modules
from . import extract, report, runner
from .model import Limits

SETUP_SH = """#!/usr/bin/env bash
# Run once by Gradescope, as root, while it builds the autograder image.
set -euo pipefail
cd "$(dirname "$0")"
export PIP_BREAK_SYSTEM_PACKAGES=1 PIP_DISABLE_PIP_VERSION_CHECK=1
if ! python3 -m pip --version >/dev/null 2>&1; then
    apt-get update
    apt-get install -y --no-install-recommends python3 python3-pip
fi
python3 -m pip install "numpy>=2.0"
python3 -m pip install --no-deps .
"""

RUN_AUTOGRADER = """#!/usr/bin/env bash
# Run by Gradescope for every submission; writes $ROOT/results/results.json.
# MINIGRAD_PYTHON picks the interpreter (default: python3).
set -uo pipefail
ROOT="${{AUTOGRADER_ROOT:-/autograder}}"
cd "$ROOT/source"
export PYTHONPATH="$ROOT/source${{PYTHONPATH:+:$PYTHONPATH}}"
exec "${{MINIGRAD_PYTHON:-python3}}" -m classroom.grade.gradescope --run --root "$ROOT" \\
    --chapter {chapter} --timeout {timeout:g} --memory-mb {memory_mb}{reveal}
"""


# -- building the zip --------------------------------------------------------------------------
#: The folders of the checkout that the autograder needs: the library, the course package,
#: and the instructor's hidden cases with their expectations (not the known mistakes' code,
#: which only makes expectations).  Gradescope keeps the autograder's files from students.
PACKAGED = ("minigrad", "classroom", "instructor/hidden", "instructor/expected")


def source_root() -> Path:
    """The checkout minigrad was imported from (it must have pyproject.toml and README.md)."""
    root = Path(__file__).resolve().parents[2]
    missing = [n for n in ("pyproject.toml", "README.md") if not (root / n).is_file()]
    if missing:
        raise FileNotFoundError(f"{root} has no {' or '.join(missing)}: build the zip from a "
                                f"source checkout of minigrad")
    return root


def build_zip(chapter: str, out: Path, limits: Limits = Limits(), reveal: bool = False) -> list:
    """Write the autograder zip for ``chapter`` to ``out``; returns the names it holds."""
    root = source_root()
    run = RUN_AUTOGRADER.format(chapter=chapter, timeout=limits.timeout,
                                memory_mb=limits.memory_mb,
                                reveal=" --reveal-hidden" if reveal else "")
    names = []
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, text, mode in (("setup.sh", SETUP_SH, 0o755),
                                 ("run_autograder", run, 0o755)):
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = (0o100000 | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, text)
            names.append(name)
        files = [root / "pyproject.toml", root / "README.md"]
        for folder in PACKAGED:
            files += sorted(p for p in (root / folder).rglob("*")
                            if p.is_file() and "__pycache__" not in p.parts
                            and p.suffix not in (".pyc", ".pyo"))
        for path in files:
            name = path.relative_to(root).as_posix()
            zf.write(path, name)
            names.append(name)
    return names


# -- inside Gradescope -------------------------------------------------------------------------
def pick_notebook(notebooks: list, chapter: str) -> tuple:
    """(notebook, None) or (None, why not): the one notebook to grade among those uploaded."""
    if not notebooks:
        return None, (f"no .ipynb file was found in your submission: upload your chapter "
                      f"{chapter} notebook")
    if len(notebooks) == 1:
        return notebooks[0], None
    matching = []
    for path in notebooks:
        try:
            cells, metadata = extract.load_notebook(extract.read_bytes(path))
        except extract.NotebookError:
            continue
        if extract.detect_chapter(cells, metadata, path.name)[0] == chapter:
            matching.append(path)
    if len(matching) == 1:
        return matching[0], None
    names = ", ".join(p.name for p in notebooks[:5])
    return None, (f"found {len(notebooks)} notebooks ({names}) and could not tell which to "
                  f"grade: upload only your chapter {chapter} notebook")


def run_autograder(root: Path, chapter: str, limits: Limits = Limits(),
                   reveal: bool = False) -> dict:
    """Grade the submission under ``root`` (Gradescope's /autograder) and write
    ``root/results/results.json``; returns what was written."""
    root = Path(root)
    submission = root / "submission"
    notebooks = extract.find_notebooks(submission) if submission.is_dir() else []
    notebook, problem = pick_notebook(notebooks, chapter)
    if problem:
        results = {"score": 0.0, "output": problem, "tests": []}
        print(problem)
    else:
        relpath = notebook.relative_to(submission).as_posix()
        student = extract.student_ids([notebook], submission)[notebook]
        run = runner.grade_paths([(notebook, student, relpath)], chapter=chapter, jobs=1,
                                 limits=limits)
        result = run.results[0]
        results = report.gradescope_results(result, reveal)
        print(f"{relpath}: {result.total:g} / {result.max_points:g} in {run.seconds:.1f} s")
        for er in result.exercises:
            print(f"  {er.id}: {er.status}: {er.message}")
        for warning in run.warnings:
            print(f"warning: {warning}")
    (root / "results").mkdir(parents=True, exist_ok=True)
    (root / "results" / "results.json").write_text(json.dumps(results, indent=1,
                                                              ensure_ascii=False),
                                                   encoding="utf-8")
    return results


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m classroom.grade.gradescope",
                                description="Build a Gradescope autograder zip for a chapter "
                                            "(or, with --run, grade inside Gradescope).")
    p.add_argument("--chapter", required=True, metavar="NN")
    p.add_argument("--out", type=Path, metavar="ZIP", help="the zip to write")
    p.add_argument("--run", action="store_true",
                   help="grade the submission in ROOT/submission (what run_autograder does)")
    p.add_argument("--root", type=Path,
                   default=Path(os.environ.get("AUTOGRADER_ROOT", "/autograder")))
    p.add_argument("--timeout", type=float, default=Limits.timeout, metavar="SECONDS")
    p.add_argument("--memory-mb", type=int, default=Limits.memory_mb, metavar="MB")
    p.add_argument("--reveal-hidden", action="store_true")
    args = p.parse_args(argv)
    chapter = f"{int(args.chapter):02d}" if args.chapter.strip().isdigit() else args.chapter
    if chapter not in chapter_modules():
        print(f"error: there are no exercises for chapter {args.chapter!r}", file=sys.stderr)
        return 2
    limits = Limits(timeout=args.timeout, memory_mb=args.memory_mb)
    if args.run:
        run_autograder(args.root, chapter, limits, args.reveal_hidden)
        return 0
    if args.out is None:
        print("error: give --out autograder.zip (or --run)", file=sys.stderr)
        return 2
    try:
        names = build_zip(chapter, args.out, limits, args.reveal_hidden)
    except FileNotFoundError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(f"{args.out}: autograder for chapter {chapter} ({len(names)} files); upload it to "
          f"Gradescope as a zip-file autograder")
    return 0


if __name__ == "__main__":
    sys.exit(main())
