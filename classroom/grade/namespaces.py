"""Namespaces: a worker of its own processes, network and filesystem view, with or without root.

:func:`isolate` is called by the worker after it has imported what it needs and before
any learner code runs.  Where the kernel allows it (Linux; as an ordinary user too,
where unprivileged user namespaces are enabled) it puts the worker into new
namespaces and forks twice, so that three processes remain::

    launcher   the process the grader started; waits, and dies with the grader
      init     PID 1 of a new PID namespace; reaps orphans, ends with the worker
        worker PID 2: runs the learner's code (the only call of isolate() that returns)

* **PID namespace**: learner code sees only its own processes (a fresh ``/proc``), so it
  cannot signal, trace or change the limits of the grader, other students' workers or
  anything else of the grader's user.  When init ends, the kernel kills every process
  left in the namespace: a double-forked daemon or 200 sleepers die with the worker.
  The grader kills the launcher; init has ``PR_SET_PDEATHSIG`` set to SIGKILL, so it
  follows, and the launcher has it set towards the grader, so a killed grader takes
  its workers with it.
* **user namespace** (when not root): the grader's user id is mapped to an ordinary id
  inside; the worker ends with no capabilities at all.  It also makes the process limit
  (``RLIMIT_NPROC``) count only the processes of this namespace (Linux 5.14+).
* **network namespace**: no interfaces but a loopback that is down: no TCP, UDP or
  anything else, not even to 127.0.0.1.
* **mount namespace with a private root**: the worker's ``/`` is a small read-only
  tmpfs holding read-only bind mounts of the Python installation, the packages already
  imported and a few system folders; its scratch folder (also ``/tmp``) is a tmpfs of
  limited size that vanishes with the namespace.  Other students' notebooks, results,
  ``instructor/``, ``solutions/`` and the grader's home are simply not there.
* **IPC and UTS namespaces**: no shared System V IPC or message queues.

Whatever cannot be set up is reported (``problems``) and the worker carries on in the
grader's namespaces; :mod:`.sandbox` then says which protections are missing.
"""

from __future__ import annotations

import ctypes
import os
import platform
import select
import sys

CLONE_NEWNS, CLONE_NEWUTS, CLONE_NEWIPC = 0x00020000, 0x04000000, 0x08000000
CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET = 0x10000000, 0x20000000, 0x40000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8
MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 32, 4096, 16384, 1 << 18
MS_NOATIME, MS_NODIRATIME, MS_RELATIME = 1024, 2048, 1 << 21
MNT_DETACH = 2
PR_SET_PDEATHSIG, PR_SET_DUMPABLE, PR_CAPBSET_DROP = 1, 4, 24
PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL = 47, 4
PIVOT_ROOT = {"x86_64": 155, "aarch64": 41}
INNER_ID = 1000                 # the learner's user and group id inside a user namespace
ROOT_TMPFS = "size=8m,nr_inodes=8192,mode=755"


def _libc():
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    libc.mount.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_ulong,
                           ctypes.c_char_p]
    libc.umount2.argtypes = [ctypes.c_char_p, ctypes.c_int]
    return libc


def _check(result: int, what: str) -> None:
    if result != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def _mount(libc, source, target, fstype, flags, data=None) -> None:
    enc = lambda s: None if s is None else os.fsencode(s)  # noqa: E731
    _check(libc.mount(enc(source), enc(target), enc(fstype), flags, enc(data)),
           f"mount {source or ''} on {target}")


def threads() -> int:
    """Threads of this process (unshare(CLONE_NEWUSER) needs exactly one)."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return 1


# -- the three processes -------------------------------------------------------------------------
def _close_all_but(keep: set) -> None:
    for fd in range(0, 1024):
        if fd not in keep:
            try:
                os.close(fd)
            except OSError:
                pass


def _launcher(child: int, lifeline: int) -> None:
    """Outside the new PID namespace: wait for init and end as it ended.  Holds the write
    end of ``lifeline`` (so init can tell it is alive) and nothing else."""
    _close_all_but({lifeline})
    while True:
        try:
            pid, status = os.waitpid(child, 0)
        except ChildProcessError:
            os._exit(70)
        if pid == child:
            os._exit(min(255, max(0, os.waitstatus_to_exitcode(status))))


def _init(worker: int) -> None:
    """PID 1: reap every child (orphans are re-parented here) until the worker ends, then
    end too, which makes the kernel kill whatever is left in the namespace."""
    _close_all_but(set())
    while True:
        try:
            pid, status = os.waitpid(-1, 0)
        except ChildProcessError:
            os._exit(70)
        if pid == worker:
            code = os.waitstatus_to_exitcode(status)
            os._exit(code if code >= 0 else 128 - code)


# -- the filesystem view -------------------------------------------------------------------------
def _mount_flags(path: str) -> int:
    """The per-mount flags of ``path``'s mount (a bind remount in a user namespace must keep
    them)."""
    flags = os.statvfs(path).f_flag
    out = 0
    for st_flag, ms_flag in ((os.ST_NOSUID, MS_NOSUID), (os.ST_NODEV, MS_NODEV),
                             (os.ST_NOEXEC, MS_NOEXEC), (os.ST_NOATIME, MS_NOATIME),
                             (os.ST_NODIRATIME, MS_NODIRATIME), (os.ST_RELATIME, MS_RELATIME)):
        if flags & st_flag:
            out |= ms_flag
    return out


def _bind(libc, source: str, root: str, read_only: bool = True) -> None:
    target = root + source
    if os.path.isdir(source):
        os.makedirs(target, exist_ok=True)
    else:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if not os.path.exists(target):
            with open(target, "w"):
                pass
    _mount(libc, source, target, None, MS_BIND | MS_REC)
    if read_only:
        _mount(libc, None, target, None,
               MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | _mount_flags(source))


def bind_plan(paths) -> list:
    """(kind, path) steps that make ``paths`` visible in a new root: "link" recreates a
    symbolic link (such as ``/lib -> usr/lib``), "bind" mounts a file or folder.  Paths
    inside a folder already bound are left out; missing ones are skipped."""
    plan, bound, todo, seen = [], [], list(paths), set()
    while todo:
        path = os.path.normpath(todo.pop(0))
        if path in seen or not os.path.isabs(path) or not os.path.lexists(path):
            continue
        seen.add(path)
        parts = path.split(os.sep)
        link = next((os.sep.join(parts[:i]) for i in range(2, len(parts) + 1)
                     if os.path.islink(os.sep.join(parts[:i]))), None)
        if link is not None:
            if ("link", link) not in plan:
                plan.append(("link", link))
            todo.append(os.path.realpath(path))
            continue
        plan.append(("bind", path))
    binds = sorted((p for k, p in plan if k == "bind"), key=len)
    for path in binds:
        if not any(path == b or path.startswith(b.rstrip(os.sep) + os.sep) for b in bound):
            bound.append(path)
    return [(k, p) for k, p in plan if k == "link"] + [("bind", p) for p in bound]


def _private_root(libc, mount_point: str, scratch: str, reads: list, devices: list,
                  scratch_mb: int, owner: int | None) -> bool:
    """Build the new root on a tmpfs mounted at ``mount_point`` and switch to it.  Returns
    whether a fresh /proc could be mounted."""
    root = mount_point
    _mount(libc, None, "/", None, MS_REC | MS_PRIVATE)
    _mount(libc, "tmpfs", root, "tmpfs", MS_NOSUID | MS_NODEV, ROOT_TMPFS)
    try:
        proc = _fill_root(libc, root, scratch, reads, devices, scratch_mb, owner)
        number = PIVOT_ROOT[platform.machine()]
        os.chdir(root)
        _check(libc.syscall(ctypes.c_long(number), b".", b"."), "pivot_root")
    except OSError:
        os.chdir("/")
        libc.umount2(os.fsencode(root), MNT_DETACH)      # back to the grader's view, whole
        raise
    _check(libc.umount2(b".", MNT_DETACH), "detaching the old root")
    os.chdir("/")
    _mount(libc, None, "/", None, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV)
    os.chdir(scratch)
    return proc


def _fill_root(libc, root: str, scratch: str, reads: list, devices: list, scratch_mb: int,
               owner: int | None) -> bool:
    """Mount what the new root holds under ``root``; returns whether /proc was mounted.

    The scratch tmpfs goes on ``/tmp`` first and the read-only binds after it: a checkout
    or virtual environment that lives under ``/tmp`` is then bound inside the new ``/tmp``
    rather than hidden beneath it."""
    # The scratch tmpfs is /tmp; the scratch folder's own path (the grader made it, often
    # under /tmp) leads into it too, so $HOME and $TMPDIR work as given.
    uid = owner if owner is not None else INNER_ID
    ids = f",uid={owner},gid={owner}" if owner is not None else ""
    os.makedirs(root + "/tmp", exist_ok=True)
    _mount(libc, "tmpfs", root + "/tmp", "tmpfs", MS_NOSUID | MS_NODEV,
           f"size={scratch_mb}m,nr_inodes=65536,mode=1777{ids}")
    if scratch.startswith("/tmp/"):
        os.makedirs(root + scratch, mode=0o700)
        if owner is not None:
            os.chown(root + scratch, owner, owner)
    else:
        os.makedirs(root + scratch)
        _mount(libc, root + "/tmp", root + scratch, None, MS_BIND)
    for kind, path in bind_plan(reads):
        if kind == "link":
            os.makedirs(os.path.dirname(root + path), exist_ok=True)
            if not os.path.lexists(root + path):
                os.symlink(os.readlink(path), root + path)
        else:
            _bind(libc, path, root)
    for device in devices:
        if os.path.exists(device):
            _bind(libc, device, root, read_only=False)
    os.makedirs(root + "/etc", exist_ok=True)
    for name, text in (("passwd", f"root:x:0:0::/:/bin/sh\nlearner:x:{uid}:{uid}::{scratch}:/bin/sh\n"),
                       ("group", f"root:x:0:\nlearner:x:{uid}:\n")):
        if not os.path.exists(root + "/etc/" + name):
            with open(root + "/etc/" + name, "w") as handle:
                handle.write(text)
    os.makedirs(root + "/proc", exist_ok=True)
    try:
        _mount(libc, "proc", root + "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC)
        proc = True
    except OSError:
        proc = False                 # e.g. a container that masks parts of /proc
    return proc


def _write(path: str, text: str) -> None:
    fd = os.open(path, os.O_WRONLY)
    try:
        os.write(fd, text.encode())
    finally:
        os.close(fd)


def drop_capabilities(libc=None) -> None:
    """No capabilities left, in any set (inside a user namespace the creator has them all)."""
    libc = libc or _libc()
    for cap in range(64):
        if libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 and ctypes.get_errno() == 22:
            break                                   # EINVAL: past the last capability
    libc.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)

    class Header(ctypes.Structure):
        _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]

    class Data(ctypes.Structure):
        _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32),
                    ("inheritable", ctypes.c_uint32)]

    data = (Data * 2)()
    _check(libc.capset(ctypes.byref(Header(0x20080522, 0)), data), "capset")


# -- entering --------------------------------------------------------------------------------------
def isolate(*, scratch: str, reads: list, devices: list, scratch_mb: int,
            owner: int | None, enabled: bool = True) -> dict:
    """Enter new namespaces (see the module docstring); returns, in the worker only, a report:
    ``{"user": bool, "pid": bool, "net": bool, "ipc": bool, "root": bool, "proc": bool,
    "problems": [...]}``.

    ``scratch`` is the (empty) folder that becomes the mount point of the new root and,
    inside it, the learner's scratch tmpfs of ``scratch_mb`` MB; ``reads`` the files and
    folders learner code may read; ``devices`` the device files it may use; ``owner`` the
    user id the scratch folder belongs to (the worker's own id when the grader is root and
    switches to it later; None inside a user namespace).
    """
    report = {"user": False, "pid": False, "net": False, "ipc": False, "root": False,
              "proc": False, "problems": []}
    if not enabled:
        report["problems"].append("namespaces were turned off")
        return report
    if not sys.platform.startswith("linux"):
        report["problems"].append("namespaces need Linux")
        return report
    if platform.machine() not in PIVOT_ROOT:
        report["problems"].append(f"namespaces are set up only on x86_64 and aarch64, not "
                                  f"{platform.machine()}")
        return report
    if threads() != 1:
        report["problems"].append(f"the worker has {threads()} threads; namespaces need one")
        return report
    libc = _libc()
    root = os.geteuid() == 0
    uid, gid = os.getuid(), os.getgid()
    flags = CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS
    if not root:
        flags |= CLONE_NEWUSER
    if libc.unshare(flags) != 0:
        err = ctypes.get_errno()
        what = "a user namespace and others" if not root else "new namespaces"
        report["problems"].append(f"the kernel refused {what} ({os.strerror(err)}); on many "
                                  f"distributions `sysctl kernel.unprivileged_userns_clone=1` "
                                  f"or an AppArmor profile allows them")
        return report
    if not root:
        try:
            _write("/proc/self/setgroups", "deny")
            _write("/proc/self/gid_map", f"{INNER_ID} {gid} 1\n")
            _write("/proc/self/uid_map", f"{INNER_ID} {uid} 1\n")
        except OSError as err:
            # Half-entered: the process is in a user namespace it cannot use.  Nothing
            # learner-facing has started, so end the worker and let the grader say why.
            os.write(2, f"worker: could not map user ids in a new user namespace: {err}\n"
                     .encode())
            os._exit(71)
    report.update(user=not root, net=True, ipc=True)
    lifeline_read, lifeline_write = os.pipe()
    init = os.fork()
    if init:
        os.close(lifeline_read)
        _launcher(init, lifeline_write)
    # init, PID 1 of the new namespace
    os.close(lifeline_write)
    libc.prctl(PR_SET_PDEATHSIG, 9, 0, 0, 0)
    if select.select([lifeline_read], [], [], 0)[0]:        # the launcher is already gone
        os._exit(72)
    os.close(lifeline_read)
    report["pid"] = True
    try:
        report["proc"] = _private_root(libc, scratch, scratch, reads, devices, scratch_mb,
                                       owner if root else None)
        report["root"] = True
    except OSError as err:
        report["problems"].append(f"no private filesystem view ({err})")
        try:
            os.chdir(scratch)
        except OSError:
            pass
    if not report["proc"]:
        report["problems"].append("no private /proc: learner code may list (not signal) the "
                                  "machine's processes" if not report["root"] else
                                  "no /proc in the private root")
    worker = os.fork()
    if worker:
        libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)
        if not root:
            try:
                drop_capabilities(libc)
            except OSError:
                pass
        _init(worker)
    # the worker, PID 2
    libc.prctl(PR_SET_PDEATHSIG, 9, 0, 0, 0)
    if os.getppid() != 1:
        os._exit(73)
    return report

