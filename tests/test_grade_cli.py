"""``python -m classroom.grade``: usage errors, a small run, and nothing ever lost (Ctrl-C, a
killed grader, a second grader, --resume, --only)."""

import csv
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from ctrl_c import ctrl_c_reaches_it
from grade_helpers import processes_with

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS_NB = ROOT / "solutions" / "02_add_neg.ipynb"
EXERCISES_NB = ROOT / "exercises" / "02_add_neg.ipynb"


def grade(*args, cwd=None, prelude=""):
    """Run the grader; ``prelude`` is Python run before it (to turn a sandbox layer off)."""
    command = [sys.executable, "-m", "classroom.grade"] if not prelude else [
        sys.executable, "-c", f"import sys\n{prelude}\nfrom classroom.grade.__main__ import "
                              f"main\nsys.exit(main(sys.argv[1:]))"]
    return subprocess.run([*command, *map(str, args)], capture_output=True, text=True,
                          timeout=300, cwd=cwd)


def rows(out: Path) -> dict:
    with open(out / "gradebook.csv", newline="") as handle:
        return {r["student"]: r for r in csv.DictReader(handle)}


@pytest.fixture
def submissions(tmp_path):
    subs = tmp_path / "subs"
    (subs / "bob").mkdir(parents=True)
    shutil.copy(SOLUTIONS_NB, subs / "alice.ipynb")
    shutil.copy(EXERCISES_NB, subs / "bob" / "02_add_neg.ipynb")
    (subs / "carol.ipynb").write_text("{ not json")
    return subs


def slow_notebook(seconds: float, marker: str = "") -> dict:
    """The solutions notebook with a cell that waits ``seconds`` (and leaves a process
    called ``sleep <marker>`` behind, when given)."""
    nb = json.loads(SOLUTIONS_NB.read_text())
    code = "import subprocess, time\n"
    if marker:
        code += f"subprocess.Popen(['sleep', '{marker}'])\n"
    code += f"time.sleep({seconds})\n"
    nb["cells"].append({"cell_type": "code", "metadata": {}, "outputs": [],
                        "execution_count": None, "source": code})
    return nb


def test_usage_errors_exit_2(tmp_path, submissions):
    (tmp_path / "empty").mkdir()
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "thesis.tex").write_text("precious")
    (tmp_path / "only-text").mkdir()
    (tmp_path / "only-text" / "notes.txt").write_text("hi")
    cases = [([tmp_path / "nowhere", "--out", tmp_path / "o1"], "is not a folder"),
             ([tmp_path / "empty", "--out", tmp_path / "o2"], "no *.ipynb files"),
             ([tmp_path / "only-text", "--out", tmp_path / "o2"], "notes.txt: not a notebook"),
             ([submissions, "--out", tmp_path / "o3", "--chapter", "99"], "no exercises for"),
             ([submissions, "--out", tmp_path / "o4", "--jobs", "0"], "--jobs must be"),
             ([submissions, "--out", tmp_path / "o4", "--scheduler", "tcp://127.0.0.1:9",
               "--scheduler-timeout", "0"], "--scheduler-timeout must be positive"),
             ([submissions, "--out", tmp_path / "taken"], "not empty"),
             ([submissions, "--out", tmp_path / "o5", "--resume"], "no interrupted run"),
             ([submissions, "--out", tmp_path / "o6", "--only", "alice"], "no complete grading")]
    for args, message in cases:
        proc = grade(*args)
        assert proc.returncode == 2, (args, proc.stdout, proc.stderr)
        assert message in proc.stderr, (message, proc.stderr)
    assert grade(submissions).returncode == 2                    # --out is required
    assert (tmp_path / "taken" / "thesis.tex").read_text() == "precious"


def test_a_small_run_writes_every_output(tmp_path, submissions):
    (submissions / "readme.txt").write_text("not a notebook")
    out = tmp_path / "results"
    proc = grade(submissions, "--out", out, "--chapter", "2", "--jobs", "2", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert any(line.startswith("alice ") and " 7 / 7 " in line for line in lines)
    assert any(line.startswith("bob__02_add_neg ") and " 0 / 7 " in line for line in lines)
    assert any(line.startswith("carol ") and "not a readable notebook" in line for line in lines)
    assert "3 submissions (2 graded, 1 not gradable)" in proc.stdout
    assert "not a submission: readme.txt: not a notebook" in proc.stdout
    assert "isolation: learner code runs as" in proc.stdout
    got = rows(out)
    assert {s: r["total"] for s, r in got.items()} == {"alice": "7", "bob__02_add_neg": "0",
                                                       "carol": "0"}
    assert got["bob__02_add_neg"]["file"] == "bob/02_add_neg.ipynb"
    for student in got:
        for suffix in (".md", ".html"):
            assert (out / "feedback" / f"{student}{suffix}").is_file()
        data = json.loads((out / "gradescope" / student / "results.json").read_text())
        assert data["score"] == float(got[student]["total"])
    summary = json.loads((out / "summary.json").read_text())
    assert summary["submissions"] == 3 and summary["limits"]["timeout"] == 10
    assert summary["skipped"] == [{"path": "readme.txt",
                                   "reason": "not a notebook: only *.ipynb files are graded"}]
    assert set(summary["isolation"]["protections"]) == set(summary["isolation"]["what_each_means"])
    assert not (out / "in-progress").exists()

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
    got = rows(tmp_path / "out")
    chapters = sorted(p.name[:2] for p in (ROOT / "solutions").glob("[0-9][0-9]_*.ipynb"))
    assert len(got) == 2 * len(chapters) >= 12
    for student, row in got.items():
        expected = row["max"] if student.startswith("sol__") else "0"
        assert float(row["total"]) == float(expected), (student, row["notes"])


def _start(args, cwd):
    return subprocess.Popen([sys.executable, "-m", "classroom.grade", *map(str, args)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd,
                            preexec_fn=ctrl_c_reaches_it)     # (the SIGINT test's Ctrl-C)


def _wait_for_results(out: Path, count: int, proc) -> None:
    for _ in range(600):
        if len(list((out / "in-progress" / "results").glob("*.json"))) >= count:
            return
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.1)
    pytest.fail("no result was saved")


@pytest.mark.parametrize("how", ["SIGINT", "SIGTERM", "SIGKILL"])
def test_an_interrupted_run_loses_nothing_and_resumes(tmp_path, how):
    """Ctrl-C (SIGINT), SIGTERM or a killed grader halfway: the earlier complete results stay,
    what was judged is kept, no worker or learner process is left, --resume finishes."""
    subs, out = tmp_path / "subs", tmp_path / "out"
    subs.mkdir()
    shutil.copy(EXERCISES_NB, subs / "early.ipynb")
    first = grade(subs, "--out", out, "--jobs", "1")
    assert first.returncode == 0, first.stderr
    before = (out / "gradebook.csv").read_text()
    marker = f"7{os.getpid()}{time.time_ns() % 10**6}"
    (subs / "quick.ipynb").write_text(SOLUTIONS_NB.read_text())
    for n in range(4):
        (subs / f"slow{n}.ipynb").write_text(json.dumps(slow_notebook(30, f"{marker}{n}")))
    proc = _start([subs, "--out", out, "--jobs", "1", "--timeout", "60"], tmp_path)
    _wait_for_results(out, 2, proc)                 # early and quick, sorted first
    for _ in range(300):                             # slow0 is now sleeping
        if processes_with(f"{marker}0"):
            break
        time.sleep(0.1)
    assert processes_with(f"{marker}0"), "the learner's process never started"
    proc.send_signal(getattr(signal, how))
    stdout, stderr = proc.communicate(timeout=60)
    if how != "SIGKILL":
        assert proc.returncode == 130, stdout + stderr
        assert "interrupted: 2 of 6 submissions graded" in stdout
        assert (out / "in-progress" / "gradebook.csv").is_file()
    assert (out / "gradebook.csv").read_text() == before
    saved = sorted(p.stem for p in (out / "in-progress" / "results").glob("*.json"))
    assert saved == ["early", "quick"]
    for _ in range(50):
        if not processes_with(marker):
            break
        time.sleep(0.1)
    assert processes_with(marker) == [], "a learner process outlived its grader"

    again = grade(subs, "--out", out)
    assert again.returncode == 2 and "holds an interrupted run (2 of 6" in again.stderr
    for n in range(4):                               # quicker now
        (subs / f"slow{n}.ipynb").write_text(json.dumps(slow_notebook(0.1)))
    resumed = grade(subs, "--out", out, "--resume", "--jobs", "2")
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    assert "resuming: 2 of 6 submissions already graded" in resumed.stdout
    assert {s: r["total"] for s, r in rows(out).items()} == {
        "early": "0", "quick": "7", "slow0": "7", "slow1": "7", "slow2": "7", "slow3": "7"}
    assert not (out / "in-progress").exists()


def test_a_second_grader_is_refused_while_the_first_runs(tmp_path):
    subs, out = tmp_path / "subs", tmp_path / "out"
    subs.mkdir()
    (subs / "slow.ipynb").write_text(json.dumps(slow_notebook(5)))
    proc = _start([subs, "--out", out, "--jobs", "1"], tmp_path)
    try:
        for _ in range(300):
            if (out / ".lock").exists() and (out / ".lock").read_text():
                break
            time.sleep(0.1)
        second = grade(subs, "--out", out)
        assert second.returncode == 2
        assert "another grader (pid" in second.stderr and "is writing into" in second.stderr
    finally:
        stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 0, stdout + stderr
    assert rows(out)["slow"]["total"] == "7"


def test_only_regrades_one_student_and_updates_the_gradebook_in_place(tmp_path, submissions):
    out = tmp_path / "out"
    assert grade(submissions, "--out", out, "--chapter", "02").returncode == 0
    first = rows(out)
    alice_feedback = (out / "feedback" / "alice.md").read_text()
    shutil.copy(SOLUTIONS_NB, submissions / "bob" / "02_add_neg.ipynb")     # bob fixed it
    shutil.copy(EXERCISES_NB, submissions / "alice.ipynb")                  # not regraded
    proc = grade(submissions, "--out", out, "--chapter", "02", "--only", "bob__02_add_neg")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    now = rows(out)
    assert now["bob__02_add_neg"]["total"] == "7" and first["bob__02_add_neg"]["total"] == "0"
    assert now["alice"] == first["alice"] and now["carol"] == first["carol"]
    assert (out / "feedback" / "alice.md").read_text() == alice_feedback
    assert list(now) == list(first)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["submissions"] == 3
    by_file = grade(submissions, "--out", out, "--only", "carol.ipynb")
    assert by_file.returncode == 0 and "carol" in by_file.stdout


def test_require_isolation_refuses_when_a_protection_is_missing(tmp_path, submissions):
    out = tmp_path / "out"
    weakened = grade(submissions, "--out", out, "--require-isolation", prelude=(
        "from classroom.grade import runner\n"
        "runner.NAMESPACES = runner.LANDLOCK = runner.SECCOMP = False"))
    assert weakened.returncode == 3, weakened.stdout + weakened.stderr
    assert "--require-isolation: missing" in weakened.stderr and "network" in weakened.stderr
    assert "MISSING network" in weakened.stdout
    assert not (out / "gradebook.csv").exists()
    full = grade(submissions, "--out", out, "--require-isolation")
    held = "MISSING" not in full.stdout
    assert full.returncode == (0 if held else 3), full.stdout + full.stderr
