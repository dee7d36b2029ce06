"""The progress view during class: 50 students' notebooks read into the table.

Run from the repository root::

    python benchmarks/bench_progress.py            # 50 notebooks, 5 rounds
    python benchmarks/bench_progress.py --quick    # 10 notebooks, 1 round (a smoke run)

The notebooks are chapter 11's, as students save them: half the executed solutions
notebook (every check's output saved), half the exercise notebook (each check "not
attempted"), one folder per student.  Measured: ``classroom.grade.progress.scan`` on the
folder (finding the files, reading each, matching check cells to verdicts), against the
floor in the same run: ``json.load`` of the same files and nothing else.  The table
shows the best of the rounds (the machine is shared).

Target: 50 notebooks in under 2 s ("in seconds" for a class, with room for a slower
laptop or a network home folder).  Exit status 0 when met, 1 when missed, 2 when the
table it produced is wrong (a fast wrong answer is not worth timing).
"""

import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from classroom.grade import progress  # noqa: E402

TARGET_SECONDS = 2.0


def make_class(folder: Path, students: int) -> None:
    for i in range(students):
        source = ROOT / ("solutions" if i % 2 == 0 else "exercises") / "11_deep_networks.ipynb"
        (folder / f"student{i:03d}").mkdir()
        shutil.copy(source, folder / f"student{i:03d}" / "11_deep_networks.ipynb")


def best(function, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> int:
    quick = "--quick" in sys.argv[1:]
    students, rounds = (10, 1) if quick else (50, 5)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        make_class(folder, students)
        files = sorted(folder.rglob("*.ipynb"))
        size = sum(p.stat().st_size for p in files) / 2**20
        result = progress.scan(folder)
        passed = [row[2] for row in progress.table(result)[1:]]
        want = ["6 / 6" if i % 2 == 0 else "0 / 6" for i in range(students)]
        if passed != want:
            print(f"wrong table: {passed[:4]} ... (expected {want[:4]} ...)")
            return 2
        floor = best(lambda: [json.loads(p.read_bytes()) for p in files], rounds)
        seconds = best(lambda: progress.scan(folder), rounds)
    print(f"| {students} notebooks ({size:.1f} MB) | seconds | vs json.load alone |")
    print("|---|---:|---:|")
    print(f"| json.load of each file (the floor) | {floor:.3f} | 1.00x |")
    print(f"| progress.scan | {seconds:.3f} | {seconds / floor:.2f}x |")
    ok = seconds < TARGET_SECONDS * students / 50
    print(f"target: under {TARGET_SECONDS * students / 50:g} s: {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
