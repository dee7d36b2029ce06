"""Autograder throughput: chapter-02 submissions graded per minute, on every core.

Run from the repository root::

    python benchmarks/bench_grade.py              # 100 submissions
    python benchmarks/bench_grade.py --quick      # 10 submissions, a smoke run
    python benchmarks/bench_grade.py --markdown   # tables as Markdown

What is measured
----------------
The script writes submissions into a temporary folder, made from
``exercises/02_add_neg.ipynb``: 4 in 10 with every answer right (from
``solutions/``), 3 in 10 with a known mistake in every answer (the chapter
module's own wrong implementations, renamed), 3 in 10 untouched.  It then does
what ``python -m classroom.grade DIR --out RESULTS --chapter 02`` does: a sandboxed
worker process per submission, ``--jobs`` = all cores, default limits, and every
results file written.  The time covers all of it.

Target: at least 60 submissions per minute (a class of 300 in five minutes).
Exit status: 0 when met, 1 when missed, 2 when a submission's total is not what it
should be (a grader that is fast but wrong is not worth timing).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # harness.py beside this script
from harness import Table, Target, machine_line, pin_environment, render, report  # noqa: E402

pin_environment()

import argparse  # noqa: E402
import inspect  # noqa: E402
import json  # noqa: E402
import re  # noqa: E402
import tempfile  # noqa: E402
import textwrap  # noqa: E402
import time  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from classroom.exercises import instructor  # noqa: E402
from classroom.exercises.registry import chapter  # noqa: E402
from classroom.grade import report as grade_report  # noqa: E402
from classroom.grade import runner  # noqa: E402
from classroom.grade.model import Limits  # noqa: E402

TARGET_PER_MINUTE = 60.0


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="grade 10 submissions, not 100")
    parser.add_argument("--markdown", action="store_true", help="print Markdown tables")
    parser.add_argument("--no-malloc-tuning", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    count = 10 if args.quick else 100
    jobs = runner.default_jobs()
    print(machine_line(not args.no_malloc_tuning))
    with tempfile.TemporaryDirectory(prefix="bench-grade-") as tmp:
        subs, out = Path(tmp) / "submissions", Path(tmp) / "results"
        subs.mkdir()
        expected = make_submissions(subs, count)
        started = time.perf_counter()
        run = runner.grade_directory(subs, chapter="02", jobs=jobs, limits=Limits())
        grade_report.prepare_output_dir(out)
        grade_report.write_results(run, out)
        seconds = time.perf_counter() - started
    per_minute = count / seconds * 60
    print(render(Table(f"Autograder throughput (chapter 02, {count} submissions: 40% correct, "
                       f"30% wrong, 30% untouched)",
                       ("submissions", "seconds", "submissions/minute", "cores"),
                       [(str(count), f"{seconds:.1f}", f"{per_minute:.0f}", str(jobs))]),
                 args.markdown))
    print()
    wrong = {r.student: r.total for r in run.results if r.total != expected.get(r.student)}
    if wrong or len(run.results) != count:
        print(f"error: {len(wrong)} submissions got unexpected totals: "
              f"{dict(list(wrong.items())[:5])}")
        return 2
    for warning in run.warnings:
        print(f"warning: {warning}")
    return report([Target("submissions graded per minute", per_minute, TARGET_PER_MINUTE,
                          at_least=True, show=lambda v: f"{v:.0f}/min")], args.markdown)


if __name__ == "__main__":
    sys.exit(main())
