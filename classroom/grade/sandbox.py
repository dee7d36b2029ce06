"""Confining a worker process before it runs learner code, in layers, and saying which held.

The worker calls :func:`confine` on itself after it has imported NumPy, minigrad and
the chapter's ``SETUP`` (trusted code) and before the first line of learner code.
Doing it in the worker rather than in a ``preexec_fn`` matters twice: the grader starts
workers from many threads, where ``preexec_fn`` can deadlock; and the interpreter can
start even when it lives where the learner's user cannot read (a pyenv Python under
``/root``, say).

Layers, each used when the machine allows it, root or not:

1. **namespaces** (:mod:`.namespaces`): a PID namespace (learner code sees and can
   signal only its own processes, and none of them outlives the worker), a network
   namespace with nothing in it, a private read-only root holding only the Python
   installation and the imported packages, with a size-limited scratch tmpfs that is
   also ``/tmp``; a user namespace when the grader is not root;
2. **resource limits**: address space (``--memory-mb``), CPU seconds (a backstop
   behind the grader's wall-clock limit), largest file written, open files, no core
   dumps, and a process count that stops fork bombs;
3. **another user** (root only): the worker switches to a user id of its own (one per
   concurrent worker, unknown to ``/etc/passwd``); where such an id cannot be used,
   ``nobody``.  Without root, inside a user namespace, it keeps no capability;
4. **Landlock** (:mod:`.landlock`, Linux 5.13+): reads only of the Python installation,
   the imported packages and a few system folders; writes only to scratch;
5. **seccomp** (:mod:`.seccomp`): no sockets at all, no ptrace, no mounts, no new threads;
   without a PID namespace, no signals or limits for any process but the worker's own.

After these, the worker installs an audit hook (:mod:`.integrity`) that keeps learner code
from switching off or rewriting the checks; and the grader caps the memory of a whole
submission (:mod:`.memory`).

:data:`PROTECTIONS` names what the layers add up to; :func:`protections` says, from a
worker's report, which of them held and which are missing (and why), which the grader
prints at start, writes into ``summary.json`` and, with ``--require-isolation``,
insists on.
"""

from __future__ import annotations

import ctypes
import os
import resource
import sys
import sysconfig

from . import landlock, namespaces, seccomp
from .landlock import abi as landlock_abi  # noqa: F401 - what the tests and runner ask

NOBODY = 65534
PROCESSES = 64                  # processes a worker may have (itself included)
# Names learner code often imports.  They are loaded before the switch to another user in
# case the Python installation is not readable by it and /proc cannot help (see below).
PRELOAD = ("math", "cmath", "random", "itertools", "functools", "collections", "heapq",
           "bisect", "operator", "copy", "re", "string", "time", "dataclasses", "typing",
           "json", "statistics", "fractions", "decimal", "textwrap", "pprint", "enum")
SYSTEM_READ = ("/usr", "/lib", "/lib32", "/lib64", "/bin", "/sbin", "/etc/ld.so.cache",
               "/etc/localtime", "/sys/devices/system/cpu")
DEVICES = ("/dev/null", "/dev/zero", "/dev/urandom", "/dev/random", "/dev/full")
_PR_SET_DUMPABLE = 4

#: What the layers add up to, by name: what a learner's code cannot do when it holds.
PROTECTIONS = {
    "processes": "cannot see, signal, trace or change the limits of any process outside "
                 "its own worker (the grader, other students' workers, the grader's user)",
    "cleanup": "nothing it starts outlives its worker",
    "process count": f"at most {PROCESSES} processes at once (no fork bomb)",
    "files": "cannot read other students' notebooks, the results, the instructor's files or "
             "solutions/, and writes only to its own scratch folder, which is removed after",
    "network": "no network at all: no TCP, no UDP (127.0.0.1 included), no Unix sockets",
    "limits": "memory, CPU time, file size and open files are limited",
    "threads": "cannot start threads, so everything it runs runs where the checks watch",
    "checks": "cannot switch off or rewrite the checks: no tracing or profiling, ctypes, "
              "new code or function objects, or audit hooks of its own; the checker's code "
              "is put back before every case",
}


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


def user_processes(uid: int) -> int:
    """How many processes the user ``uid`` has now (from /proc)."""
    count = 0
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                if os.stat(f"/proc/{pid}").st_uid == uid:
                    count += 1
            except OSError:
                pass
    return count


def confine(*, scratch: str, uid: int | None, memory_mb: int, cpu_seconds: int,
            file_mb: int, scratch_mb: int = 256, use_namespaces: bool = True,
            use_landlock: bool = True, use_seccomp: bool = True) -> dict:
    """Confine this process (see the module docstring); returns a report of what is in
    force, which the worker sends to the grader.  Never raises: a layer that cannot be set
    up is reported, and :func:`protections` says what that leaves missing.

    ``uid`` is the user of its own to switch to when running as root (None: do not switch).
    With namespaces the process forks: only the worker, PID 2 of its namespace, returns.
    """
    report = {"user": "", "own_user": False, "landlock": 0, "seccomp": False, "warnings": [],
              "root": os.geteuid() == 0}
    for name in PRELOAD:
        try:
            __import__(name)
        except ImportError:
            pass
    switch = uid is not None and os.geteuid() == 0
    reads = readable_roots()
    ns = namespaces.isolate(scratch=scratch, reads=reads, devices=list(DEVICES),
                            scratch_mb=scratch_mb, owner=uid if switch else None,
                            enabled=use_namespaces)
    report["namespaces"] = ns
    report["warnings"] += ns["problems"] if use_namespaces else []
    directory_fds = {}
    for entry in sys.path if not ns["root"] else ():
        if entry and entry not in directory_fds and os.path.isdir(entry):
            try:
                directory_fds[entry] = os.open(entry, os.O_RDONLY | os.O_DIRECTORY)
            except OSError:
                pass
    ruleset, abi = None, 0
    if use_landlock:
        try:
            # in a private root /tmp is the worker's own tmpfs, as scratch is
            writes = [scratch, "/tmp"] if ns["root"] else [scratch]
            ruleset, abi = landlock.ruleset(reads + ["/proc/self"], writes, list(DEVICES))
        except OSError as err:
            report["warnings"].append(f"Landlock is available but could not be set up: {err}")
    # In a user namespace the launcher and init count too (they share the worker's ids).
    processes = PROCESSES + (2 if ns["user"] else 0)
    if not switch and not ns["user"]:                       # the limit counts the whole user
        processes += user_processes(os.getuid())
    report["warnings"] += apply_limits(memory_mb, cpu_seconds, file_mb, processes)
    report["limits"] = not any(w.startswith("could not limit") for w in report["warnings"])
    if switch:
        for candidate, own in ((uid, True), (NOBODY, False)):
            try:
                _switch_user(candidate, candidate, scratch)
            except OSError as err:
                report["warnings"].append(f"could not switch to user id {candidate}: {err}")
                continue
            report["own_user"] = own
            report["user"] = f"uid {candidate}" + (" (a user of its own)" if own else " (nobody)")
            break
        else:
            report["user"] = "root (switching to another user failed)"
    elif ns["user"]:
        try:
            namespaces.drop_capabilities()
            report["user"] = (f"uid {os.getuid()} in a user namespace (the grader's user "
                              f"outside), no capabilities")
        except OSError as err:
            report["warnings"].append(f"could not drop capabilities: {err}")
            report["user"] = "the grader's user, in a user namespace"
    elif os.geteuid() == 0:                  # root without a user id to switch to
        try:
            namespaces.drop_capabilities()
            report["user"] = "root without capabilities (no user id of its own)"
        except OSError as err:
            report["warnings"].append(f"could not drop capabilities: {err}")
            report["user"] = "root (no user id of its own)"
    else:
        report["user"] = f"uid {os.getuid()} (the grader's own user)"
    if os.getuid() != 0:     # lets /proc/self be used by this user; no other process has its id
        ctypes.CDLL(None).prctl(_PR_SET_DUMPABLE, 1 if report["own_user"] or ns["pid"] else 0,
                                0, 0, 0)
    if ruleset is not None:
        try:
            landlock.enforce(ruleset)
            report["landlock"] = abi
        except OSError as err:
            report["warnings"].append(f"Landlock is available but could not be enforced: {err}")
    report["uid"] = os.getuid()
    report["imports_via_proc"] = _keep_imports_working(directory_fds) if report["uid"] else []
    for entry, fd in directory_fds.items():
        if entry not in report["imports_via_proc"]:
            os.close(fd)
    if use_seccomp:
        problem = seccomp.install(own_pid=None if ns["pid"] else os.getpid())
        report["seccomp"] = problem is None
        if problem:
            report["warnings"].append(problem)
    report["protections"] = protections(report)
    return report


def protections(report: dict) -> dict:
    """{protection name: {"held": bool, "how": text}} from a worker's report (see
    :data:`PROTECTIONS`); "how" says what gave the protection or why it is missing."""
    ns = report.get("namespaces") or {}
    own, abi, filt = report.get("own_user"), report.get("landlock", 0), report.get("seccomp")
    pid_view = ns.get("pid") and (ns.get("root") or abi)
    out = {
        "processes": (pid_view and "a PID namespace" or filt and abi and "seccomp (signals "
                      "and limits only for its own processes) and Landlock (no /proc of "
                      "others)"),
        "cleanup": ns.get("pid") and "a PID namespace" or own and "a user id of its own",
        "process count": (ns.get("user") and "RLIMIT_NPROC in a user namespace" or own and
                          "RLIMIT_NPROC for a user id of its own"),
        "files": (ns.get("root") and "a private read-only root" or abi and
                  f"Landlock ABI {abi}"),
        "network": (filt and "seccomp (no sockets)" or ns.get("net") and ns.get("root") and
                    "an empty network namespace and a private root"),
        "limits": report.get("limits", False) and "resource limits",
        "threads": filt and "seccomp (no clone with CLONE_THREAD)",
        "checks": report.get("audit_hook") and "an audit hook, which cannot be removed",
    }
    why = {
        "processes": "no PID namespace (" + "; ".join(ns.get("problems", [])[:1] or
                                                      ["not set up"]) + ")",
        "cleanup": "no PID namespace and no user id of its own (the grader is not root)",
        "process count": "no user namespace and no user id of its own: the limit counts all "
                         "of the grader's user's processes",
        "files": "no private root and no Landlock",
        "network": "no seccomp filter and no empty network namespace",
        "limits": "; ".join(w for w in report.get("warnings", [])
                            if w.startswith("could not limit")),
        "threads": "no seccomp filter",
        "checks": "the worker installed no audit hook",
    }
    return {name: {"held": bool(how), "how": how if how else why[name]}
            for name, how in out.items()}


def describe(summary: dict) -> list:
    """Lines saying what learner code could not do, and what it could (a protection
    missing), from :func:`classroom.grade.runner.summarise_sandboxes`' summary."""
    if not summary or "protections" not in summary:
        return [f"isolation: could not be determined "
                f"({(summary or {}).get('error', 'no worker started')})"]
    lines = [f"isolation: learner code runs as {', '.join(summary.get('users', []))}"]
    for name, state in summary["protections"].items():
        mark = "held" if state["held"] else "MISSING"
        lines.append(f"  {mark:<7} {name}: {PROTECTIONS.get(name, name)} ({state['how']})")
    if summary.get("memory"):
        lines.append(f"  memory of a whole submission: {summary['memory']['how']}"
                     + (f" (no cgroup: {summary['memory']['why_not_cgroup']})"
                        if summary["memory"].get("why_not_cgroup") else ""))
    return lines


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
