"""Real nbgrader (0.9) on the course's notebooks: ``generate_assignment`` accepts the source
notebooks that ``python -m classroom.exercises.generate --nbgrader`` writes, and
``autograde`` gives a correct, an untouched and a wrong submission the points our own
grader gives them, exercise by exercise (nbgrader runs the notebook's own checks, the
public cases; the submissions here are decided by those)."""

import csv
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

nbgrader = pytest.importorskip("nbgrader", reason="nbgrader is in the [test] extra")
from nbgrader.api import Gradebook  # noqa: E402

from classroom.exercises import generate  # noqa: E402
from classroom.exercises.registry import chapter  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ASSIGNMENT = "02_add_neg"
CORPUS = ROOT / "tests" / "grade_corpus" / "answers"


def _run(args, cwd):
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    proc = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return proc


def _answers(path: Path) -> dict:
    return {"".join(c["source"]).splitlines()[0].split()[2]: "".join(c["source"])
            for c in json.loads(path.read_text())["cells"]
            if c["cell_type"] == "code" and "".join(c["source"]).startswith("# EXERCISE")}


def _submission(release: dict, answers: dict) -> dict:
    nb = json.loads(json.dumps(release))
    for cell in nb["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and source.startswith("# EXERCISE"):
            cell["source"] = answers.get(source.split()[2], source)
    return nb


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    course = tmp_path_factory.mktemp("course")
    written = generate.write_nbgrader_course(course, [f"{ASSIGNMENT}.ipynb"])
    assert course / "nbgrader_config.py" in written
    _run(["generate_assignment", ASSIGNMENT], course)
    release = json.loads((course / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb").read_text())
    solutions = _answers(ROOT / "solutions" / f"{ASSIGNMENT}.ipynb")
    wrong = {p.read_text().split()[2]: p.read_text() for p in CORPUS.glob("wrong.*.py")}
    submissions = {"correct": _submission(release, solutions), "untouched": release,
                   "wrong": _submission(release, {**solutions, **wrong})}
    for student, nb in submissions.items():
        folder = course / "submitted" / student / ASSIGNMENT
        folder.mkdir(parents=True)
        (folder / f"{ASSIGNMENT}.ipynb").write_text(json.dumps(nb))
    _run(["autograde", ASSIGNMENT, "--create"], course)
    ids = [ex.id for ex in chapter("02").EXERCISES]
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        # find_grade(grade cell, notebook, assignment, student)
        theirs = {s: {i: gb.find_grade(f"check_{i.replace('.', '_')}", ASSIGNMENT, ASSIGNMENT,
                                       s).score for i in ids}
                  for s in submissions}
    out = course / "ours"
    grade = subprocess.run([sys.executable, "-m", "classroom.grade",
                            str(course / "submitted"), "--out", str(out), "--chapter", "02"],
                           capture_output=True, text=True, timeout=600)
    assert grade.returncode == 0, grade.stdout + grade.stderr
    with open(out / "gradebook.csv", newline="") as handle:
        ours = {r["student"].split("__")[0]: {i: float(r[i]) for i in ids}
                for r in csv.DictReader(handle)}
    summary = json.loads((out / "summary.json").read_text())
    return {"course": course, "release": release, "theirs": theirs, "ours": ours,
            "summary": summary}


def test_generate_assignment_accepts_the_source_and_hides_the_answers(course):
    cells = course["release"]["cells"]
    code = [c for c in cells if c["cell_type"] == "code"]
    answers = [c for c in code if c["metadata"].get("nbgrader", {}).get("solution")]
    checks = [c for c in code if c["metadata"].get("nbgrader", {}).get("grade")]
    assert len(answers) == len(checks) == 5
    written = [c["metadata"]["nbgrader"] for c in cells if c["cell_type"] == "markdown"
               and c["metadata"].get("nbgrader", {}).get("solution")]
    assert [(w["grade"], w["points"]) for w in written] == [(True, 0)]  # read by a person
    assert all("BEGIN SOLUTION" not in "".join(c["source"]) for c in cells)
    assert all('raise NotImplementedError("exercise stub: ' in "".join(c["source"]) for c in answers)
    assert [c["metadata"]["nbgrader"]["points"] for c in checks] == [1, 1, 1, 2, 2]
    assert all(c["metadata"]["nbgrader"]["locked"] for c in checks)


@pytest.mark.parametrize("student, total", [("correct", 7), ("untouched", 0), ("wrong", 1)])
def test_nbgrader_and_our_grader_give_the_same_points(course, student, total):
    assert course["theirs"][student] == course["ours"][student]
    assert sum(course["ours"][student].values()) == total


def test_an_untouched_nbgrader_notebook_is_not_attempted(course):
    result = next(r for r in course["summary"]["results"] if r["student"].startswith("untouched"))
    assert {e["status"] for e in result["exercises"]} == {"not attempted"}


def test_generated_exercise_notebooks_carry_the_same_nbgrader_metadata():
    nb = json.loads((ROOT / "exercises" / f"{ASSIGNMENT}.ipynb").read_text())
    meta = [(c["metadata"]["minigrad"].get("role"), c["metadata"].get("nbgrader"))
            for c in nb["cells"] if c["metadata"].get("nbgrader")]
    assert [role for role, _ in meta] == ["answer", "check"] * 5 + ["prompt"]
    assert meta[1][1] == {"schema_version": 3, "grade": True, "solution": False,
                          "locked": True, "points": 1, "grade_id": "check_02_add"}


def test_check_raises_under_nbgrader_only(monkeypatch):
    from classroom import check
    from classroom.exercises.learner import CheckFailed

    def neg(a):
        return a
    assert not check("02.neg", neg)                  # a wrong answer: a red box, no error
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    with pytest.raises(CheckFailed, match="02.neg"):
        check("02.neg", neg)
