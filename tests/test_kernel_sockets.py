"""nbval's kernels listen on Unix sockets of their own (tests/kernel_sockets.py says why):
a kernel started the way nbval starts it runs code over them, each has its own paths, and
they are gone once it stops; several processes starting kernels at once all succeed."""

import glob
import os
import sys
from pathlib import Path

import pytest

import kernel_sockets

pytestmark = pytest.mark.skipif(os.name != "posix", reason="Unix sockets: POSIX only")


def test_nbval_starts_its_kernel_on_unix_sockets_of_its_own():
    import nbval.kernel

    assert kernel_sockets.use_unix_sockets()
    kernel = nbval.kernel.RunningKernel("python3", cwd=str(Path(__file__).parent))
    other = nbval.kernel.RunningKernel("python3")
    try:
        assert kernel.km.transport == other.km.transport == "ipc"
        assert os.path.isabs(kernel.km.ip) and kernel.km.ip != other.km.ip
        paths = glob.glob(kernel.km.ip + "-*")
        assert len(paths) == 5                       # shell, iopub, stdin, control, heartbeat
        msg_id = kernel.execute_cell_input("print(6 * 7)")
        kernel.await_idle(msg_id, 30)
    finally:
        kernel.stop()
        other.stop()
    assert not [p for p in paths if os.path.exists(p)], "sockets left behind"


def test_kernels_started_from_several_processes_at_once_all_start():
    assert kernel_sockets.main(["3", "2", "unix"]) == 0
