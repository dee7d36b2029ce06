"""``python -m classroom.grade``: usage errors exit 2 at once; a small run writes every output."""

import csv
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def grade(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "classroom.grade", *map(str, args)],
                          capture_output=True, text=True, timeout=300, cwd=cwd)


@pytest.fixture
def submissions(tmp_path):
    subs = tmp_path / "subs"
    (subs / "bob").mkdir(parents=True)
    shutil.copy(ROOT / "solutions" / "02_add_neg.ipynb", subs / "alice.ipynb")
    shutil.copy(ROOT / "exercises" / "02_add_neg.ipynb", subs / "bob" / "02_add_neg.ipynb")
    (subs / "carol.ipynb").write_text("{ not json")
    return subs


def test_usage_errors_exit_2(tmp_path, submissions):
    (tmp_path / "empty").mkdir()
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "thesis.tex").write_text("precious")
    cases = [([tmp_path / "nowhere", "--out", tmp_path / "o1"], "is not a folder"),
             ([tmp_path / "empty", "--out", tmp_path / "o2"], "no *.ipynb files"),
             ([submissions, "--out", tmp_path / "o3", "--chapter", "99"], "no exercises for"),
             ([submissions, "--out", tmp_path / "o4", "--jobs", "0"], "--jobs must be"),
             ([submissions, "--out", tmp_path / "taken"], "not empty")]
    for args, message in cases:
        proc = grade(*args)
        assert proc.returncode == 2, (args, proc.stdout, proc.stderr)
        assert message in proc.stderr
    assert grade(submissions).returncode == 2                    # --out is required
    assert (tmp_path / "taken" / "thesis.tex").read_text() == "precious"


def test_a_small_run_writes_every_output(tmp_path, submissions):
    out = tmp_path / "results"
    proc = grade(submissions, "--out", out, "--chapter", "2", "--jobs", "2", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert any(line.startswith("alice ") and " 7 / 7 " in line for line in lines)
    assert any(line.startswith("bob__02_add_neg ") and " 0 / 7 " in line for line in lines)
    assert any(line.startswith("carol ") and "not a readable notebook" in line for line in lines)
    assert "3 submissions (2 graded, 1 not gradable)" in proc.stdout
    with open(out / "gradebook.csv", newline="") as handle:
        rows = {r["student"]: r for r in csv.DictReader(handle)}
    assert {s: r["total"] for s, r in rows.items()} == {"alice": "7", "bob__02_add_neg": "0",
                                                        "carol": "0"}
    assert rows["bob__02_add_neg"]["file"] == "bob/02_add_neg.ipynb"
    for student in rows:
        for suffix in (".md", ".html"):
            assert (out / "feedback" / f"{student}{suffix}").is_file()
        data = json.loads((out / "gradescope" / student / "results.json").read_text())
        assert data["score"] == float(rows[student]["total"])
    summary = json.loads((out / "summary.json").read_text())
    assert summary["submissions"] == 3 and summary["limits"]["timeout"] == 10

    again = grade(submissions, "--out", out, "--reveal-hidden", "--jobs", "1", cwd=tmp_path)
    assert again.returncode == 0, again.stderr                   # earlier results replaced
    assert "all 4 checks passed" in (out / "feedback" / "alice.md").read_text()


def test_every_chapter_grades_its_solutions_full_and_its_untouched_exercises_zero(tmp_path):
    """The grader and every chapter's checkers agree with the notebooks in the repository."""
    subs = tmp_path / "subs"
    shutil.copytree(ROOT / "solutions", subs / "sol", ignore=shutil.ignore_patterns("*.md"))
    shutil.copytree(ROOT / "exercises", subs / "ex", ignore=shutil.ignore_patterns("*.md"))
    result = grade(subs, "--out", tmp_path / "out")
    assert result.returncode == 0, result.stdout + result.stderr
    with open(tmp_path / "out" / "gradebook.csv", newline="") as f:
        rows = {row["student"]: row for row in csv.DictReader(f)}
    chapters = sorted(p.name[:2] for p in (ROOT / "solutions").glob("[0-9][0-9]_*.ipynb"))
    assert len(rows) == 2 * len(chapters) >= 12
    for student, row in rows.items():
        expected = row["max"] if student.startswith("sol__") else "0"
        assert float(row["total"]) == float(expected), (student, row["notes"])
