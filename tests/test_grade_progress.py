"""classroom-progress: the class's progress read from saved check outputs (nothing run)."""

import csv
import json
import shutil
import subprocess
import sys
from pathlib import Path

from classroom.grade import progress

ROOT = Path(__file__).resolve().parents[1]
SOLVED = ROOT / "solutions" / "02_add_neg.ipynb"
BLANK = ROOT / "exercises" / "02_add_neg.ipynb"
IDS = ["02.add", "02.neg", "02.accumulate", "02.topological_order", "02.count_visits"]


def _edited(source: Path, target: Path, change) -> None:
    nb = json.loads(source.read_text())
    checks = [c for c in nb["cells"] if c["cell_type"] == "code"
              and "".join(c["source"]).lstrip().startswith("check(")]
    change(checks)
    target.write_text(json.dumps(nb))


def _incorrect(checks):            # 02.neg's saved output says incorrect
    out = checks[1]["outputs"][0]["data"]
    out["text/plain"] = ["02.neg neg as a recorded op: INCORRECT: the result has the wrong "
                         "value"]


def _not_run(checks):              # 02.topological_order's check cell never run
    checks[3]["outputs"] = []


def test_a_class_in_progress(tmp_path):
    folder = tmp_path / "mywork"
    (folder / "carol").mkdir(parents=True)
    shutil.copy(SOLVED, folder / "alice.ipynb")
    shutil.copy(BLANK, folder / "bob.ipynb")
    _edited(SOLVED, folder / "carol" / "02_add_neg.ipynb", _incorrect)
    _edited(SOLVED, folder / "dave.ipynb", _not_run)
    (folder / "erin.ipynb").write_text("{ broken")
    got = progress.scan(folder)
    assert got["exercises"] == {"02": IDS}
    rows = {r[0]: r[1:] for r in progress.table(got)[1:]}
    assert rows["alice"] == ["02", "5 / 5", "✔", "✔", "✔", "✔", "✔"]
    assert rows["bob"] == ["02", "0 / 5", "○", "○", "○", "○", "○"]
    assert rows["carol__02_add_neg"] == ["02", "4 / 5", "✔", "✘", "✔", "✔", "✔"]
    assert rows["dave"] == ["02", "4 / 5", "✔", "✔", "✔", "·", "✔"]
    assert rows["erin"] == ["?", "not a readable notebook", "", "", "", "", ""]


def test_with_a_roster_and_csv_through_the_command(tmp_path):
    folder = tmp_path / "mywork"
    folder.mkdir()
    shutil.copy(SOLVED, folder / "alice_02_add_neg.ipynb")
    shutil.copy(BLANK, folder / "stranger.ipynb")
    (tmp_path / "roster.csv").write_text("id\nalice\nbob\n")
    done = subprocess.run([sys.executable, "-m", "classroom.grade.progress", str(folder),
                           "--roster", str(tmp_path / "roster.csv"), "--chapter", "2",
                           "--csv", str(tmp_path / "p.csv")], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert "not on the roster: stranger.ipynb" in done.stdout
    with open(tmp_path / "p.csv", newline="") as handle:
        rows = {r["student"]: r for r in csv.DictReader(handle)}
    assert rows["alice"]["passed"] == "5 / 5" and rows["bob"]["passed"] == "no notebook"
