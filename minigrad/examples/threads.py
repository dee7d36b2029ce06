"""Run an example on one BLAS thread (what ``python -m minigrad.examples.cnn`` does first).

The small matrix products of these examples are slower on several BLAS threads
than on one: the threads spin waiting for each other, and on a busy 2-core
machine the conv net example took 250 s with OpenBLAS's default threads and
38 s with one.  OpenBLAS reads its thread count once, when NumPy is loaded,
which has already happened by the time an example's code runs, so the example
starts itself again with the count set (unless you set it yourself).
"""

import os
import sys

THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def one_blas_thread(module: str) -> None:
    """Re-run ``python -m module <same arguments>`` with one BLAS thread, unless the thread
    count is already set in the environment (then return and run as is)."""
    if any(name in os.environ for name in THREAD_VARIABLES):
        return
    env = dict(os.environ, **{name: "1" for name in THREAD_VARIABLES})
    sys.stdout.flush()
    os.execve(sys.executable, [sys.executable, "-m", module, *sys.argv[1:]], env)
