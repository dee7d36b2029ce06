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

A class is forbidden the same way (with the methods it inherits from a private base beside
it, such as ``_MaxPoolNd`` for ``MaxPool2d``), and an answer that *is* a subclass of a
forbidden class (``class SGD(optim.SGD)``) is refused before it runs.  A path may also name one
method of a class (``"classroom.designs.static_graph.Node.clear"``).  Names the learner's
own code bound before the check ran (``from minigrad.nn.functional import softmax as
sm``) are rebound too, in the answer's globals.  The guard catches honest shortcuts; it
is not a sandbox.

Recursion, where an exercise asks for a walk without it, counts as a shortcut too:
:func:`no_recursion` watches the learner's functions while the cases run (a raised
recursion limit does not hide it).
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import inspect
import os
import sys
import sysconfig
from dataclasses import dataclass

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
    return learner_file(frame.f_code.co_filename)


@functools.lru_cache(maxsize=4096)
def learner_file(filename: str) -> bool:
    """Whether code compiled from ``filename`` is the learner's (see :func:`learner_frame`)."""
    if filename.startswith("<") and not filename.startswith(("<answer", "<ipython", "<string")):
        return False                           # <frozen ...>, <hidden cases of ...>
    path = os.path.realpath(filename) if not filename.startswith("<") else filename
    return not path.startswith(_trusted_roots())


def locate(path: str) -> tuple:
    """(owner, attribute name, object) for a dotted path: ``minigrad.ops.add_neg.rsub``
    (owned by its module), ``minigrad.optim.SGD``, ``...static_graph.Node.clear`` (owned by
    the class ``Node``)."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        owner, name = None, parts[cut - 1]
        for attr in parts[cut:]:
            owner, name = obj, attr
            obj = getattr(obj, attr)
        return owner, name, obj
    raise ImportError(f"cannot resolve {path!r}")


def resolve(path: str):
    """The object a dotted path names: ``minigrad.ops.add_neg.rsub``, ``minigrad.optim.SGD``."""
    return locate(path)[2]


def _bindings(targets: list, answer=None) -> list:
    """(owner, attribute name, original) for every place a target is bound: the Tensor
    class (methods, operators, properties), every imported minigrad module (and the
    course's other designs, which some exercises rebuild), and the globals of the
    answer's own code (a name the learner imported before the check ran)."""
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
    for namespace in _answer_globals(answer):
        for name, value in list(namespace.items()):
            if id(value) in ids:
                found.append((namespace, name, value))
    return found


def _answer_globals(answer) -> list:
    """The global namespaces the answer's code runs in (a function's, or those of the
    methods of a class), each once."""
    functions = []
    if inspect.isfunction(answer):
        functions.append(answer)
    elif isinstance(answer, type):
        for cls in answer.__mro__:
            for value in vars(cls).values():
                value = getattr(value, "__func__", value)
                if inspect.isfunction(value) and learner_file(value.__code__.co_filename):
                    functions.append(value)
    spaces = {}
    for fn in functions:
        spaces.setdefault(id(fn.__globals__), fn.__globals__)
    return list(spaces.values())


def _set(owner, name, value) -> None:
    if isinstance(owner, dict):
        owner[name] = value
    else:
        setattr(owner, name, value)


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


def _own_classes(target: type) -> list:
    """``target`` and the private bases it inherits its methods from, in the same module
    (``nn.MaxPool2d`` has no methods of its own: ``_MaxPoolNd`` beside it holds them).
    Public bases (``Module``, ``Optimizer``) are left alone: a learner's own classes use them."""
    return [target] + [cls for cls in target.__mro__[1:]
                       if cls.__name__.startswith("_") and cls.__module__ == target.__module__]


@contextlib.contextmanager
def guard(forbids: tuple, what: str, answer=None):
    """While the block runs, calls from learner code to anything in ``forbids`` raise
    :class:`ShortcutUsed`; everything is put back afterwards, whatever happens."""
    if not forbids:
        yield
        return
    patched = []
    try:
        for path in forbids:
            owner, attr, target = locate(path)
            who = "minigrad's" if path.startswith("minigrad") else "the course's"
            label = getattr(target, "__name__", path)
            if isinstance(target, type):
                for cls in _own_classes(target):
                    for name, value in list(vars(cls).items()):
                        if callable(value) and (not name.startswith("__") or name == "__init__"):
                            patched.append((cls, name, value))
                            setattr(cls, name, _stand_in(value, f"{label}.{name}", what, who))
                continue
            places = _bindings([target], answer)
            if isinstance(owner, type):            # one method of a class
                label = f"{owner.__name__}.{attr}"
                places.append((owner, attr, vars(owner)[attr]))
            done = {(id(place), name) for place, name, _ in patched}
            for place, name, original in places:
                if (id(place), name) in done:
                    continue
                done.add((id(place), name))
                patched.append((place, name, original))
                _set(place, name, _stand_in(original, label, what, who))
        yield
    finally:
        for place, name, original in reversed(patched):
            _set(place, name, original)


@dataclass
class Recursion:
    """What :func:`no_recursion` found: the message for the learner, or None."""
    message: str | None = None


@contextlib.contextmanager
def no_recursion(active: bool, what: str):
    """While the block runs, a function of the learner's that calls itself (directly or
    through others) is stopped with :class:`ShortcutUsed`, and the yielded
    :class:`Recursion` keeps the message, in case the learner's code swallowed the error.

    It uses a profile hook (``sys.setprofile``), which sees every Python call and return,
    so it also catches recursion that a raised recursion limit lets finish.
    """
    found = Recursion()
    if not active:
        yield found
        return
    depth: dict = {}

    def hook(frame, event, arg):
        if event not in ("call", "return") or not learner_frame(frame):
            return
        code = frame.f_code
        if event == "return":
            depth[code] = depth.get(code, 1) - 1
            return
        depth[code] = depth.get(code, 0) + 1
        if depth[code] > 1 and found.message is None:
            found.message = (f"this exercise asks you to write {what} without recursion, but "
                             f"your `{code.co_name}` calls itself. A graph can be deeper than "
                             f"Python's recursion limit (raising the limit only moves the "
                             f"crash): keep your own stack (a list) of the nodes still to "
                             f"handle")
            sys.setprofile(previous)
            raise ShortcutUsed(found.message)

    previous = sys.getprofile()
    sys.setprofile(hook)
    try:
        yield found
    finally:
        sys.setprofile(previous)


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
