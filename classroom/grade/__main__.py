"""``python -m classroom.grade SUBMISSIONS_DIR --out RESULTS_DIR [options]``: grade a folder.

Prints one line per submission as it finishes, then a total and any warnings about
the sandbox.  Exit status: 0 when every submission got a row (broken, hostile or
empty notebooks are data, not errors); 1 when the grader itself failed on some
submission (its row says "grader error"); 2 for usage errors (a missing folder, no
notebooks, a chapter without exercises, a results folder holding other files).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..exercises.registry import chapter_modules
from . import extract, report, runner
from .model import CORRECT, ERROR, INCORRECT, MISSING, NOT_ATTEMPTED, Limits, points_text

MARKS = {CORRECT: "✔", INCORRECT: "✘", NOT_ATTEMPTED: "○", ERROR: "!", MISSING: "?"}


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m classroom.grade",
        description="Grade every *.ipynb under SUBMISSIONS_DIR; each submission runs in its own "
                    "sandboxed process. Writes gradebook.csv, feedback/, gradescope/ and "
                    "summary.json into RESULTS_DIR.")
    p.add_argument("submissions", metavar="SUBMISSIONS_DIR", type=Path)
    p.add_argument("--out", metavar="RESULTS_DIR", type=Path, required=True,
                   help="where results go (created; a folder of earlier results is replaced)")
    p.add_argument("--chapter", metavar="NN",
                   help="grade notebooks as this chapter's; others get 0 with a reason "
                        "(default: each notebook's own chapter)")
    p.add_argument("--jobs", type=int, default=runner.default_jobs(),
                   help="submissions graded at once (default: all cores, %(default)s here)")
    p.add_argument("--timeout", type=float, default=Limits.timeout, metavar="SECONDS",
                   help="time limit per exercise, in seconds (default: %(default)g)")
    p.add_argument("--memory-mb", type=int, default=Limits.memory_mb, metavar="MB",
                   help="memory limit per submission's process (default: %(default)s)")
    p.add_argument("--reveal-hidden", action="store_true",
                   help="tell students whether their hidden checks passed (default: their "
                        "points count, but feedback only says 'public checks passed')")
    return p


def summary_line(result) -> str:
    marks = " ".join(f"{er.id.split('.', 1)[1]} {MARKS.get(er.status, '?')}"
                     for er in result.exercises)
    text = (f"{result.student:<28} ch{result.chapter or '??'}  "
            f"{points_text(result.total):>3} / {points_text(result.max_points):<3}  {marks}")
    if result.problem:
        text += f"  not graded: {result.problem}"
    return text


def sandbox_line(box: dict) -> str:
    if not box:
        return "sandbox: no worker was started"
    parts = ["a user of its own per worker" if box.get("own_user") else
             ", ".join(box.get("users", [])) or "the grader's user"]
    parts.append(f"Landlock ABI {box['landlock']} (writes only to a scratch folder)"
                 if box.get("landlock") else "no Landlock")
    if box.get("network_blocked"):
        parts.append("no TCP")
    return "sandbox: learner code ran as " + "; ".join(parts)


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    problems = []
    if not args.submissions.is_dir():
        problems.append(f"{args.submissions} is not a folder")
    if args.chapter is not None:
        number = args.chapter.strip()
        args.chapter = f"{int(number):02d}" if number.isdigit() else number
        if args.chapter not in chapter_modules():
            problems.append(f"there are no exercises for chapter {args.chapter!r}; chapters "
                            f"with exercises: {', '.join(chapter_modules()) or 'none'}")
    if args.jobs < 1 or args.timeout <= 0 or args.memory_mb < 256:
        problems.append("--jobs must be at least 1, --timeout positive and --memory-mb at "
                        "least 256")
    if not problems and not extract.find_notebooks(args.submissions):
        problems.append(f"no *.ipynb files under {args.submissions}")
    if not problems:
        try:
            report.prepare_output_dir(args.out)
        except report.OutputDirError as err:
            problems.append(str(err))
    if problems:
        for problem in problems:
            print(f"error: {problem}", file=sys.stderr)
        return 2

    limits = Limits(timeout=args.timeout, memory_mb=args.memory_mb)
    run = runner.grade_directory(args.submissions, chapter=args.chapter, jobs=args.jobs,
                                 limits=limits,
                                 on_result=lambda r: print(summary_line(r), flush=True))
    report.write_results(run, args.out, reveal=args.reveal_hidden)
    graded = sum(1 for r in run.results if not r.problem)
    total = sum(r.total for r in run.results)
    possible = sum(r.max_points for r in run.results)
    rate = len(run.results) / run.seconds * 60 if run.seconds else 0
    print(f"\n{len(run.results)} submissions ({graded} graded, {len(run.results) - graded} not "
          f"gradable) in {run.seconds:.1f} s ({rate:.0f}/min, {run.jobs} at a time); "
          f"{points_text(total)} of {points_text(possible)} points in all")
    print(sandbox_line(run.sandbox))
    for warning in run.warnings:
        print(f"warning: {warning}")
    print(f"results: {args.out}/gradebook.csv, feedback/, gradescope/, summary.json")
    return 1 if any(r.internal_error for r in run.results) else 0


if __name__ == "__main__":
    sys.exit(main())
