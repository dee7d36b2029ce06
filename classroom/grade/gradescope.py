"""Gradescope: build an autograder zip for one chapter, and run it inside Gradescope.

Build it (from a source checkout of minigrad)::

    python -m classroom.grade.gradescope --chapter 02 --out autograder.zip \\
        [--timeout 10] [--memory-mb 2048] [--reveal-hidden]

and upload ``autograder.zip`` as the assignment's autograder ("Zip file upload",
Ubuntu base image).  The zip holds:

* ``setup.sh``: run once by Gradescope (as root) when it builds the image; makes a
  virtual environment of its own, ``/autograder/venv``, and installs NumPy into it, so
  the image's system Python is never changed;
* ``run_autograder``: run for every submission; grades the notebook in
  ``$AUTOGRADER_ROOT/submission`` (default ``/autograder``) with the same sandboxed
  workers as ``python -m classroom.grade``, using the virtual environment's Python,
  and writes ``$AUTOGRADER_ROOT/results/results.json``;
* the source of both packages (``minigrad/``, ``classroom/``, ``pyproject.toml``,
  ``README.md``) and the instructor's hidden cases and their expectations
  (``instructor/hidden/``, ``instructor/expected/``), which
  ``run_autograder`` puts first on ``PYTHONPATH``, so the zip grades with exactly the
  checkers it was built from.

In ``results.json`` an exercise with hidden checks is two tests: its public checks
(visible at once, 0 points) and the exercise (its points, "after_published"), so
students learn whether hidden checks passed when grades are published.  With
``--reveal-hidden`` every test is visible.  ``results.json`` sets ``output_format`` (and the
tests' formats) to plain text and ``stdout_visibility`` to hidden: the autograder's own
output (what ``run_autograder`` prints, including hidden checks' messages and the
isolation report) is for instructors only.

Students upload their notebook.  When they upload several, the one for this chapter is
used; copies (``backup``, ``copy``, ``(1)`` in the name) give way to the original, and
when several different notebooks are left, each is graded and the best result kept (the
output says which).  Every results.json has at least one test, so a submission without
a notebook says why instead of showing an empty score.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
import zipfile
from pathlib import Path

from ..exercises.registry import chapter as chapter_module
from ..exercises.registry import chapter_modules
from . import extract, report, runner, sandbox
from .model import Limits

SETUP_SH = """#!/usr/bin/env bash
# Run once by Gradescope, as root, while it builds the autograder image.  Everything goes
# into a virtual environment of its own ($ROOT/venv): the image's system Python is left
# as it is.  MINIGRAD_BASE_PYTHON picks the interpreter to build it from (default python3).
set -euo pipefail
ROOT="${AUTOGRADER_ROOT:-/autograder}"
BASE="${MINIGRAD_BASE_PYTHON:-python3}"
export PIP_DISABLE_PIP_VERSION_CHECK=1
if ! "$BASE" -c "import venv, ensurepip" >/dev/null 2>&1; then
    apt-get update
    apt-get install -y --no-install-recommends python3 python3-venv python3-pip
fi
if ! "$BASE" -c "import sys; sys.exit(sys.version_info < (3, 10))"; then
    echo "setup.sh: minigrad needs Python 3.10 or newer; $BASE is $("$BASE" -V 2>&1)" >&2
    exit 1
fi
"$BASE" -m venv "$ROOT/venv"
"$ROOT/venv/bin/python" -m pip install "numpy>=2.0" "cloudpickle>=3.1.3"
"""

RUN_AUTOGRADER = """#!/usr/bin/env bash
# Run by Gradescope for every submission; writes $ROOT/results/results.json.
# The packages are imported from $ROOT/source (this zip); MINIGRAD_PYTHON picks the
# interpreter (default: the virtual environment setup.sh made).
set -uo pipefail
ROOT="${{AUTOGRADER_ROOT:-/autograder}}"
cd "$ROOT/source"
export PYTHONPATH="$ROOT/source${{PYTHONPATH:+:$PYTHONPATH}}"
exec "${{MINIGRAD_PYTHON:-$ROOT/venv/bin/python}}" -m classroom.grade.gradescope --run \\
    --root "$ROOT" --chapter {chapter} --timeout {timeout:g} --memory-mb {memory_mb}{reveal}
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
_COPY = re.compile(r"backup|\bcopy\b|-copy|_copy|checkpoint|\(\d+\)|~$|\.bak\b", re.IGNORECASE)


def pick_notebooks(notebooks: list, chapter: str) -> tuple:
    """(notebooks to grade, note) among those uploaded: the ones for ``chapter`` (all when
    none says), the same file uploaded twice counted once, and copies left out when the
    original is there.  An empty list comes with the reason."""
    if not notebooks:
        return [], (f"no .ipynb file was found in your submission: upload your chapter "
                    f"{chapter} notebook")
    readable, digests = [], set()
    for path in notebooks:
        try:
            data = extract.read_bytes(path)
            cells, metadata = extract.load_notebook(data)
        except extract.NotebookError:
            readable.append((path, None))
            continue
        digest = hashlib.sha256(data).hexdigest()
        if digest in digests:
            continue
        digests.add(digest)
        readable.append((path, extract.detect_chapter(cells, metadata, path.name)[0]))
    matching = [p for p, found in readable if found == chapter] or [p for p, _ in readable]
    originals = [p for p in matching if not _COPY.search(p.name.rsplit(".ipynb", 1)[0])]
    chosen = originals or matching
    note = ""
    if len(notebooks) > 1:
        left = sorted(p.name for p in notebooks if p not in chosen)
        note = (f"graded {', '.join(p.name for p in chosen)}"
                + (f"; left out {', '.join(left)}" if left else "")
                + ("; kept the best result" if len(chosen) > 1 else ""))
    return chosen, note


def _no_submission(problem: str, chapter: str) -> dict:
    total = float(sum(ex.points for ex in chapter_module(chapter).EXERCISES))
    return {"score": 0.0, "output": problem, "output_format": "text",
            "test_output_format": "text", "test_name_format": "text",
            "stdout_visibility": "hidden",
            "tests": [{"name": "your submission", "score": 0.0, "max_score": total,
                       "status": "failed", "output": problem, "visibility": "visible"}]}


def run_autograder(root: Path, chapter: str, limits: Limits = Limits(),
                   reveal: bool = False) -> dict:
    """Grade the submission under ``root`` (Gradescope's /autograder) and write
    ``root/results/results.json``; returns what was written."""
    root = Path(root)
    submission = root / "submission"
    notebooks = extract.find_notebooks(submission) if submission.is_dir() else []
    chosen, note = pick_notebooks(notebooks, chapter)
    if not chosen:
        results = _no_submission(note, chapter)
        print(note)
    else:
        ids = extract.student_ids(chosen, submission)
        run = runner.grade_paths([(p, ids[p], p.relative_to(submission).as_posix())
                                  for p in chosen], chapter=chapter, jobs=1, limits=limits)
        best = max(run.results, key=lambda r: (r.total, -chosen.index(
            submission / r.relpath)))
        results = report.gradescope_results(best, reveal)
        if note:
            results["output"] = f"{note}\n{results['output']}"
        for result in run.results:
            print(f"{result.relpath}: {result.total:g} / {result.max_points:g}")
            for er in result.exercises:
                print(f"  {er.id}: {er.status}: {er.message}")
        print(f"graded in {run.seconds:.1f} s")
        for line in sandbox.describe(run.sandbox):
            print(line)
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
