"""A seccomp filter: system calls learner code has no use for fail with EPERM.

Installed by :func:`classroom.grade.sandbox.confine` as the worker's last step before
learner code runs (it needs no root: ``PR_SET_NO_NEW_PRIVS`` is enough).  It is
inherited by every process learner code starts and can never be removed.

Always refused:

* ``socket``: no socket of any family, so no TCP, no UDP (127.0.0.1 included), no Unix
  socket by path or abstract name, no netlink.  (A ``socketpair`` is allowed: it
  connects a process with itself or its children only.)
* ``ptrace``, ``process_vm_readv``/``writev``, ``pidfd_getfd``, ``kcmp``: no reading or
  changing another process's memory or descriptors;
* io_uring (it can open sockets and files behind the filter's back), ``bpf``,
  ``perf_event_open``, ``userfaultfd``, the kernel keyring;
* ``mount`` and friends, ``pivot_root``, ``unshare``, ``setns``: no changing the
  filesystem view or namespaces;
* ``prctl(PR_SET_PDEATHSIG, ...)``: learner code cannot undo "die with the grader";
* new threads: ``clone`` with ``CLONE_THREAD`` fails with EPERM, and ``clone3`` (whose
  flags a filter cannot read) with ENOSYS, so that the C library falls back to ``clone``.
  Processes (``fork``, ``subprocess``) still start.  Everything learner code runs thus
  runs in the worker's one thread, which the shortcut guard watches (a profile function
  watches only the thread it was set in).

With ``own_pid`` (a worker that has no PID namespace of its own), calls that act on
*another* process are allowed only on the worker itself (or 0, "myself"): ``kill``,
``tgkill``, ``prlimit64``, ``setpriority``, ``sched_set*``, ``ioprio_set``,
``pidfd_open``... so learner code cannot signal or limit the grader or other workers of
the grader's user.  Inside a PID namespace those calls can only reach the worker's own
processes anyway, and are left alone.

Only x86_64 and aarch64 are known here; elsewhere :func:`install` says so and does nothing.
"""

from __future__ import annotations

import ctypes
import errno
import platform
import struct

_ARCH = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}
_X32_BIT = 0x40000000
_SECCOMP_SYSCALL = {"x86_64": 317, "aarch64": 277}

# System call numbers: x86_64 from asm/unistd_64.h, aarch64 from asm-generic/unistd.h.
NUMBERS = {
    "x86_64": dict(
        socket=41, ptrace=101, process_vm_readv=310, process_vm_writev=311, pidfd_getfd=438,
        kcmp=312, io_uring_setup=425, io_uring_enter=426, io_uring_register=427, bpf=321,
        perf_event_open=298, userfaultfd=323, keyctl=250, add_key=248, request_key=249,
        mount=165, umount2=166, pivot_root=155, unshare=272, setns=308, open_tree=428,
        move_mount=429, fsopen=430, fsconfig=431, fsmount=432, fspick=433, mount_setattr=442,
        kexec_load=246, process_madvise=440, process_mrelease=448, migrate_pages=256,
        move_pages=279, prctl=157, clone=56, clone3=435, kill=62, tkill=200, tgkill=234, rt_sigqueueinfo=129,
        rt_tgsigqueueinfo=297, prlimit64=302, setpriority=141, sched_setaffinity=203,
        sched_setparam=142, sched_setscheduler=144, sched_setattr=314, ioprio_set=251,
        pidfd_open=434),
    "aarch64": dict(
        socket=198, ptrace=117, process_vm_readv=270, process_vm_writev=271, pidfd_getfd=438,
        kcmp=272, io_uring_setup=425, io_uring_enter=426, io_uring_register=427, bpf=280,
        perf_event_open=241, userfaultfd=282, keyctl=219, add_key=217, request_key=218,
        mount=40, umount2=39, pivot_root=41, unshare=97, setns=268, open_tree=428,
        move_mount=429, fsopen=430, fsconfig=431, fsmount=432, fspick=433, mount_setattr=442,
        kexec_load=104, process_madvise=440, process_mrelease=448, migrate_pages=238,
        move_pages=239, prctl=167, clone=220, clone3=435, kill=129, tkill=130, tgkill=131, rt_sigqueueinfo=138,
        rt_tgsigqueueinfo=240, prlimit64=261, setpriority=140, sched_setaffinity=122,
        sched_setparam=118, sched_setscheduler=119, sched_setattr=274, ioprio_set=30,
        pidfd_open=434),
}
DENIED = ("socket", "ptrace", "process_vm_readv", "process_vm_writev", "pidfd_getfd", "kcmp",
          "io_uring_setup", "io_uring_enter", "io_uring_register", "bpf", "perf_event_open",
          "userfaultfd", "keyctl", "add_key", "request_key", "mount", "umount2", "pivot_root",
          "unshare", "setns", "open_tree", "move_mount", "fsopen", "fsconfig", "fsmount",
          "fspick", "mount_setattr", "kexec_load", "process_madvise", "process_mrelease",
          "migrate_pages", "move_pages")
PR_SET_PDEATHSIG = 1
CLONE_THREAD = 0x00010000
# call -> which argument names the process it acts on
OTHER_PROCESS = {"kill": 0, "tkill": 0, "tgkill": 0, "rt_sigqueueinfo": 0,
                 "rt_tgsigqueueinfo": 0, "prlimit64": 0, "setpriority": 1,
                 "sched_setaffinity": 0, "sched_setparam": 0, "sched_setscheduler": 0,
                 "sched_setattr": 0, "ioprio_set": 1, "pidfd_open": 0}

_LD_W_ABS, _JEQ, _JGE, _RET, _AND = 0x20, 0x15, 0x35, 0x06, 0x54
_ALLOW, _KILL = 0x7FFF0000, 0x80000000
_ERRNO = 0x00050000 | errno.EPERM
_NOSYS = 0x00050000 | errno.ENOSYS


def _arg(index: int) -> int:
    """Offset of the low 32 bits of argument ``index`` in struct seccomp_data."""
    return 16 + 8 * index


def program(machine: str, own_pid: int | None = None) -> list:
    """The filter as (code, jt, jf, k) instructions."""
    numbers = NUMBERS[machine]
    prog = [(_LD_W_ABS, 0, 0, 4), (_JEQ, 1, 0, _ARCH[machine]), (_RET, 0, 0, _KILL),
            (_LD_W_ABS, 0, 0, 0)]
    if machine == "x86_64":                         # x32 system calls: refused
        prog += [(_JGE, 0, 1, _X32_BIT), (_RET, 0, 0, _ERRNO)]
    for name in DENIED:
        prog += [(_JEQ, 0, 1, numbers[name]), (_RET, 0, 0, _ERRNO)]
    # prctl(PR_SET_PDEATHSIG, ...) refused, every other prctl allowed
    prog += [(_JEQ, 0, 4, numbers["prctl"]), (_LD_W_ABS, 0, 0, _arg(0)),
             (_JEQ, 0, 1, PR_SET_PDEATHSIG), (_RET, 0, 0, _ERRNO), (_RET, 0, 0, _ALLOW)]
    # no new threads: clone3 "does not exist" (the C library then uses clone), and clone
    # with CLONE_THREAD is refused
    prog += [(_JEQ, 0, 1, numbers["clone3"]), (_RET, 0, 0, _NOSYS),
             (_JEQ, 0, 5, numbers["clone"]), (_LD_W_ABS, 0, 0, _arg(0)),
             (_AND, 0, 0, CLONE_THREAD), (_JEQ, 1, 0, 0), (_RET, 0, 0, _ERRNO),
             (_RET, 0, 0, _ALLOW)]
    if own_pid is not None:
        allowed = [0, own_pid, (-own_pid) & 0xFFFFFFFF]
        for name, index in OTHER_PROCESS.items():
            n = len(allowed)
            block = [(_LD_W_ABS, 0, 0, _arg(index))]
            block += [(_JEQ, n - i, 0, value) for i, value in enumerate(allowed)]
            block += [(_RET, 0, 0, _ERRNO), (_RET, 0, 0, _ALLOW)]
            prog += [(_JEQ, 0, len(block), numbers[name])] + block
    prog.append((_RET, 0, 0, _ALLOW))
    return prog


class _Filter(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint16), ("jt", ctypes.c_uint8), ("jf", ctypes.c_uint8),
                ("k", ctypes.c_uint32)]


class _Program(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.POINTER(_Filter))]


def supported() -> bool:
    return platform.machine() in NUMBERS and struct.pack("=I", 1)[0] == 1    # little-endian


def install(own_pid: int | None = None) -> str | None:
    """Install the filter on this process (all its threads); returns None, or why not."""
    machine = platform.machine()
    if not supported():
        return f"no seccomp filter for {machine} (only x86_64 and aarch64 are known)"
    instructions = program(machine, own_pid)
    filters = (_Filter * len(instructions))(*[_Filter(*i) for i in instructions])
    prog = _Program(len(instructions), filters)
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    if libc.prctl(38, 1, 0, 0, 0) != 0:                       # PR_SET_NO_NEW_PRIVS
        return f"prctl(NO_NEW_PRIVS) failed: {ctypes.get_errno()}"
    # seccomp(SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, prog): every thread at once
    if libc.syscall(ctypes.c_long(_SECCOMP_SYSCALL[machine]), ctypes.c_uint(1),
                    ctypes.c_uint(1), ctypes.byref(prog)) == 0:
        return None
    if libc.prctl(22, 2, ctypes.byref(prog), 0, 0) == 0:      # PR_SET_SECCOMP, FILTER
        return None
    return f"the kernel refused the seccomp filter (errno {ctypes.get_errno()})"
