"""Writing a run's results: a gradebook, feedback for students, Gradescope JSON, a class report.

RESULTS_DIR gets::

    gradebook.csv                      one row per submission, readable or not
    feedback/<student>.md, .html       per exercise: status, points, the public message
    gradescope/<student>/results.json  Gradescope's results format
    similarity.csv                     groups of submissions whose answers look shared
    report.html, class_report.csv      the class report (:mod:`.classreport`)
    summary.json                       the run: limits, isolation, warnings, what was not a
                                       submission and why, similarity, every result in full

All of these are one *set*, switched in whole: each run writes a complete set into
``.sets/<id>/``, then ``current`` (a symbolic link) is replaced to point at it in one
``rename``, and the names above are links through ``current``.  A grader killed at any
moment (SIGKILL included) leaves RESULTS_DIR showing the whole old set or the whole new
one, never a mix; older sets are removed after the switch (see :mod:`.store` for the
folder as a whole).

What students see is decided by :func:`student_view`.  Checkers never put expected
values or test code in their messages, and hidden cases appear only through their
(non-revealing) descriptions.  On top of that, unless hidden results are revealed
(``--reveal-hidden``), an exercise with hidden checks whose public checks pass is
shown as "public checks passed" with its points withheld: the points still count
in the gradebook, but showing them would tell whether the hidden checks passed.
What an answer printed while it was being checked is shown only when revealing,
because it may echo a hidden case's inputs; what the cell printed when it ran is
always shown.  File names and student ids are text wherever feedback shows them:
Markdown and HTML in them are escaped, backticks included.
"""

from __future__ import annotations

import csv
import html
import io
import json
import os
import re
import secrets
import shutil
import time
from dataclasses import asdict
from pathlib import Path

from . import lms, rubric, similarity
from .store import MARKER, atomic_write
from .model import (CORRECT, ERROR, INCORRECT, MISSING, NOT_ATTEMPTED, ExerciseResult, Run,
                    SubmissionResult, points_text)

LABELS = {CORRECT: "✔ correct", INCORRECT: "✘ incorrect", NOT_ATTEMPTED: "○ not attempted",
          ERROR: "✘ error", MISSING: "✘ missing", "withheld": "✔ public checks passed"}
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


# -- what a student may see --------------------------------------------------------------------
def student_view(er: ExerciseResult, reveal: bool) -> dict:
    """status, points, message and case of ``er`` as shown to its student."""
    if er.has_hidden and not reveal:
        if er.public_status == CORRECT:
            message = er.public_message
            if message.startswith("public checks passed"):
                message = ("the grader also runs hidden checks; whether they passed is released "
                           "with the grades")
            return {"status": "withheld", "points": None, "message": message, "case": None,
                    "withheld": True}
        return {"status": er.public_status or er.status, "points": er.points,
                "message": er.public_message or er.message, "case": er.public_case,
                "withheld": False}
    return {"status": er.status, "points": er.points, "message": er.message, "case": er.case,
            "withheld": False}


def totals(result: SubmissionResult, reveal: bool) -> tuple:
    """(points shown, max points, max points withheld) for a student's view, written
    answers' scores included."""
    shown = withheld = 0.0
    for er in result.exercises:
        view = student_view(er, reveal)
        if view["withheld"]:
            withheld += er.max_points
        else:
            shown += er.points
    return shown + result.raw - result.total, result.possible, withheld


def _total_line(result: SubmissionResult, reveal: bool) -> str:
    shown, maximum, withheld = totals(result, reveal)
    penalty = (result.late or {}).get("penalty", 0.0)
    if penalty and not withheld:
        return (f"Points: {points_text(max(shown - penalty, 0))} / {points_text(maximum)} "
                f"({points_text(shown)} less {points_text(penalty)} for lateness: "
                f"{result.late['note']})")
    if penalty:                  # its size could tell the hidden checks' points: not shown
        return (f"Late: {result.late['note']}; the penalty is taken off the total released "
                f"with the grades. " + _total_line_plain(shown, maximum, withheld))
    return _total_line_plain(shown, maximum, withheld)


def _total_line_plain(shown: float, maximum: float, withheld: float) -> str:
    if not withheld:
        return f"Points: {points_text(shown)} / {points_text(maximum)}"
    if withheld == maximum:
        return (f"Points: released with the grades (all {points_text(maximum)} depend on hidden "
                f"checks)")
    return (f"Points so far: {points_text(shown)} / {points_text(maximum - withheld)}; the other "
            f"{points_text(withheld)} depend on hidden checks and are released with the grades")


def _clean(text: str) -> str:
    return _CONTROL.sub("", text or "")


# -- gradebook ---------------------------------------------------------------------------------
_FORMULA = ("=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠")


def _cell(value) -> str:
    """A CSV text cell that spreadsheets will not run as a formula: one starting (after any
    spaces) with = + - @, a tab or a carriage return gets a leading apostrophe."""
    text = _clean(str(value)).replace("\n", " ")
    return "'" + text if text[:1] in _FORMULA or text.lstrip(" ")[:1] in _FORMULA else text


def exercise_columns(results: list) -> list:
    columns = []
    for result in results:
        for er in result.exercises:
            if er.id not in columns:
                columns.append(er.id)
    return sorted(columns, key=lambda i: (i.split(".")[0], columns.index(i)))


def shorten(text: str, limit: int = 200) -> str:
    """``text`` in at most ``limit`` characters, cut between words (with "…") if longer."""
    text = " ".join(str(text).split())
    if len(text) <= limit:
        return text
    cut = text[:limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip(" ,;:") + "…"


LATE_COLUMNS = ["raw_total", "late_penalty", "days_late", "due", "submitted"]


def gradebook_rows(results: list) -> list:
    """The gradebook: ``total`` is the points that count; with ``--due`` the raw score, the
    penalty and the times follow it (see :mod:`.late`)."""
    columns = exercise_columns(results)
    written = sorted({q for r in results for q in (r.manual or {})})
    late = any(r.late for r in results)
    rows = [["student", "file", "chapter", "total", *(LATE_COLUMNS if late else []), "max",
             *columns, *written, "status", "notes"]]
    for result in results:
        points = {er.id: points_text(er.points) for er in result.exercises}
        notes = [result.problem] if result.problem else []
        notes += result.notes
        if not result.problem:
            untouched = [er.id for er in result.exercises if er.status == NOT_ATTEMPTED]
            if untouched:
                notes.append(f"not attempted: {', '.join(untouched)}")
            notes += [f"{er.id}: {er.status}: {shorten(er.message)}"
                      + (f" (case: {er.case})" if er.case else "")
                      for er in result.exercises if er.status not in (CORRECT, NOT_ATTEMPTED)]
        if result.late and result.late.get("note"):
            notes.append(result.late["note"])
        status = ("grader error" if result.internal_error else
                  "no submission" if not result.relpath else
                  "not graded" if result.problem else "graded")
        maximum = points_text(result.possible) if result.exercises else ""
        manual = {q: points_text(m["points"]) for q, m in (result.manual or {}).items()}
        timing = []
        if late:
            info = result.late or {}
            timing = [points_text(result.raw), points_text(info.get("penalty", 0.0)),
                      str(info.get("days", "")), _cell(info.get("due", "")),
                      _cell(result.submitted or "")]
        rows.append([_cell(result.student), _cell(result.relpath), _cell(result.chapter or ""),
                     points_text(result.final), *timing, maximum,
                     *[points.get(c, "") for c in columns], *[manual.get(q, "") for q in written],
                     status, _cell("; ".join(notes))])
    return rows


def _csv(rows: list) -> str:
    buffer = io.StringIO()
    csv.writer(buffer).writerows(rows)
    return buffer.getvalue()


def write_gradebook(results: list, path: Path) -> None:
    atomic_write(path, _csv(gradebook_rows(results)), sync=True)


# -- feedback ----------------------------------------------------------------------------------
def _md(text: str) -> str:
    """Learner-influenced text made inert in Markdown (no raw HTML)."""
    return html.escape(_clean(text), quote=False)


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~&=:\"'$])")


def md_text(text: str) -> str:
    """A name (a file name, a student id) as literal text in Markdown: every character
    Markdown or HTML could read as markup escaped with a backslash, line breaks as spaces."""
    return _MD_SPECIAL.sub(r"\\\1", _clean(text).replace("\r", " ").replace("\n", " "))


def _fence(text: str) -> str:
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{_clean(text).rstrip()}\n{fence}"


def _heading(result: SubmissionResult) -> str:
    chapter = f"Chapter {result.chapter} feedback" if result.chapter else "Feedback"
    return f"{chapter}: {result.student}"


def feedback_markdown(result: SubmissionResult, reveal: bool = False) -> str:
    lines = [f"# {md_text(_heading(result))}", "", f"Notebook: {md_text(result.relpath)}", ""]
    if result.problem:
        lines += [f"**This notebook could not be graded:** {_md(result.problem)}", ""]
    lines += [f"**{_total_line(result, reveal)}**", ""]
    if not result.exercises:
        return "\n".join(lines)
    lines += ["| Exercise | Result | Points |", "|---|---|---|"]
    for er in result.exercises:
        view = student_view(er, reveal)
        shown = "?" if view["withheld"] else points_text(er.points)
        lines.append(f"| {er.id} {_md(er.title).replace('|', '/')} | {LABELS[view['status']]} "
                     f"| {shown} / {points_text(er.max_points)} |")
    for qid, scored in sorted((result.manual or {}).items()):
        lines += ["", f"## {qid} — your written answer", "",
                  f"**{points_text(scored['points'])} / {points_text(scored['max'])}** "
                  f"(scored by your instructor)"]
        if scored.get("comment"):
            lines += ["", f"Comment: {_md(scored['comment'])}"]
    for er in result.exercises:
        view = student_view(er, reveal)
        lines += ["", f"## {er.id} — {_md(er.title)}", "",
                  f"**{LABELS[view['status']]}**: {_md(view['message'])}"]
        if view["case"]:
            lines += ["", f"Case: {_md(view['case'])}"]
        for note in er.notes:
            lines += ["", f"Note: {_md(note)}"]
        if er.output.strip():
            lines += ["", "What your cell printed when it ran:", "", _fence(er.output)]
        if reveal and er.check_output.strip():
            lines += ["", "What your code printed while it was checked:", "",
                      _fence(er.check_output)]
    return "\n".join(lines) + "\n"


_CSS = ("body{font-family:system-ui,sans-serif;max-width:52em;margin:2em auto;color:#222}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px}"
        ".correct,.withheld{color:#1e7e34}.incorrect,.error,.missing{color:#b3261e}"
        ".not-attempted{color:#5f6368}pre{background:#f4f4f4;padding:8px;overflow-x:auto}")


def feedback_html(result: SubmissionResult, reveal: bool = False) -> str:
    e = lambda text: html.escape(_clean(str(text)))  # noqa: E731
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{e(_heading(result))}"
             f"</title><style>{_CSS}</style></head><body>", f"<h1>{e(_heading(result))}</h1>",
             f"<p>Notebook: <code>{e(result.relpath)}</code></p>"]
    if result.problem:
        parts.append(f"<p><b>This notebook could not be graded:</b> {e(result.problem)}</p>")
    parts.append(f"<p><b>{e(_total_line(result, reveal))}</b></p>")
    if result.exercises:
        parts.append("<table><tr><th>Exercise</th><th>Result</th><th>Points</th></tr>")
        for er in result.exercises:
            view = student_view(er, reveal)
            shown = "?" if view["withheld"] else points_text(er.points)
            css = view["status"].replace(" ", "-")
            parts.append(f"<tr><td>{e(er.id)} {e(er.title)}</td><td class='{css}'>"
                         f"{e(LABELS[view['status']])}</td><td>{shown} / "
                         f"{points_text(er.max_points)}</td></tr>")
        parts.append("</table>")
    for qid, scored in sorted((result.manual or {}).items()):
        parts.append(f"<h2>{e(qid)} — your written answer</h2><p><b>"
                     f"{points_text(scored['points'])} / {points_text(scored['max'])}</b> "
                     f"(scored by your instructor)</p>")
        if scored.get("comment"):
            parts.append(f"<p>Comment: {e(scored['comment'])}</p>")
    for er in result.exercises:
        view = student_view(er, reveal)
        css = view["status"].replace(" ", "-")
        parts.append(f"<h2>{e(er.id)} — {e(er.title)}</h2><p><b class='{css}'>"
                     f"{e(LABELS[view['status']])}</b>: {e(view['message'])}</p>")
        if view["case"]:
            parts.append(f"<p>Case: {e(view['case'])}</p>")
        parts += [f"<p>Note: {e(note)}</p>" for note in er.notes]
        if er.output.strip():
            parts.append(f"<p>What your cell printed when it ran:</p><pre>{e(er.output)}</pre>")
        if reveal and er.check_output.strip():
            parts.append(f"<p>What your code printed while it was checked:</p>"
                         f"<pre>{e(er.check_output)}</pre>")
    parts.append("</body></html>\n")
    return "\n".join(parts)


# -- Gradescope --------------------------------------------------------------------------------
def _gs_text(status: str, message: str, case, notes=(), output: str = "") -> str:
    text = f"{LABELS[status]}: {message}" + (f"\nCase: {case}" if case else "")
    text += "".join(f"\nNote: {n}" for n in notes)
    if output.strip():
        text += f"\n\nWhat your cell printed when it ran:\n{output.rstrip()}"
    return _clean(text)


def gradescope_results(result: SubmissionResult, reveal: bool = False) -> dict:
    """Gradescope's ``results.json`` for one submission.

    An exercise without hidden checks is one test worth its points.  One with hidden
    checks is two tests: the public checks, visible at once and worth 0 points, and
    the whole exercise, worth its points, with visibility "after_published" (unless
    ``reveal``), so its score and message appear when the instructor publishes grades.
    (Gradescope hides a submission's total from students while some test is hidden.)
    """
    tests = []
    for er in result.exercises:
        name = f"{er.id} {er.title}"
        passed = "passed" if er.status == CORRECT else "failed"
        full = _gs_text(er.status, er.message, er.case, er.notes, er.output)
        if er.has_hidden and not reveal:
            view = student_view(er, reveal=False)
            public_passed = view["status"] == "withheld"
            tests.append({"name": f"{name} (public checks)", "score": 0.0, "max_score": 0.0,
                          "status": "passed" if public_passed else "failed",
                          "output": _gs_text(view["status"], view["message"], view["case"],
                                             er.notes, er.output),
                          "visibility": "visible"})
            tests.append({"name": f"{name} (all checks, hidden ones included)",
                          "score": er.points,
                          "max_score": er.max_points, "status": passed,
                          "output": _gs_text(er.status, er.message, er.case),
                          "visibility": "after_published"})
        else:
            tests.append({"name": name, "score": er.points, "max_score": er.max_points,
                          "status": passed, "output": full, "visibility": "visible"})
    output = _total_line(result, reveal)
    if result.problem:
        output = f"This notebook could not be graded: {result.problem}\n{output}"
        tests = [{"name": "reading your notebook", "score": 0.0,
                  "max_score": result.max_points, "status": "failed",
                  "output": _clean(result.problem), "visibility": "visible"}]
    return {"score": result.total, "execution_time": round(result.seconds),
            "output": _clean(output), "output_format": "text", "test_output_format": "text",
            "test_name_format": "text", "stdout_visibility": "hidden", "tests": tests,
            "extra_data": {"student": result.student, "chapter": result.chapter}}


# -- the whole run -----------------------------------------------------------------------------
def summary(run: Run) -> dict:
    box = run.sandbox or {}
    return {"written_by": MARKER, "seconds": round(run.seconds, 3), "jobs": run.jobs,
            "chapter": run.chapter, "limits": asdict(run.limits),
            "isolation": {"protections": box.get("protections", {}),
                          "missing": box.get("missing", []),
                          "what_each_means": _protections(),
                          "memory": box.get("memory", {})},
            "sandbox": box, "warnings": run.warnings, "skipped": run.skipped,
            "similarity": run.similarity, "term": run.term, "submissions": len(run.results),
            "results": [asdict(r) for r in run.results]}


def _protections() -> dict:
    from .sandbox import PROTECTIONS

    return dict(PROTECTIONS)


#: What a results set holds (each a file or folder of ``.sets/<id>/``, linked from the top).
SET_NAMES = ("gradebook.csv", "summary.json", "similarity.csv", "report.html",
             "class_report.csv", "feedback", "gradescope", "points.csv", "canvas.csv",
             "rubric.csv")


def write_set(run: Run, folder: Path, reveal: bool = False) -> None:
    """Write every file of a results set into the (new, empty) ``folder``."""
    from . import classreport

    (folder / "feedback").mkdir(parents=True)
    (folder / "gradescope").mkdir()
    for result in run.results:
        (folder / "feedback" / f"{result.student}.md").write_text(
            feedback_markdown(result, reveal), encoding="utf-8")
        (folder / "feedback" / f"{result.student}.html").write_text(
            feedback_html(result, reveal), encoding="utf-8")
        (folder / "gradescope" / result.student).mkdir()
        (folder / "gradescope" / result.student / "results.json").write_text(
            json.dumps(gradescope_results(result, reveal), indent=1, ensure_ascii=False),
            encoding="utf-8")
    if run.similarity is None:
        run.similarity = similarity.find(run.results)
    (folder / "similarity.csv").write_text(_csv([[_cell(c) for c in row] for row in
                                                 similarity.csv_rows(run.similarity)]),
                                           encoding="utf-8")
    numbers = classreport.analyse(run.results, run.similarity)
    (folder / "class_report.csv").write_text(_csv([[_cell(c) for c in row] for row in
                                                   classreport.csv_rows(numbers)]),
                                             encoding="utf-8")
    chapters = sorted({r.chapter for r in run.results if r.chapter})
    title = "Class report" + (f": chapter {', '.join(chapters)}" if chapters else "")
    (folder / "report.html").write_text(classreport.html(numbers, title), encoding="utf-8")
    (folder / "gradebook.csv").write_text(_csv(gradebook_rows(run.results)), encoding="utf-8")
    (folder / "points.csv").write_text(_csv([[_cell(c) for c in row] for row in
                                             lms.points_rows(run.results)]), encoding="utf-8")
    if any(r.written for r in run.results):
        (folder / "rubric.csv").write_text(_csv([[_cell(c) for c in row] for row in
                                                 rubric.sheet_rows(run)]), encoding="utf-8")
    if run.term.get("roster"):
        (folder / "canvas.csv").write_text(_csv([[_cell(c) for c in row] for row in
                                                 lms.canvas_rows(run.results, run.term)]),
                                           encoding="utf-8")
    (folder / "summary.json").write_text(json.dumps(summary(run), indent=1, ensure_ascii=False),
                                         encoding="utf-8")
    _sync_tree(folder)


def _sync_tree(folder: Path) -> None:
    """Every file of ``folder`` on disk (a crash of the machine must not lose a set that
    the switch already points at)."""
    for path in [folder, *folder.rglob("*")]:
        try:
            fd = os.open(path, os.O_RDONLY | (os.O_DIRECTORY if path.is_dir() else 0))
        except OSError:
            continue
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_results(run: Run, out: Path, reveal: bool = False) -> None:
    """Write the run's results set (see the module docstring) and switch ``out`` to it."""
    out = Path(out)
    sets = out / ".sets"
    sets.mkdir(parents=True, exist_ok=True)
    name = f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{secrets.token_hex(3)}"
    partial = sets / f"{name}.partial"
    write_set(run, partial, reveal)
    os.rename(partial, sets / name)
    _adopt_old_layout(out)
    switch(out, name)
    for old in sets.iterdir():
        if old.name != name:
            shutil.rmtree(old, ignore_errors=True)


def switch(out: Path, name: str) -> None:
    """Make every name of :data:`SET_NAMES` at the top a link through ``current`` (a link
    into a set that lacks the file shows nothing, as before), then point ``out/current`` at
    ``.sets/name`` in one rename: the moment the whole new set appears."""
    for entry in SET_NAMES:
        _link_through_current(out, entry)
    temporary = out / f".current.{os.getpid()}.tmp"
    if os.path.lexists(temporary):
        os.unlink(temporary)
    os.symlink(os.path.join(".sets", name), temporary)
    os.replace(temporary, out / "current")
    _fsync_dir(out)


def _link_through_current(out: Path, entry: str) -> None:
    target = os.path.join("current", entry)
    path = out / entry
    if os.path.islink(path) and os.readlink(path) == target:
        return
    temporary = out / f".{entry}.{os.getpid()}.link"
    if os.path.lexists(temporary):
        os.unlink(temporary)
    os.symlink(target, temporary)
    os.replace(temporary, path)


def _fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _adopt_old_layout(out: Path) -> None:
    """Results written before sets existed (plain files at the top): made into a set of
    their own, each name swapped for its link in one step, so that readers see the old
    files until the new set is switched in."""
    real = [e for e in SET_NAMES if os.path.lexists(out / e) and not os.path.islink(out / e)]
    if not real:
        return
    adopted = out / ".sets" / "adopted"
    adopted.mkdir(parents=True, exist_ok=True)
    for entry in SET_NAMES:
        path = out / entry
        if entry not in real or os.path.lexists(adopted / entry):
            continue
        if path.is_dir():
            shutil.copytree(path, adopted / entry, copy_function=_link_or_copy)
        else:
            _link_or_copy(path, adopted / entry)
    if not os.path.islink(out / "current"):
        temporary = out / f".current.{os.getpid()}.tmp"
        if os.path.lexists(temporary):
            os.unlink(temporary)
        os.symlink(os.path.join(".sets", "adopted"), temporary)
        os.replace(temporary, out / "current")
    for entry in real:
        path = out / entry
        if path.is_dir() and not path.is_symlink():
            temporary = out / f".{entry}.{os.getpid()}.link"
            if os.path.lexists(temporary):
                os.unlink(temporary)
            os.symlink(os.path.join("current", entry), temporary)
            _exchange(temporary, path)               # the link takes the folder's place
            shutil.rmtree(temporary, ignore_errors=True)
        else:
            _link_through_current(out, entry)


def _link_or_copy(source, target) -> None:
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def _exchange(a: Path, b: Path) -> None:
    """Swap two names in one step (Linux renameat2 RENAME_EXCHANGE); where the kernel or C
    library cannot, move ``b`` aside and ``a`` in its place."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    function = getattr(libc, "renameat2", None)
    if function is not None and function(-100, os.fsencode(a), -100, os.fsencode(b), 2) == 0:
        return
    aside = Path(str(b) + f".{os.getpid()}.old")
    os.rename(b, aside)
    os.rename(a, b)
    os.rename(aside, a)
