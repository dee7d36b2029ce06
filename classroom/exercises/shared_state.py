"""State an answer keeps between calls by accident: mutable defaults, class attributes,
globals and attributes of the function itself.

Classic Python bugs make a function or a class remember what an earlier call did:

* a **mutable default argument**, ``def train(..., losses=[])``: Python builds that list
  once, when the ``def`` runs, and every call that does not pass the argument appends to
  the same list;
* a **mutable class attribute**, ``class SGD: params = []``: ``self.params.extend(...)`` in
  ``__init__`` fills the one list that every instance shares;
* a **global** the code changes (``seen = set()`` above the ``def``, ``global A, B``), or an
  **attribute of the function** (``mul.saved = ...``): one place shared by every call, so a
  second call, or a second result made before the first one's backward, sees what the
  other left there.

A check may pass while any of them lurks (the first call is right; the second is not), so
:func:`watch` fingerprints every such container and binding an answer owns before the cases
run, and :meth:`Watcher.changed` says which one a case changed.  Only the learner's code is
watched (the answer, the learner's functions it calls by name, the methods of the learner's
classes): the library's is not the learner's to fix.
"""

from __future__ import annotations

import hashlib
import inspect
import types

import numpy as np

_CONTAINERS = (list, dict, set, bytearray, np.ndarray)


def _fingerprint(value, depth: int = 0):
    """Something equal before and after exactly when ``value`` was not changed in place
    (nor the containers and arrays it holds, a few levels down)."""
    if isinstance(value, np.ndarray):
        return ("array", value.shape, value.dtype.str,
                hashlib.sha1(np.ascontiguousarray(value).tobytes()).hexdigest())
    if depth > 3:
        return ("deep", id(value))
    if isinstance(value, dict):
        return ("dict", tuple((id(k), _inner(v, depth)) for k, v in value.items()))
    if isinstance(value, set):
        return ("set", frozenset(id(v) for v in value))
    return (type(value).__name__, tuple(_inner(v, depth) for v in value))


def _inner(value, depth: int):
    if isinstance(value, _CONTAINERS):
        return _fingerprint(value, depth + 1)
    return id(value)


def _learner_defined(cls) -> bool:
    """Whether the learner wrote ``cls``: where its methods' code lives (a notebook cell,
    an answer the grader compiled, a file of theirs), not the library's or the course's."""
    from .shortcuts import learner_file

    return any(learner_file(fn.__code__.co_filename) for fn in _functions_of(cls))


def _functions_of(cls) -> list:
    found = []
    for value in vars(cls).values():
        if isinstance(value, (staticmethod, classmethod)):
            value = value.__func__
        if inspect.isfunction(value):
            found.append(value)
    return found


def _defaults(fn) -> list:
    """(description, container) for each mutable default of the function ``fn``."""
    found = []
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return found
    for param in params:
        if isinstance(param.default, _CONTAINERS):
            shown = repr(param.default) if len(repr(param.default)) <= 20 else "..."
            found.append((f"the default argument `{param.name}={shown}` of "
                          f"`{fn.__qualname__}`", "default", param.default))
    return found


def _global_names(code, found: set) -> set:
    """The global names ``code`` (and the code of functions and classes nested in it) may
    read or write."""
    found.update(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            _global_names(const, found)
    return found


def _globals_of(functions: list) -> list:
    """(description, kind, value) for the globals the learner's ``functions`` refer to
    by name (and those of the learner's functions they call by name, transitively), and for
    the attributes set on those functions: what a call could leave behind for the next."""
    from .shortcuts import learner_file

    found, done, todo = {}, set(), list(functions)
    while todo:
        fn = todo.pop()
        if id(fn) in done or not learner_file(fn.__code__.co_filename):
            continue
        done.add(id(fn))
        found[("attr", id(fn))] = (f"an attribute set on your function `{fn.__name__}`",
                                   "attribute", vars(fn))
        space = fn.__globals__
        for name in sorted(_global_names(fn.__code__, set())):
            if name not in space or name.startswith("__"):
                continue
            value = space[name]
            if inspect.isfunction(value):
                todo.append(value)
            elif isinstance(value, (types.ModuleType, type)) or callable(value):
                continue
            found[("global", id(space), name)] = (f"the global `{name}`", "global",
                                                  _Binding(space, name))
    return list(found.values())


class _Binding:
    """A global name: what it is bound to, and that object's contents if it is a container."""

    def __init__(self, space: dict, name: str):
        self.space, self.name = space, name

    def fingerprint(self):
        value = self.space.get(self.name, _Binding)
        inner = _fingerprint(value) if isinstance(value, _CONTAINERS) else None
        return (id(value), inner)


class Watcher:
    """What one answer could keep between calls (see :func:`watch`), and fingerprints."""

    def __init__(self, watched: list):
        self.watched = [(what, kind, value, _print(value)) for what, kind, value in watched]

    def changed(self) -> str | None:
        """What to tell the learner about the first watched container that changed (it is
        then watched from its new state), or None."""
        for i, (what, kind, value, before) in enumerate(self.watched):
            now = _print(value)
            if now == before:
                continue
            self.watched[i] = (what, kind, value, now)
            if kind in ("global", "attribute"):
                return (f"{what} changed while your code ran. It is one place shared by "
                        f"every call, so a second call (or a second result made before the "
                        f"first one's backward runs) sees what this one left there. Keep what "
                        f"a call needs inside the call: local variables, which a function "
                        f"defined in it can still use later")
            if kind == "default":
                return (f"{what} changed while your code ran. Python creates a default value "
                        f"once, when the def runs, so every later call starts with what this "
                        f"one left in it. Use None as the default and make a new "
                        f"container inside the function")
            return (f"{what} changed while your code ran. A mutable class attribute is one "
                    f"object shared by every instance, so each instance sees the others' "
                    f"contents. Create it in __init__ instead (self.name = [])")
        return None


def _print(value):
    return value.fingerprint() if isinstance(value, _Binding) else _fingerprint(value)


def watch(answer, globals_too: bool = True) -> Watcher:
    """A :class:`Watcher` of ``answer``'s mutable defaults (a function), or of the mutable
    class attributes and method defaults of ``answer`` and its learner-written bases (a
    class); with ``globals_too``, also of the globals the learner's code refers to and of
    the attributes of its functions."""
    watched = []
    if inspect.isfunction(answer):
        watched += _defaults(answer)
        watched += _globals_of([answer]) if globals_too else []
    elif isinstance(answer, type):
        methods = []
        for cls in answer.__mro__:
            if cls is object or not _learner_defined(cls):
                continue
            for name, value in vars(cls).items():
                if isinstance(value, _CONTAINERS) and not name.startswith("__"):
                    watched.append((f"the class attribute `{cls.__name__}.{name}`", "class",
                                    value))
            for fn in _functions_of(cls):
                watched += _defaults(fn)
                methods.append(fn)
        watched += _globals_of(methods) if globals_too else []
    return Watcher(watched)
