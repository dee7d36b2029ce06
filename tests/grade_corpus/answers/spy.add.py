# EXERCISE 02.add
# Looks everywhere for hidden cases: the stack (sys._getframe and every frame's locals and
# globals), the garbage collector, inspect, and the process's own memory (/proc/self/mem).
# The test gives it patterns matching the descriptions of chapter 2's hidden cases (written
# so that a pattern never matches itself): before an exercise is probed, none of its hidden
# cases may be anywhere in the worker.  It prints which exercises' cases it found.
import gc
import inspect
import re
import sys

from minigrad.autograd import record

WANTED = [(label, re.compile(pattern)) for label, pattern in __HIDDEN__]


def _labels(data):
    if isinstance(data, str):
        data = data.encode("utf-8", "replace")
    return {label for label, pattern in WANTED if pattern.search(data)}


def _texts(obj, depth=0):
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, (bytes, bytearray)):
        yield bytes(obj).decode("latin-1")
    elif depth < 2 and isinstance(obj, dict):
        for value in list(obj.values()):
            yield from _texts(value, depth + 1)
    elif depth < 2 and isinstance(obj, (list, tuple)):
        for value in list(obj):
            yield from _texts(value, depth + 1)
    else:
        description = getattr(obj, "description", None) if type(obj).__name__ == "Case" else None
        if isinstance(description, str):
            yield description


def spy(when, memory=True):
    found = set()
    frame = sys._getframe()
    while frame is not None:
        for space in (frame.f_locals, frame.f_globals):
            for text in _texts(space):
                found |= _labels(text)
        frame = frame.f_back
    for obj in gc.get_objects():
        for text in _texts(obj, 2):
            found |= _labels(text)
    for info in inspect.stack(0):
        for text in _texts(info.frame.f_locals):
            found |= _labels(text)
    try:
        if not memory:
            raise StopIteration
        with open("/proc/self/maps") as maps, open("/proc/self/mem", "rb", 0) as mem:
            for line in maps:
                start, end = (int(x, 16) for x in line.split()[0].split("-"))
                if "rw" not in line.split()[1] or end - start > 2**30:
                    continue
                try:
                    mem.seek(start)
                    data = mem.read(end - start)
                except (OSError, ValueError, OverflowError):
                    continue
                found |= _labels(data)
    except StopIteration:
        pass
    except OSError as err:
        print(f"{when}: /proc/self/mem refused ({type(err).__name__})")
    print(f"spy {when}: {sorted(found)}")


spy("add cell")


def add(a, b):
    spy("add probed", memory=False)      # (the whole memory is searched in each cell)
    return record(a.data + b.data, (a, b), lambda grad: (grad, grad), "add")
