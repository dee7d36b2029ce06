# EXERCISE 02.add
# Leaves learner code running where the worker runs: a thread, a signal handler firing every
# millisecond, finalizers, an atexit handler and a fork handler, each noting every hidden
# case it can see; and it tries the tools that could rewrite the worker (ctypes, settrace,
# building code, replacing a function's code).
import atexit
import gc
import os
import re
import signal
import sys
import threading
import types
import weakref

from minigrad.autograd import record

SEEN = set()
WANTED = [(label, re.compile(pattern)) for label, pattern in __HIDDEN__]


def _look(obj):
    if type(obj).__name__ == "Case" and getattr(obj, "hidden", False):
        text = str(getattr(obj, "description", "")).encode()
        SEEN.update(label for label, pattern in WANTED if pattern.search(text))


def _note(*_):
    frame = sys._getframe()
    while frame is not None:
        for value in list(frame.f_locals.values()):
            _look(value)
        frame = frame.f_back


def _note_everywhere(*_):
    for obj in gc.get_objects():
        _look(obj)


def _try(what, action):
    try:
        action()
        print(f"{what}: WORKED")
    except Exception as err:
        print(f"{what}: refused ({type(err).__name__})")


class Lingering:
    def __del__(self):
        _note_everywhere()
        keep.append(Lingering())


keep = [Lingering()]
_try("thread", lambda: threading.Thread(target=_note, daemon=True).start())
_try("ctypes", lambda: __import__("ctypes").string_at(id(SEEN), 8))
_try("settrace", lambda: sys.settrace(lambda *a: None))
_try("setprofile", lambda: sys.setprofile(None))
HEARD = []


def _add_hook():
    sys.addaudithook(lambda event, args: HEARD.append(event))
    sys.audit("hooks.test")
    if not HEARD:
        raise RuntimeError("the hook was not added")


_try("audit hook", _add_hook)
_try("code", lambda: _note.__code__.replace(co_name="x"))
_try("function", lambda: types.FunctionType(record.__code__, {}))
_try("replace code", lambda: setattr(record, "__code__", _note.__code__))
signal.signal(signal.SIGPROF, _note)
signal.setitimer(signal.ITIMER_PROF, 0.01, 0.01)
atexit.register(lambda: print("atexit ran", sorted(SEEN)))
weakref.finalize(keep[0], _note_everywhere)
os.register_at_fork(after_in_child=_note_everywhere)


def add(a, b):
    return record(a.data + b.data, (a, b), lambda grad: (grad, grad), "add")
