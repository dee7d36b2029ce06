"""The worker: one process that runs one submission's answer code, never the grader itself.

The runner starts it as ``python -m classroom.grade.worker`` in a fresh scratch
folder, with a minimal environment, in a session of its own (so the runner can
kill it and everything it started), and writes a job to its stdin as one line::

    {"token": "...", "setup": "<the chapter's SETUP>", "sandbox": {...},
     "steps": [{"exercise": "02.add", "code": "...", "probe": true}, ...]}

The job holds no hidden case, no expected value and no reference answer.  The worker then:

1. reads the job line and moves stdin to a private descriptor (learner code's
   ``input()`` gets EOF), on which the runner later sends each exercise's hidden cases;
2. keeps its original stdout as a private result channel (a new, non-inherited
   descriptor) and points descriptors 1 and 2 at the capture file the runner gave
   it as stderr, so whatever learner code prints is captured and never parsed;
3. imports the chapter's exercises and runs ``SETUP``: trusted code, run before...
4. ...confining itself (:func:`classroom.grade.sandbox.confine`: limits, another user,
   Landlock);
5. for each step, in notebook order, ``exec``\\ s the answer code in one namespace
   shared by all steps (cumulative, as in a notebook), catching everything
   (``SyntaxError``, ``SystemExit`` from ``sys.exit()``, ``KeyboardInterrupt``...), and
   then, unless the step only replays code for a restarted worker, reads that
   exercise's hidden cases from the private descriptor (the runner sends them only
   once the step's code has run), probes the answer on the public and hidden cases,
   sends the encoded observations, and drops the hidden cases again.

Messages are JSON lines, each starting with a newline and the job's random token, so
nothing learner code prints (even to the channel itself, unless it goes looking for
the token) is taken for a result.  The worker only *observes*: the runner judges the
observations in its own process, where learner code cannot have monkeypatched
NumPy or the checkers.  It ends with ``os._exit``, so ``atexit`` handlers and threads
left by learner code cannot keep it alive.
"""

from __future__ import annotations

import builtins
import gc
import os
import sys
import time
import traceback
from json import dumps as _dumps
from json import loads as _loads

_read = os.read          # bound now: learner code may replace os.read later


def _describe(err: BaseException, filename: str) -> dict:
    """Kind, first line of the message and the line of the answer where it happened."""
    text = str(err).strip().splitlines()
    line = None
    if isinstance(err, SyntaxError) and err.filename == filename:
        line = err.lineno
        text = [err.msg or ""]
    else:
        for frame in traceback.extract_tb(err.__traceback__):
            if frame.filename == filename:
                line = frame.lineno
    return {"kind": type(err).__name__, "message": (text[0] if text else "")[:300],
            "line": line, "fatal": not isinstance(err, Exception)}


def _display(*objects, **_ignored):
    """Stand-in for IPython's ``display`` so answers that call it still run."""
    for obj in objects:
        print(repr(obj))


class _Channel:
    """Sends messages to the runner over the private descriptor."""

    def __init__(self, fd: int, token: str):
        self.fd, self.prefix = fd, b"\n" + token.encode() + b" "

    def send(self, message: dict) -> None:
        try:
            data = self.prefix + _dumps(message).encode() + b"\n"
        except (ValueError, TypeError, RecursionError) as err:
            data = self.prefix + _dumps({"event": "result", "step": message.get("step"),
                                         "status": "unrecordable", "error": str(err)[:200]}
                                        ).encode() + b"\n"
        view = memoryview(data)
        while view:
            written = os.write(self.fd, view)
            view = view[written:]


def _offset() -> int | None:
    """How far the capture file has been written (learner output of a step lies between
    two offsets)."""
    for stream in (sys.__stdout__, sys.__stderr__, sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:       # noqa: BLE001 - learner code may have replaced the streams
            pass
    try:
        return os.lseek(1, 0, os.SEEK_CUR)
    except OSError:
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
    """The hidden cases of the exercise at step ``index``, as the runner sends them."""
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


def main() -> None:
    inbox = _Inbox(os.dup(0))
    job = _loads(inbox.line().decode("utf-8"))
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

        exercises = {step["exercise"]: get(step["exercise"]) for step in job["steps"]}
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
    encode, not_attempted = core.encode, core.NotAttemptedError

    box = job["sandbox"]
    report = sandbox.confine(scratch=box["scratch"], uid=box.get("uid"),
                             memory_mb=box["memory_mb"], cpu_seconds=box["cpu_seconds"],
                             file_mb=box["file_mb"], use_landlock=box.get("landlock", True))
    channel.send({"event": "ready", "sandbox": report})

    for index, step in enumerate(job["steps"]):
        exercise = exercises[step["exercise"]]
        filename = f"<answer {exercise.id}>"
        start_offset, started = _offset(), time.perf_counter()
        channel.send({"event": "start", "step": index, "out": start_offset})
        error = None
        try:
            code = compile(step["code"], filename, "exec", dont_inherit=True)
            exec(code, namespace)
        except BaseException as err:  # noqa: BLE001 - any failure of learner code is data
            error = _describe(err, filename)
        ran_offset = _offset()
        channel.send({"event": "ran", "step": index, "out": ran_offset, "error": error})
        if not step["probe"]:
            continue
        message = {"event": "result", "step": index, "error": error}
        try:
            hidden = _hidden_cases(inbox, index, exercise, load_hidden, known)
        except BaseException as err:  # noqa: BLE001 - learner code may have broken the channel
            message["status"] = "unrecordable"
            message["error"] = f"the hidden cases did not arrive: {err}"[:300]
            channel.send(message)
            continue
        if exercise.entry not in namespace:
            message["status"] = "undefined"
        else:
            try:
                observations = exercise.probe(namespace[exercise.entry],
                                              list(exercise.cases) + list(hidden))
                message["observations"] = [encode(o) for o in observations]
                message["status"] = "observed"
            except not_attempted:
                message["status"] = "not attempted"
            except BaseException as err:  # noqa: BLE001 - SystemExit, KeyboardInterrupt...
                message["status"] = "raised"
                message["raised"] = _describe(err, filename)
        del hidden
        gc.collect()
        message["out"] = _offset()
        message["seconds"] = round(time.perf_counter() - started, 4)
        channel.send(message)
    channel.send({"event": "done"})
    _offset()
    os._exit(0)


if __name__ == "__main__":
    main()
