"""Judging and reporting (classroom.grade.judge, .report): fast, no worker processes.

Observations are made in this process, as a worker would make them, and handed to
the judge as JSON-decoded data."""

import csv
import json
import os
import shutil
import signal
import re

import numpy as np
import pytest

from minigrad.autograd import record
from classroom.exercises import core, instructor
from classroom.exercises.registry import get
from classroom.grade import judge, report, store
from classroom.grade.model import (Answer, Limits, Outcome, Run, Submission, SubmissionResult)

LIMITS = Limits(timeout=3, memory_mb=1024)


def observed(exercise, answer) -> Outcome:
    """What the runner would pass on after a worker probed ``answer``."""
    try:
        cases = list(exercise.cases) + list(instructor.hidden_part(exercise).cases)
        raw = json.loads(json.dumps([core.encode(o) for o in exercise.probe(answer, cases)]))
        message = {"status": "observed", "observations": raw}
    except core.NotAttemptedError:
        message = {"status": "not attempted"}
    return Outcome(kind="result", result=message, output="hello <b>from</b> the cell\n",
                   check_output="printed during the checks: a = [[1, 2], [3, 4]]\n")


def add_flat(a, b):      # right for vectors, wrong for the hidden 2-D case
    return record((a.data + b.data).ravel(), (a, b),
                  lambda g: (g.reshape(a.data.shape), g.reshape(b.data.shape)), "add")


def add_ones(a, b):
    return record(a.data + b.data, (a, b), lambda g: (np.ones_like(g), np.ones_like(g)), "add")


def add_stub(a, b):
    raise NotImplementedError("exercise 02.add: replace this line with your code")


def result_for(answers: dict, student="alice") -> SubmissionResult:
    sub = Submission(student=student, relpath=f"{student}.ipynb", path=None, chapter="02",
                     answers=[Answer(exercise=i, code="...", cell=n, found_by="metadata")
                              for n, i in enumerate(answers)])
    outcomes = {i: (a if isinstance(a, Outcome) else observed(get(i), a))
                for i, a in answers.items()}
    return judge.judge_submission(sub, outcomes, LIMITS)


def reference(exercise_id):
    """The reference answer: the exercise's answer cell in solutions/."""
    return instructor.reference_answers(exercise_id[:2])[exercise_id]


def by_id(result):
    return {e.id: e for e in result.exercises}


# -- judging -----------------------------------------------------------------------------------
def test_judging_gives_points_and_public_only_messages():
    ex = get("02.add")
    result = by_id(result_for({"02.add": add_flat, "02.neg": reference(ex.id)}))
    flat = result["02.add"]
    assert (flat.status, flat.points, flat.public_status) == ("incorrect", 0.0, "correct")
    assert "fails a hidden one" in flat.message and flat.case == "2-D inputs"
    assert "hidden" not in flat.public_message.replace("runs hidden checks", "")
    assert flat.hidden_passed is False
    assert (result["02.neg"].status, result["02.neg"].points) == ("incorrect", 0.0)
    assert result["02.accumulate"].status == "missing"
    assert result["02.accumulate"].message == ("no answer cell found for 02.accumulate "
                                               "(was it deleted?)")


def test_a_known_mistake_gets_its_message_and_memory_errors_their_own():
    res = by_id(result_for({"02.add": add_ones}))["02.add"]
    assert "not a gradient of ones" in res.message and res.public_status == "incorrect"

    def hog(a, b):
        raise MemoryError()
    res = by_id(result_for({"02.add": hog}))["02.add"]
    assert (res.status, res.message) == ("error", "ran out of memory (limit 1024 MB)")


@pytest.mark.parametrize("outcome, status, phrase", [
    (Outcome(kind="timeout"), "error", "took longer than 3 s (infinite loop?)"),
    (Outcome(kind="died", detail="worker killed by SIGSEGV"), "error",
     "the process ended during this exercise (os._exit / crash / out of memory)"),
    (Outcome(kind="result", result={"status": "undefined"},
             ran_error={"kind": "SyntaxError", "message": "expected ':'", "line": 2}),
     "error", "your answer cell has a syntax error (line 2): expected ':'"),
    (Outcome(kind="result", result={"status": "undefined"},
             ran_error={"kind": "SystemExit", "message": "", "line": 4}),
     "error", "called sys.exit() or exit() (line 4)"),
    (Outcome(kind="result", result={"status": "undefined"}), "incorrect",
     "does not define `add`"),
    (Outcome(kind="result", result={"status": "raised",
                                    "raised": {"kind": "KeyboardInterrupt", "line": 3}}),
     "error", "while being checked, your code raised KeyboardInterrupt (line 3)"),
    (Outcome(kind="result", result={"status": "observed", "observations": [{"bad": 1}]}),
     "error", "could not judge"),
    (Outcome(kind="result", result={"status": "observed", "observations": [1, 2]}),
     "incorrect", "incomplete set of results"),
])
def test_failures_are_explained(outcome, status, phrase):
    res = by_id(result_for({"02.add": outcome}))["02.add"]
    assert (res.status, res.points) == (status, 0.0)
    assert phrase in res.message


def test_an_answer_cell_that_raised_after_defining_is_still_graded_with_a_note():
    outcome = observed(get("02.add"), reference("02.add"))
    outcome.ran_error = {"kind": "NameError", "message": "name 'x' is not defined", "line": 9}
    res = by_id(result_for({"02.add": outcome}))["02.add"]
    assert res.status == "correct"
    assert "raised NameError (line 9)" in res.notes[-1]


# -- what students see -------------------------------------------------------------------------
def test_feedback_withholds_hidden_results_unless_revealed():
    result = result_for({"02.add": add_flat, "02.neg": reference("02.neg"),
                         "02.accumulate": reference("02.accumulate")})
    md = report.feedback_markdown(result)
    assert "✔ public checks passed | ? / 1" in md
    for secret in ("hidden one", "2-D inputs", "printed during the checks", "a matrix"):
        assert secret not in md
    assert "all tests passed" not in md.lower() and "all 4 checks passed" not in md
    assert "Points so far: 0 / 4; the other 3 depend on hidden checks" in md
    assert "```text\nhello <b>from</b> the cell\n```" in md      # the cell's own output

    revealed = report.feedback_markdown(result, reveal=True)
    assert "fails a hidden one" in revealed and "Case: 2-D inputs" in revealed
    assert "printed during the checks" in revealed
    assert "Points: 2 / 7" in revealed


def test_html_feedback_is_escaped():
    result = result_for({"02.add": reference("02.add")})
    result.exercises[0].output = "<script>alert(1)</script>"
    page = report.feedback_html(result, reveal=True)
    assert "<script>" not in page and "&lt;script&gt;" in page


def test_markdown_fences_survive_backticks_in_output():
    assert report._fence("a ``` b").startswith("````text\n")


def test_unreadable_submission_still_has_feedback_and_a_row(tmp_path):
    sub = Submission(student="bob", relpath="bob.ipynb", path=None, chapter="02",
                     problem="not a readable notebook: Expecting value: line 1 column 1 (char 0)")
    result = judge.judge_submission(sub, {}, LIMITS)
    assert result.total == 0 and result.max_points == 7
    assert "could not be graded" in report.feedback_markdown(result)
    rows = report.gradebook_rows([result])
    assert rows[1][:5] == ["bob", "bob.ipynb", "02", "0", "7"]
    assert rows[1][-2:] == ["not graded", sub.problem]


def test_gradebook_has_a_column_per_exercise_and_no_formulas(tmp_path):
    good = result_for({"02.add": reference("02.add")}, student="=HYPERLINK(x)")
    other = result_for({"02.neg": reference("02.neg")}, student="carol")
    report.write_gradebook([good, other], tmp_path / "g.csv")
    with open(tmp_path / "g.csv", newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == ["student", "file", "chapter", "total", "max", "02.add", "02.neg",
                       "02.accumulate", "02.topological_order", "02.count_visits", "status",
                       "notes"]
    assert rows[1][0] == "'=HYPERLINK(x)" and rows[1][5:10] == ["1", "0", "0", "0", "0"]
    assert "02.neg: missing: no answer cell found" in rows[1][-1]


def test_gradescope_results_split_public_and_hidden_checks():
    result = result_for({"02.add": add_flat, "02.neg": reference("02.neg")})
    data = report.gradescope_results(result)
    tests = {t["name"]: t for t in data["tests"]}
    public = tests["02.add add as a recorded op (public checks)"]
    full = tests["02.add add as a recorded op (all checks, hidden ones included)"]
    assert (public["visibility"], public["max_score"], public["status"]) == ("visible", 0, "passed")
    assert (full["visibility"], full["score"], full["max_score"]) == ("after_published", 0, 1)
    assert "fails a hidden one" in full["output"] and "2-D" not in public["output"]
    assert data["score"] == 1.0 and sum(t["max_score"] for t in data["tests"]) == 7
    visible = [t for t in data["tests"] if t["visibility"] == "visible"]
    assert all("hidden one" not in t["output"] for t in visible)
    revealed = report.gradescope_results(result, reveal=True)
    assert {t["visibility"] for t in revealed["tests"]} == {"visible"}
    assert len(revealed["tests"]) == 5


def test_results_are_written_whole_and_students_gone_from_the_run_lose_their_files(tmp_path):
    out = tmp_path / "out"
    with store.ResultsFolder(out):
        run = Run(results=[result_for({"02.add": reference("02.add")}),
                           result_for({}, student="bob")], seconds=1.0, jobs=1, limits=LIMITS)
        report.write_results(run, out)
    assert visible(out) == ["class_report.csv", "feedback/alice.html", "feedback/alice.md",
                            "feedback/bob.html", "feedback/bob.md", "gradebook.csv",
                            "gradescope/alice/results.json", "gradescope/bob/results.json",
                            "points.csv", "report.html", "similarity.csv", "summary.json"]
    assert len(list((out / ".sets").iterdir())) == 1      # one set, switched in whole
    (out / "mine.txt").write_text("keep")
    with store.ResultsFolder(out):                  # earlier results: reused, then replaced
        report.write_results(Run(results=run.results[:1], seconds=1.0, jobs=1, limits=LIMITS),
                             out)
    assert not (out / "feedback" / "bob.md").exists()
    assert not (out / "gradescope" / "bob").exists()
    assert (out / "mine.txt").read_text() == "keep"
    assert json.loads((out / "summary.json").read_text())["submissions"] == 1
    assert len(list((out / ".sets").iterdir())) == 1      # the old set is gone
    other = tmp_path / "thesis"
    other.mkdir()
    (other / "chapter1.tex").write_text("precious")
    with pytest.raises(store.FolderError, match="not empty"):
        store.ResultsFolder(other).open()


def visible(out) -> list:
    """Every file a reader of ``out`` sees through its top-level names (links followed)."""
    found = []
    for name in report.SET_NAMES:
        path = out / name
        if path.is_dir():
            found += [f"{name}/{p.relative_to(path).as_posix()}" for p in path.rglob("*")
                      if p.is_file()]
        elif path.is_file():
            found.append(name)
    return sorted(found)


@pytest.mark.parametrize("name", ["=cmd()", "+1", "-1", "@SUM(A1)", "\t=cmd()", " =cmd()",
                                  "\r=1", "＝cmd()"])
def test_no_csv_cell_starts_like_a_formula(name):
    assert report._cell(name).startswith("'")
    assert report._cell("alice") == "alice"


def test_a_row_without_a_chapter_shows_no_maximum_rather_than_zero():
    sub = Submission(student="x", relpath="x.ipynb", path=None, chapter=None,
                     problem="could not tell which chapter this notebook is for")
    row = report.gradebook_rows([judge.judge_submission(sub, {}, LIMITS)])[1]
    assert row[3:5] == ["0", ""] and row[-2] == "not graded"


# -- names are text -------------------------------------------------------------------------------
NASTY = "a`b`` <img src=x onerror=alert(1)> **bold** [link](http://x) #h _u_ \\ & <!--.ipynb"


def test_file_names_are_escaped_wherever_feedback_shows_them():
    """A backtick or Markdown/HTML in a file name stays text: rendered with a real Markdown
    renderer (markdown-it, CommonMark), the name is there, character for character, and
    nothing of it became markup; the HTML feedback escapes it too."""
    import html as _html

    from markdown_it import MarkdownIt

    result = result_for({"02.add": reference("02.add")})
    result.relpath = NASTY
    rendered = MarkdownIt("commonmark").render(report.feedback_markdown(result))
    line = next(l for l in rendered.splitlines() if "Notebook:" in l)
    for markup in ("<img", "<strong>", "<a ", "<code>", "<em>", "<!--"):
        assert markup not in line, (markup, line)
    assert _html.unescape(re.sub(r"<[^>]+>", "", line)) == f"Notebook: {NASTY}", line
    page = report.feedback_html(result)
    assert "<img" not in page and "&lt;img src=x" in page


# -- switching from the old set to the new one ---------------------------------------------------
def _write_and_die_at(run, out, at: int) -> bool:
    """Write ``run``'s results into ``out`` in a forked child that SIGKILLs itself at its
    ``at``-th file operation; returns whether it finished first."""
    import builtins
    import io

    pid = os.fork()
    if pid == 0:
        calls = [0]

        def counted(function):
            def wrapper(*args, **kwargs):
                mode = (args[1] if len(args) > 1 else kwargs.get("mode", "r")) \
                    if function in (builtins.open, io.open) else "w"
                if any(c in str(mode) for c in "wax+"):
                    calls[0] += 1
                    if calls[0] == at:
                        os.kill(os.getpid(), signal.SIGKILL)
                return function(*args, **kwargs)
            return wrapper

        try:
            for module, name in ((os, "rename"), (os, "replace"), (os, "symlink"),
                                 (os, "unlink"), (os, "mkdir"), (os, "link"),
                                 (shutil, "rmtree"), (builtins, "open"), (io, "open")):
                setattr(module, name, counted(getattr(module, name)))
            report.write_results(run, out)
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) or os.WTERMSIG(status) == signal.SIGKILL
    return os.WIFEXITED(status)


def _seen(out) -> dict:
    """What a reader of ``out`` sees through its top-level names (links followed)."""
    found = {}
    for name in report.SET_NAMES:
        path = out / name
        if path.is_dir():
            for p in sorted(path.rglob("*")):
                if p.is_file():
                    found[f"{name}/{p.relative_to(path).as_posix()}"] = p.read_bytes()
        elif path.is_file():
            found[name] = path.read_bytes()
    return found


def test_a_grader_killed_at_any_point_of_the_switch_leaves_the_old_set_or_the_new(tmp_path):
    """SIGKILL at every file operation of writing a run's results: afterwards the folder
    shows the whole earlier set or the whole new one, never a mix (a folder of plain files
    from before sets existed included)."""
    old = Run(results=[result_for({"02.add": reference("02.add")}, student="ann"),
                       result_for({}, student="bob")], seconds=1.0, jobs=1, limits=LIMITS)
    new = Run(results=[result_for({"02.add": reference("02.add"),
                                   "02.neg": reference("02.neg")}, student="ann"),
                       result_for({}, student="cat")], seconds=2.0, jobs=1, limits=LIMITS)
    reference_new = tmp_path / "reference"
    report.write_results(new, reference_new)
    want_new = _seen(reference_new)
    for layout in ("sets", "plain files"):
        base = tmp_path / layout.replace(" ", "-")
        if layout == "sets":
            report.write_results(old, base)
        else:
            (base / "feedback").mkdir(parents=True)
            (base / "feedback" / "ann.md").write_text("old feedback")
            (base / "gradebook.csv").write_text("student,total\nann,1\n")
        want_old = _seen(base)
        template = tmp_path / f"{base.name}-template"
        shutil.copytree(base, template, symlinks=True)
        at, finished, seen_new = 1, False, 0
        while not finished:
            shutil.rmtree(base)
            shutil.copytree(template, base, symlinks=True)
            finished = _write_and_die_at(new, base, at)
            got = _seen(base)
            assert got in (want_old, want_new), (layout, at, sorted(got))
            seen_new += got == want_new
            at += 1
        assert at > 10 and seen_new >= 2, (layout, at, seen_new)
