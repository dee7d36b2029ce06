"""The notebooks' kernels (nbval) talk to the tests over Unix sockets, not TCP ports.

Why.  jupyter_client picks a kernel's five TCP ports in the test process, by binding port 0
and letting go, and the kernel binds them a moment later.  Under pytest-xdist many kernels
start at once beside many open connections (every client connection takes a port from the
same ephemeral range), and in between another process can take one of those ports.  The
kernel then dies with ``ZMQError: Address already in use`` on its stderr, which nbval
discards, and nbval reports "Kernel died before replying to kernel_info" (one full run in
nine lost a notebook this way).  ``python tests/kernel_sockets.py 6 50 tcp`` starts 300
kernels from six processes at once, as nbval does, and shows it happening; with ``unix``
instead of ``tcp`` it does not.

A Unix socket has a path instead of a port, and each kernel gets paths of its own
(``<tmp>/nbval-<random>-<n>``): there is nothing to race for.  Where Unix sockets are not
available (Windows), kernels keep TCP.

tests/conftest.py turns this on for the suite; the child pytest processes that run
notebooks load it as a plugin (``-p kernel_sockets``, tests/test_chapters_other_blas.py).
"""

from __future__ import annotations

import os
import sys
import tempfile
import uuid


def kernel_manager(**kwargs):
    """A jupyter_client KernelManager whose kernel listens on Unix sockets of its own."""
    from jupyter_client.manager import KernelManager

    prefix = os.path.join(tempfile.gettempdir(), f"nbval-{uuid.uuid4().hex[:12]}")
    return KernelManager(transport="ipc", ip=prefix, **kwargs)


def use_unix_sockets() -> bool:
    """Make nbval start its kernels with :func:`kernel_manager`; False where it cannot."""
    if os.name != "posix":
        return False
    import nbval.kernel

    nbval.kernel.KernelManager = kernel_manager
    return True


def pytest_configure(config):
    """As a plugin (``-p kernel_sockets``)."""
    use_unix_sockets()


# -- the reproduction --------------------------------------------------------------------------
def start_and_stop(transport: str, count: int) -> list:
    """Start ``count`` kernels one after another as nbval does (run one line in each, shut it
    down); what went wrong with each that failed, with the end of the kernel's stderr."""
    from jupyter_client.manager import KernelManager

    failures = []
    for _ in range(count):
        km = kernel_manager() if transport == "unix" else KernelManager()
        with tempfile.TemporaryFile("w+") as stderr:
            try:
                km.start_kernel(stderr=stderr)
                client = km.client()
                client.start_channels()
                try:
                    client.wait_for_ready(timeout=120)
                    client.execute_interactive("x = 1", timeout=60)
                finally:
                    client.stop_channels()
            except Exception as err:  # noqa: BLE001 - reported, with the kernel's own words
                stderr.seek(0)
                last = (stderr.read().strip().splitlines() or ["(nothing)"])[-1]
                failures.append(f"{type(err).__name__}: {err} | kernel's stderr: {last}")
            finally:
                try:
                    km.shutdown_kernel(now=True)
                except Exception:  # noqa: BLE001 - it may have died already
                    pass
    return failures


def main(argv=None) -> int:
    """``python tests/kernel_sockets.py PROCESSES KERNELS_EACH tcp|unix``; exits 1 when a
    kernel failed to start."""
    import multiprocessing
    import time

    processes, each, transport = (argv or sys.argv[1:]) or (6, 50, "tcp")
    processes, each = int(processes), int(each)
    start = time.monotonic()
    with multiprocessing.Pool(processes) as pool:
        failures = sum(pool.starmap(start_and_stop, [(transport, each)] * processes), [])
    print(f"{transport}: {processes} processes x {each} kernels in "
          f"{time.monotonic() - start:.0f} s: {len(failures)} failed to start")
    for failure in failures:
        print("  " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
