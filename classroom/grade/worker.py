"""The worker: one process that runs one submission's code, never the grader itself.

The runner starts it as ``python -m classroom.grade.worker`` in a fresh scratch
folder, with a minimal environment, in a session of its own, and writes a job to its
stdin as one line::

    {"token": "...", "grader": <the grader's pid>, "setup": "<the chapter's SETUP>",
     "sandbox": {...}, "preload": [...],
     "steps": [{"kind": "cell", "code": "...", "cell": 3, "replay": false},
               {"kind": "probe", "exercise": "02.add"}, ...]}

The steps are the notebook's code cells in notebook order (check cells left out), with
a *probe* of each exercise where the notebook checks it: just before its check cell,
or after its answer cell when the check cell was deleted.  So the code is graded as
the notebook runs it: imports added to the setup cell, helpers in cells of their own
and an answer written in a new cell below the stub all count.  The job holds no hidden
case, no expected value and no reference answer.  The worker then:

1. reads the job line and moves stdin to a private descriptor (learner code's
   ``input()`` gets EOF), on which the runner later sends each exercise's hidden cases;
   it asks to be killed if the grader dies (``PR_SET_PDEATHSIG``);
2. keeps its original stdout as a private result channel (a new, non-inherited
   descriptor) and points descriptors 1 and 2 at the capture file the runner gave it as
   stderr, so whatever learner code prints is captured and never parsed;
3. imports the chapter's exercises and runs ``SETUP``: trusted code, run before...
4. ...confining itself (:func:`classroom.grade.sandbox.confine`: namespaces, limits,
   another user, Landlock, seccomp);
5. runs the steps in order in one namespace (cumulative, as in a notebook).  A cell is
   ``exec``\\ d, catching everything (``SyntaxError``, ``SystemExit`` from ``sys.exit()``,
   ``KeyboardInterrupt``...).  At a probe it first puts back any built-in that learner
   code replaced (``builtins.round = None`` must not cost every later exercise), says so
   ("probe" event), reads that exercise's hidden cases from the private descriptor (the
   runner sends them only now), probes the answer on the public and hidden cases, sends
   the encoded observations, and drops the hidden cases again.

Messages are JSON lines, each starting with a newline and the job's random token, so
nothing learner code prints (even to the channel itself, unless it goes looking for the
token) is taken for a result; the runner treats every field as untrusted anyway.  The
worker only *observes*: the runner judges the observations in its own process, where
learner code cannot have monkeypatched NumPy or the checkers.  It ends with ``os._exit``,
so ``atexit`` handlers and threads left by learner code cannot keep it alive.
"""

from __future__ import annotations

import builtins
import ctypes
import dataclasses
import gc
import os
import sys
import time
import traceback
from json import JSONEncoder
from json import loads as _loads

# Bound now: learner code may replace os.write, time.perf_counter, json.dumps...
_read, _write, _lseek = os.read, os.write, os.lseek
_clock, _collect = time.perf_counter, gc.collect
_dumps = JSONEncoder(ensure_ascii=True, allow_nan=True).encode
_BUILTINS = dict(builtins.__dict__)
_isinstance, _str, _round, _type = isinstance, str, round, type
_compile, _exec = compile, exec
# How a cell's code is named when compiled: like IPython's, so tracebacks and the shortcut
# guard (classroom.exercises.shortcuts, which must tell learner frames from the library's)
# see it as notebook code.
CELL_NAME = "<ipython-cell {}>"


def _describe(err: BaseException, filename: str) -> dict:
    """Kind, first line of the message and the line of the answer where it happened."""
    try:
        text = _str(err).strip().splitlines()
    except BaseException:  # noqa: BLE001 - learner exceptions may break str()
        text = []
    line = None
    if _isinstance(err, SyntaxError) and err.filename == filename:
        line = err.lineno if _isinstance(err.lineno, int) else None
        text = [err.msg if _isinstance(err.msg, _str) else ""]
    else:
        try:
            for frame in traceback.extract_tb(err.__traceback__):
                if frame.filename == filename:
                    line = frame.lineno
        except BaseException:  # noqa: BLE001
            pass
    return {"kind": _type(err).__name__, "message": (text[0] if text else "")[:300],
            "line": line, "fatal": not _isinstance(err, Exception)}


def _display(*objects, **_ignored):
    """Stand-in for IPython's ``display`` so answers that call it still run."""
    for obj in objects:
        print(repr(obj))


def _restore_builtins(namespace: dict) -> list:
    """Put back every built-in learner code replaced or deleted; returns their names."""
    current = builtins.__dict__
    changed = [name for name, value in _BUILTINS.items() if current.get(name) is not value]
    for name in changed:
        current[name] = _BUILTINS[name]
    if namespace.get("__builtins__") is not builtins:
        namespace["__builtins__"] = builtins
        changed.append("__builtins__")
    return changed


class _Channel:
    """Sends messages to the runner over the private descriptor."""

    def __init__(self, fd: int, token: str):
        self.fd, self.prefix = fd, b"\n" + token.encode() + b" "

    def send(self, message: dict) -> None:
        try:
            data = self.prefix + _dumps(message).encode() + b"\n"
        except BaseException as err:  # noqa: BLE001 - unencodable observations
            data = self.prefix + _dumps({"event": message.get("event"),
                                         "step": message.get("step"),
                                         "status": "unrecordable",
                                         "error": _str(err)[:200]}).encode() + b"\n"
        view = memoryview(data)
        while view:
            written = _write(self.fd, view)
            view = view[written:]


def _offset() -> int | None:
    """How far the capture file has been written (learner output of a step lies between
    two offsets)."""
    for stream in (sys.__stdout__, sys.__stderr__, sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:  # noqa: BLE001 - learner code may have replaced the streams
            pass
    try:
        return _lseek(1, 0, os.SEEK_CUR)
    except BaseException:  # noqa: BLE001
        return None


class _Inbox:
    """Lines from the runner on a private descriptor (the worker's original stdin)."""

    def __init__(self, fd: int):
        self.fd, self.buffer = fd, b""

    def line(self) -> bytes:
        while b"\n" not in self.buffer:
            chunk = _read(self.fd, 1 << 16)
            if not chunk:
                raise EOFError("the runner closed the job channel")
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line


def _hidden_cases(inbox: _Inbox, index: int, exercise, load_hidden, known: set) -> tuple:
    """The hidden cases of the exercise probed at step ``index``, as the runner sends them."""
    message = _loads(inbox.line().decode("utf-8"))
    if message.get("step") != index:
        raise RuntimeError(f"expected the hidden cases of step {index}, got {message.get('step')}")
    source = message.get("hidden")
    if not source:
        return ()
    return load_hidden(source, exercise.chapter, known).get(exercise.id, ())


def _drop_import_path_of_the_checkout() -> None:
    """Once minigrad and classroom are imported, the folder holding them (a checkout, which
    also holds solutions/ and instructor/) has no business on the import path."""
    import classroom

    checkout = os.path.dirname(os.path.dirname(os.path.realpath(classroom.__file__)))
    sys.path[:] = [p for p in sys.path if os.path.realpath(p or os.getcwd()) != checkout]
    sys.path_importer_cache.clear()


def _die_with_the_grader(grader: int | None) -> None:
    """SIGKILL this process when the grader (its parent) dies; end now if it already has."""
    if not sys.platform.startswith("linux"):
        return
    ctypes.CDLL(None).prctl(1, 9, 0, 0, 0)                 # PR_SET_PDEATHSIG, SIGKILL
    if grader is not None and os.getppid() != grader:
        os._exit(4)


def _run_cell(step: dict, index: int, namespace: dict, channel: _Channel) -> None:
    filename = CELL_NAME.format(step.get("cell"))
    channel.send({"event": "start", "step": index, "out": _offset()})
    error = None
    try:
        code = _compile(step["code"], filename, "exec", dont_inherit=True)
        _exec(code, namespace)
    except BaseException as err:  # noqa: BLE001 - any failure of learner code is data
        error = _describe(err, filename)
    channel.send({"event": "ran", "step": index, "out": _offset(), "error": error})


def _probe(step: dict, index: int, namespace: dict, channel: _Channel, inbox: _Inbox,
           exercises: dict, tools: dict) -> None:
    exercise = exercises[step["exercise"]]
    started = _clock()
    restored = _restore_builtins(namespace)
    channel.send({"event": "probe", "step": index, "out": _offset(), "restored": restored})
    message = {"event": "result", "step": index}
    try:
        hidden = _hidden_cases(inbox, index, exercise, tools["load_hidden"], tools["known"])
    except BaseException as err:  # noqa: BLE001 - learner code may have broken the channel
        message["status"] = "unrecordable"
        message["error"] = f"the hidden cases did not arrive: {err}"[:300]
        channel.send(message)
        return
    filename = CELL_NAME.format(step.get("cell"))
    try:
        if exercise.entry not in namespace:
            message["status"] = "undefined"
        else:
            try:
                observations = exercise.probe(namespace[exercise.entry],
                                              list(exercise.cases) + list(hidden))
                message["observations"] = [tools["encode"](o) for o in observations]
                message["status"] = "observed"
            except tools["not_attempted"]:
                message["status"] = "not attempted"
            except BaseException as err:  # noqa: BLE001 - SystemExit, KeyboardInterrupt...
                message["status"] = "raised"
                message["raised"] = _describe(err, filename)
    except BaseException as err:  # noqa: BLE001 - learner code broke the checker itself
        message = {"event": "result", "step": index, "status": "unrecordable",
                   "error": _describe(err, filename)["message"]}
    del hidden
    _collect()
    message["out"] = _offset()
    message["seconds"] = _round(_clock() - started, 4)
    channel.send(message)


def _within(exercise, budget):
    """``exercise`` with its time budget per case at most ``budget`` seconds."""
    if not budget or exercise.seconds <= budget:
        return exercise
    return dataclasses.replace(exercise, seconds=budget)


def main() -> None:
    inbox = _Inbox(os.dup(0))
    job = _loads(inbox.line().decode("utf-8"))
    _die_with_the_grader(job.get("grader"))
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    channel = _Channel(os.dup(1), job["token"])
    os.dup2(2, 1)
    for stream in (sys.stdout, sys.stderr):
        stream.reconfigure(line_buffering=True)

    try:
        from classroom.exercises import core
        from classroom.exercises.instructor import load_hidden
        from classroom.exercises.registry import chapter, get
        from classroom.grade import sandbox

        probed = [s["exercise"] for s in job["steps"] if s["kind"] == "probe"]
        # each case's budget fits inside the grader's timeout for the whole check (see
        # Limits.case_seconds), so a hanging case ends as "too slow" on every run
        budget = job.get("case_seconds")
        exercises = {exercise_id: _within(get(exercise_id), budget) for exercise_id in probed}
        known = {ex.id for ex in chapter({e.chapter for e in exercises.values()}.pop())
                 .EXERCISES} if exercises else set()
        namespace = {"__name__": "__main__", "__builtins__": builtins, "display": _display}
        exec(compile(job["setup"], "<setup>", "exec"), namespace)
        for name in job.get("preload", ()):        # what the hidden cases will import
            __import__(name)
        _drop_import_path_of_the_checkout()
    except BaseException as err:  # noqa: BLE001 - reported to the runner, which warns
        channel.send({"event": "fatal", "error": "".join(
            traceback.format_exception_only(type(err), err)).strip()[:500]})
        os._exit(3)
    tools = {"load_hidden": load_hidden, "known": known, "encode": core.encode,
             "not_attempted": core.NotAttemptedError}

    box = job["sandbox"]
    report = sandbox.confine(scratch=box["scratch"], uid=box.get("uid"),
                             memory_mb=box["memory_mb"], cpu_seconds=box["cpu_seconds"],
                             file_mb=box["file_mb"], scratch_mb=box.get("scratch_mb", 256),
                             use_namespaces=box.get("namespaces", True),
                             use_landlock=box.get("landlock", True),
                             use_seccomp=box.get("seccomp", True))
    channel.send({"event": "ready", "sandbox": report})

    for index, step in enumerate(job["steps"]):
        if step["kind"] == "cell":
            _run_cell(step, index, namespace, channel)
        else:
            _probe(step, index, namespace, channel, inbox, exercises, tools)
    channel.send({"event": "done"})
    _offset()
    os._exit(0)


if __name__ == "__main__":
    main()
