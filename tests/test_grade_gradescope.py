"""The Gradescope autograder zip: built, unpacked as Gradescope lays out /autograder, and run
(without setup.sh: this environment already has NumPy)."""

import json
import os
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOLUTIONS_NB = ROOT / "solutions" / "02_add_neg.ipynb"
CORPUS = Path(__file__).resolve().parent / "grade_corpus" / "answers"


@pytest.fixture(scope="module")
def autograder_zip(tmp_path_factory):
    out = tmp_path_factory.mktemp("zip") / "autograder.zip"
    proc = subprocess.run([sys.executable, "-m", "classroom.grade.gradescope", "--chapter", "02",
                           "--out", str(out), "--timeout", "5"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return out


def unpack(zip_path: Path, root: Path) -> None:
    """Extract like unzip does, keeping the executable bits."""
    with zipfile.ZipFile(zip_path) as zf:
        for info in zf.infolist():
            target = root / "source" / info.filename
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(zf.read(info))
            mode = (info.external_attr >> 16) & 0o777
            if mode:
                os.chmod(target, mode)


def wrong_notebook() -> dict:
    """The solutions notebook with the corpus's wrong neg, accumulate, topological_order and
    count_visits: only add is right."""
    nb = json.loads(SOLUTIONS_NB.read_text())
    wrong = {p.read_text().splitlines()[0]: p.read_text() for p in CORPUS.glob("wrong.*.py")}
    for cell in nb["cells"]:
        first = "".join(cell["source"]).split("\n", 1)[0]
        if first in wrong:
            cell["source"] = wrong[first]
    return nb


def run_autograder(zip_path: Path, root: Path, notebook: dict) -> tuple:
    unpack(zip_path, root)
    (root / "submission").mkdir()
    (root / "results").mkdir()
    (root / "submission" / "my_work.ipynb").write_text(json.dumps(notebook))
    env = dict(os.environ, AUTOGRADER_ROOT=str(root), MINIGRAD_PYTHON=sys.executable)
    proc = subprocess.run([str(root / "source" / "run_autograder")], capture_output=True,
                          text=True, env=env, cwd=root, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads((root / "results" / "results.json").read_text()), proc.stdout


def test_the_zip_holds_the_scripts_and_minigrads_source(autograder_zip):
    with zipfile.ZipFile(autograder_zip) as zf:
        infos = {i.filename: i for i in zf.infolist()}
        run = zf.read("run_autograder").decode()
    for name in ("setup.sh", "run_autograder", "pyproject.toml", "README.md",
                 "minigrad/__init__.py", "classroom/grade/worker.py",
                 "classroom/exercises/ch02_add_neg.py"):
        assert name in infos, name
    for script in ("setup.sh", "run_autograder"):
        assert (infos[script].external_attr >> 16) & stat.S_IXUSR
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in infos)
    assert "--chapter 02 --timeout 5" in run


def test_a_correct_submission_scores_full_marks(autograder_zip, tmp_path):
    results, stdout = run_autograder(autograder_zip, tmp_path, json.loads(SOLUTIONS_NB.read_text()))
    assert results["score"] == 7.0
    assert "my_work.ipynb: 7 / 7" in stdout
    hidden = [t for t in results["tests"] if t["visibility"] == "after_published"]
    assert len(hidden) == 5 and sum(t["max_score"] for t in hidden) == 7
    assert all(t["visibility"] in ("visible", "after_published") for t in results["tests"])


def test_a_wrong_submission_gets_public_messages_but_no_answers(autograder_zip, tmp_path):
    results, _ = run_autograder(autograder_zip, tmp_path, wrong_notebook())
    assert results["score"] == 1.0
    tests = {t["name"]: t for t in results["tests"]}
    neg = tests["02.neg neg as a recorded op (public checks)"]
    assert neg["visibility"] == "visible" and neg["status"] == "failed"
    assert "wrong sign" in neg["output"]
    for test in results["tests"]:
        for leak in ("def ", "record(", "array(", "reference", "-1.", "[-"):
            assert leak not in test["output"], (test["name"], leak)
        if test["visibility"] == "visible":
            assert "a matrix" not in test["output"] and "hidden one" not in test["output"]


def test_no_notebook_in_the_submission_is_explained(autograder_zip, tmp_path):
    unpack(autograder_zip, tmp_path)
    (tmp_path / "submission").mkdir()
    env = dict(os.environ, AUTOGRADER_ROOT=str(tmp_path), MINIGRAD_PYTHON=sys.executable)
    subprocess.run([str(tmp_path / "source" / "run_autograder")], env=env, check=True,
                   capture_output=True, timeout=120)
    results = json.loads((tmp_path / "results" / "results.json").read_text())
    assert results["score"] == 0 and "no .ipynb file was found" in results["output"]
