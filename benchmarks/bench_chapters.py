"""How long each chapter takes to run top to bottom in a fresh kernel: the quality bar.

Run from the repository root::

    python benchmarks/bench_chapters.py            # every chapter in chapters/
    python benchmarks/bench_chapters.py 01 03      # only these

Each notebook is executed from a clean kernel with nbclient, the way "Restart &
Run All" does; the time includes starting the kernel.  Target: under 20 s per
chapter on a 2-core machine.  Timings are wall-clock and noisy; the table also
shows the slowest cell, which is where to look when a chapter gets slow.
Exit status: 0 when every chapter meets the target, 1 otherwise.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # harness.py beside this script
from harness import Table, Target, machine_line, pin_environment, render, report  # noqa: E402

pin_environment()

import argparse  # noqa: E402
import time  # noqa: E402

import nbformat  # noqa: E402
from nbclient import NotebookClient  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TARGET_SECONDS = 20.0


def run(path: Path) -> tuple:
    """(total seconds, slowest cell's seconds, its index) for one fresh execution."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    start = time.perf_counter()
    slowest, where = 0.0, -1
    with client.setup_kernel():
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            cell_start = time.perf_counter()
            client.execute_cell(cell, index)
            took = time.perf_counter() - cell_start
            if took > slowest:
                slowest, where = took, index
    return time.perf_counter() - start, slowest, where


def main() -> int:
    parser = argparse.ArgumentParser(description="Time each chapter's restart-and-run-all.")
    parser.add_argument("chapters", nargs="*", help="chapter numbers (default: all)")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--no-malloc-tuning", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    paths = sorted((ROOT / "chapters").glob("[0-9][0-9]_*.ipynb"))
    if args.chapters:
        wanted = {f"{int(c):02d}" for c in args.chapters}
        paths = [p for p in paths if p.name[:2] in wanted]
    if not paths:
        print("error: no chapter notebooks to run", file=sys.stderr)
        return 2
    print(machine_line(malloc_tuning=not args.no_malloc_tuning))
    print()
    rows, targets = [], []
    for path in paths:
        total, slowest, where = run(path)
        rows.append((path.name, f"{total:.1f}", f"{slowest:.1f}", str(where)))
        targets.append(Target(f"{path.name}: restart and run all", total, TARGET_SECONDS,
                              show=lambda v: f"{v:.1f} s"))
    print(render(Table("Chapters: fresh kernel, every cell", ("notebook", "seconds",
                                                              "slowest cell s", "cell #"),
                       rows), args.markdown), end="\n\n")
    return report(targets, args.markdown)


if __name__ == "__main__":
    sys.exit(main())
