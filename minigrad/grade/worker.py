"""The worker: one process that runs one submission's answer code, never the grader itself.

The runner starts it as ``python -m minigrad.grade.worker`` in a fresh scratch
folder, with a minimal environment, in a session of its own (so the runner can
kill it and everything it started), and writes a job to its stdin::

    {"token": "...", "setup": "<the chapter's SETUP>", "sandbox": {...},
     "steps": [{"exercise": "02.add", "code": "...", "probe": true}, ...]}

The worker then:

1. reads the job and closes stdin (``input()`` in learner code gets EOF);
2. keeps its original stdout as a private result channel (a new, non-inherited
   descriptor) and points descriptors 1 and 2 at the capture file the runner gave
   it as stderr, so whatever learner code prints is captured and never parsed;
3. imports the chapter's exercises and runs ``SETUP``: trusted code, run before...
4. ...confining itself (:func:`minigrad.grade.sandbox.confine`: limits, another user,
   Landlock);
5. for each step, in notebook order, ``exec``\\ s the answer code in one namespace
   shared by all steps (cumulative, as in a notebook), catching everything
   (``SyntaxError``, ``SystemExit`` from ``sys.exit()``, ``KeyboardInterrupt``...), and
   then, unless the step only replays code for a restarted worker, probes the answer
   with ``exercise.probe(answer, hidden=True)`` and sends the encoded observations.

Messages are JSON lines, each starting with a newline and the job's random token, so
nothing learner code prints (even to the channel itself, unless it goes looking for
the token) is taken for a result.  The worker only *observes*: the runner judges the
observations in its own process, where learner code cannot have monkeypatched
NumPy or the checkers.  It ends with ``os._exit``, so ``atexit`` handlers and threads
left by learner code cannot keep it alive.
"""

from __future__ import annotations

import builtins
import os
import sys
import time
import traceback
from json import dumps as _dumps
from json import loads as _loads


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


def main() -> None:
    job = _loads(sys.stdin.buffer.read().decode("utf-8"))
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    channel = _Channel(os.dup(1), job["token"])
    os.dup2(2, 1)
    for stream in (sys.stdout, sys.stderr):
        stream.reconfigure(line_buffering=True)

    try:
        from minigrad.exercises import core
        from minigrad.exercises.registry import get
        from minigrad.grade import sandbox

        exercises = {step["exercise"]: get(step["exercise"]) for step in job["steps"]}
        namespace = {"__name__": "__main__", "__builtins__": builtins, "display": _display}
        exec(compile(job["setup"], "<setup>", "exec"), namespace)
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
        if exercise.entry not in namespace:
            message["status"] = "undefined"
        else:
            try:
                observations = exercise.probe(namespace[exercise.entry], hidden=True)
                message["observations"] = [encode(o) for o in observations]
                message["status"] = "observed"
            except not_attempted:
                message["status"] = "not attempted"
            except BaseException as err:  # noqa: BLE001 - SystemExit, KeyboardInterrupt...
                message["status"] = "raised"
                message["raised"] = _describe(err, filename)
        message["out"] = _offset()
        message["seconds"] = round(time.perf_counter() - started, 4)
        channel.send(message)
    channel.send({"event": "done"})
    _offset()
    os._exit(0)


if __name__ == "__main__":
    main()
