"""Grading on a real local Dask cluster (classroom.grade.cluster): the same points as the local
pool, for every submission, with each submission still run in its own sandboxed worker on
the cluster's machine; and ``classroom-grade --scheduler ADDRESS`` end to end."""

import csv
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed", reason="Dask distributed is in the [test] "
                                                        "extra (and [grading])")
from classroom.grade import cluster, runner  # noqa: E402
from classroom.grade.model import Limits  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "grade_corpus" / "answers"


@pytest.fixture(scope="module")
def submissions(tmp_path_factory):
    subs = tmp_path_factory.mktemp("subs")
    shutil.copy(ROOT / "solutions" / "02_add_neg.ipynb", subs / "right.ipynb")
    shutil.copy(ROOT / "exercises" / "02_add_neg.ipynb", subs / "untouched.ipynb")
    shutil.copy(ROOT / "solutions" / "03_mul_mm.ipynb", subs / "other_chapter.ipynb")
    nb = json.loads((ROOT / "solutions" / "02_add_neg.ipynb").read_text())
    wrong = {p.read_text().splitlines()[0]: p.read_text() for p in CORPUS.glob("wrong.*.py")}
    for cell in nb["cells"]:
        first = "".join(cell["source"]).split("\n", 1)[0]
        if first in wrong:
            cell["source"] = wrong[first]
    (subs / "wrong.ipynb").write_text(json.dumps(nb))
    (subs / "broken.ipynb").write_text("{ not json")
    return subs


@pytest.fixture(scope="module")
def local_cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as dask_cluster:
        yield dask_cluster


def points(run) -> dict:
    return {r.student: [(e.id, e.points, e.status) for e in r.exercises] for r in run.results}


def test_a_dask_cluster_gives_the_same_points_as_the_local_pool(submissions, local_cluster):
    limits = Limits(timeout=20)
    local = runner.grade_directory(submissions, jobs=2, limits=limits)
    with distributed.Client(local_cluster) as client:
        execute, jobs = cluster.dask_runner(client)
        assert jobs == 2
        remote = runner.grade_directory(submissions, jobs=jobs, limits=limits, executor=execute)
    assert points(remote) == points(local)
    assert {r.student: r.total for r in remote.results} == {
        "broken": 0, "other_chapter": 8, "right": 7, "untouched": 0, "wrong": 1}
    # each submission still ran sandboxed, on the cluster's side
    assert remote.sandbox["protections"] == local.sandbox["protections"]


def test_the_command_line_grades_on_a_scheduler(submissions, local_cluster, tmp_path):
    out = tmp_path / "out"
    proc = subprocess.run([sys.executable, "-m", "classroom.grade", str(submissions), "--out",
                           str(out), "--scheduler", local_cluster.scheduler_address],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"cluster: {local_cluster.scheduler_address}, 2 threads" in proc.stdout
    assert "isolation: learner code runs as" in proc.stdout
    with open(out / "gradebook.csv", newline="") as handle:
        totals = {r["student"]: r["total"] for r in csv.DictReader(handle)}
    assert totals == {"broken": "0", "other_chapter": "8", "right": "7", "untouched": "0",
                      "wrong": "1"}


def test_an_unreachable_scheduler_is_a_usage_error(submissions, tmp_path):
    proc = subprocess.run([sys.executable, "-m", "classroom.grade", str(submissions), "--out",
                           str(tmp_path / "out"), "--scheduler", "tcp://127.0.0.1:9",
                           "--scheduler-timeout", "2"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "could not reach the Dask scheduler" in proc.stderr
