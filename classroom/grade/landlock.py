"""Landlock (Linux 5.13+, no root needed): which files learner code may read and write.

A worker allows reading the Python installation, the packages it imported and a few
system folders, writing only its scratch folder, and (ABI 4+) no TCP; on ABI 6+ it
also cannot signal processes outside its own Landlock domain nor use abstract Unix
sockets.  Landlock does not cover UDP or connecting to a Unix socket by path: the
seccomp filter (:mod:`.seccomp`) refuses every socket instead.
See https://docs.kernel.org/userspace-api/landlock.html.
"""

from __future__ import annotations

import ctypes
import os
import stat
import sys

_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446     # the same on every architecture
_PR_SET_NO_NEW_PRIVS = 38
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


def abi() -> int:
    """The kernel's Landlock ABI version, or 0 when Landlock is unavailable."""
    if not sys.platform.startswith("linux"):
        return 0
    try:
        version = _libc().syscall(ctypes.c_long(_CREATE_RULESET), None, ctypes.c_size_t(0),
                                  ctypes.c_uint32(1))
    except (OSError, AttributeError):
        return 0
    return max(int(version), 0)


def ruleset(read: list, write: list, read_write_files: list) -> tuple:
    """(ruleset fd, ABI) allowing only the given paths, or (None, 0) without Landlock.

    Paths are opened now, while the process may still read them all; the ruleset is
    enforced later by :func:`enforce`, after the switch to another user.
    """
    version = abi()
    if version <= 0:
        return None, 0
    libc = _libc()
    fs = _FS_RIGHTS.get(version, (1 << 16) - 1)
    attr = _RulesetAttr(fs, _NET_TCP if version >= 4 else 0, _SCOPE if version >= 6 else 0)
    size = 8 if version < 4 else 16 if version < 6 else 24
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
    return ruleset, version


def enforce(ruleset: int) -> None:
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


