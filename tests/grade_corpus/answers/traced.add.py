# EXERCISE 02.add
# Inside the check: turn profiling off (refused), find the worker's own frames and its tools,
# and try to swap what the guard consults; then take the shortcut.
import sys


def add(a, b):
    for attempt in (lambda: sys.setprofile(None), lambda: sys.settrace(None)):
        try:
            attempt()
            print("switched off: WORKED")
        except PermissionError:
            print("switched off: refused")
    frame = sys._getframe()
    while frame is not None:
        for name, value in list(frame.f_locals.items()):
            if isinstance(value, tuple) and value and callable(value[0]):
                try:
                    object.__setattr__(value, "x", 1)
                except Exception:
                    pass
            if name == "sets":
                print("found the guard's sets; frozen")
        frame = frame.f_back
    return a + b
