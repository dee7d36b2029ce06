"""Driving the workers: one fresh process per submission, time limits, restarts, parallelism.

For each submission the runner starts a worker (:mod:`classroom.grade.worker`) and
reads its messages with a deadline per exercise.  When an exercise runs past the
time limit, or the worker dies (``os._exit``, a crash, the memory limit), the runner
kills the worker's whole process group (and, when it ran as a user of its own,
every process of that user), records why for that exercise, and starts a new
worker for the remaining exercises.  The new worker first replays the earlier
answer cells, so definitions they made still exist, but never the cell whose code
was running when the old worker died or hung.  (If only the *checking* of an answer
hung, its cell itself ran fine and is replayed.)

Submissions are graded in parallel by a thread pool; each thread drives its own
workers, which do the actual work in separate processes.

Nothing here runs learner code: the runner reads JSON messages prefixed with the
job's random token from a pipe, and the learner's printed output from an unlinked
capture file that only the worker can write to.

Hidden cases reach a worker one exercise at a time: the runner writes an exercise's
hidden-case file to the worker's stdin only after the worker reports that the
exercise's answer cell has run (see :mod:`classroom.grade.worker`).  Expected values
and reference answers never reach a worker.
"""

from __future__ import annotations

import importlib
import json
import os
import queue
import secrets
import select
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from ..exercises import instructor
from ..exercises.registry import chapter as chapter_module
from ..exercises.registry import chapter_modules
from . import extract, judge, sandbox
from .model import Limits, Outcome, Run, Submission, SubmissionResult

OUTPUT_LIMIT = 4000              # characters of captured output kept per exercise
MAX_MESSAGE = 256 * 2**20        # a result line longer than this is treated as a crash
_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])     # the folder holding minigrad/
LANDLOCK = True                  # tests turn it off to check the other layers on their own


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


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


# -- one worker process ------------------------------------------------------------------------
class WorkerDied(Exception):
    """The worker's result channel closed: the process ended (or closed it)."""


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


def imported_modules(source: str) -> list:
    """The modules a hidden-case file imports, by name: the worker imports them before it
    is confined (a confined worker may not be able to read them), without seeing the file."""
    import ast

    names = set()
    for node in ast.walk(ast.parse(source)) if source else ():
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return sorted(names)


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


class Worker:
    """One worker process and the grader's end of its pipes."""

    COMMAND = [sys.executable, "-B", "-s", "-m", "classroom.grade.worker"]

    def __init__(self, setup: str, steps: list, limits: Limits, uid, hidden: str = ""):
        self.token = secrets.token_hex(16)
        self.prefix = self.token.encode() + b" "
        self.base = tempfile.mkdtemp(prefix="minigrad-grade-",
                                     dir=scratch_parent(uid is not None and os.geteuid() == 0))
        os.chmod(self.base, 0o711)               # the worker's user may pass through, not list
        scratch = os.path.join(self.base, "work")
        os.mkdir(scratch, 0o700)
        self.capture = tempfile.TemporaryFile(dir=self.base)   # unlinked: no path to attack
        self.uid = uid
        self.hidden = hidden               # the chapter's hidden-case file, sent step by step
        job = {"token": self.token, "setup": setup, "steps": steps,
               "preload": imported_modules(hidden),
               "sandbox": {"scratch": scratch, "uid": uid, "memory_mb": limits.memory_mb,
                           "file_mb": limits.file_mb, "landlock": LANDLOCK,
                           "cpu_seconds": int(limits.timeout * (len(steps) + 1)
                                              + limits.startup)}}
        self.process = subprocess.Popen(
            self.COMMAND, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.capture,
            cwd=scratch, env=worker_environment(scratch), start_new_session=True, close_fds=True)
        self.send(job)
        self.fd = self.process.stdout.fileno()
        os.set_blocking(self.fd, False)
        self.poller = select.poll()
        self.poller.register(self.fd, select.POLLIN | select.POLLHUP | select.POLLERR)
        self.buffer = bytearray()
        self.own_user = False

    def send(self, message: dict) -> None:
        """One line to the worker's stdin (its private job channel)."""
        try:
            self.process.stdin.write(json.dumps(message).encode() + b"\n")
            self.process.stdin.flush()
        except (OSError, ValueError):
            pass                                  # it died; receive() will say so

    def send_hidden(self, step: int) -> None:
        """The hidden cases for ``step``, whose answer cell has now run."""
        self.send({"step": step, "hidden": self.hidden})

    def receive(self, deadline: float) -> dict:
        """The next message; raises TimeoutError after ``deadline`` (time.monotonic()) and
        WorkerDied when the channel closes."""
        while True:
            end = self.buffer.find(b"\n")
            while end >= 0:
                line = bytes(self.buffer[:end])
                del self.buffer[:end + 1]
                if line.startswith(self.prefix):
                    try:
                        message = json.loads(line[len(self.prefix):])
                    except (ValueError, RecursionError):
                        raise WorkerDied("it sent a result the grader could not read") from None
                    if isinstance(message, dict):
                        return message
                end = self.buffer.find(b"\n")
            if len(self.buffer) > MAX_MESSAGE:
                raise WorkerDied("it sent more than 256 MB without a line break")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            if not self.poller.poll(max(1, int(remaining * 1000))):
                continue
            try:
                chunk = os.read(self.fd, 1 << 16)
            except BlockingIOError:
                continue
            if not chunk:
                raise WorkerDied("")
            self.buffer += chunk

    def output(self, start, end=None) -> str:
        """What learner code printed between two capture-file offsets (head and tail kept)."""
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
        """How the process ended, for instructors' notes."""
        try:
            code = self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return ""
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
        """Kill the worker and everything it started (its process group, and every process
        of its own user id)."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        if self.own_user and self.uid is not None:
            sandbox.kill_user_processes(self.uid)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass

    def stop(self) -> None:
        """Kill the worker and remove its pipes, capture file and scratch folder."""
        self.kill()
        for pipe in (self.process.stdin, self.process.stdout):
            try:
                pipe.close()
            except OSError:
                pass
        self.capture.close()
        shutil.rmtree(self.base, ignore_errors=True)


# -- grading one submission --------------------------------------------------------------------
class _Failure(Exception):
    """The worker cannot be started or cannot run the chapter's setup: a grader problem."""


class _Progress:
    """Where a worker had got to: the step it was on, and that step's messages so far."""

    def __init__(self):
        self.position, self.ran, self.start_offset = -1, None, None

    def begin(self, position: int) -> None:
        self.position, self.ran, self.start_offset = position, None, None


def _start(worker: Worker, limits: Limits) -> dict:
    """Wait for the worker's "ready" message; returns its sandbox report."""
    ready = worker.receive(time.monotonic() + limits.startup)
    if ready.get("event") == "fatal":
        raise _Failure(f"the worker could not run the chapter's setup: {ready.get('error')}")
    report = ready.get("sandbox") or {}
    worker.own_user = bool(report.get("own_user"))
    return report


def _run_plan(worker: Worker, plan: list, answers: list, limits: Limits, outcomes: dict,
              progress: _Progress) -> None:
    """Follow the worker through its steps, recording each probed answer's Outcome.
    Raises TimeoutError or WorkerDied, with ``progress`` saying where."""
    for position, (index, probe) in enumerate(plan):
        progress.begin(position)
        deadline = time.monotonic() + limits.timeout
        while True:
            message = worker.receive(deadline)
            if message.get("step") != position:
                continue
            event = message.get("event")
            if event == "start":
                progress.start_offset = message.get("out")
            elif event == "ran":
                progress.ran = message
                if not probe:
                    break
                worker.send_hidden(position)
            elif event == "result" and probe:
                ran_offset = progress.ran.get("out") if progress.ran else None
                outcomes[answers[index].exercise] = Outcome(
                    kind="result", result=message,
                    ran_error=progress.ran.get("error") if progress.ran else None,
                    output=worker.output(progress.start_offset, ran_offset),
                    check_output=worker.output(ran_offset, message.get("out")),
                    seconds=message.get("seconds"))
                break


def run_answers(sub: Submission, limits: Limits, uid, warnings: list,
                sandboxes: list) -> dict:
    """{exercise id: Outcome} for every answer of ``sub``, restarting workers as needed.

    Each worker gets a plan: replay the earlier answers that may be replayed (just run
    them), then run and probe the rest.  Problems with the grader itself (a worker
    that cannot start) are appended to ``warnings``; sandbox reports to ``sandboxes``.
    """
    setup = chapter_module(sub.chapter).SETUP
    hidden = instructor.hidden_source(sub.chapter)
    answers = sub.answers
    outcomes, no_replay, first = {}, set(), 0
    switch_user, attempts = uid is not None, 0
    while first < len(answers) and attempts <= 2 * len(answers) + 3:
        attempts += 1
        plan = [(i, False) for i in range(first) if i not in no_replay]
        plan += [(i, True) for i in range(first, len(answers))]
        steps = [{"exercise": answers[i].exercise, "code": answers[i].code, "probe": probe}
                 for i, probe in plan]
        worker = Worker(setup, steps, limits, uid if switch_user else None, hidden)
        progress = _Progress()
        try:
            try:
                sandboxes.append(_start(worker, limits))
            except (TimeoutError, WorkerDied) as err:
                if not switch_user:
                    raise _Failure(f"the worker did not start: {worker.stderr_tail()[-500:]}")
                warnings.append(f"a worker could not start as another user ({err or ''}"
                                f"{worker.stderr_tail()[-300:]}); learner code then ran as "
                                f"the grader's user")
                switch_user = False        # perhaps it cannot work as another user here
                continue
            _run_plan(worker, plan, answers, limits, outcomes, progress)
            first = len(answers)
        except (TimeoutError, WorkerDied) as err:
            index, probe = plan[progress.position]
            ran = progress.ran
            if ran is None:                # its own code was running: never replay it
                no_replay.add(index)
            if probe:                      # (a replay that failed is simply left out next time)
                kind = "timeout" if isinstance(err, TimeoutError) else "died"
                detail = "" if kind == "timeout" else (str(err) or worker.exit_detail())
                worker.kill()
                ran_offset = ran.get("out") if ran else None
                outcomes[answers[index].exercise] = Outcome(
                    kind=kind, detail=detail, ran_error=ran.get("error") if ran else None,
                    output=worker.output(progress.start_offset, ran_offset),
                    check_output=worker.output(ran_offset) if ran else "")
                first = index + 1
        except _Failure as failure:
            warnings.append(f"{sub.relpath}: {failure}")
            for answer in answers[first:]:
                outcomes[answer.exercise] = Outcome(kind="lost", detail=str(failure))
            break
        finally:
            worker.stop()
    return outcomes


def grade_submission(sub: Submission, limits: Limits, uid=None, warnings=None,
                     sandboxes=None) -> SubmissionResult:
    """Grade one submission that has been read with :func:`extract.read_submission`."""
    started = time.monotonic()
    warnings = [] if warnings is None else warnings
    sandboxes = [] if sandboxes is None else sandboxes
    outcomes = {} if sub.problem or not sub.answers else run_answers(sub, limits, uid,
                                                                     warnings, sandboxes)
    result = judge.judge_submission(sub, outcomes, limits)
    result.seconds = time.monotonic() - started
    return result


# -- grading a folder --------------------------------------------------------------------------
def grade_directory(root, *, chapter: str | None = None, jobs: int | None = None,
                    limits: Limits = Limits(), on_result=None) -> Run:
    """Grade every notebook under ``root``; ``on_result(SubmissionResult)`` is called as each
    one finishes (from worker threads, one at a time)."""
    root = Path(root)
    paths = extract.find_notebooks(root)
    ids = extract.student_ids(paths, root)
    return grade_paths([(p, ids[p], p.relative_to(root).as_posix()) for p in paths],
                       chapter=chapter, jobs=jobs, limits=limits, on_result=on_result)


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


def grade_paths(entries: list, *, chapter: str | None = None, jobs: int | None = None,
                limits: Limits = Limits(), on_result=None) -> Run:
    """Grade ``[(path, student id, relative path), ...]`` with ``jobs`` threads."""
    started = time.monotonic()
    jobs = jobs or default_jobs()
    uids = UserIds(jobs)
    warnings, sandboxes, results = [], [], []
    report_lock = threading.Lock()
    import_before_threads()

    def one(entry):
        path, student, relpath = entry
        uid = uids.take()
        try:
            sub = extract.read_submission(path, student, relpath, chapter)
            return grade_submission(sub, limits, uid, warnings, sandboxes)
        except Exception as err:  # noqa: BLE001 - a grader bug must not lose the other rows
            import traceback

            detail = "".join(traceback.format_exception_only(type(err), err)).strip()
            warnings.append(f"{relpath}: internal grader error: {detail}")
            return SubmissionResult(student=student, relpath=relpath, chapter=chapter,
                                    problem=f"internal grader error: {detail}",
                                    internal_error=detail)
        finally:
            uids.give_back(uid)

    with ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="grade") as pool:
        futures = [pool.submit(one, entry) for entry in entries]
        for future in as_completed(futures):
            result = future.result()
            results.append(result)
            if on_result is not None:
                with report_lock:
                    on_result(result)
    results.sort(key=lambda r: r.student)
    chapters = {r.chapter for r in results if r.chapter is not None}
    if len(chapters) == 1:           # unreadable notebooks of a one-chapter run: that chapter
        only = chapters.pop()
        for result in results:
            if result.chapter is None and result.problem:
                result.chapter = only
                result.exercises = judge.not_graded(only, result.problem)
    run = Run(results=results, seconds=time.monotonic() - started, jobs=jobs, limits=limits,
              chapter=chapter, sandbox=summarise_sandboxes(sandboxes))
    run.warnings = sorted(set(warnings)) + sandbox_warnings(run.sandbox)
    return run


def summarise_sandboxes(reports: list) -> dict:
    """The weakest protection any worker of the run had (what instructors must know)."""
    if not reports:
        return {}
    return {"users": sorted({r.get("user", "?") if not r.get("own_user") else
                             "a user of its own per worker" for r in reports}),
            "own_user": all(r.get("own_user") for r in reports),
            "landlock": min(r.get("landlock", 0) for r in reports),
            "files_protected": all(r.get("files_protected") for r in reports),
            "signals_isolated": all(r.get("signals_isolated") for r in reports),
            "network_blocked": all(r.get("network_blocked") for r in reports),
            "warnings": sorted({w for r in reports for w in r.get("warnings", [])})}


def sandbox_warnings(summary: dict) -> list:
    if not summary:
        return []
    out = list(summary.get("warnings", []))
    if not summary.get("files_protected"):
        out.append("learner code ran with the grader's own permissions (not root, or the switch "
                   "to another user failed, and no Landlock): it could change or delete files "
                   "this user may change")
    elif not summary.get("signals_isolated"):
        out.append("learner code could send signals to other processes of its user (no user "
                   "of its own and no Landlock signal scoping)")
    return out


def probe_sandbox(limits: Limits = Limits()) -> dict:
    """Start one worker with nothing to run and return its sandbox report: what protection
    learner code would have on this machine (used by the CLI's summary and the tests)."""
    uids = UserIds(1)
    uid = uids.take()
    worker = Worker(chapter_module(next(iter(_chapters()))).SETUP, [], limits, uid)
    try:
        message = worker.receive(time.monotonic() + limits.startup)
        worker.own_user = bool((message.get("sandbox") or {}).get("own_user"))
        return message.get("sandbox") or {"error": message.get("error")}
    except (TimeoutError, WorkerDied):
        return {"error": worker.stderr_tail()[-500:]}
    finally:
        worker.stop()


def _chapters():
    from ..exercises.registry import chapter_modules

    return chapter_modules()
