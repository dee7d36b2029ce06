"""The worker: one process that runs one submission's code, never the grader itself.

The runner starts it as ``python -m classroom.grade.worker`` in a fresh scratch
folder, with a minimal environment, in a session of its own, and writes a job to its
stdin as one line::

    {"token": "...", "grader": <the grader's pid>, "setup": "<the chapter's SETUP>",
     "sandbox": {...}, "preload": [...], "case_seconds": 5.0,
     "steps": [{"kind": "cell", "code": "...", "cell": 3},
               {"kind": "probe", "exercise": "02.add"}, ...]}

The steps are the notebook's code cells in notebook order (check cells left out), with
a *probe* of each exercise where the notebook checks it: just before its check cell,
or after its answer cell when the check cell was deleted.  So the code is graded as
the notebook runs it.  The job holds no case, no expected value and no reference answer.

Before the first learner cell the worker, still trusted:

1. moves stdin to a private descriptor (learner code's ``input()`` gets EOF) on which the
   runner later sends cases, one at a time; keeps its original stdout (a socket whose
   reader learns, from the kernel, which process wrote each message) as the result
   channel; points descriptors 1 and 2 at the capture file; asks to be killed if the
   grader dies;
2. imports the chapter's exercises, every module of minigrad, what the hidden cases will
   import, and runs ``SETUP``;
3. freezes what the checks will rely on: the *registry* of code objects by who wrote them
   (:mod:`classroom.exercises.provenance`), each probed exercise's answer name, time
   budget and forbidden pieces (as code objects and the objects themselves), and a
   *snapshot* of the course package (:class:`classroom.grade.integrity.Snapshot`);
4. confines itself (:func:`classroom.grade.sandbox.confine`: namespaces, limits, another
   user, Landlock, seccomp, which also refuses new threads), then installs the audit hook
   (:func:`classroom.grade.integrity.install_audit_hook`), which nothing can remove.

Then it runs the steps in order in one namespace.  A cell is ``exec``\\ d, catching
everything.  A probe:

* puts the snapshot back (learner code may have replaced built-ins, the checkers'
  functions, their closures...), says so ("probe"), and, inside a PID namespace of its
  own, kills every other process there, so none is left to read what comes next;
* refuses an answer that *is* a forbidden piece (or a subclass of one, or holds one);
* installs the shortcut guard (:func:`classroom.exercises.shortcuts.make_hook`) as the
  profile function, then asks for the cases one at a time ("case?"): the runner sends each
  case already built (pickled), public ones first, and stops sending once the answer has
  failed one.  Each observation goes back at once ("observed"), and the case is dropped
  before the next is asked for.  So learner code never holds a case it is not being
  probed with: nothing in the worker (its frames, globals, the garbage collector, the
  pipe's buffers, the process's memory) ever held another exercise's cases, or a case
  the answer has not reached.

The guard's ``found`` ends the process at once with a status (:data:`SHORTCUT_STATUS` plus
the piece's number, or :data:`RECURSION_STATUS`) that the grader reads from the kernel:
learner code that catches an exception or patches what records a result cannot undo
that.  Learner code can still send made-up observations over the channel (nothing in a
process can hide a descriptor from code running in it); they are judged against values
the worker never sees, and a forbidden call on the way to them ends the process.

Messages are JSON lines, each starting with a newline and the job's random token.  A
process that learner code forked never speaks the protocol: the worker's own loop, the
channel and the inbox end any process that is not the one that made them, a fork handler
closes the private descriptors in every child, and the runner ignores whatever reaches
it from another process.  The worker ends with ``os._exit``, so ``atexit`` handlers and
finalizers left by learner code never run at the end.
"""

from __future__ import annotations

import builtins
import ctypes
import gc
import os
import pickle
import select
import signal
import sys
import time
import traceback
from json import JSONEncoder
from json import loads as _loads

# Bound now: learner code may replace os.write, time.perf_counter, json.dumps...
_read, _write, _lseek, _getpid, _exit = os.read, os.write, os.lseek, os.getpid, os._exit
_select = select.select
_clock = time.perf_counter
_dumps = JSONEncoder(ensure_ascii=True, allow_nan=True).encode
_isinstance, _str, _round, _type = isinstance, str, round, type
_compile, _exec = compile, exec
# How a cell's code is named when compiled: like IPython's, so tracebacks read as notebook
# code.  (The shortcut guard does not look at names: see classroom.exercises.provenance.)
CELL_NAME = "<ipython-cell {}>"
#: Exit statuses of a worker the guard stopped: a forbidden piece (plus its number in
#: classroom.exercises.shortcuts.forbidden_pieces, at most MAX_PIECES - 1), a function
#: that called itself, or a guard that stopped watching while a case ran (an error inside
#: it turns it off).  All below 128: through namespaces, 128 + N means killed by signal N.
SHORTCUT_STATUS, MAX_PIECES, RECURSION_STATUS, GUARD_OFF_STATUS = 100, 28, 98, 97
#: The largest message a worker sends (an observation above it is recorded as too large).
MAX_MESSAGE = 1 << 20


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


class _Channel:
    """Sends messages to the runner over the private descriptor.  Only the process that
    made it may: a process forked by learner code that gets here ends at once."""

    def __init__(self, fd: int, token: str):
        self.fd, self.prefix, self.pid = fd, b"\n" + token.encode() + b" ", _getpid()

    def send(self, message: dict) -> None:
        if _getpid() != self.pid:
            _exit(0)
        try:
            data = self.prefix + _dumps(message).encode() + b"\n"
        except BaseException as err:  # noqa: BLE001 - unencodable observations
            data = self.prefix + _dumps({"event": message.get("event"),
                                         "step": message.get("step"),
                                         "status": "unrecordable",
                                         "error": _str(err)[:200]}).encode() + b"\n"
        view = memoryview(data)
        while view:
            try:
                written = _write(self.fd, view)
            except BlockingIOError:          # learner code made the socket non-blocking
                _select((), (self.fd,), ())
                continue
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
        self.fd, self.buffer, self.pid = fd, b"", _getpid()

    def line(self) -> bytes:
        """The next line; nothing after it is read (the runner sends one message at a
        time, and only when asked)."""
        if _getpid() != self.pid:
            _exit(0)
        while b"\n" not in self.buffer:
            try:
                chunk = _read(self.fd, 1 << 16)
            except BlockingIOError:          # learner code made the pipe non-blocking
                _select((self.fd,), (), ())
                continue
            if not chunk:
                raise EOFError("the runner closed the job channel")
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def message(self) -> dict:
        line = self.line()
        try:
            return _loads(line.decode("utf-8"))
        finally:
            del line


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


def _run_cell(step: tuple, index: int, namespace: dict, channel: _Channel) -> None:
    filename = CELL_NAME.format(step[2])
    channel.send({"event": "start", "step": index, "out": _offset()})
    error = None
    try:
        code = _compile(step[1], filename, "exec", dont_inherit=True)
        _exec(code, namespace)
    except BaseException as err:  # noqa: BLE001 - any failure of learner code is data
        error = _describe(err, filename)
    channel.send({"event": "ran", "step": index, "out": _offset(), "error": error})



# -- probing ---------------------------------------------------------------------------------
# A probe consults only what main() made before learner code ran, handed over as tuples
# (learner code can reach main()'s frame, but not change a tuple, a frozenset, a code
# object, or a function's code and defaults, which the audit hook protects).
# A spec: what a probe needs to know about its exercise.
EXERCISE, ENTRY, SECONDS, RECURSION, FORBIDS, TARGETS, CODES, FORBIDDEN, PUBLIC = range(9)
# The tools: functions bound before learner code ran.
(OBSERVE, ENCODE, RAISED, WATCH, FORBIDDEN_ANSWER, MAKE_HOOK, CODE_OBJECTS, DIGEST, FOUND,
 SETPROFILE, GETPROFILE, UNPICKLE, A2B, RESTORE, SIGMASK, GC_ENABLE, GC_DISABLE, COLLECT,
 NOT_ATTEMPTED, SWEEP, NOOP, SIG_BLOCK, SIG_UNBLOCK, ALL_SIGNALS, SEAL, UNSEAL,
 FROZENSET, ID) = range(28)
SHORTCUT_KIND, SHARED_STATE_KIND = "ShortcutUsed", "SharedState"


def _spec(exercise_id: str, budget) -> tuple:
    from classroom.exercises.registry import get
    from classroom.exercises.shortcuts import forbidden_pieces, resolve

    exercise = get(exercise_id)
    seconds = exercise.seconds if not budget else min(exercise.seconds, budget)
    pieces = forbidden_pieces(exercise.forbids)
    return (exercise_id, exercise.entry, float(seconds), not exercise.recursion,
            tuple(exercise.forbids), tuple(resolve(p) for p in exercise.forbids),
            tuple(p.code for p in pieces), frozenset(p.code for p in pieces),
            tuple(case.run for case in exercise.cases))


def make_found(fd: int, prefix: bytes):
    """The guard's ``found`` in the worker: say what was found (best effort), then end the
    process with a status the grader reads from the kernel."""
    def found(kind, detail, _fd=fd, _prefix=prefix, _write=os.write, _exit=os._exit,
              _shortcut=SHORTCUT_STATUS, _recursion=RECURSION_STATUS, _off=GUARD_OFF_STATUS,
              _most=MAX_PIECES - 1, _str=str, _type=type, _anything=BaseException):
        name, piece = "", detail if kind == 0 else -1
        if kind == 1:
            name = detail.co_name if _type(detail.co_name) is _str else ""
            name = name if name.isidentifier() else ""
        try:
            _write(_fd, _prefix + ('{"event": "found", "kind": %d, "piece": %d, "name": "%s"}\n'
                                   % (kind, piece, name)).encode())
        except _anything:  # noqa: BLE001 - learner code may have closed the channel
            pass
        if kind == 0:
            _exit(_shortcut + (piece if piece < _most else _most))
        _exit(_recursion if kind == 1 else _off)
    return found


def make_sweep(active: bool):
    """Kills every other process in the worker's own PID namespace (there, ``kill(-1)``
    reaches only the learner's processes), so that no process is left to read a case
    meant for the worker.  Without a PID namespace of its own it does nothing."""
    def sweep(_active=active, _kill=os.kill, _signal=signal.SIGKILL, _error=OSError):
        if _active:
            try:
                _kill(-1, _signal)
            except _error:
                pass
    return sweep


def _noop():
    """Calling a Python function runs the signal handlers that are pending."""


def _seal(tools: tuple, snapshot: tuple, kept: list) -> list:
    """Start a stretch in which no learner code may run: signals blocked (handlers already
    pending run now, before anything is put back), the cyclic garbage collector off (no
    finalizer of the learner's), then the snapshot put back, built-ins first, what it
    replaced kept in ``kept``; returns the built-in names that had to be put back.
    Everything comes from ``tools``."""
    tools[SIGMASK](tools[SIG_BLOCK], tools[ALL_SIGNALS])
    tools[NOOP]()
    tools[GC_DISABLE]()
    return tools[RESTORE](snapshot, kept)


def _unseal(tools: tuple) -> None:
    tools[GC_ENABLE]()
    tools[SIGMASK](tools[SIG_UNBLOCK], tools[ALL_SIGNALS])


_ALL_SIGNALS = tuple(signal.valid_signals()) if hasattr(signal, "valid_signals") else ()


def _probe(step: tuple, index: int, namespace: dict, channel: _Channel, inbox: _Inbox,
           spec: tuple, snapshot: tuple, sets: tuple, tools: tuple) -> None:
    """One probe (see the module docstring).  Called only from :func:`main`'s loop, with
    everything it uses handed over as arguments made before learner code ran."""
    started = _clock()
    kept = []
    restored = tools[SEAL](tools, snapshot, kept)
    if namespace.get("__builtins__") is not builtins:
        namespace["__builtins__"] = builtins
        restored.append("__builtins__")
    tools[SWEEP]()
    channel.send({"event": "probe", "step": index, "out": _offset(), "restored": restored})
    message = {"event": "result", "step": index}
    filename = CELL_NAME.format(step[2])
    answer = namespace.get(spec[ENTRY], _MISSING)
    probe_cases = _probe_cases            # taken while nothing of the learner's can run
    tools[UNSEAL](tools)
    del kept
    if answer is _MISSING:
        message["status"] = "undefined"
    else:
        how = tools[FORBIDDEN_ANSWER](answer, spec[FORBIDS], spec[TARGETS])
        if how:
            message.update(status="shortcut", how=_str(how)[:300])
        else:
            try:
                probe_cases(answer, index, channel, inbox, spec, snapshot, sets, tools)
                message["status"] = "observed"
            except tools[NOT_ATTEMPTED]:
                message["status"] = "not attempted"
            except _NoCase as err:
                message.update(status="unrecordable", error=_str(err)[:300])
            except BaseException as err:  # noqa: BLE001 - SystemExit, KeyboardInterrupt...
                message.update(status="raised", raised=_describe(err, filename))
            finally:
                tools[SETPROFILE](None)
                tools[UNSEAL](tools)
    tools[COLLECT]()
    message["out"] = _offset()
    message["seconds"] = _round(_clock() - started, 4)
    channel.send(message)


class _NoCase(Exception):
    """The runner's reply to "case?" was not a case."""


_MISSING = object()


def _probe_cases(answer, index: int, channel: _Channel, inbox: _Inbox, spec: tuple,
                 snapshot: tuple, sets: tuple, tools: tuple) -> None:
    """Ask for each case, run it, send what it did; one case held at a time.  Public cases
    are the worker's own (from before learner code ran); hidden ones arrive pickled, with
    the digests of their code objects, which alone make code the checker's.

    Between cases, in a sealed stretch (:func:`_seal`), only ``tools`` and what was made
    before learner code ran decide anything.  Unpickling a case may run learner code
    (through a class it patched), so the snapshot is put back again after it, and the
    code objects to trust are picked by their digests alone."""
    library, checker, other, root, _, _ = sets
    watcher = tools[WATCH](answer)
    guarded = bool(spec[CODES]) or spec[RECURSION]
    public = spec[PUBLIC]
    number = 0
    while True:
        kept = []
        tools[SEAL](tools, snapshot, kept)
        tools[SWEEP]()
        channel.send({"event": "case?", "step": index, "case": number})
        reply = inbox.message()
        inbox.buffer = b""
        if reply.get("step") != index or reply.get("case", number) != number:
            raise _NoCase(f"expected case {number} of step {index}")
        if reply.get("end") is True:
            tools[UNSEAL](tools)
            return
        trusted, keep_alive = checker, None
        if number < len(public):
            run = public[number]
        else:
            blob = tools[A2B](reply.pop("pickle"))
            digests = tools[FROZENSET](reply.pop("codes", ()))
            case = tools[UNPICKLE](blob)
            kept.append(case)
            tools[RESTORE](snapshot, kept)            # unpickling may have run learner code
            found = tools[CODE_OBJECTS](case)
            tools[RESTORE](snapshot, kept)            # and so may looking at what it made
            matched = []
            for code in found:
                if tools[DIGEST](code) in digests:
                    matched.append(tools[ID](code))
            trusted = checker.union(matched)
            kept.append(found)                      # (the ids stay theirs while the case runs)
            run = case.run
            keep_alive = (case, found)
            kept.append(run)
            del blob, case, found, matched, digests
        del reply
        hook = None
        if guarded:
            hook = tools[MAKE_HOOK](spec[CODES], spec[FORBIDDEN], library, trusted, other,
                                    root, spec[RECURSION], tools[FOUND])
            tools[SETPROFILE](hook)
        tools[UNSEAL](tools)
        del kept
        got = tools[OBSERVE](lambda: run(answer), spec[SECONDS])
        if guarded:
            watching = tools[GETPROFILE]() is hook
            tools[SETPROFILE](None)
            if not watching:            # an error inside the hook turned it off (the
                tools[FOUND](2, None)   # recursion limit, an exception from a signal...)
        change = watcher.changed()
        if change and not (_isinstance(got, tools[RAISED]) and got.kind == SHORTCUT_KIND):
            got = tools[RAISED](SHARED_STATE_KIND, change)
        encoded = tools[ENCODE](got)
        del run, got, hook, trusted, keep_alive
        data = {"event": "observed", "step": index, "case": number, "observation": encoded}
        if len(_dumps(data)) > MAX_MESSAGE - 200:
            data["observation"] = tools[ENCODE](tools[RAISED](
                "TooLarge", f"the result is too large to record (over {MAX_MESSAGE // 1024} KB)"))
        channel.send(data)
        del encoded, data
        number += 1


def _import_all_of_minigrad() -> None:
    """Every module of minigrad, now: learner code may import any of them later, when the
    library's folder may no longer be in view."""
    import importlib
    import pkgutil

    import minigrad

    for info in pkgutil.walk_packages(minigrad.__path__, "minigrad."):
        if not info.name.startswith("minigrad.examples"):
            importlib.import_module(info.name)


def _close_in_children(fds: tuple):
    """A fork handler: a child of the worker starts without its private descriptors."""
    def close(_fds=fds, _close=os.close):
        for fd in _fds:
            try:
                _close(fd)
            except OSError:
                pass
    return close


def _writable_folders(scratch: str) -> tuple:
    return tuple(sorted({os.path.realpath(scratch) + "/", scratch.rstrip("/") + "/", "/tmp/",
                         "/dev/shm/", "/var/tmp/"}))


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
        import binascii

        import cloudpickle  # noqa: F401 - hidden cases arrive pickled by it
        from importlib._bootstrap_external import _compile_bytecode

        from classroom.exercises import core, provenance, shared_state, shortcuts
        from classroom.grade import integrity, sandbox

        budget = job.get("case_seconds")
        # each case's budget fits inside the grader's timeout for the whole check (see
        # Limits.case_seconds), so a hanging case ends as "too slow" on every run
        specs = {s["exercise"]: None for s in job["steps"] if s["kind"] == "probe"}
        specs = {exercise_id: _spec(exercise_id, budget) for exercise_id in specs}
        steps = tuple((s["kind"], s.get("code", ""), s.get("cell"),
                       specs.get(s.get("exercise"))) for s in job["steps"])
        del specs
        namespace = {"__name__": "__main__", "__builtins__": builtins, "display": _display}
        exec(compile(job["setup"], "<setup>", "exec"), namespace)
        for name in job.get("preload", ()):        # what the hidden cases will import
            __import__(name)
        _import_all_of_minigrad()
        _drop_import_path_of_the_checkout()
        registry = provenance.registry(extra_checker=_own_top_level_code())
        installed = provenance.installed_roots()
        sets = (registry.library, registry.checker, registry.other, _probe_cases.__code__,
                installed, registry.keep)
        snapshot = integrity.snapshot(extra_modules=[sys.modules[__name__]])
    except BaseException as err:  # noqa: BLE001 - reported to the runner, which warns
        channel.send({"event": "fatal", "error": "".join(
            traceback.format_exception_only(type(err), err)).strip()[:500]})
        os._exit(3)

    box = job["sandbox"]
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)   # PR_SET_CHILD_SUBREAPER: orphans stay here
    report = sandbox.confine(scratch=box["scratch"], uid=box.get("uid"),
                             memory_mb=box["memory_mb"], cpu_seconds=box["cpu_seconds"],
                             file_mb=box["file_mb"], scratch_mb=box.get("scratch_mb", 256),
                             use_namespaces=box.get("namespaces", True),
                             use_landlock=box.get("landlock", True),
                             use_seccomp=box.get("seccomp", True))
    # with namespaces this is a new process: the channel and inbox belong to it now
    channel.pid = inbox.pid = me = _getpid()
    os.register_at_fork(after_in_child=_close_in_children((channel.fd, inbox.fd)))
    tools = (core.observe, core.encode, core.Raised, shared_state.watch,
             shortcuts.forbidden_answer, shortcuts.make_hook, provenance.code_objects,
             provenance.code_digest, make_found(channel.fd, channel.prefix), sys.setprofile,
             sys.getprofile, pickle.loads, binascii.a2b_base64, integrity.restore,
             signal.pthread_sigmask, gc.enable, gc.disable, gc.collect,
             core.NotAttemptedError,
             make_sweep(bool((report.get("namespaces") or {}).get("pid"))), _noop,
             signal.SIG_BLOCK, signal.SIG_UNBLOCK, _ALL_SIGNALS, _seal, _unseal, frozenset, id)
    integrity.install_audit_hook(registry, _writable_folders(box["scratch"]),
                                 _compile_bytecode.__code__, installed)
    report["audit_hook"] = True
    report["protections"] = sandbox.protections(report)
    del job, registry
    channel.send({"event": "ready", "sandbox": report})

    for index, step in enumerate(steps):
        if _getpid() != me:
            _exit(0)
        if step[0] == "cell":
            _run_cell(step, index, namespace, channel)
        else:
            _probe(step, index, namespace, channel, inbox, step[3], snapshot, sets, tools)
    if _getpid() != me:
        _exit(0)
    channel.send({"event": "done"})
    _offset()
    os._exit(0)


def _own_top_level_code() -> tuple:
    """The code objects of this file's frames on the stack that are no function's (its
    top level, which runs main()).  Python 3.11 and later run a module's top level as a
    function, which the registry finds; 3.10 does not, and the audit hook would then take
    the worker's own frame for the learner's.  No learner code has run when this is asked."""
    here, codes = main.__code__.co_filename, []
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_filename == here and frame.f_code.co_name == "<module>":
            codes.append(frame.f_code)
        frame = frame.f_back
    return tuple(codes)


if __name__ == "__main__":
    main()
