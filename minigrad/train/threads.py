"""How many threads the BLAS library (NumPy's matrix products) may use while training.

Why: NumPy's BLAS (OpenBLAS in the wheels) starts one thread per core for every matrix
product.  The products of a small model (a batch of 32 rows times a 64 x 256 weight) are
over in microseconds, far less than it takes to wake and synchronise the threads, and
on a machine whose cores are busy with other work the threads wait for each other.
Training the digits example took 1.7-6.9 s with OpenBLAS's threads and 0.3-0.5 s with
one thread on a loaded 2-core machine (``benchmarks/bench_train.py`` measures it).
scikit-learn limits BLAS threads around its small products for the same reason.

:func:`blas_threads` limits them for the length of a ``with`` block, through
threadpoolctl (installed with the course, and with scikit-learn).  It is imported only
here, when training starts, so ``import minigrad`` still loads NumPy alone; without it,
training runs with BLAS as it is and says so once.
"""

from __future__ import annotations

import contextlib
import numbers
import warnings

#: ``fit``'s default: one BLAS thread while it trains (see the module docstring).
DEFAULT = 1

_warned = False


def blas_threads(limit=DEFAULT):
    """A context manager in which BLAS uses at most ``limit`` threads.

    ``limit`` is a positive int, or None to leave BLAS as it is (its own default is one
    thread per core: better for large products, such as 2000 x 2000 and up).

    Args:
        limit (int or None): the most threads BLAS may use (1).

    Example:
        >>> import numpy as np
        >>> from minigrad.train import blas_threads
        >>> with blas_threads(1):
        ...     product = np.ones((50, 50)) @ np.ones((50, 50))
        >>> float(product[0, 0])
        50.0
    """
    if limit is None:
        return contextlib.nullcontext()
    if isinstance(limit, bool) or not isinstance(limit, numbers.Integral) or limit < 1:
        raise ValueError(f"blas_threads must be a positive int or None (leave BLAS as it "
                         f"is), got {limit!r}.")
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        _warn_once()
        return contextlib.nullcontext()
    return threadpool_limits(limits=int(limit), user_api="blas")


def _warn_once() -> None:
    global _warned
    if not _warned:
        _warned = True
        warnings.warn("training with BLAS's own thread count, because threadpoolctl is not "
                      "installed (pip install threadpoolctl); small models may train several "
                      "times slower on a busy or many-core machine.", RuntimeWarning,
                      stacklevel=3)
