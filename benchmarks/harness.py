"""What every benchmark script shares: a pinned environment, tables, targets, a summary.

``pin_environment()`` must be called before NumPy is imported (it may re-execute the
script); see ``bench_core.py``'s docstring for why the environment is pinned.
"""

import os
import sys

THREAD_ENV = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
MALLOC_ENV = {"MALLOC_TRIM_THRESHOLD_": "1073741824", "MALLOC_MMAP_THRESHOLD_": "33554432"}
NO_MALLOC_TUNING = "--no-malloc-tuning"


def pinned_environment(malloc_tuning: bool) -> dict:
    """The current environment with the thread settings, and the malloc settings
    added (``malloc_tuning``) or removed."""
    env = {k: v for k, v in os.environ.items() if k not in MALLOC_ENV}
    env.update(THREAD_ENV)
    if malloc_tuning:
        env.update(MALLOC_ENV)
    return env


def pin_environment() -> None:
    """Re-execute this script, same interpreter and arguments, unless the environment
    is already pinned.  Must run before NumPy (and its BLAS) is loaded."""
    env = pinned_environment(malloc_tuning=NO_MALLOC_TUNING not in sys.argv[1:])
    if env != dict(os.environ):
        os.execve(sys.executable, [sys.executable, *sys.orig_argv[1:]], env)



# -- results (NumPy and PyTorch are imported inside the functions that need them) ----------
import platform  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from typing import Callable  # noqa: E402

NOT_INSTALLED = "not installed"


def load_torch():
    """PyTorch on one thread, or None when it is not installed (it is optional)."""
    try:
        import torch
    except ImportError:
        return None
    torch.set_num_threads(1)
    return torch


@dataclass
class Table:
    title: str
    headers: tuple
    rows: list


def ratio(value: float) -> str:
    return f"{value:.2f}x"


@dataclass
class Target:
    """A number a benchmark must keep below ``limit`` (or above it, with ``at_least``)."""
    name: str
    measured: float | None    # None when it could not be measured (PyTorch missing)
    limit: float
    at_least: bool = False
    show: Callable = field(default=ratio)    # how to print measured and limit
    skip_reason: str = "PyTorch is not installed"

    @property
    def result(self) -> str:
        if self.measured is None:
            return "SKIP"
        ok = self.measured >= self.limit if self.at_least else self.measured <= self.limit
        return "PASS" if ok else "FAIL"


def standard_parser(description: str, quick_help: str, default_repeats: int,
                    quick_repeats: int):
    """An argument parser with the flags every timing script takes: --quick, --repeats,
    --markdown and --no-malloc-tuning (check --repeats with :func:`parse_standard`)."""
    import argparse

    parser = argparse.ArgumentParser(description=description, allow_abbrev=False)
    parser.add_argument("--quick", action="store_true", help=quick_help)
    parser.add_argument("--repeats", type=int, metavar="N",
                        help="timings per measurement (median reported); "
                             f"default {default_repeats}, {quick_repeats} with --quick")
    parser.add_argument("--markdown", action="store_true", help="print the tables as Markdown")
    parser.add_argument(NO_MALLOC_TUNING, action="store_true",
                        help="run with glibc's default malloc settings (still one BLAS thread)")
    return parser


def parse_standard(parser):
    args = parser.parse_args()
    if args.repeats is not None and args.repeats < 1:
        parser.error("--repeats must be at least 1")
    return args


def chosen_settings(args, full, quick):
    """The script's settings (a dataclass with ``repeats``) for --quick and --repeats, after
    printing the machine line every run starts with."""
    from dataclasses import replace

    settings = quick if args.quick else full
    if args.repeats is not None:
        settings = replace(settings, repeats=args.repeats)
    print(machine_line(malloc_tuning=not args.no_malloc_tuning))
    print()
    return settings


def machine_line(malloc_tuning: bool) -> str:
    import numpy as np

    torch = load_torch()
    blas = np.show_config(mode="dicts")["Build Dependencies"]["blas"]["name"]
    torch_version = torch.__version__ if torch is not None else NOT_INSTALLED
    torch_threads = f", torch threads {torch.get_num_threads()}" if torch is not None else ""
    malloc = ("on (" + ", ".join(f"{k}={v}" for k, v in MALLOC_ENV.items()) + ")"
              if malloc_tuning else "off")
    isa = f" (ISA {torch.backends.cpu.get_cpu_capability()})" if torch is not None else ""
    return (f"{cpu_name()} ({platform.machine()}), {os.cpu_count()} CPUs | "
            f"Python {platform.python_version()} | NumPy {np.__version__} ({blas}, kernels "
            f"{blas_kernels()}) | torch {torch_version}{isa} | BLAS threads "
            f"{os.environ['OPENBLAS_NUM_THREADS']}{torch_threads} | malloc tuning {malloc}")


def blas_kernels() -> str:
    """The kernel set NumPy's BLAS chose for this CPU (OpenBLAS: SkylakeX, Haswell, Zen …;
    ``OPENBLAS_CORETYPE`` overrides it), as threadpoolctl reports it."""
    forced = os.environ.get("OPENBLAS_CORETYPE")
    try:
        from threadpoolctl import threadpool_info
    except ImportError:
        return f"{forced} (forced)" if forced else "unknown: threadpoolctl not installed"
    found = [str(i.get("architecture")) for i in threadpool_info() if i.get("user_api") == "blas"]
    return ", ".join(found or ["no BLAS found"]) + (" (OPENBLAS_CORETYPE)" if forced else "")


def cpu_name() -> str:
    """The CPU's model name where Linux tells it, else what ``platform`` knows."""
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def render(table: Table, markdown: bool) -> str:
    if markdown:
        lines = [f"**{table.title}**", "",
                 "| " + " | ".join(table.headers) + " |",
                 "|" + "|".join([":---"] + ["---:"] * (len(table.headers) - 1)) + "|"]
        lines += ["| " + " | ".join(row) + " |" for row in table.rows]
        return "\n".join(lines)
    widths = [max(len(cell) for cell in column)
              for column in zip(table.headers, *table.rows)]

    def line(cells):
        first, *rest = cells
        return "  ".join([first.ljust(widths[0])]
                         + [c.rjust(w) for c, w in zip(rest, widths[1:])])

    return "\n".join([table.title, line(table.headers),
                      "  ".join("-" * w for w in widths)]
                     + [line(row) for row in table.rows])


def summary(targets: list) -> Table:
    rows = [(t.name, t.show(t.measured) if t.measured is not None else "-",
             (">= " if t.at_least else "<= ") + t.show(t.limit), t.result) for t in targets]
    return Table("Summary", ("target", "measured", "limit", "result"), rows)


def report(targets: list, markdown: bool) -> int:
    """Print the summary and the reasons for skipped targets; the script's exit status."""
    print(render(summary(targets), markdown))
    for target in targets:
        if target.result == "SKIP":
            print(f"note: {target.skip_reason}, so target '{target.name}' was skipped "
                  f"(not a failure).")
    return 1 if any(t.result == "FAIL" for t in targets) else 0
