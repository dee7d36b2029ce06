"""Autograder throughput: chapter-02 submissions graded per minute, on every core of this
machine (the local pool) and on a local Dask cluster of 1, 2 and 4 workers.

Run from the repository root::

    python benchmarks/bench_grade.py              # 3 rounds of 40 per configuration
    python benchmarks/bench_grade.py --quick      # 12 submissions, local pool and 1 worker
    python benchmarks/bench_grade.py --markdown   # tables as Markdown
    python benchmarks/bench_grade.py --workers 1 2 4 8    # other cluster sizes

What is measured
----------------
The script writes submissions into a temporary folder, made from
``exercises/02_add_neg.ipynb``: 4 in 10 with every answer right (from
``solutions/``), 3 in 10 with a known mistake in every answer (the chapter
module's own wrong implementations, renamed), 3 in 10 untouched.  It then does
what ``python -m classroom.grade DIR --out RESULTS --chapter 02`` does: a sandboxed
worker process per submission, default limits, and every results file written.  The
time covers all of it.  Configurations:

* **local pool**: ``--jobs`` = all cores (the default);
* **Dask, N workers**: a ``distributed.LocalCluster`` of N worker processes with one
  thread each, started before the clock starts, graded through
  :func:`classroom.grade.cluster.dask_runner` (what ``--scheduler`` does).  Each task
  still starts its own sandboxed worker process, so on a machine with C cores more
  than C Dask workers cannot help; a real cluster adds machines, not processes.

Each configuration grades the same 40 submissions in each of 3 rounds; the rounds go
through the configurations in turn, so that the load of a shared machine drifting over
the minutes of the run hits them alike, and the table shows each one's median.  A
warm-up of a few submissions per configuration comes first, untimed.

Targets: at least 60 submissions per minute on the local pool (a class of 300 in five
minutes); and Dask with 2 workers at least 1.3 times as fast as with 1 when the machine
has 2 cores or more (the cluster scales, measured against itself in the same run).
Exit status: 0 when met, 1 when missed, 2 when a submission's total is not what it
should be (a grader that is fast but wrong is not worth timing).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # harness.py beside this script
from harness import Table, Target, machine_line, pin_environment, render, report  # noqa: E402

pin_environment()

import argparse  # noqa: E402
import contextlib  # noqa: E402
import inspect  # noqa: E402
import statistics  # noqa: E402
import json  # noqa: E402
import re  # noqa: E402
import tempfile  # noqa: E402
import textwrap  # noqa: E402
import time  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from classroom.exercises import instructor  # noqa: E402
from classroom.exercises.registry import chapter  # noqa: E402
from classroom.grade import cluster, runner, store  # noqa: E402
from classroom.grade import report as grade_report  # noqa: E402
from classroom.grade.model import Limits  # noqa: E402

TARGET_PER_MINUTE = 60.0
TARGET_SCALING = 1.3
ROUNDS = 3


def _entries(subs: Path) -> list:
    return [(p, p.stem, p.name) for p in sorted(subs.glob("*.ipynb"))]


def _answer_cells(path: Path) -> dict:
    nb = json.loads(path.read_text())
    out = {}
    for cell in nb["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and source.startswith("# EXERCISE "):
            out[source.split()[2]] = source
    return out


def _renamed(function, name: str) -> str:
    """The source of ``function``, defined under ``name`` instead."""
    source = textwrap.dedent(inspect.getsource(function))
    return re.sub(rf"^def {function.__name__}\(", f"def {name}(", source, count=1, flags=re.M)


def make_submissions(folder: Path, count: int) -> dict:
    """Write ``count`` notebooks into ``folder``; returns {student: expected total}."""
    exercises = chapter("02").EXERCISES
    template = json.loads((ROOT / "exercises" / "02_add_neg.ipynb").read_text())
    right = _answer_cells(ROOT / "solutions" / "02_add_neg.ipynb")
    expected = {}
    for n in range(count):
        kind = "correct" if n % 10 < 4 else "wrong" if n % 10 < 7 else "untouched"
        nb = json.loads(json.dumps(template))
        for cell in nb["cells"]:
            meta = cell["metadata"].get("minigrad", {})
            if meta.get("role") != "answer" or kind == "untouched":
                continue
            exercise = next(e for e in exercises if e.id == meta["exercise"])
            if kind == "correct":
                cell["source"] = right[exercise.id]
            else:
                mistakes = list(instructor.mistakes("02")[exercise.id].values())
                cell["source"] = (f"# EXERCISE {exercise.id}\n"
                                  + _renamed(mistakes[n % len(mistakes)], exercise.entry))
        student = f"student{n:03d}_{kind}"
        (folder / f"{student}.ipynb").write_text(json.dumps(nb))
        expected[student] = sum(e.points for e in exercises) if kind == "correct" else 0
    return expected


def grade(subs: Path, out: Path, jobs: int, executor=None) -> tuple:
    """(seconds, run): grade ``subs`` into ``out`` as the command line does."""
    started = time.perf_counter()
    run = runner.grade_directory(subs, chapter="02", jobs=jobs, limits=Limits(),
                                 executor=executor)
    with store.ResultsFolder(out):
        grade_report.write_results(run, out)
    return time.perf_counter() - started, run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="12 submissions, one round, local pool and 1 worker")
    parser.add_argument("--markdown", action="store_true", help="print Markdown tables")
    parser.add_argument("--workers", type=int, nargs="*", default=[1, 2, 4],
                        help="Dask cluster sizes to measure (default: 1 2 4)")
    parser.add_argument("--no-malloc-tuning", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    count, rounds = (12, 1) if args.quick else (40, ROUNDS)
    sizes = [1] if args.quick else args.workers
    cores = runner.default_jobs()
    print(machine_line(not args.no_malloc_tuning))
    seconds, wrong, configurations = {}, {}, {"local pool": (cores, None)}
    with tempfile.TemporaryDirectory(prefix="bench-grade-") as tmp, \
            contextlib.ExitStack() as clusters:
        subs = Path(tmp) / "submissions"
        subs.mkdir()
        expected = make_submissions(subs, count)
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            sizes = []
            print("Dask is not installed (pip install distributed): local pool only")
        for size in sizes:
            dask_cluster = clusters.enter_context(LocalCluster(
                n_workers=size, threads_per_worker=1, processes=True, dashboard_address=":0"))
            execute, jobs = cluster.dask_runner(clusters.enter_context(Client(dask_cluster)))
            configurations[f"Dask, {size} worker{'s' if size > 1 else ''}"] = (jobs, execute)
        for label, (jobs, execute) in configurations.items():      # warm-up, untimed
            runner.grade_paths(_entries(subs)[:jobs], chapter="02", jobs=jobs, executor=execute)
        for n in range(rounds):                     # interleaved, so load drifts hit them all
            for label, (jobs, execute) in configurations.items():
                took, run = grade(subs, Path(tmp) / f"{n}-{label.replace(' ', '-')}", jobs,
                                  execute)
                seconds.setdefault(label, []).append(took)
                bad = {r.student: r.total for r in run.results
                       if r.total != expected.get(r.student)}
                if bad or len(run.results) != count:
                    wrong[label] = bad
    rates = {label: count / statistics.median(times) * 60 for label, times in seconds.items()}
    rows = [(label, str(configurations[label][0]), f"{statistics.median(times):.1f}",
             f"{rates[label]:.0f}") for label, times in seconds.items()]
    print(render(Table(f"Autograder throughput (chapter 02, {count} submissions: 40% correct, "
                       f"30% wrong, 30% untouched; {cores} cores; median of {rounds} "
                       f"interleaved rounds)",
                       ("configuration", "submissions at once", "seconds",
                        "submissions/minute"), rows), args.markdown))
    print()
    if wrong:
        for label, bad in wrong.items():
            print(f"error: {label}: {len(bad)} submissions got unexpected totals: "
                  f"{dict(list(bad.items())[:5])}")
        return 2
    for warning in run.warnings:
        print(f"warning: {warning}")
    targets = [Target("local pool: submissions graded per minute", rates["local pool"],
                      TARGET_PER_MINUTE, at_least=True, show=lambda v: f"{v:.0f}/min")]
    one, two = rates.get("Dask, 1 worker"), rates.get("Dask, 2 workers")
    if one and two and cores >= 2:
        targets.append(Target("Dask: 2 workers / 1 worker", two / one, TARGET_SCALING,
                              at_least=True, show=lambda v: f"{v:.2f}x"))
    return report(targets, args.markdown)


if __name__ == "__main__":
    sys.exit(main())
