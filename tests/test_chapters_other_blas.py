"""Every chapter's saved outputs reproduce under a second OpenBLAS core type.

The suite runs every notebook under this machine's own OpenBLAS kernels (nbval, from the
README's test command); this module runs each chapter again, with nbval in a child process
whose ``OPENBLAS_CORETYPE`` names another family of kernels (tests/blas_cores.py picks one
this CPU can run, and the header names both).  A number a chapter prints that hinges on
last-bit rounding of float32 products then fails here on any machine, not only on a
learner's with another CPU.

Without OpenBLAS (or without a second family this CPU can run) these tests skip and say
why; in CI (``CI`` set) that is a failure instead.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from blas_cores import cores
from in_ci import skip_or_fail_in_ci

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = sorted(p.name for p in (ROOT / "chapters").glob("[0-9][0-9]_*.ipynb"))
# The same comparison as the README's test command (course.py's NBVAL_ARGS).
NBVAL = ["--nbval", "--nbval-sanitize-with", "tests/nbval_sanitize.cfg"]


def nbval_under(core: str, notebook: str) -> subprocess.CompletedProcess:
    """nbval on ``notebook`` in a child process whose kernels use OpenBLAS's ``core``."""
    tests = str(ROOT / "tests")        # for -p kernel_sockets, as the suite's own kernels
    path = os.pathsep.join(filter(None, [tests, os.environ.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", "pytest", *NBVAL, "-p", "kernel_sockets", "-p", "no:cacheprovider",
         "-p", "no:xdist", "-q", "--no-header", "-rf",
         # a kernel that dies leaves nbval waiting for its reply: fail the cell instead
         "--nbval-cell-timeout", "300", notebook],
        cwd=ROOT, env=dict(os.environ, OPENBLAS_CORETYPE=core, PYTHONPATH=path),
        capture_output=True, text=True, timeout=900)


def check(notebook: str) -> None:
    default, second, why = cores()
    if second is None:
        skip_or_fail_in_ci(f"the chapters run under one OpenBLAS core type only: {why}",
                           f"CI must run the chapters under two OpenBLAS core types: {why}")
    result = nbval_under(second, notebook)
    assert result.returncode == 0, (
        f"{notebook}: its saved outputs do not reproduce with OpenBLAS's {second} kernels "
        f"(this machine's own: {default}). Compute what it prints so that it does not hinge "
        f"on last-bit rounding (float64 where it matters, or a stable quantity). nbval "
        f"said:\n{result.stdout[-6000:]}{result.stderr[-2000:]}")


# pytest-xdist's --dist loadscope sends each class to one worker: two halves, two workers.
HALF = (len(CHAPTERS) + 1) // 2


class TestChaptersUnderASecondCoreTypeFirstHalf:
    @pytest.mark.parametrize("chapter", CHAPTERS[:HALF])
    def test_saved_outputs_reproduce(self, chapter):
        check(f"chapters/{chapter}")


class TestChaptersUnderASecondCoreTypeSecondHalf:
    @pytest.mark.parametrize("chapter", CHAPTERS[HALF:])
    def test_saved_outputs_reproduce(self, chapter):
        check(f"chapters/{chapter}")
