"""Driving the workers: one fresh process per submission, time limits, restarts, parallelism.

For each submission the runner starts a worker (:mod:`classroom.grade.worker`) with the
notebook's steps (its code cells in order, and a probe of each exercise where the
notebook checks it; see :func:`classroom.grade.extract.plan_steps`) and reads its
messages with a deadline per step.  When a step runs past the time limit, or the worker
dies (``os._exit``, a crash, the memory limit), the runner kills the worker and
everything it started, records why, and starts a new worker for the remaining steps.
The new worker first replays the earlier cells, so definitions they made still exist,
but never a cell that hung or killed its worker.  (If only the *probe* of an answer hung,
the cells before it ran fine and are replayed.)  A cell that hangs or dies costs the
exercise whose answer cell it is; any other such cell is skipped, with a note.

Submissions are graded in parallel by a thread pool; each thread drives its own workers,
which do the actual work in separate processes, on this machine or, with
:mod:`.cluster`, on a Dask cluster.  :func:`stop` (Ctrl-C) kills every live worker.

Nothing here runs learner code, and nothing a worker sends is trusted: messages are JSON
lines prefixed with the job's random token, at most :data:`MAX_MESSAGE` bytes, every
field checked before use; the learner's printed output is read from an unlinked capture
file, at most :data:`OUTPUT_LIMIT` characters per step.

Cases reach a worker one at a time (:mod:`.cases`): when it asks, and only while the
answer has passed every case before; hidden ones built, never as the chapter's file.
Expected values and reference answers never reach a worker.  The result channel is a
Unix socket on which the kernel names the process that wrote each message: once the
worker has said it is ready (before any learner code ran), whatever another process
writes there (one that learner code forked) is ignored.  A worker that the shortcut
guard ended (its exit status says why) costs the exercise being probed only.
"""

from __future__ import annotations

import importlib
import json
import os
import queue
import secrets
import select
import signal
import socket
import struct
import stat
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from pathlib import Path

from ..exercises.registry import chapter as chapter_module
from ..exercises.registry import chapter_modules
from . import extract, judge, memory, sandbox
from .cases import Probe, judged_stop, preload, sealed
from .cleanup import remove_tree
from .model import Limits, Outcome, Run, Submission, SubmissionResult

OUTPUT_LIMIT = 4000              # characters of captured output kept per step
MAX_MESSAGE = 2**20 + 4096       # a result line longer than this is treated as a crash
MAX_JSON_OBJECTS = 100_000       # objects and arrays in one message
_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])     # the folder holding minigrad/
# Tests turn layers off to check the others on their own.
LANDLOCK = NAMESPACES = SECCOMP = True

_LIVE: set = set()               # every worker running now (Ctrl-C kills them all)
_LIVE_LOCK = threading.Lock()
_STOP = threading.Event()
_STOP_HOOKS: list = []           # called by stop(): e.g. cancelling a cluster's tasks


class Interrupted(Exception):
    """Grading was stopped (Ctrl-C, SIGTERM): ``results`` holds what had finished."""

    def __init__(self, results: list):
        super().__init__(f"interrupted after {len(results)} submissions")
        self.results = results


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


def stop() -> None:
    """Stop grading: no new worker starts, every live one is killed, and every hook
    registered with :func:`on_stop` is called."""
    _STOP.set()
    with _LIVE_LOCK:
        live = list(_LIVE)
    for worker in live:
        worker.kill()
    for hook in list(_STOP_HOOKS):
        try:
            hook()
        except Exception:  # noqa: BLE001 - stopping must go on
            pass


def on_stop(hook) -> None:
    _STOP_HOOKS.append(hook)


# -- user ids ----------------------------------------------------------------------------------
class UserIds:
    """Hands every concurrently running worker a user id of its own (when running as root).

    The ids come from a high range no real account uses, offset at random so that two
    grading runs on one machine are unlikely to share one.  Without root there is
    nothing to hand out, and :meth:`take` gives None.
    """

    def __init__(self, count: int):
        self.free = queue.Queue()
        if os.geteuid() != 0 or not sys.platform.startswith("linux"):
            for _ in range(count):
                self.free.put(None)
            return
        import pwd

        uid = 1_900_000_000 + secrets.randbelow(200_000) * 1024
        while self.free.qsize() < count:
            try:
                pwd.getpwuid(uid)
            except KeyError:
                self.free.put(uid)
            uid += 1

    def take(self):
        return self.free.get()

    def give_back(self, uid) -> None:
        self.free.put(uid)


# -- checking what a worker sends --------------------------------------------------------------
def _offset(value) -> int | None:
    return value if type(value) is int and 0 <= value < 2**62 else None


def _text(value, limit: int = 300) -> str:
    return value[:limit] if isinstance(value, str) else ""


def _seconds(value) -> float | None:
    return float(value) if type(value) in (int, float) and 0 <= value < 10**7 else None


# -- one worker process ------------------------------------------------------------------------
class WorkerDied(Exception):
    """The worker's result channel closed: the process ended (or closed it)."""


class ChannelAbused(WorkerDied):
    """The worker's channel carried something no worker sends (a line too long or too
    complex to read): learner code wrote to it."""


def worker_environment(scratch: str) -> dict:
    """A minimal environment: no secrets of the grader's, one BLAS thread, fixed hashing.
    Only what the interpreter itself may need to start is passed through."""
    kept = {k: os.environ[k] for k in ("LD_LIBRARY_PATH", "PYTHONHOME") if k in os.environ}
    return {**kept, "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": scratch, "TMPDIR": scratch,
            "USER": "learner", "LOGNAME": "learner", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
            "TZ": "UTC", "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1",
            "PYTHONNOUSERSITE": "1", "PYTHONIOENCODING": "utf-8", "PYTHONPATH": _PACKAGE_ROOT,
            "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
            "MPLBACKEND": "Agg", "MPLCONFIGDIR": scratch}


def scratch_parent(switching_user: bool) -> str:
    """Where scratch folders go: the temporary folder, unless another user could not reach
    it (a TMPDIR inside a private folder), in which case /tmp.  Learner code must be able
    to use its $HOME by its full path (matplotlib, tempfile...)."""
    parent = tempfile.gettempdir()
    if switching_user:
        path = Path(parent).resolve()
        if any(not os.stat(p).st_mode & stat.S_IXOTH for p in (path, *path.parents)):
            return "/tmp"
    return parent


def step_payload(step) -> dict:
    """What a worker is told about one :class:`~classroom.grade.model.Step`."""
    if step.kind == "cell":
        return {"kind": "cell", "cell": step.cell, "code": step.code}
    return {"kind": "probe", "cell": step.cell, "exercise": step.exercise}


_IGNORED = object()


class Worker:
    """One worker process and the grader's end of its channels."""

    COMMAND = [sys.executable, "-B", "-s", "-m", "classroom.grade.worker"]

    def __init__(self, setup: str, steps: list, limits: Limits, uid, preload=(), cap=None):
        if _STOP.is_set():
            raise WorkerDied("grading was stopped")
        self.token = secrets.token_hex(16)
        self.prefix = self.token.encode() + b" "
        self.base = tempfile.mkdtemp(prefix="minigrad-grade-",
                                     dir=scratch_parent(uid is not None and os.geteuid() == 0))
        os.chmod(self.base, 0o711)               # the worker's user may pass through, not list
        scratch = os.path.join(self.base, "work")
        os.mkdir(scratch, 0o700)
        self.capture = tempfile.TemporaryFile(dir=self.base)   # unlinked: no path to attack
        self.uid = uid
        self.own_user = self.namespaced = False
        self.sender = self.last_sender = None     # the worker's pid, once it said "ready"
        self.ignored = 0                          # bytes other processes wrote to the channel
        self.cap, self.over_cap = cap, False
        job = {"token": self.token, "grader": os.getpid(), "setup": setup, "steps": steps,
               "preload": list(preload), "case_seconds": limits.case_seconds,
               "sandbox": {"scratch": scratch, "uid": uid, "memory_mb": limits.memory_mb,
                           "file_mb": limits.file_mb, "scratch_mb": limits.scratch_mb,
                           "landlock": LANDLOCK, "namespaces": NAMESPACES, "seccomp": SECCOMP,
                           "cpu_seconds": int(limits.timeout * (len(steps) + 1)
                                              + limits.startup)}}
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        ours.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
        try:
            self.process = subprocess.Popen(
                self.COMMAND, stdin=subprocess.PIPE, stdout=theirs.fileno(),
                stderr=self.capture, cwd=scratch, env=worker_environment(scratch),
                start_new_session=True, close_fds=True)
        finally:
            theirs.close()
        if cap is not None:
            cap.add(self)
        with _LIVE_LOCK:
            _LIVE.add(self)
        self.send(job)
        self.channel = ours
        ours.setblocking(False)
        self.fd = ours.fileno()
        self.poller = select.poll()
        self.poller.register(self.fd, select.POLLIN | select.POLLHUP | select.POLLERR)
        self.buffer = bytearray()

    def send(self, message: dict) -> None:
        """One line to the worker's stdin (its private job channel)."""
        try:
            self.process.stdin.write(json.dumps(message).encode() + b"\n")
            self.process.stdin.flush()
        except (OSError, ValueError):
            pass                                  # it died; receive() will say so

    def pin_sender(self) -> None:
        """From now on only the process that wrote the last message may speak."""
        self.sender = self.last_sender

    def _read(self):
        """A chunk from the channel (b"" at its end); None when nothing is there yet, and
        ``_IGNORED`` for a chunk another process wrote."""
        try:
            chunk, ancillary, _, _ = self.channel.recvmsg(1 << 16, socket.CMSG_SPACE(12))
        except (BlockingIOError, InterruptedError):
            return None
        pid = None
        for level, kind, data in ancillary:
            if level == socket.SOL_SOCKET and kind == socket.SCM_CREDENTIALS and len(data) >= 12:
                pid = struct.unpack("=iII", data[:12])[0]
        if chunk and self.sender is not None and pid != self.sender:
            self.ignored += len(chunk)            # a process learner code started: ignored
            return _IGNORED
        self.last_sender = pid
        return chunk

    def receive(self, deadline: float) -> dict:
        """The next message; raises TimeoutError after ``deadline`` (time.monotonic()) and
        WorkerDied when the channel closes or carries something unreadable."""
        while True:
            end = self.buffer.find(b"\n")
            while end >= 0:
                line = bytes(self.buffer[:end])
                del self.buffer[:end + 1]
                if line.startswith(self.prefix):
                    if line.count(b"{") + line.count(b"[") > MAX_JSON_OBJECTS:
                        raise ChannelAbused("it sent a result with too many parts to read")
                    try:
                        message = json.loads(line[len(self.prefix):])
                    except (ValueError, RecursionError, MemoryError):
                        raise ChannelAbused("it sent a result the grader could not read") \
                            from None
                    if isinstance(message, dict):
                        return message
                end = self.buffer.find(b"\n")
            if len(self.buffer) > MAX_MESSAGE:
                raise ChannelAbused(f"it sent more than {MAX_MESSAGE // 2**10} KB without a "
                                    f"line break")
            if _STOP.is_set():
                raise WorkerDied("grading was stopped")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            if not self.poller.poll(max(1, min(1000, int(remaining * 1000)))):
                continue
            chunk = self._read()
            if chunk is None or chunk is _IGNORED:
                continue
            if not chunk:
                raise WorkerDied("")
            self.buffer += chunk

    def exit_status(self) -> int | None:
        """The worker's exit status once it has ended (None if it was killed by a signal or
        is still running); through namespaces the launcher passes the worker's own on."""
        try:
            code = self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return None
        return code if 0 <= code < 128 else None

    def output(self, start, end=None) -> str:
        """What learner code printed between two capture-file offsets (head and tail kept)."""
        start, end = _offset(start), _offset(end)
        if start is None:
            return ""
        size = os.fstat(self.capture.fileno()).st_size
        end = size if end is None else min(end, size)
        if end <= start:
            return ""
        keep = OUTPUT_LIMIT * 4
        if end - start <= keep:
            text = os.pread(self.capture.fileno(), end - start, start).decode("utf-8", "replace")
        else:
            head = os.pread(self.capture.fileno(), keep // 2, start).decode("utf-8", "replace")
            tail = os.pread(self.capture.fileno(), keep // 2, end - keep // 2).decode(
                "utf-8", "replace")
            text = head + "\n" + tail
        if len(text) > OUTPUT_LIMIT:
            half = OUTPUT_LIMIT // 2
            text = (text[:half] + f"\n... ({len(text) - OUTPUT_LIMIT} characters left out) ...\n"
                    + text[-half:])
        return text

    def exit_detail(self) -> str:
        """How the process ended, for instructors' notes.  (Through namespaces, a worker
        killed by signal N ends with status 128 + N.)"""
        try:
            code = self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return ""
        if self.namespaced and code > 128:
            code = 128 - code
        if code < 0:
            try:
                return f"worker killed by {signal.Signals(-code).name}"
            except ValueError:
                return f"worker killed by signal {-code}"
        return f"worker exited with status {code}"

    def stderr_tail(self) -> str:
        size = os.fstat(self.capture.fileno()).st_size
        return os.pread(self.capture.fileno(), 2000, max(0, size - 2000)).decode(
            "utf-8", "replace").strip()

    def kill(self) -> None:
        """Kill the worker and everything it started.  Its process group goes first: with
        namespaces that holds the launcher, whose death takes init, and with it the whole
        PID namespace; without them, a user id of its own is swept too."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        if self.own_user and self.uid is not None and not self.namespaced:
            sandbox.kill_user_processes(self.uid)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass

    def stop(self) -> str | None:
        """Kill the worker and remove its pipes, capture file and scratch folder; returns a
        warning when something of the scratch folder could not be removed."""
        self.kill()
        with _LIVE_LOCK:
            _LIVE.discard(self)
        for pipe in (self.process.stdin, self.channel):
            try:
                pipe.close()
            except OSError:
                pass
        if self.cap is not None:
            self.cap.remove(self)
        self.capture.close()
        try:
            problems = remove_tree(self.base)
        except OSError as err:
            problems = [str(err)]
        if problems:
            return f"could not remove the scratch folder {self.base}: {problems[0]}"
        return None


# -- running one submission's steps ------------------------------------------------------------
class _Failure(Exception):
    """The worker cannot be started or cannot run the chapter's setup: a grader problem."""


class _Progress:
    """Where a worker had got to: the position in its plan, and that step's messages."""

    def __init__(self):
        self.begin(-1)

    def begin(self, position: int) -> None:
        self.position, self.start, self.restored, self.probe = position, None, [], None


def _start(worker: Worker, limits: Limits) -> dict:
    """Wait for the worker's "ready" message; returns its sandbox report.  From here on only
    the process that sent it may speak on the channel."""
    ready = worker.receive(time.monotonic() + limits.startup)
    if ready.get("event") == "fatal":
        raise _Failure(f"the worker could not run the chapter's setup: "
                       f"{_text(ready.get('error'), 500)}")
    worker.pin_sender()
    report = ready.get("sandbox") if isinstance(ready.get("sandbox"), dict) else {}
    worker.own_user = report.get("own_user") is True
    worker.namespaced = isinstance(report.get("namespaces"), dict) and \
        report["namespaces"].get("pid") is True
    return report


class _OutOfTurn(Exception):
    """The worker's messages did not follow the protocol (learner code wrote to the
    channel): the exercise being probed cannot be graded."""


def _follow(worker: Worker, plan: list, steps: list, first: int, limits: Limits,
            outcomes: dict, runs: dict, progress: _Progress, cases: dict, stop) -> None:
    """Follow the worker through ``plan`` (indexes into ``steps``), recording each cell's
    first run in ``runs`` and each probe's Outcome, and answering each probe's questions
    for cases (see :mod:`.cases`).  Raises TimeoutError, WorkerDied or _OutOfTurn, with
    ``progress`` saying where."""
    for position, index in enumerate(plan):
        progress.begin(position)
        step = steps[index]
        deadline = time.monotonic() + limits.timeout
        while True:
            message = worker.receive(deadline)
            if message.get("step") != position:
                continue
            event = message.get("event")
            if step.kind == "cell" and event == "start":
                progress.start = _offset(message.get("out"))
            elif step.kind == "cell" and event == "ran":
                if index >= first and index not in runs:
                    runs[index] = {"output": worker.output(progress.start, message.get("out")),
                                   "error": judge.clean_error(message.get("error"))}
                break
            elif step.kind != "probe":
                continue
            elif event == "probe" and progress.probe is None:
                progress.start = _offset(message.get("out"))
                restored = message.get("restored")
                progress.restored = [r for r in restored if isinstance(r, str)][:20] \
                    if isinstance(restored, list) else []
                progress.probe = Probe(step.exercise, cases[step.exercise], stop)
            elif progress.probe is None:
                continue          # (nothing sent before the probe began is this probe's)
            elif event == "case?":
                try:
                    worker.send(progress.probe.reply(position, message.get("case")))
                except ValueError as err:
                    raise _OutOfTurn(str(err)) from None
            elif event == "observed":
                try:
                    progress.probe.observed(message.get("case"), message.get("observation"))
                except ValueError as err:
                    raise _OutOfTurn(str(err)) from None
            elif event == "found":
                progress.probe.found = message
            elif event == "result":
                probe = progress.probe
                status = message.get("status")
                if status == "observed" and probe.asked is not None and \
                        probe.asked >= len(probe.observations):
                    raise _OutOfTurn("a result came while a case was still running")
                result = message
                if status == "observed":
                    result = progress.probe.result()
                elif status == "shortcut":
                    result = progress.probe.shortcut_answer(_text(message.get("how")))
                outcomes[step.exercise] = Outcome(
                    kind="result", result=result,
                    check_output=worker.output(progress.start, message.get("out")),
                    seconds=_seconds(message.get("seconds")),
                    notes=_restored_note(progress.restored))
                break


def _restored_note(restored: list) -> list:
    return [f"your code replaced built-in names ({', '.join(restored)}); the grader put them "
            f"back before checking this exercise"] if restored else []


def run_steps(sub: Submission, limits: Limits, uid, cases: dict, warnings: list,
              sandboxes: list, stop=judged_stop, preload=(), cap=None) -> tuple:
    """Run ``sub``'s steps in workers, restarting them as needed; returns ``(outcomes, notes)``:
    ``{exercise id: Outcome}`` for every answered exercise, and notes about cells that were
    skipped.  ``cases`` is :func:`.cases.sealed` of the chapter, ``stop`` decides when an
    answer has failed (:func:`.cases.judged_stop` here, :func:`.cases.kind_stop` where the
    expectations are not at hand), ``preload`` what the hidden cases import, and ``cap``
    the memory cap of the whole submission (:mod:`.memory`).  Problems with the grader
    itself (a worker that cannot start) are appended to ``warnings``; sandbox reports to
    ``sandboxes``."""
    setup = chapter_module(sub.chapter).SETUP
    steps = sub.steps
    outcomes, runs, notes, no_replay = {}, {}, [], set()
    first, attempts, switch_user, ignored = 0, 0, uid is not None, 0
    while first < len(steps) and attempts <= 2 * len(steps) + 3:
        attempts += 1
        plan = [i for i in range(first) if steps[i].kind == "cell" and i not in no_replay]
        plan += [i for i in range(first, len(steps))
                 if steps[i].kind == "cell" or steps[i].exercise not in outcomes]
        worker = Worker(setup, [step_payload(steps[i]) for i in plan], limits,
                        uid if switch_user else None, preload, cap)
        progress = _Progress()
        try:
            try:
                sandboxes.append(_start(worker, limits))
            except (TimeoutError, WorkerDied) as err:
                if not switch_user or _STOP.is_set():
                    raise _Failure(f"the worker did not start: {err or ''}"
                                   f"{worker.stderr_tail()[-500:]}")
                warnings.append(f"a worker could not start as another user ({err or ''}"
                                f"{worker.stderr_tail()[-300:]}); learner code then ran as "
                                f"the grader's user")
                switch_user = False        # perhaps it cannot work as another user here
                continue
            _follow(worker, plan, steps, first, limits, outcomes, runs, progress, cases, stop)
            first = len(steps)
        except (TimeoutError, WorkerDied, _OutOfTurn) as err:
            if _STOP.is_set():
                raise _Failure("grading was stopped")
            index = plan[progress.position]
            step = steps[index]
            kind = ("timeout" if isinstance(err, TimeoutError) else
                    "out of turn" if isinstance(err, (_OutOfTurn, ChannelAbused)) else "died")
            status = worker.exit_status() if kind == "died" else None  # before the kill
            worker.kill()
            if cap is not None and cap.over(worker):
                worker.over_cap = True
            guarded = None
            if status is not None and step.kind == "probe" and progress.probe is not None:
                guarded = progress.probe.stopped_by_guard(status)
            if worker.over_cap:
                detail = f"the submission's processes together used more than " \
                         f"{limits.memory_mb} MB ({cap.how})"
            elif kind == "died":
                detail = str(err) or worker.exit_detail()
            else:
                detail = str(err) if kind == "out of turn" else ""
            output = worker.output(progress.start)
            if index < first or step.kind == "cell":
                no_replay.add(index)       # never run a cell again that hung or killed a worker
            if index < first:
                continue                   # a replayed cell failed this time: leave it out
            first = index + 1
            if step.kind == "probe" and guarded is not None:
                outcomes[step.exercise] = Outcome(kind="result", result=guarded,
                                                  check_output=output,
                                                  notes=_restored_note(progress.restored))
            elif step.kind == "probe":
                outcomes[step.exercise] = Outcome(kind=kind, detail=detail, check_output=output,
                                                  memory=worker.over_cap)
            else:
                runs[index] = {"output": output, "error": None, "failed": kind, "detail": detail,
                               "memory": worker.over_cap}
                if step.exercise is None:
                    what = (judge.timeout_message(limits) if kind == "timeout" else
                            "ended the worker process")
                    notes.append(f"cell {step.cell} {what}; it was skipped and the cells "
                                 f"after it were still run")
        except _Failure as failure:
            warnings.append(f"{sub.relpath}: {failure}")
            for step in steps[first:]:
                if step.kind == "probe" and step.exercise not in outcomes:
                    outcomes[step.exercise] = Outcome(kind="lost", detail=str(failure))
            break
        finally:
            ignored += worker.ignored
            problem = worker.stop()
            if problem:
                warnings.append(problem)
    if ignored:
        notes.append("processes your code started wrote to the grader's channel; what they "
                     "wrote was ignored (only the worker itself may report results)")
    answer_cells = {a.cell for a in sub.answers}
    failed = [(steps[i].cell, run["error"]) for i, run in sorted(runs.items())
              if run.get("error") and steps[i].cell not in answer_cells]
    notes += [f"cell {cell} raised {error['kind']}: {error['message']}".rstrip(": ")
              for cell, error in failed[:5]]
    if len(failed) > 5:
        notes.append(f"{len(failed) - 5} more cells raised an exception")
    return _with_answer_cells(sub, outcomes, runs), notes


def _with_answer_cells(sub: Submission, outcomes: dict, runs: dict) -> dict:
    """Each Outcome completed with what its answer cell printed and raised when it ran (or
    replaced by the answer cell's own timeout or crash)."""
    cell_step = {s.cell: i for i, s in enumerate(sub.steps) if s.kind == "cell"}
    for answer in sub.answers:
        run = runs.get(cell_step.get(answer.cell))
        if run is None:
            continue
        if run.get("failed"):
            outcomes[answer.exercise] = Outcome(kind=run["failed"], detail=run["detail"],
                                                output=run["output"], memory=run.get("memory"))
            continue
        outcome = outcomes.get(answer.exercise)
        if outcome is not None:
            outcome.output, outcome.ran_error = run["output"], run["error"]
    return outcomes


def grade_submission(sub: Submission, limits: Limits, uid=None, warnings=None,
                     sandboxes=None) -> SubmissionResult:
    """Grade one submission that has been read with :func:`extract.read_submission`."""
    started = time.monotonic()
    warnings = [] if warnings is None else warnings
    sandboxes = [] if sandboxes is None else sandboxes
    outcomes, notes = {}, []
    if not sub.problem and sub.answers:
        outcomes, notes = run_steps(sub, limits, uid, sealed(sub.chapter), warnings, sandboxes,
                                    preload=preload(sub.chapter), cap=memory.cap(limits))
    result = judge.judge_submission(sub, outcomes, limits)
    result.notes += notes
    result.seconds = time.monotonic() - started
    return result


# -- grading a folder --------------------------------------------------------------------------
def grade_directory(root, *, chapter: str | None = None, jobs: int | None = None,
                    limits: Limits = Limits(), on_result=None, executor=None) -> Run:
    """Grade every notebook under ``root``; ``on_result(SubmissionResult)`` is called as each
    one finishes (from worker threads, one at a time)."""
    root = Path(root)
    paths, skipped = extract.survey(root)
    ids = extract.student_ids(paths, root)
    run = grade_paths([(p, ids[p], p.relative_to(root).as_posix()) for p in paths],
                      chapter=chapter, jobs=jobs, limits=limits, on_result=on_result,
                      executor=executor)
    run.skipped = [{"path": path, "reason": reason} for path, reason in skipped]
    return run


def local_runner(jobs: int):
    """``run(sub, limits) -> (outcomes, notes, sandboxes, warnings)`` on this machine, with a
    user id of its own per worker when root."""
    uids = UserIds(jobs)

    def run(sub: Submission, limits: Limits) -> tuple:
        cap = memory.cap(limits)
        uid = uids.take()
        warnings, sandboxes = [], []
        try:
            outcomes, notes = run_steps(sub, limits, uid, sealed(sub.chapter), warnings,
                                        sandboxes, preload=preload(sub.chapter), cap=cap)
        finally:
            uids.give_back(uid)
        return outcomes, notes, sandboxes, warnings

    return run


def import_before_threads() -> None:
    """Import minigrad and every chapter's exercises now, in this thread.

    Otherwise the grading threads import them lazily, several at once; and two threads
    importing a package and one of its submodules at the same moment can each wait for
    the other, which Python breaks by handing one of them the half-initialized module
    ("cannot import name 'Tensor' from partially initialized module 'minigrad.tensor'",
    then "KeyError: 'minigrad'" in the other).  Seen under load, on the first two
    submissions of a run."""
    import minigrad  # noqa: F401

    for name in chapter_modules().values():
        importlib.import_module(name)


def keep_heap_small() -> bool:
    """Have glibc's malloc give each block over 128 KB a mapping of its own, handed back to
    the system when freed; True when that was set.

    By default glibc raises this threshold to the largest block freed so far (up to 32 MB),
    and blocks under it then come from the heap of the thread's arena, where freed memory
    stays resident.  Reading a notebook needs a few blocks of its size, so how much a
    16 MB notebook left resident depended on which grading thread read it and what that
    thread's arena had held before: four of them, read one at a time, took the grader to
    150 MB, and to 91 MB with the threshold set (which also switches the raising off)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None)
        return bool(libc.mallopt(-3, 128 * 1024))       # M_MMAP_THRESHOLD; 0: not set
    except (OSError, AttributeError):
        return False


def grade_paths(entries: list, *, chapter: str | None = None, jobs: int | None = None,
                limits: Limits = Limits(), on_result=None, executor=None) -> Run:
    """Grade ``[(path, student id, relative path), ...]``, ``jobs`` at a time.

    ``executor`` runs a submission's steps: by default :func:`local_runner`; a Dask
    cluster's comes from :func:`classroom.grade.cluster.dask_runner`.  Reading and judging
    happen here, in this process, whichever runs the steps.  On KeyboardInterrupt every
    worker is stopped and :class:`Interrupted` carries the results that were finished."""
    started = time.monotonic()
    jobs = jobs or default_jobs()
    execute = executor or local_runner(jobs)
    warnings, sandboxes, results = [], [], []
    report_lock = threading.Lock()
    # One notebook is read at a time: reading one costs about twice what it keeps (up to
    # extract.MAX_KEPT), and threads reading at once would add up to ``jobs`` times that,
    # however the timing fell.  Reading holds the GIL anyway, so nothing is lost.
    read_lock = threading.Lock()
    _STOP.clear()
    keep_heap_small()
    import_before_threads()

    def one(entry):
        path, student, relpath = entry
        try:
            with read_lock:
                sub = extract.read_submission(path, student, relpath, chapter)
            outcomes, notes, boxes, problems = ({}, [], [], [])
            if not sub.problem and sub.answers:
                outcomes, notes, boxes, problems = execute(sub, limits)
            if _STOP.is_set():
                return None
            result = judge.judge_submission(sub, outcomes, limits)
            result.notes += notes
            with report_lock:
                sandboxes.extend(boxes)
                warnings.extend(problems)
            return result
        except Exception as err:  # noqa: BLE001 - a grader bug must not lose the other rows
            if _STOP.is_set():
                return None
            import traceback

            detail = "".join(traceback.format_exception_only(type(err), err)).strip()
            warnings.append(f"{relpath}: internal grader error: {detail}")
            problem = f"internal grader error: {detail}"
            return SubmissionResult(student=student, relpath=relpath, chapter=chapter,
                                    problem=problem, internal_error=detail,
                                    exercises=judge.not_graded(chapter, problem))

    def timed(entry):
        begun = time.monotonic()
        result = one(entry)
        if result is not None:
            result.seconds = time.monotonic() - begun
        return result

    pool = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="grade")
    pending = {pool.submit(timed, entry) for entry in entries}
    try:
        while pending:
            done, pending = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
            for future in done:
                result = future.result()
                if result is None:
                    continue
                results.append(result)
                if on_result is not None:
                    on_result(result)
    except KeyboardInterrupt:
        stop()
        for future in pending:
            future.cancel()
        pool.shutdown(wait=True)
        for future in pending:
            if future.done() and not future.cancelled() and future.result() is not None:
                results.append(future.result())
        raise Interrupted(sorted(results, key=lambda r: r.student)) from None
    pool.shutdown(wait=True)
    results.sort(key=lambda r: r.student)
    assign_chapter(results)
    run = Run(results=results, seconds=time.monotonic() - started, jobs=jobs, limits=limits,
              chapter=chapter, sandbox=summarise_sandboxes(sandboxes, limits))
    run.warnings = sorted(set(warnings)) + sandbox_warnings(run.sandbox)
    return run


def assign_chapter(results: list) -> None:
    """Unreadable notebooks of a one-chapter run count as that chapter's (so their row shows
    what they could have scored)."""
    chapters = {r.chapter for r in results if r.chapter is not None}
    if len(chapters) == 1:
        only = chapters.pop()
        for result in results:
            if result.chapter is None and result.problem:
                result.chapter = only
                result.exercises = judge.not_graded(only, result.problem)


def summarise_sandboxes(reports: list, limits: Limits | None = None) -> dict:
    """What held for every worker of the run (the weakest protection is what counts)."""
    if not reports:
        return {}
    names = list(sandbox.PROTECTIONS)
    held = {name: all((r.get("protections") or {}).get(name, {}).get("held") is True
                      for r in reports) for name in names}
    how = {}
    for name in names:
        texts = sorted({_text((r.get("protections") or {}).get(name, {}).get("how"), 300)
                        for r in reports
                        if ((r.get("protections") or {}).get(name, {}).get("held") is True)
                        == held[name]})
        how[name] = "; ".join(t for t in texts if t)
    return {"users": sorted({_text(r.get("user"), 200) for r in reports}),
            "memory": memory.describe(limits) if limits is not None else {},
            "own_user": all(r.get("own_user") is True for r in reports),
            "landlock": min(r.get("landlock", 0) if type(r.get("landlock")) is int else 0
                            for r in reports),
            "seccomp": all(r.get("seccomp") is True for r in reports),
            "namespaces": all(isinstance(r.get("namespaces"), dict) and
                              r["namespaces"].get("pid") is True for r in reports),
            "protections": {name: {"held": held[name], "how": how[name]} for name in names},
            "missing": [name for name in names if not held[name]],
            "warnings": sorted({_text(w) for r in reports for w in r.get("warnings", [])
                                if isinstance(w, str)})}


def sandbox_warnings(summary: dict) -> list:
    if not summary:
        return []
    out = list(summary.get("warnings", []))
    for name in summary.get("missing", []):
        out.append(f"missing protection '{name}': learner code was not kept from what this "
                   f"protects ({sandbox.PROTECTIONS[name]}): "
                   f"{summary['protections'][name]['how']}")
    return out


def probe_sandbox(limits: Limits = Limits()) -> dict:
    """Start one worker with nothing to run and return its sandbox report: what protection
    learner code would have on this machine (the CLI prints it at start)."""
    uids = UserIds(1)
    uid = uids.take()
    worker = Worker(chapter_module(next(iter(_chapters()))).SETUP, [], limits, uid)
    try:
        return _start(worker, limits)
    except (TimeoutError, WorkerDied, _Failure) as err:
        return {"error": f"{err} {worker.stderr_tail()[-500:]}".strip()}
    finally:
        worker.stop()


def _chapters():
    from ..exercises.registry import chapter_modules

    return chapter_modules()
