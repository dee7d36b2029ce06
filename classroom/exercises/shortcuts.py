"""Catching forbidden shortcuts: an answer that calls the library piece it was asked to write.

An exercise that asks for ``sub`` is not answered by ``a - b``, which calls minigrad's own
``sub``.  Such an exercise lists what it forbids, as dotted paths to library objects
(``forbids=("minigrad.sub", "minigrad.ops.add_neg.rsub")``).  While its cases run,
:func:`guard` rebinds every place those objects are reachable from (``Tensor``'s
methods and operators, minigrad's modules) to a stand-in that looks at who is calling:

* called from the learner's code (any file outside minigrad, the course package, NumPy
  and the standard library), it raises :class:`ShortcutUsed`, which the checker turns
  into "this exercise asks you to write sub yourself; your answer called minigrad's own
  sub";
* called from the case itself or from the library, it does what the original does, so
  cases may still build their inputs with the library.

A class is forbidden the same way, and an answer that *is* a subclass of a forbidden
class (``class SGD(optim.SGD)``) is refused before it runs.  The guard catches honest
shortcuts; it is not a sandbox (code that grabbed the original function before the
check ran is not caught).
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import os
import sys
import sysconfig

_ROOTS: tuple = ()
#: Modules whose attributes may hold a forbidden piece (the library, the other designs).
_SCANNED = ("minigrad", "classroom.designs")


class ShortcutUsed(Exception):
    """The answer called a library piece that the exercise asks the learner to write."""


def _trusted_roots() -> tuple:
    global _ROOTS
    if not _ROOTS:
        import numpy

        import classroom
        import minigrad

        roots = {os.path.dirname(os.path.realpath(m.__file__)) for m in (minigrad, classroom,
                                                                          numpy)}
        for key in ("stdlib", "platstdlib"):
            roots.add(os.path.realpath(sysconfig.get_path(key)))
        _ROOTS = tuple(sorted(r + os.sep for r in roots))
    return _ROOTS


def learner_frame(frame) -> bool:
    """Whether ``frame`` runs the learner's code (a notebook cell, an answer the grader
    compiled, a module of their own), not the library's or the checker's."""
    filename = frame.f_code.co_filename
    if filename.startswith("<") and not filename.startswith(("<answer", "<ipython", "<string")):
        return False                           # <frozen ...>, <hidden cases of ...>
    path = os.path.realpath(filename) if not filename.startswith("<") else filename
    return not path.startswith(_trusted_roots())


def resolve(path: str):
    """The object a dotted path names: ``minigrad.ops.add_neg.rsub``, ``minigrad.optim.SGD``."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise ImportError(f"cannot resolve {path!r}")


def _bindings(targets: list) -> list:
    """(owner, attribute name, original) for every place a target is bound: the Tensor
    class (methods, operators, properties) and every imported minigrad module (and the
    course's other designs, which some exercises rebuild)."""
    from minigrad.tensor import Tensor

    ids = {id(t) for t in targets}
    found = []
    for name, value in list(vars(Tensor).items()):
        fn = value.fget if isinstance(value, property) else value
        if id(fn) in ids:
            found.append((Tensor, name, value))
    for module_name, module in list(sys.modules.items()):
        if module is None or not module_name.startswith(_SCANNED):
            continue
        for name, value in list(vars(module).items()):
            if id(value) in ids:
                found.append((module, name, value))
    return found


def _stand_in(original, label: str, what: str, owner: str = "minigrad's"):
    def check_caller(frame):
        if learner_frame(frame):
            raise ShortcutUsed(f"this exercise asks you to write {what} yourself, but your answer "
                               f"called {owner} own {label}")

    if isinstance(original, property):
        def getter(obj):
            check_caller(sys._getframe(1))
            return original.fget(obj)
        return property(getter)
    if isinstance(original, type):
        return original           # classes are caught by their methods and by issubclass
    if isinstance(original, (staticmethod, classmethod)):
        return original

    @functools.wraps(original)
    def stand_in(*args, **kwargs):
        check_caller(sys._getframe(1))
        return original(*args, **kwargs)
    return stand_in


@contextlib.contextmanager
def guard(forbids: tuple, what: str):
    """While the block runs, calls from learner code to anything in ``forbids`` raise
    :class:`ShortcutUsed`; everything is put back afterwards, whatever happens."""
    if not forbids:
        yield
        return
    patched = []
    try:
        for path in forbids:
            target = resolve(path)
            who = "minigrad's" if path.startswith("minigrad") else "the course's"
            label = getattr(target, "__name__", path)
            if isinstance(target, type):
                for name, value in list(vars(target).items()):
                    if callable(value) and (not name.startswith("__") or name == "__init__"):
                        patched.append((target, name, value))
                        setattr(target, name, _stand_in(value, f"{label}.{name}", what, who))
                continue
            for owner, name, original in _bindings([target]):
                patched.append((owner, name, original))
                setattr(owner, name, _stand_in(original, label, what, who))
        yield
    finally:
        for owner, name, original in reversed(patched):
            setattr(owner, name, original)


def forbidden_answer(answer, forbids: tuple) -> str | None:
    """How ``answer`` is itself a forbidden piece ("minigrad's own sub", "a subclass of
    minigrad's own SGD"), or None.  Handing over the library's function as the answer
    (``sub = mg.sub``) is not caught by :func:`guard`, since the case makes the call."""
    for path in forbids:
        target = resolve(path)
        owner = "minigrad's" if path.startswith("minigrad") else "the course's"
        name = getattr(target, "__name__", path)
        if answer is target:
            return f"is {owner} own {name}"
        if isinstance(answer, type) and isinstance(target, type) and issubclass(answer, target):
            return f"is a subclass of {owner} own {name}"
    return None
