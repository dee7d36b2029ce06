"""The Gradescope autograder zip: built, unpacked as Gradescope lays out /autograder, and run
(with this environment's Python: setup.sh would download NumPy, so it is run against a
stand-in interpreter that records what it is asked to do).  Every results.json written is
validated against Gradescope's documented format."""

import json
import os
import shutil
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import jsonschema
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


# Gradescope's results.json, as documented at
# https://gradescope-autograders.readthedocs.io/en/latest/specs/ ("Output format").
FORMATS = ["text", "html", "simple_format", "md", "ansi"]
VISIBILITY = ["hidden", "after_due_date", "after_published", "visible"]
RESULTS_SCHEMA = {
    "type": "object",
    "properties": {
        "score": {"type": "number"},
        "execution_time": {"type": "number"},
        "output": {"type": "string"},
        "output_format": {"enum": FORMATS},
        "test_output_format": {"enum": FORMATS},
        "test_name_format": {"enum": FORMATS},
        "visibility": {"enum": VISIBILITY},
        "stdout_visibility": {"enum": VISIBILITY},
        "extra_data": {"type": "object"},
        "tests": {"type": "array", "items": {
            "type": "object",
            "properties": {
                "score": {"type": "number"}, "max_score": {"type": "number"},
                "status": {"enum": ["passed", "failed"]}, "name": {"type": "string"},
                "name_format": {"enum": FORMATS}, "number": {"type": "string"},
                "output": {"type": "string"}, "output_format": {"enum": FORMATS},
                "tags": {"type": "array", "items": {"type": "string"}},
                "visibility": {"enum": VISIBILITY}, "extra_data": {"type": "object"}},
            "additionalProperties": False}},
        "leaderboard": {"type": "array"},
    },
    "additionalProperties": False,
    "anyOf": [{"required": ["score"]}, {"required": ["tests"]}],
}


def valid(results: dict) -> dict:
    jsonschema.validate(results, RESULTS_SCHEMA)
    assert results["output_format"] == "text" and results["stdout_visibility"] == "hidden"
    assert results["tests"], "a results.json without tests shows the student nothing"
    return results


def run_autograder(zip_path: Path, root: Path, notebook: dict | None,
                   extra: dict | None = None) -> tuple:
    unpack(zip_path, root)
    (root / "submission").mkdir()
    (root / "results").mkdir()
    if notebook is not None:
        (root / "submission" / "my_work.ipynb").write_text(json.dumps(notebook))
    for name, nb in (extra or {}).items():
        (root / "submission" / name).write_text(json.dumps(nb))
    env = dict(os.environ, AUTOGRADER_ROOT=str(root), MINIGRAD_PYTHON=sys.executable)
    proc = subprocess.run([str(root / "source" / "run_autograder")], capture_output=True,
                          text=True, env=env, cwd=root, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return valid(json.loads((root / "results" / "results.json").read_text())), proc.stdout


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
    results, _ = run_autograder(autograder_zip, tmp_path, None)
    assert results["score"] == 0 and "no .ipynb file was found" in results["output"]
    assert results["tests"][0]["max_score"] == 7 and results["tests"][0]["status"] == "failed"


def test_a_notebook_and_its_backup_copy_get_the_notebooks_score(autograder_zip, tmp_path):
    stale = json.loads((ROOT / "exercises" / "02_add_neg.ipynb").read_text())
    results, stdout = run_autograder(autograder_zip, tmp_path,
                                     json.loads(SOLUTIONS_NB.read_text()),
                                     {"my_work-backup.ipynb": stale})
    assert results["score"] == 7.0
    assert "graded my_work.ipynb; left out my_work-backup.ipynb" in results["output"]
    assert "isolation: learner code runs as" in stdout


def test_two_different_notebooks_are_both_graded_and_the_best_kept(autograder_zip, tmp_path):
    results, _ = run_autograder(autograder_zip, tmp_path, wrong_notebook(),
                                {"final.ipynb": json.loads(SOLUTIONS_NB.read_text())})
    assert results["score"] == 7.0 and "kept the best result" in results["output"]


def test_setup_installs_into_a_virtual_environment_never_the_system_python(autograder_zip,
                                                                          tmp_path):
    """setup.sh against a stand-in python3 that records its calls (the real one would
    download NumPy): a venv in /autograder/venv, and pip run only inside it."""
    unpack(autograder_zip, tmp_path)
    log = tmp_path / "calls.log"
    fake = tmp_path / "bin" / "python3"
    fake.parent.mkdir()
    fake.write_text(f"""#!/usr/bin/env bash
echo "base $*" >> {log}
if [ "$1 $2" = "-m venv" ]; then
    mkdir -p "$3/bin"
    printf '#!/usr/bin/env bash\necho "venv $*" >> {log}\n' > "$3/bin/python"
    chmod +x "$3/bin/python"
fi
""")
    fake.chmod(0o755)
    env = dict(os.environ, AUTOGRADER_ROOT=str(tmp_path), MINIGRAD_BASE_PYTHON=str(fake))
    proc = subprocess.run(["bash", str(tmp_path / "source" / "setup.sh")], env=env,
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    calls = log.read_text().splitlines()
    assert f"base -m venv {tmp_path}/venv" in calls
    assert "venv -m pip install numpy>=2.0 cloudpickle>=3.1.3" in calls
    assert not [c for c in calls if c.startswith("base -m pip")], calls
    run = (tmp_path / "source" / "run_autograder").read_text()
    assert "$ROOT/venv/bin/python" in run
