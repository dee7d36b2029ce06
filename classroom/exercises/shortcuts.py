"""Catching forbidden shortcuts: an answer that calls the library piece it was asked to write.

An exercise that asks for ``sub`` is not answered by ``a - b``, which calls minigrad's own
``sub``.  Such an exercise lists what it forbids, as dotted paths to library objects
(``forbids=("minigrad.sub", "minigrad.ops.add_neg.rsub")``); :func:`forbidden_pieces` turns
them into the *code objects* that run when one is called (a class gives the methods it
defines, with those of the private base beside it, such as ``_MaxPoolNd`` for
``MaxPool2d``; a path may also name one method, ``...static_graph.Node.clear``).

While the cases run, a profile hook (:func:`make_hook`, installed with ``sys.setprofile``)
sees every Python call.  When one of those code objects starts, the hook looks at who
called it, by the identity of the caller's code object (:mod:`.provenance`), never by a
file name:

* frames of the standard library and installed packages are passed over (``np.sum`` of
  tensors calls ``+`` for whoever called ``np.sum``);
* the library itself (minigrad, the course's designs) may use the piece: ``mean`` calls
  ``sum``;
* the checker's code (a case) may use it on its own behalf, not for learner code further
  down the stack (a learner who hands ``minigrad.add`` to a case helper is caught);
* anything else is the learner's code: the call is a shortcut.

Because the hook watches the code, not the names it is reachable by, a reference the
learner kept (``def add(a, b, f=mg.add)``, a name bound before the check, a method copied
into a class) is caught like any other call, and nothing is rebound.  An answer that *is*
the forbidden piece (``sub = mg.sub``), a subclass of a forbidden class, or a class holding
one of its methods is refused before it runs (:func:`forbidden_answer`).

Recursion, where an exercise asks for a walk without it, counts as a shortcut too: the same
hook sees a function of the learner's start while it is already on the stack, whatever
the recursion limit.

In a notebook the hook raises :class:`ShortcutUsed` (the check turns it into "this exercise
asks you to write sub yourself, but your answer called minigrad's own sub").  The grader's
worker builds the hook with a ``found`` that ends the process with a status the grader
reads (see :mod:`classroom.grade.worker`): learner code that catches the exception, or
turns profiling off, cannot undo a process that has already ended.  The hook keeps
everything it uses in its default arguments (frozen sets and tuples), so that nothing it
consults can be changed through it.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import os
import sys
import sysconfig
import types
from dataclasses import dataclass
from typing import NamedTuple

from . import provenance

_ROOTS: tuple = ()


class ShortcutUsed(Exception):
    """The answer called a library piece that the exercise asks the learner to write."""


# -- naming pieces -----------------------------------------------------------------------------
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


def _own_classes(target: type) -> list:
    """``target`` and the private bases it inherits its methods from, in the same module
    (``nn.MaxPool2d`` has no methods of its own: ``_MaxPoolNd`` beside it holds them).
    Public bases (``Module``, ``Optimizer``) are left alone: a learner's own classes use them."""
    return [target] + [cls for cls in target.__mro__[1:]
                       if cls.__name__.startswith("_") and cls.__module__ == target.__module__]


def _owner_word(path: str) -> str:
    return "minigrad's" if path.startswith("minigrad") else "the course's"


class Piece(NamedTuple):
    """One code object a forbidden path stands for, and how a message names it (a tuple:
    nothing can change one once made)."""
    code: types.CodeType
    label: str          # "add", "MaxPool2d.__init__", "Node.clear"
    owner: str          # "minigrad's" or "the course's"


def forbidden_pieces(forbids: tuple) -> tuple:
    """The :class:`Piece` objects of ``forbids``, in a fixed order (the grader and its
    worker number them the same way)."""
    pieces, seen = [], set()

    def add(code, label, owner):
        if code not in seen:
            seen.add(code)
            pieces.append(Piece(code, label, owner))

    for path in forbids:
        owner, attr, target = locate(path)
        who = _owner_word(path)
        if isinstance(target, type):
            for cls in _own_classes(target):
                for name, value in vars(cls).items():
                    if isinstance(value, types.FunctionType) and (
                            not name.startswith("__") or name == "__init__"):
                        add(value.__code__, f"{target.__name__}.{name}", who)
            continue
        label = f"{owner.__name__}.{attr}" if isinstance(owner, type) else getattr(
            target, "__name__", path)
        if isinstance(target, property):
            target = target.fget
        target = getattr(target, "__func__", target)
        if isinstance(target, types.FunctionType):
            add(target.__code__, label, who)
    return tuple(pieces)


def shortcut_message(what: str, piece: Piece) -> str:
    return (f"this exercise asks you to write {what} yourself, but your answer called "
            f"{piece.owner} own {piece.label}")


def recursion_message(what: str, name: str) -> str:
    return (f"this exercise asks you to write {what} without recursion, but your `{name}` "
            f"calls itself. A graph can be deeper than Python's recursion limit (raising the "
            f"limit only moves the crash): keep your own stack (a list) of the nodes still "
            f"to handle")


# -- the hook ----------------------------------------------------------------------------------
SHORTCUT, RECURSION = 0, 1


_MRO, _DICT = type.__dict__["__mro__"], type.__dict__["__dict__"]


def make_hook(codes: tuple, forbidden: frozenset, library: frozenset, checker: frozenset,
              other: frozenset, root, recursion: bool, found):
    """A profile function (for ``sys.setprofile``) that calls ``found(SHORTCUT, index)`` when
    learner code calls the function whose code object is ``codes[index]`` (``forbidden``
    is the same code objects, as a set: a copy compiled from the library's text counts
    too) and, with ``recursion``, ``found(RECURSION, code)`` when a function of the
    learner's starts while already running.  ``library``, ``checker`` and ``other`` are
    the ids of the code objects of a :class:`~.provenance.Registry` (identity only);
    ``root`` is the code object of the frame that runs the cases: the stack below it is
    not looked at.

    Frames of installed code (``other``) are passed over when looking for the caller.
    Everything goes by identity: code from a module the learner imported after the
    registry was made counts as the learner's (it runs on the learner's behalf), whatever
    its file name says.

    A call from the library or the checker is the learner's too when the piece's first
    argument is an object of a class the learner wrote (a case calling ``opt.step()`` on
    the learner's optimizer reaches the library's ``step`` only if the learner's class
    handed it over).

    Everything it consults is bound as a default argument (frozen sets, tuples, built-in
    functions and ``found``): it looks up no global or built-in name."""
    def hook(frame, event, arg, _codes=codes, _forbidden=forbidden, _library=library,
             _checker=checker, _other=other, _root=root, _recursion=recursion, _found=found,
             _id=id, _type=type, _mro=_MRO.__get__, _dict=_DICT.__get__,
             _function=types.FunctionType, _wrappers=(staticmethod, classmethod)):
        if event != "call":
            return
        code = frame.f_code
        if code in _forbidden:                 # (by value: a copy of the piece counts)
            caller = frame.f_back
            while caller is not None and _id(caller.f_code) in _other:
                caller = caller.f_back
            if caller is None:
                return
            seen = _id(caller.f_code)
            if not (seen in _library or seen in _checker):
                _found(0, _codes.index(code))
                return
            if seen in _checker:
                below = caller.f_back
                while below is not None and below.f_code is not _root:
                    seen = _id(below.f_code)
                    if not (seen in _library or seen in _checker or seen in _other):
                        _found(0, _codes.index(code))
                        return
                    below = below.f_back
            if code.co_argcount:
                first = frame.f_locals.get(code.co_varnames[0])
                kind = _type(first)
                for cls in _mro(kind, _type(kind)):
                    for value in _dict(cls, _type(cls)).values():
                        if _type(value) in _wrappers:
                            value = value.__func__
                        if _type(value) is _function:
                            seen = _id(value.__code__)
                            if not (seen in _library or seen in _checker or seen in _other):
                                _found(0, _codes.index(code))
                                return
            return
        if _recursion:
            key = _id(code)
            if not (key in _library or key in _checker or key in _other):
                up = frame.f_back
                while up is not None and up.f_code is not _root:
                    if up.f_code is code:
                        _found(1, code)
                        return
                    up = up.f_back
    return hook


@dataclass
class Found:
    """What a watch found: the message for the learner, or None; ``rearm()`` installs the
    hook again."""
    message: str | None = None
    rearm: object = None


@contextlib.contextmanager
def watching(forbids: tuple, what: str, recursion: bool = False, cases=(), root=None):
    """While the block runs, learner code that calls a piece of ``forbids`` (or, with
    ``recursion``, a function of the learner's that calls itself) is stopped with
    :class:`ShortcutUsed`; the yielded :class:`Found` keeps the message, in case the
    learner's code swallows the error.  ``cases`` are the cases about to run: their code
    counts as the checker's.  ``root`` is the code object of the function running the
    cases (by default, the one with the ``with`` statement).  The previous profile function
    is put back afterwards.

    Raising from a profile function turns profiling off, so :meth:`rearm` installs the
    hook again (a probe calls it before each case)."""
    found = Found()
    pieces = forbidden_pieces(forbids) if forbids else ()
    if not pieces and not recursion:
        found.rearm = lambda: None
        yield found
        return
    reg = provenance.registry(provenance.code_objects(*cases))
    root = root or sys._getframe(2).f_code

    def report(kind, detail):
        if found.message is None:
            found.message = (shortcut_message(what, pieces[detail]) if kind == SHORTCUT
                             else recursion_message(what, detail.co_name))
        raise ShortcutUsed(found.message)

    codes = tuple(p.code for p in pieces)
    hook = make_hook(codes, frozenset(codes), reg.library, reg.checker, reg.other, root,
                     recursion, report)
    previous = sys.getprofile()
    found.rearm = lambda: sys.setprofile(hook)
    sys.setprofile(hook)
    try:
        yield found
    finally:
        sys.setprofile(previous)


@contextlib.contextmanager
def guard(forbids: tuple, what: str, answer=None):
    """While the block runs, calls from learner code to anything in ``forbids`` raise
    :class:`ShortcutUsed` (see :func:`watching`)."""
    with watching(forbids, what, root=sys._getframe(2).f_code) as found:
        yield found


@contextlib.contextmanager
def no_recursion(active: bool, what: str):
    """While the block runs, a function of the learner's that calls itself (directly or
    through others) is stopped with :class:`ShortcutUsed`; the yielded :class:`Found` keeps
    the message (see :func:`watching`)."""
    with watching((), what, recursion=active, root=sys._getframe(2).f_code) as found:
        yield found


# -- answers that are the piece ------------------------------------------------------------------
def forbidden_answer(answer, forbids: tuple, targets=None, pieces=None) -> str | None:
    """How ``answer`` is itself a forbidden piece ("is minigrad's own sub", "is a subclass
    of minigrad's own SGD", "holds minigrad's own Optimizer.step"), or None.  Handing over
    the library's function as the answer (``sub = mg.sub``) or copying its methods into a
    class is not seen by the hook, since the case makes the call.  ``targets`` (the objects
    ``forbids`` names) and ``pieces`` may be given, looked up before learner code ran."""
    targets = targets if targets is not None else tuple(resolve(p) for p in forbids)
    for path, target in zip(forbids, targets):
        owner = _owner_word(path)
        name = getattr(target, "__name__", path)
        if answer is target:
            return f"is {owner} own {name}"
        if isinstance(answer, type) and isinstance(target, type) and \
                target in _MRO.__get__(answer, type(answer)):
            return f"is a subclass of {owner} own {name}"
    if isinstance(answer, type):
        codes = {p.code: p for p in (pieces if pieces is not None else
                                     forbidden_pieces(forbids))}
        for cls in _MRO.__get__(answer, type(answer)):
            for value in list(vars(cls).values()):
                if isinstance(value, (staticmethod, classmethod)):
                    value = value.__func__
                if type(value) is types.FunctionType and value.__code__ in codes:
                    piece = codes[value.__code__]
                    return f"holds {piece.owner} own {piece.label}"
    return None


# -- file names (only for telling notebook code apart in messages, never for the guard) ---------
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
    """Whether ``frame`` runs the learner's code: code that is not the library's, the
    checker's or installed packages', by identity (see :mod:`.provenance`)."""
    return provenance.registry().kind(frame.f_code) == provenance.LEARNER


@functools.lru_cache(maxsize=4096)
def learner_file(filename: str) -> bool:
    """Whether code compiled from ``filename`` looks like the learner's by its name (a
    notebook cell, a file outside the library): used to describe state an answer keeps
    (:mod:`.shared_state`), never to decide a shortcut."""
    if filename.startswith("<"):
        return filename.startswith(("<answer", "<ipython", "<string"))
    return not os.path.realpath(filename).startswith(_trusted_roots())
