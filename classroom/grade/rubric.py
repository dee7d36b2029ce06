"""Written answers ("In your own words"): a rubric sheet you score, merged into the grades.

Each exercise notebook ends with a written question (a Markdown cell the student
rewrites, marked ``{"minigrad": {"role": "prompt"}}``, an nbgrader manually graded cell).
No check can score it, so, as in nbgrader's manual grading, a person does:

1. ``classroom-grade`` writes ``rubric.csv`` into the results: one row per student and
   written question, ``student, question, max, points, comment, answer`` (``max`` from
   ``--written-points``, default 2; ``points`` empty; ``answer`` what the student wrote,
   the question's own text left out; an unchanged cell says "(not answered)").
2. You fill in ``points`` (a number from 0 to ``max``; 0 for "not answered") and,
   if you like, ``comment`` (the student sees it), in any spreadsheet; save as CSV.
3. ``classroom-rubric RESULTS_DIR rubric-scored.csv`` (``python -m
   classroom.grade.rubric_merge``) checks the whole sheet, then writes a new results set in
   which the gradebook has a column per question, the total and the exports (Canvas,
   ``id,points``) include the scores, the late penalty is worked out again on the new raw
   score, and each student's feedback shows their score and your comment.

A sheet edited badly (a row deleted or added, a student or question that is not in the
results, points that are not a number or outside 0..max, a ``max`` changed on some rows
only, a row given twice, points left empty) is refused as a whole, with every problem and
its line; the results are not touched.  Merging again with a corrected sheet replaces
the earlier scores.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from .model import Run, points_text

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = "*YOUR ANSWER HERE*"
NOT_ANSWERED = "(not answered)"
COLUMNS = ["student", "question", "max", "points", "comment", "answer"]
DEFAULT_POINTS = 2.0


class SheetError(ValueError):
    """The rubric sheet cannot be merged: the message lists every problem found."""


# -- collecting the answers ----------------------------------------------------------------
def _is_prompt(cell: dict) -> bool:
    return cell.get("type") == "markdown" and (
        cell.get("meta", {}).get("role") == "prompt"
        or cell.get("source", "").lstrip().lower().startswith("## in your own words"))


def questions(chapter: str, exercises: Path | None = None) -> list:
    """``[(question id, the question's text)]`` of chapter ``chapter``'s exercise notebook."""
    from . import extract

    folder = exercises or ROOT / "exercises"
    found = sorted(folder.glob(f"{chapter}_*.ipynb"))
    if not found:
        return []
    cells, _ = extract.load_notebook(found[0].read_bytes())
    out = []
    for cell in (c for c in cells if _is_prompt(c)):
        text = cell["source"].split(PLACEHOLDER)[0].rstrip()
        out.append((f"{chapter}.written{len(out) + 1}", text))
    return out


def answers(path: Path, asked: list) -> dict:
    """``{question id: what the student wrote}`` in the notebook at ``path``; the
    question's text is removed, an untouched cell gives :data:`NOT_ANSWERED`."""
    from . import extract

    try:
        cells, _ = extract.load_notebook(extract.read_bytes(path))
    except (OSError, extract.NotebookError):
        return {qid: NOT_ANSWERED for qid, _ in asked}
    prompts = [c["source"] for c in cells if _is_prompt(c)]
    out = {}
    for index, (qid, question) in enumerate(asked):
        cell = next((p for p in prompts if question and p.startswith(question)),
                    prompts[index] if index < len(prompts) else "")
        text = cell[len(question):] if question and cell.startswith(question) else cell
        text = text.replace(PLACEHOLDER + " (replace this line with your answer)", "")
        text = text.replace(PLACEHOLDER, "")
        text = "\n".join(line for line in text.splitlines()
                         if line.strip() not in ("### BEGIN SOLUTION", "### END SOLUTION"))
        text = text.strip()
        out[qid] = text or NOT_ANSWERED
    return out


def collect(run: Run, paths: dict, points: float = DEFAULT_POINTS) -> None:
    """Read every graded notebook's written answers into ``result.written`` and record the
    questions in ``run.term["written"]``."""
    asked = {}
    for result in run.results:
        if not result.chapter or not result.relpath or result.student not in paths:
            continue
        if result.chapter not in asked:
            asked[result.chapter] = questions(result.chapter)
        result.written = answers(paths[result.student], asked[result.chapter])
    run.term["written"] = {qid: {"max": points, "question": text}
                           for chapter in asked.values() for qid, text in chapter}


def sheet_rows(run: Run) -> list:
    """The rubric sheet: a row per student and question, scores kept where merged."""
    written = run.term.get("written") or {}
    rows = [COLUMNS]
    for result in run.results:
        for qid, answer in sorted((result.written or {}).items()):
            scored = (result.manual or {}).get(qid, {})
            rows.append([result.student, qid,
                         points_text(scored.get("max", written.get(qid, {}).get("max",
                                                                                 DEFAULT_POINTS))),
                         points_text(scored["points"]) if "points" in scored else "",
                         scored.get("comment", ""), answer])
    return rows


# -- merging the scores back ---------------------------------------------------------------
def read_sheet(text: str, results: list) -> dict:
    """``{student: {question: {"points", "max", "comment"}}}`` from a scored sheet, or
    :class:`SheetError` listing every problem (with its line)."""
    reader = csv.reader(io.StringIO(text))
    header = [h.strip().lower() for h in next(reader, [])]
    missing = [c for c in ("student", "question", "max", "points") if c not in header]
    if missing:
        raise SheetError(f"the first line must name the columns student, question, max, points "
                         f"(and comment); {', '.join(missing)} missing: was the header row "
                         f"deleted or renamed?")
    col = {name: header.index(name) for name in header}
    expected = {(r.student, qid) for r in results for qid in (r.written or {})}
    problems, scores, maxima, seen = [], {}, {}, {}
    for number, row in enumerate(reader, start=2):
        if not any(cell.strip() for cell in row):
            continue
        get = lambda name: row[col[name]].strip() if name in col and col[name] < len(row) else ""  # noqa: E731
        student, qid = get("student"), get("question")
        where = f"line {number}"
        if (student, qid) not in expected:
            known = any(r.student == student for r in results)
            problems.append(f"{where}: " + (f"no question {qid!r} for {student} in these results"
                                             if known else f"{student!r} is not in these results"))
            continue
        if (student, qid) in seen:
            problems.append(f"{where}: {student} {qid} again (first on line {seen[student, qid]})")
            continue
        seen[student, qid] = number
        try:
            top = float(get("max"))
        except ValueError:
            problems.append(f"{where}: max {get('max')!r} is not a number")
            continue
        if top < 0:
            problems.append(f"{where}: max must not be negative")
            continue
        maxima.setdefault(qid, (top, number))
        if maxima[qid][0] != top:
            problems.append(f"{where}: max {top:g} for {qid}, but line {maxima[qid][1]} gives "
                            f"{maxima[qid][0]:g}: one question has one max")
        raw = get("points")
        if not raw:
            problems.append(f"{where}: no points for {student} {qid} (score it; 0 for no answer)")
            continue
        try:
            points = float(raw)
        except ValueError:
            problems.append(f"{where}: points {raw!r} for {student} is not a number")
            continue
        if not 0 <= points <= top:
            problems.append(f"{where}: {points:g} points for {student} {qid}, outside 0..{top:g}")
            continue
        scores.setdefault(student, {})[qid] = {"points": points, "max": top,
                                               "comment": get("comment")}
    for student, qid in sorted(expected - set(seen)):
        problems.append(f"no row for {student} {qid}: was it deleted?")
    if problems:
        shown = problems[:30] + ([f"... and {len(problems) - 30} more"] if len(problems) > 30
                                 else [])
        raise SheetError(f"the rubric sheet has {len(problems)} problem"
                         f"{'s' if len(problems) != 1 else ''}; nothing was merged:\n  " +
                         "\n  ".join(shown))
    return scores
