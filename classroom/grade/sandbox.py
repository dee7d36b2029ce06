"""Confining a worker process before it runs learner code, in layers.

The worker calls :func:`confine` on itself after it has imported NumPy, minigrad
and the chapter's ``SETUP`` (trusted code) and before the first line of learner
code.  Doing it in the worker rather than in a ``preexec_fn`` matters twice: the
grader starts workers from many threads, where ``preexec_fn`` can deadlock; and the
interpreter can start even when it lives where the unprivileged user cannot read
(a pyenv Python under ``/root``, say).

Layers, each used when the machine allows it:

* **resource limits**: address space (``--memory-mb``), CPU seconds (a backstop
  behind the grader's wall-clock limit), largest file written, open files, no core
  dumps, and (for a user of its own) a process count that stops fork bombs;
* **another user**: when the grader runs as root, the worker switches to a user id
  of its own (one per concurrent worker, unknown to ``/etc/passwd``), so learner
  code cannot change the grader's files, the submissions or other results, and
  cannot signal, trace or read the memory of other students' workers.  Where such
  an id cannot be used (some containers), ``nobody`` is used instead;
* **Landlock** (Linux 5.13+, no root needed): learner code may write only in its
  scratch folder and read only the Python installation, the packages already
  imported and a few system folders: not other students' notebooks, not the
  results.  On newer kernels it also cannot open TCP connections or signal
  processes outside its sandbox.

What remains possible is documented in ``classroom/grade/__init__.py``.
"""

from __future__ import annotations

import ctypes
import os
import resource
import stat
import sys
import sysconfig

NOBODY = 65534
# Names learner code often imports.  They are loaded before the switch to another user in
# case the Python installation is not readable by it and /proc cannot help (see below).
PRELOAD = ("math", "cmath", "random", "itertools", "functools", "collections", "heapq",
           "bisect", "operator", "copy", "re", "string", "time", "dataclasses", "typing",
           "json", "statistics", "fractions", "decimal", "textwrap", "pprint", "enum")
SYSTEM_READ = ("/usr", "/lib", "/lib32", "/lib64", "/bin", "/sbin", "/etc/ld.so.cache",
               "/etc/localtime", "/sys/devices/system/cpu", "/dev/urandom", "/dev/random",
               "/dev/zero", "/proc/self")
SYSTEM_READ_WRITE = ("/dev/null",)

# -- Landlock (see https://docs.kernel.org/userspace-api/landlock.html) ------------------------
_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446     # the same on every architecture
_PR_SET_NO_NEW_PRIVS, _PR_SET_DUMPABLE = 38, 4
_EXECUTE, _WRITE_FILE, _READ_FILE, _READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
_TRUNCATE, _IOCTL_DEV = 1 << 14, 1 << 15
_FILE_RIGHTS = _EXECUTE | _WRITE_FILE | _READ_FILE | _TRUNCATE | _IOCTL_DEV
_READ = _EXECUTE | _READ_FILE | _READ_DIR
_FS_RIGHTS = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 4: (1 << 15) - 1}
_NET_TCP = 1 | 2                         # bind and connect (ABI 4)
_SCOPE = 1 | 2                           # abstract unix sockets and signals (ABI 6)


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("fs", ctypes.c_uint64), ("net", ctypes.c_uint64), ("scoped", ctypes.c_uint64)]


class _PathBeneath(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed", ctypes.c_uint64), ("fd", ctypes.c_int32)]


def _libc():
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    return libc


def landlock_abi() -> int:
    """The kernel's Landlock ABI version, or 0 when Landlock is unavailable."""
    if not sys.platform.startswith("linux"):
        return 0
    try:
        version = _libc().syscall(ctypes.c_long(_CREATE_RULESET), None, ctypes.c_size_t(0),
                                  ctypes.c_uint32(1))
    except (OSError, AttributeError):
        return 0
    return max(int(version), 0)


def _landlock_ruleset(read: list, write: list, read_write_files: list) -> tuple:
    """(ruleset fd, ABI) allowing only the given paths, or (None, 0) without Landlock.

    Paths are opened now, while the process may still read them all; the ruleset is
    enforced later by :func:`_landlock_enforce`, after the switch to another user.
    """
    abi = landlock_abi()
    if abi <= 0:
        return None, 0
    libc = _libc()
    fs = _FS_RIGHTS.get(abi, (1 << 16) - 1)
    attr = _RulesetAttr(fs, _NET_TCP if abi >= 4 else 0, _SCOPE if abi >= 6 else 0)
    size = 8 if abi < 4 else 16 if abi < 6 else 24
    ruleset = libc.syscall(ctypes.c_long(_CREATE_RULESET), ctypes.byref(attr),
                           ctypes.c_size_t(size), ctypes.c_uint32(0))
    if ruleset < 0:
        raise OSError(ctypes.get_errno(), "landlock_create_ruleset failed")
    rules = ([(p, _READ) for p in read] + [(p, fs) for p in write]
             + [(p, _READ_FILE | _WRITE_FILE | _TRUNCATE | _IOCTL_DEV) for p in read_write_files])
    try:
        for path, rights in rules:
            try:
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue                     # a missing path needs no rule
            try:
                if not stat.S_ISDIR(os.fstat(fd).st_mode):
                    rights &= _FILE_RIGHTS
                rule = _PathBeneath(rights & fs, fd)
                if libc.syscall(ctypes.c_long(_ADD_RULE), ctypes.c_int(ruleset),
                                ctypes.c_int(1), ctypes.byref(rule), ctypes.c_uint32(0)) < 0:
                    raise OSError(ctypes.get_errno(), f"landlock_add_rule failed for {path}")
            finally:
                os.close(fd)
    except OSError:
        os.close(ruleset)
        raise
    return ruleset, abi


def _landlock_enforce(ruleset: int) -> None:
    """Restrict this process (single-threaded, as the worker is) to the ruleset, for good."""
    libc = _libc()
    try:
        if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(NO_NEW_PRIVS) failed")
        if libc.syscall(ctypes.c_long(_RESTRICT_SELF), ctypes.c_int(ruleset),
                        ctypes.c_uint32(0)) < 0:
            raise OSError(ctypes.get_errno(), "landlock_restrict_self failed")
    finally:
        os.close(ruleset)


def readable_roots() -> list:
    """What learner code may read: the Python installation, the folder of every package
    already imported (NumPy, minigrad...), and system libraries."""
    roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
             os.path.dirname(os.path.realpath(sys.executable))}
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        try:
            roots.add(sysconfig.get_path(key))
        except KeyError:
            pass
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if not isinstance(path, str) or "." in name:
            continue
        path = os.path.realpath(path)
        roots.add(os.path.dirname(path) if path.endswith("__init__.py") else path)
    return sorted(r for r in roots if r) + list(SYSTEM_READ)


# -- resource limits ---------------------------------------------------------------------------
def apply_limits(memory_mb: int, cpu_seconds: int, file_mb: int, processes: int | None) -> list:
    """Set hard and soft limits (learner code cannot raise them again); returns problems."""
    problems = []
    wanted = [(resource.RLIMIT_AS, memory_mb * 2**20, "memory"),
              (resource.RLIMIT_CPU, int(cpu_seconds), "CPU time"),
              (resource.RLIMIT_FSIZE, file_mb * 2**20, "file size"),
              (resource.RLIMIT_CORE, 0, "core dumps"),
              (resource.RLIMIT_NOFILE, 256, "open files")]
    if processes:
        wanted.append((resource.RLIMIT_NPROC, processes, "processes"))
    for kind, value, label in wanted:
        try:
            _, hard = resource.getrlimit(kind)
            if hard != resource.RLIM_INFINITY:
                value = min(value, hard)
            resource.setrlimit(kind, (value, value))
        except (ValueError, OSError) as err:
            problems.append(f"could not limit {label}: {err}")
    return problems


# -- switching user ----------------------------------------------------------------------------
def _switch_user(uid: int, gid: int, scratch: str) -> None:
    os.chown(scratch, uid, gid)
    os.setgroups([])
    os.setgid(gid)
    os.setuid(uid)
    if os.getuid() != uid or os.geteuid() != uid:
        raise OSError("the user id did not change")
    try:
        os.setuid(0)
    except PermissionError:
        return
    raise OSError("root could be regained after switching user")


def _keep_imports_working(directory_fds: dict) -> list:
    """Point ``sys.path`` entries the new user cannot read at directory descriptors opened
    before the switch (``/proc/self/fd/N``), so ``import decimal`` still works when
    Python lives under a folder like ``/root``.  Returns the entries replaced."""
    replaced = []
    for i, entry in enumerate(sys.path):
        fd = directory_fds.get(entry)
        if fd is not None and not os.access(entry, os.R_OK | os.X_OK):
            sys.path[i] = f"/proc/self/fd/{fd}"
            replaced.append(entry)
    if replaced:
        sys.path_importer_cache.clear()
        # Packages already imported (encodings, json, email...) find their submodules through
        # their own __path__, not sys.path.
        moved = {entry: f"/proc/self/fd/{directory_fds[entry]}"       # most specific first
                 for entry in sorted(replaced, key=len, reverse=True)}
        for module in list(sys.modules.values()):
            paths = getattr(module, "__path__", None)
            if not isinstance(paths, list):
                continue
            for i, path in enumerate(paths):
                for entry, fd_path in moved.items():
                    if isinstance(path, str) and path.startswith(entry + os.sep):
                        paths[i] = fd_path + path[len(entry):]
                        break
    return replaced


def confine(*, scratch: str, uid: int | None, memory_mb: int, cpu_seconds: int,
            file_mb: int, use_landlock: bool = True) -> dict:
    """Confine this process; returns a report of what is in force (sent to the grader).

    ``uid`` is the user of its own to switch to when running as root (None: do not
    switch).  Never raises: a layer that cannot be set up is reported, and the
    grader warns about it in the run summary.
    """
    report = {"user": "", "own_user": False, "landlock": 0, "warnings": []}
    for name in PRELOAD:
        try:
            __import__(name)
        except ImportError:
            pass
    directory_fds = {}
    for entry in sys.path:
        if entry and entry not in directory_fds and os.path.isdir(entry):
            try:
                directory_fds[entry] = os.open(entry, os.O_RDONLY | os.O_DIRECTORY)
            except OSError:
                pass
    switch = uid is not None and os.geteuid() == 0
    ruleset, abi = None, 0
    if use_landlock:
        try:
            ruleset, abi = _landlock_ruleset(readable_roots(), [scratch],
                                             list(SYSTEM_READ_WRITE))
        except OSError as err:
            report["warnings"].append(f"Landlock is available but could not be set up: {err}")
    report["warnings"] += apply_limits(memory_mb, cpu_seconds, file_mb,
                                       processes=64 if switch else None)
    if switch:
        for candidate, own in ((uid, True), (NOBODY, False)):
            try:
                _switch_user(candidate, candidate, scratch)
            except OSError as err:
                report["warnings"].append(f"could not switch to user id {candidate}: {err}")
                continue
            report["own_user"] = own
            report["user"] = f"uid {candidate}" + (" (a user of its own)" if own else " (nobody)")
            if own:     # lets /proc/self be used by this user; no other process has its id
                _libc().prctl(_PR_SET_DUMPABLE, 1, 0, 0, 0)
            break
        else:
            report["user"] = "root (switching to another user failed)"
    else:
        report["user"] = f"uid {os.getuid()} (the grader's own user)"
    if ruleset is not None:
        try:
            _landlock_enforce(ruleset)
            report["landlock"] = abi
        except OSError as err:
            report["warnings"].append(f"Landlock is available but could not be enforced: {err}")
    report["uid"] = os.getuid()
    report["imports_via_proc"] = _keep_imports_working(directory_fds) if report["uid"] else []
    report["files_protected"] = (switch and report["uid"] != 0) or report["landlock"] > 0
    report["signals_isolated"] = report["own_user"] or report["landlock"] >= 6
    report["network_blocked"] = report["landlock"] >= 4
    return report


def kill_user_processes(uid: int) -> int:
    """SIGKILL every process whose real user id is ``uid`` (a worker's own user), so that
    nothing a submission started survives it; returns how many were signalled."""
    killed = 0
    for _ in range(3):
        found = 0
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                with open(f"/proc/{pid}/status") as status:
                    for line in status:
                        if line.startswith("Uid:"):
                            if int(line.split()[1]) == uid:
                                os.kill(int(pid), 9)
                                found += 1
                            break
            except (OSError, ValueError, IndexError):
                continue
        killed += found
        if not found:
            break
    return killed
