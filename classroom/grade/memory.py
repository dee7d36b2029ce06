"""A memory cap on a whole submission: all of its processes together.

``--memory-mb`` also limits each process's address space (:mod:`.sandbox`), but a
submission that starts processes could use that much in each.  The cap here is on their
sum, one of two ways, whichever this machine allows (:func:`cap` picks, and
:attr:`Cap.how` says which for the isolation report):

* **a cgroup (v2)** per worker, under a cgroup the grader may write to and whose children
  get the memory controller (root on a machine with cgroup v2, or a delegated cgroup such
  as a systemd unit with ``Delegate=yes``): ``memory.max`` is the cap and swap is off, so
  the kernel ends the submission's processes when together they go over it;
* **a supervisor** elsewhere: a thread of the grader adds up the resident memory of each
  worker's process tree (the worker and every process below it: orphans stay below it,
  since it is a child subreaper, or PID 1's children in its namespace) every
  :data:`INTERVAL` seconds, and kills a submission that goes over.

Either way a worker stopped for memory is told apart (:attr:`Cap.over`) so that its
exercise reads "ran out of memory (limit N MB for the whole submission)".
"""

from __future__ import annotations

import os
import threading
import time

INTERVAL = 0.25
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


class Cap:
    """What caps each worker's memory; see the module docstring."""
    how = ""

    def add(self, worker) -> None:
        raise NotImplementedError

    def remove(self, worker) -> None:
        raise NotImplementedError

    def over(self, worker) -> bool:
        return bool(getattr(worker, "over_cap", False))


# -- the supervisor ----------------------------------------------------------------------------
def process_table() -> dict:
    """{pid: (parent pid, resident bytes)} of every process this user may see."""
    table = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as handle:
                stat = handle.read()
            with open(f"/proc/{name}/statm", "rb") as handle:
                resident = int(handle.read().split()[1]) * _PAGE
        except (OSError, ValueError, IndexError):
            continue
        fields = stat[stat.rfind(b")") + 2:].split()
        try:
            table[int(name)] = (int(fields[1]), resident)
        except (ValueError, IndexError):
            continue
    return table


def tree_memory(root: int, table: dict) -> int:
    """Resident bytes of ``root`` and every process below it in ``table``."""
    children = {}
    for pid, (parent, _) in table.items():
        children.setdefault(parent, []).append(pid)
    total, todo, seen = 0, [root], set()
    while todo:
        pid = todo.pop()
        if pid in seen or pid not in table:
            continue
        seen.add(pid)
        total += table[pid][1]
        todo += children.get(pid, [])
    return total


class Supervisor(Cap):
    """Sums each worker's process tree and kills those over the cap (a thread)."""

    def __init__(self, limit_mb: int, interval: float = INTERVAL):
        self.limit = limit_mb * 2**20
        self.interval = interval
        self.how = (f"the grader sums the resident memory of each submission's processes "
                    f"every {interval:g} s and ends it over {limit_mb} MB")
        self.workers, self.lock = {}, threading.Lock()
        self.thread = None

    def add(self, worker) -> None:
        with self.lock:
            self.workers[id(worker)] = worker
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._watch, daemon=True,
                                               name="memory-supervisor")
                self.thread.start()

    def remove(self, worker) -> None:
        with self.lock:
            self.workers.pop(id(worker), None)

    def check_once(self) -> list:
        """One look at every worker; kills those over the cap and returns them."""
        with self.lock:
            workers = list(self.workers.values())
        if not workers:
            return []
        table = process_table()
        over = []
        for worker in workers:
            if worker.process.poll() is None and \
                    tree_memory(worker.process.pid, table) > self.limit:
                worker.over_cap = True
                worker.kill()
                over.append(worker)
        return over

    def _watch(self) -> None:
        while True:
            with self.lock:
                if not self.workers:
                    self.thread = None
                    return
            try:
                self.check_once()
            except Exception:  # noqa: BLE001 - the supervisor must keep running
                pass
            time.sleep(self.interval)


# -- cgroup v2 ---------------------------------------------------------------------------------
def _cgroup2_mount() -> str | None:
    try:
        with open("/proc/self/mountinfo", encoding="utf-8") as handle:
            for line in handle:
                left, _, right = line.partition(" - ")
                if right.split(" ", 1)[0] == "cgroup2":
                    return left.split()[4]
    except OSError:
        pass
    return None


def cgroup_parent() -> tuple:
    """(the cgroup v2 folder under which this process may make memory-capped cgroups, or
    None; why not, when None)."""
    mount = _cgroup2_mount()
    if mount is None:
        return None, "no cgroup v2 hierarchy is mounted"
    try:
        with open("/proc/self/cgroup", encoding="utf-8") as handle:
            own = next((line.strip().split("::", 1)[1] for line in handle
                        if line.startswith("0::")), None)
    except OSError:
        own = None
    if own is None:
        return None, "this process is in no cgroup v2"
    folder = os.path.join(mount, own.lstrip("/"))
    try:
        with open(os.path.join(folder, "cgroup.subtree_control"), encoding="utf-8") as handle:
            delegated = "memory" in handle.read().split()
    except OSError as err:
        return None, f"cannot read {folder}/cgroup.subtree_control ({err.strerror})"
    if not delegated:
        return None, (f"the memory controller is not delegated to the children of {folder} "
                      f"(cgroup v2 without memory for them)")
    if not os.access(folder, os.W_OK):
        return None, f"{folder} is not writable by this user"
    return folder, ""


class Cgroups(Cap):
    """One memory-capped cgroup v2 per worker, under ``parent``."""

    def __init__(self, parent: str, limit_mb: int):
        self.parent, self.limit_mb = parent, limit_mb
        self.how = (f"a cgroup v2 per submission under {parent} (memory.max {limit_mb} MB, "
                    f"no swap)")
        self.groups = {}

    def add(self, worker) -> None:
        folder = os.path.join(self.parent, f"minigrad-grade-{worker.token[:12]}")
        os.mkdir(folder)
        self.groups[id(worker)] = folder
        for name, value in (("memory.max", str(self.limit_mb * 2**20)), ("memory.swap.max", "0"),
                            ("cgroup.procs", str(worker.process.pid))):
            try:
                with open(os.path.join(folder, name), "w") as handle:
                    handle.write(value)
            except FileNotFoundError:
                if name != "memory.swap.max":      # a kernel without swap accounting
                    raise

    def over(self, worker) -> bool:
        folder = self.groups.get(id(worker))
        if folder is None:
            return False
        try:
            with open(os.path.join(folder, "memory.events"), encoding="utf-8") as handle:
                events = dict(line.split() for line in handle if line.strip())
        except OSError:
            return False
        return int(events.get("oom_kill", "0")) > 0 or int(events.get("oom", "0")) > 0

    def remove(self, worker) -> None:
        folder = self.groups.pop(id(worker), None)
        if folder is None:
            return
        try:
            with open(os.path.join(folder, "cgroup.kill"), "w") as handle:
                handle.write("1")
        except OSError:
            pass
        for _ in range(50):
            try:
                os.rmdir(folder)
                return
            except OSError:
                time.sleep(0.05)


_CAPS: dict = {}
_CAPS_LOCK = threading.Lock()


def cap(limits, prefer: str | None = None) -> Cap:
    """The cap for ``limits.memory_mb``: cgroups where :func:`cgroup_parent` finds a place,
    else the supervisor (``prefer="supervisor"`` forces it).  One per limit and process."""
    key = (limits.memory_mb, prefer)
    with _CAPS_LOCK:
        if key not in _CAPS:
            parent, _ = cgroup_parent() if prefer != "supervisor" else (None, "")
            _CAPS[key] = (Cgroups(parent, limits.memory_mb) if parent else
                          Supervisor(limits.memory_mb))
        return _CAPS[key]


def describe(limits) -> dict:
    """{"whole submission": how, "why not cgroups": reason or ""} for the isolation report."""
    chosen = cap(limits)
    _, why = cgroup_parent()
    return {"how": chosen.how, "cgroup": isinstance(chosen, Cgroups),
            "why_not_cgroup": "" if isinstance(chosen, Cgroups) else why}
