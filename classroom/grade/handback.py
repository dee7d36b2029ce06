"""``classroom-feedback RESULTS_DIR --out FOLDER [--reveal-hidden]``: feedback to hand back.

(Also ``python -m classroom.grade.handback``.)  Writes one folder per student, from the
results as they stand (written answers' scores merged, late penalties applied)::

    FOLDER/<student>/feedback.html, feedback.md
    FOLDER/index.csv        student, file graded, points that count, possible, late note

ready to upload through an LMS (Canvas's "submission comments" take the HTML or Markdown
file as an attachment; Moodle's feedback files take the folder per student) or to copy
into each student's home on a hub.  Without ``--reveal-hidden`` an exercise whose public
checks passed says "public checks passed" and its points are withheld, exactly as the
grader's own feedback; with it, every result and the final total are shown: hand that
back once grades are published.  FOLDER must be new (or empty); it appears whole.
"""

from __future__ import annotations

import argparse
import csv
import os
import shutil
import sys
from pathlib import Path

from . import report, store
from .model import points_text


def write(results_dir: Path, out: Path, reveal: bool) -> int:
    out = Path(out)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise store.FolderError(f"{out} exists and is not empty: give a new folder (nothing "
                                f"is overwritten)")
    if not (Path(results_dir) / "summary.json").exists():
        raise store.FolderError(f"{results_dir} holds no grading results: run classroom-grade "
                                f"first")
    summary, results = store.ResultsFolder(results_dir).previous()
    staging = out.parent / f".{out.name}.partial-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    try:
        with open(staging / "index.csv", "w", newline="", encoding="utf-8") as handle:
            index = csv.writer(handle)
            index.writerow(["student", "file", "points", "possible", "late"])
            for result in results:
                folder = staging / result.student
                folder.mkdir()
                (folder / "feedback.md").write_text(report.feedback_markdown(result, reveal),
                                                    encoding="utf-8")
                (folder / "feedback.html").write_text(report.feedback_html(result, reveal),
                                                      encoding="utf-8")
                shown = points_text(result.final) if reveal or not any(
                    report.student_view(er, False)["withheld"] for er in result.exercises) \
                    else "released with the grades"
                index.writerow([result.student, result.relpath, shown,
                                points_text(result.possible),
                                (result.late or {}).get("note", "")])
        if out.exists():
            out.rmdir()
        os.rename(staging, out)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return len(results)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        prog="classroom-feedback",
        description="Write the feedback to hand back, one folder per student, from a "
                    "results folder (python -m classroom.grade.handback).")
    p.add_argument("results", metavar="RESULTS_DIR", type=Path)
    p.add_argument("--out", metavar="FOLDER", type=Path, required=True,
                   help="where to write it (a new or empty folder)")
    p.add_argument("--reveal-hidden", action="store_true",
                   help="show every result, hidden checks included, and the final total "
                        "(once grades are published)")
    args = p.parse_args(argv)
    try:
        count = write(args.results, args.out, args.reveal_hidden)
    except store.FolderError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(f"wrote feedback for {count} students into {args.out} "
          f"({'every result shown' if args.reveal_hidden else 'hidden checks withheld'}); "
          f"index.csv lists them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
