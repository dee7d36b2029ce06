"""The autograder against hostile submissions, end to end: ``python -m classroom.grade`` on the
corpus in tests/grade_corpus/ (see its README), with a 3-second time limit.

Every submission must get its row with exactly the expected points per exercise, and
the submissions that try to delete files or kill processes must harm nothing (they are
left out, with a note in the output, on machines where the sandbox cannot stop them).
The grader runs on a copy of the checkout (minigrad, classroom and the instructor's files),
so a failure of the sandbox could only ever damage the copy.
"""

import csv
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from classroom.grade import runner
from classroom.grade.model import Limits

ROOT = Path(__file__).resolve().parents[1]
CORPUS = Path(__file__).resolve().parent / "grade_corpus"
EXERCISES_NB = ROOT / "exercises" / "02_add_neg.ipynb"
SOLUTIONS_NB = ROOT / "solutions" / "02_add_neg.ipynb"
IDS = ["02.add", "02.neg", "02.accumulate", "02.topological_order", "02.count_visits"]
TIMEOUT = 3

OK = "correct"
# student -> {exercise: (points, status, a phrase its message must contain)}; exercises
# not listed are correct.  "base" says what the other answer cells hold.
EXPECTED = {
    "correct": {},
    "untouched": {i: (0, "not attempted", "still raises NotImplementedError") for i in IDS},
    "deleted_cell": {"02.neg": (0, "missing", "no answer cell found for 02.neg (was it deleted?)")},
    "nested__moved_edited": {},
    "loop_in_check": {"02.neg": (0, "error", f"took longer than {TIMEOUT} s (infinite loop?)")},
    "loop_at_top": {"02.accumulate": (0, "error", f"took longer than {TIMEOUT} s")},
    "memory_bomb": {"02.neg": (0, "error", "ran out of memory (limit 1024 MB)")},
    "sys_exit": {"02.neg": (0, "error", "called sys.exit() or exit() (line 4)"),
                 "02.accumulate": (0, "error", "raised SystemExit")},
    "os_exit": {"02.accumulate": (0, "error", "the process ended during this exercise"),
                "02.count_visits": (0, "error", "the process ended during this exercise")},
    "monkeypatch": {"02.add": (0, "incorrect", "not a gradient of ones")},
    "fake_output": {i: (0, "not attempted", "NotImplementedError") for i in IDS},
    "syntax_error": {"02.neg": (0, "error", "syntax error (line 2)")},
    "returns_none": {"02.add": (0, "incorrect", "return")},
    "public_only": {"02.add": (0, "incorrect", "passes the public checks but fails a hidden")},
    "wrong": {"02.neg": (0, "incorrect", "wrong sign"),
              "02.accumulate": (0, "incorrect", "forgot to accumulate"),
              "02.topological_order": (0, "incorrect", "recursion limit"),
              "02.count_visits": (0, "incorrect", "counted each node once")},
    "deleter": {},
    "killer": {},
    "snooper": {},
    "shortcut": {"02.add": (0, "incorrect", "asks you to write add yourself, but your answer "
                                           "called minigrad's own add")},
}
POINTS = {"02.add": 1, "02.neg": 1, "02.accumulate": 1, "02.topological_order": 2,
          "02.count_visits": 2}
NOT_GRADABLE = {"malformed": "not a readable notebook: ",
                "empty": "not a readable notebook: ",
                "chapter03": "this is chapter 03's notebook, expected 02"}


def _cells_by_header(nb) -> dict:
    found = {}
    for cell in nb["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and source.startswith("# EXERCISE "):
            found[source.splitlines()[0].split()[2]] = source
    return found


def _snippets(case: str) -> dict:
    out = {}
    for path in sorted((CORPUS / "answers").glob(f"{case}.*.py")):
        source = path.read_text()
        out[source.splitlines()[0].split()[2]] = source
    return out


def _notebook(answers: dict, stubs_elsewhere: bool = False) -> dict:
    """exercises/02_add_neg.ipynb (metadata and all) with answer cells replaced."""
    nb = json.loads(EXERCISES_NB.read_text())
    solutions = {} if stubs_elsewhere else _cells_by_header(json.loads(SOLUTIONS_NB.read_text()))
    for cell in nb["cells"]:
        exercise = cell["metadata"].get("minigrad", {}).get("exercise")
        if cell["metadata"].get("minigrad", {}).get("role") == "answer":
            source = answers.get(exercise, solutions.get(exercise))
            if source is not None:
                cell["source"] = source
    return nb


def _moved_and_edited() -> dict:
    """All answers right, but: no metadata anywhere, the last answer moved to the top, a
    header removed (found by its `def`), check cells deleted, cells added, a magic line,
    and an earlier wrong copy of one answer."""
    nb = _notebook({})
    nb["metadata"] = {}
    cells = [c for c in nb["cells"] if not "".join(c["source"]).startswith("check(")]
    for cell in cells:
        cell["metadata"] = {}
    answer = {"".join(c["source"]).split()[2]: c for c in cells
              if "".join(c["source"]).startswith("# EXERCISE")}
    last = answer["02.count_visits"]
    cells.remove(last)
    cells.insert(0, last)
    topo = answer["02.topological_order"]
    topo["source"] = "".join(topo["source"]).split("\n", 1)[1]
    neg = answer["02.neg"]
    neg["source"] = "".join(neg["source"]) + "\n%time neg(Tensor([1.0]))\n"
    wrong_add = json.loads(json.dumps(answer["02.add"]))
    wrong_add["source"] = "# EXERCISE 02.add\ndef add(a, b):\n    return None  # a first try\n"
    cells.insert(cells.index(answer["02.add"]), wrong_add)
    cells.insert(3, {"cell_type": "markdown", "metadata": {}, "source": "My notes."})
    cells.insert(5, {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                     "source": "scratch = [1, 2, 3]\nprint(sum(scratch))"})
    nb["cells"] = cells
    return nb


def _digest(folder: Path) -> dict:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def sandbox():
    return runner.probe_sandbox(Limits())


@pytest.fixture(scope="module")
def graded(tmp_path_factory, sandbox):
    tmp = tmp_path_factory.mktemp("corpus")
    subs, out, home, scratch_tmp = (tmp / "submissions", tmp / "results", tmp / "home",
                                    tmp / "tmp")
    src = tmp / "src"
    for folder in (subs, out, home, scratch_tmp, src):
        folder.mkdir()
    for folder in ("minigrad", "classroom", "instructor", "solutions"):
        shutil.copytree(ROOT / folder, src / folder, ignore=shutil.ignore_patterns("__pycache__"))
    (home / "canary.txt").write_text("the grader's home")
    (scratch_tmp / "canary.txt").write_text("another program's temporary file")
    (out / "summary.json").write_text(json.dumps({"written_by": "classroom.grade results"}))
    (out / "instructor-notes.txt").write_text("not the grader's to delete")
    targets = [str(subs), str(out), str(src), str(home), str(scratch_tmp)]
    secrets = [str(root / name) for root in (src, ROOT) for name in (
        "instructor/hidden/ch02_add_neg.py", "instructor/expected/ch02_add_neg.json",
        "instructor/mistakes/ch02_add_neg.py", "solutions/02_add_neg.ipynb")]

    skipped = []
    cases = [c for c in EXPECTED if c not in ("correct", "untouched", "deleted_cell",
                                              "nested__moved_edited")]
    if not sandbox.get("files_protected"):
        cases.remove("deleter")
        skipped.append("deleter (learner code would run with the grader's permissions here)")
    if not sandbox.get("signals_isolated"):
        cases.remove("killer")
        skipped.append("killer (learner code could signal the grader's processes here)")
    notebooks = {"correct": _notebook({}), "untouched": json.loads(EXERCISES_NB.read_text()),
                 "nested/moved_edited": _moved_and_edited()}
    deleted = _notebook({})
    deleted["cells"] = [c for c in deleted["cells"]
                        if c["metadata"].get("minigrad") != {"role": "answer",
                                                             "exercise": "02.neg"}]
    notebooks["deleted_cell"] = deleted
    for case in cases:
        answers = {k: v.replace("__TARGETS__", repr(targets)).replace("__SECRETS__", repr(secrets))
                   for k, v in _snippets(case).items()}
        notebooks[case] = _notebook(answers, stubs_elsewhere=(case == "fake_output"))
    for name, nb in notebooks.items():
        (subs / f"{name}.ipynb").parent.mkdir(parents=True, exist_ok=True)
        (subs / f"{name}.ipynb").write_text(json.dumps(nb))
    for literal in NOT_GRADABLE:       # stored as .txt so that pytest --nbval leaves them alone
        shutil.copy(CORPUS / f"{literal}.ipynb.txt", subs / f"{literal}.ipynb")
    (subs / "nested" / ".ipynb_checkpoints").mkdir()
    (subs / "nested" / ".ipynb_checkpoints" / "moved_edited-checkpoint.ipynb").write_text("{}")

    before = {str(p): _digest(p) for p in (subs, src, home, scratch_tmp)}
    env = dict(os.environ, PYTHONPATH=str(src), HOME=str(home), TMPDIR=str(scratch_tmp))
    proc = subprocess.run([sys.executable, "-m", "classroom.grade", str(subs), "--out", str(out),
                           "--chapter", "02", "--timeout", str(TIMEOUT), "--memory-mb", "1024",
                           "--jobs", "2"],
                          capture_output=True, text=True, env=env, cwd=tmp, timeout=300)
    which = subprocess.run([sys.executable, "-c", "import minigrad, classroom; "
                            "print(minigrad.__file__, classroom.__file__)"],
                           capture_output=True, text=True, env=env, cwd=tmp).stdout
    summary = json.loads((out / "summary.json").read_text())
    with open(out / "gradebook.csv", newline="") as handle:
        rows = {row["student"]: row for row in csv.DictReader(handle)}
    return {"proc": proc, "rows": rows, "summary": summary, "before": before, "skipped": skipped,
            "out": out, "src": src, "which": which, "cases": set(cases) | set(notebooks)}


def test_the_grader_ran_on_a_copy_of_the_checkout(graded):
    for path in graded["which"].split():
        assert path.startswith(str(graded["src"])), graded["which"]


def test_every_submission_has_its_row_and_the_run_succeeds(graded):
    proc = graded["proc"]
    assert proc.returncode == 0, proc.stdout + proc.stderr
    expected = {c.replace("/", "__") for c in graded["cases"]} | set(NOT_GRADABLE)
    assert set(graded["rows"]) == expected, "the checkpoint copy must be skipped"
    for student in expected:
        assert student in proc.stdout
    for note in graded["skipped"]:
        print(f"left out of the corpus on this machine: {note}")


@pytest.mark.parametrize("student", sorted(EXPECTED))
def test_points_and_reasons_per_exercise(graded, student):
    if student not in graded["rows"]:
        pytest.skip(f"{student} was left out: {graded['skipped']}")
    row = graded["rows"][student]
    result = next(r for r in graded["summary"]["results"] if r["student"] == student)
    exercises = {e["id"]: e for e in result["exercises"]}
    for exercise_id in IDS:
        points, status, phrase = EXPECTED[student].get(exercise_id,
                                                       (POINTS[exercise_id], OK, ""))
        got = exercises[exercise_id]
        assert (got["points"], got["status"]) == (points, status), (exercise_id, got)
        assert phrase in got["message"], (exercise_id, got["message"])
        assert row[exercise_id] == str(points)
    assert row["total"] == str(sum(POINTS[i] for i in IDS)
                               - sum(POINTS[i] for i in EXPECTED[student]))


@pytest.mark.parametrize("student, reason", sorted(NOT_GRADABLE.items()))
def test_unreadable_and_wrong_chapter_notebooks_get_a_row_with_the_reason(graded, student, reason):
    row = graded["rows"][student]
    assert (row["total"], row["max"], row["status"]) == ("0", "7", "not graded")
    assert reason in row["notes"]
    assert all(row[i] == "0" for i in IDS)


def test_hostile_code_harmed_nothing(graded):
    for folder, digest in graded["before"].items():
        assert _digest(Path(folder)) == digest, f"{folder} was changed"
    out = graded["out"]
    assert (out / "instructor-notes.txt").read_text() == "not the grader's to delete"
    assert (out / "feedback" / "deleter.md").exists() or "deleter" not in graded["rows"]


def test_printed_fake_results_are_only_output(graded):
    result = next(r for r in graded["summary"]["results"] if r["student"] == "fake_output")
    add = result["exercises"][0]
    assert "score 7/7" in add["output"]
    assert graded["rows"]["fake_output"]["total"] == "0"


def test_the_timed_out_check_is_replayed_but_the_hung_cell_is_not(graded):
    # loop_in_check: neg's cell ran fine (only checking it hung), so later exercises still
    # had it; loop_at_top: accumulate's cell never finished and was not replayed, yet
    # topological_order and count_visits, after it, were graded in a new worker.
    assert graded["rows"]["loop_in_check"]["02.count_visits"] == "2"
    assert graded["rows"]["loop_at_top"]["02.count_visits"] == "2"


def test_feedback_keeps_hidden_results_back(graded):
    md = (graded["out"] / "feedback" / "public_only.md").read_text()
    assert "public checks passed" in md
    assert "hidden one" not in md and "2-D" not in md
    assert "all tests passed" not in md.lower()
    row = graded["rows"]["public_only"]
    assert "fails a hidden one" in row["notes"]          # instructors see it


def test_the_sandbox_is_reported(graded, sandbox):
    box = graded["summary"]["sandbox"]
    assert box["files_protected"] == sandbox["files_protected"]
    if os.geteuid() == 0:
        assert box["own_user"], box
    assert "sandbox:" in graded["proc"].stdout


def test_moved_and_edited_cells_are_found(graded):
    result = next(r for r in graded["summary"]["results"]
                  if r["student"] == "nested__moved_edited")
    found = {e["id"]: e["found_by"] for e in result["exercises"]}
    assert found == {"02.add": "header", "02.neg": "header", "02.accumulate": "header",
                     "02.topological_order": "definition", "02.count_visits": "header"}
    notes = {e["id"]: " ".join(e["notes"]) for e in result["exercises"]}
    assert "found 2 answer cells for 02.add; graded the last one" in notes["02.add"]
    assert "removed IPython magic" in notes["02.neg"]


def test_graded_code_cannot_reach_references_hidden_cases_or_expectations(graded, sandbox):
    """The snooper's answers are right, so it gets every point, and what it printed while
    looking for the grader's secrets shows it found none of them."""
    result = next(r for r in graded["summary"]["results"] if r["student"] == "snooper")
    add, neg = result["exercises"][0], result["exercises"][1]
    printed = add["output"] + add["check_output"] + neg["output"]
    assert "WORKED" not in printed, printed
    for what in ("import instructor:", "import instructor.hidden:", "instructor.hidden_cases:",
                 "instructor.mistakes:", "instructor.reference_answers:"):
        assert f"{what} refused" in printed, (what, printed)
    if sandbox.get("landlock"):
        assert printed.count("/instructor/") + printed.count("/solutions/") == 8
        assert printed.count("refused (PermissionError)") >= 8, printed
    else:                       # without Landlock, files are protected only as another user
        print("this machine has no Landlock: the snooper's file reads were not checked")
    assert "top level found: []" in printed, printed
    assert "next cell found: []" in printed, printed
    # While its answer is being probed it can see the hidden case it is given, as any
    # function sees its arguments; never what that case should produce.
    probed = [line for line in printed.splitlines() if line.startswith("while probed found")]
    assert probed and all(set(eval(line.split(": ", 1)[1])) <= {"a hidden case"}
                          for line in probed), probed
