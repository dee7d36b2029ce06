"""``classroom-rubric RESULTS_DIR SCORED_SHEET``: merge a scored rubric sheet into the results.

(Also ``python -m classroom.grade.rubric_merge``.)  The sheet and its checks are
:mod:`.rubric`'s; this writes the new results set: the gradebook with a column per
written question, totals and exports with the scores, late penalties worked out again on
the new raw scores, and feedback showing each score and comment.  A sheet with any
problem is refused whole and the results are not touched.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import late, report, store
from .model import Limits, Run
from .rubric import SheetError, read_sheet

def rerun(summary: dict, results: list) -> Run:
    """A :class:`Run` from a results folder's summary, to write a new set from."""
    run = Run(results=results, seconds=summary.get("seconds", 0.0), jobs=summary.get("jobs", 1),
              limits=Limits(**summary["limits"]), chapter=summary.get("chapter"),
              sandbox=summary.get("sandbox") or {}, warnings=summary.get("warnings", []),
              skipped=summary.get("skipped", []), similarity=summary.get("similarity"))
    run.term = summary.get("term") or {}
    return run


def reassess(run: Run) -> None:
    """Late penalties worked out again on each student's raw score (written answers in)."""
    policy = run.term.get("late_policy")
    policy = late.parse_policy(policy) if policy else None
    for result in run.results:
        info = result.late
        if not info or not result.submitted or info.get("days") in ("", None):
            continue
        assessed = late.assess(late.parse_time(result.submitted, "submitted"),
                               late.parse_time(info["due"], "due"), policy, result.raw,
                               result.possible)
        info.update(assessed)


def merge(out: Path, sheet: Path) -> Run:
    """Merge the scored ``sheet`` into the results at ``out`` (a new set, switched whole)."""
    try:
        text = Path(sheet).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as err:
        raise SheetError(f"cannot read {sheet}: {err}") from None
    if not (Path(out) / "summary.json").exists():
        raise store.FolderError(f"{out} holds no grading results: run classroom-grade first")
    with store.ResultsFolder(out) as folder:
        summary, results = folder.previous()
        scores = read_sheet(text, results)
        maxima = {q: m["max"] for marks in scores.values() for q, m in marks.items()}
        written = (summary.get("term") or {}).get("written") or {}
        for result in results:
            result.manual = scores.get(result.student, {})
            if not result.relpath and result.chapter:       # no submission: 0 of the max
                result.manual = {q: {"points": 0.0, "max": maxima.get(q, w["max"]),
                                     "comment": "no submission"}
                                 for q, w in written.items() if q.startswith(result.chapter + ".")}
        run = rerun(summary, results)
        reassess(run)
        report.write_results(run, out, reveal=bool(run.term.get("reveal_hidden")))
    return run


def main(argv=None) -> int:
    p = argparse.ArgumentParser(
        prog="classroom-rubric",
        description="Merge a scored rubric sheet (the written answers' points, from the "
                    "rubric.csv a grading run wrote) into RESULTS_DIR's gradebook, exports and "
                    "feedback. Also python -m classroom.grade.rubric_merge.")
    p.add_argument("results", metavar="RESULTS_DIR", type=Path)
    p.add_argument("sheet", metavar="SCORED_SHEET", type=Path)
    args = p.parse_args(argv)
    try:
        run = merge(args.results, args.sheet)
    except (SheetError, store.FolderError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    scored = sum(len(r.manual or {}) for r in run.results)
    print(f"merged {scored} scored answers into {args.results}: gradebook.csv, points.csv"
          f"{', canvas.csv' if run.term.get('roster') else ''} and feedback/ now include them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
