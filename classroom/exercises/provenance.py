"""Whose code a frame runs: the library's, the checker's, other installed code, or the learner's.

The shortcut guard (:mod:`.shortcuts`) must tell a learner's call of ``minigrad.add`` from the
library's own.  A file name cannot decide that: learner code can ``compile(src, "<frozen
add>", "exec")`` or name a file after a library module.  A code object's *identity* can:
the library's code objects exist before the learner's first line runs, and nothing the
learner's code creates later can be one of them.  :func:`registry` sorts every code object
of the loaded modules, by identity, into three frozen sets:

* ``library``: minigrad and the course's other designs (``classroom.designs``), the pieces
  an exercise may forbid (their internal use of a forbidden piece is not the learner's);
* ``checker``: the rest of the course package (the checks, the cases, the grader's worker)
  and the code objects of the cases being run (:func:`code_objects`);
* ``other``: the standard library and installed packages (NumPy...), which call things on
  behalf of whoever called them.

Every other code object is the learner's: notebook cells, answers, files a learner wrote,
and code compiled or built at run time, whatever its file name.  A module counts as the
library's or the checker's by its name *and* by where its file lives, looked up when the
registry is built.

The registry lists the code objects of live functions (found with the garbage collector,
so lambdas kept in data structures count) and, recursively, the code objects nested in
them (closures a function will create later).  Module-level code has no frame while
checks run and is left out.
"""

from __future__ import annotations

import gc
import hashlib
import operator
import os
import sys
import sysconfig
import types
from dataclasses import dataclass

LEARNER, LIBRARY, CHECKER, OTHER = "learner", "library", "checker", "other"
_LIBRARY_PACKAGES = ("minigrad", "classroom.designs")


@dataclass(frozen=True)
class Registry:
    """Code objects by who wrote them (see the module docstring); everything else is the
    learner's.  The sets hold the objects' ``id()``: identity, never equality (two code
    objects compiled from the same text are *equal*, and a learner can compile the
    library's text).  ``keep`` holds the objects themselves, so that no id is reused."""
    library: frozenset
    checker: frozenset
    other: frozenset
    keep: tuple = ()

    def kind(self, code) -> str:
        key = id(code)
        if key in self.library:
            return LIBRARY
        if key in self.checker:
            return CHECKER
        if key in self.other:
            return OTHER
        return LEARNER

    def known(self, code) -> bool:
        return self.kind(code) != LEARNER

    def with_checker(self, codes) -> "Registry":
        """This registry with ``codes`` (a case's, say) counted as the checker's."""
        codes = tuple(codes)
        ids = frozenset(id(c) for c in codes)
        if ids <= self.checker:
            return self
        return Registry(self.library, self.checker | ids, self.other, self.keep + codes)


class _ByIdentity(dict):
    """A set of objects compared by identity (code objects are equal by value)."""

    def add(self, obj) -> None:
        self[id(obj)] = obj

    def __contains__(self, obj) -> bool:
        return dict.__contains__(self, id(obj))

    def __iter__(self):
        return iter(list(self.values()))

    def __or__(self, other):
        out = _ByIdentity(self)
        out.update(other)
        return out

    def __isub__(self, other):
        for key in list(other.keys()):
            self.pop(key, None)
        return self


def nested_codes(code, into) -> None:
    """``code`` and every code object among its constants, recursively (``into`` is a set
    by identity, see :class:`_ByIdentity`)."""
    todo = [code]
    while todo:
        current = todo.pop()
        if current in into:
            continue
        into.add(current)
        todo += [c for c in current.co_consts if isinstance(c, types.CodeType)]


def code_objects(*objects) -> tuple:
    """The code objects of functions, classes and cases in ``objects``, followed through
    closures, defaults, class attributes and a case's ``run`` and ``info`` (a few levels):
    what runs when a case runs.  Used to count the cases being run as the checker's."""
    found, seen = _ByIdentity(), set()
    todo = [(obj, 0) for obj in objects]
    while todo:
        obj, depth = todo.pop()
        if id(obj) in seen or depth > 6:
            continue
        seen.add(id(obj))
        if isinstance(obj, types.FunctionType):
            nested_codes(obj.__code__, found)
            inner = list(obj.__defaults__ or ()) + [
                c.cell_contents for c in (obj.__closure__ or ()) if _filled(c)]
            todo += [(v, depth + 1) for v in inner]
        elif isinstance(obj, types.MethodType):
            todo.append((obj.__func__, depth + 1))
        elif isinstance(obj, (staticmethod, classmethod)):
            todo.append((obj.__func__, depth + 1))
        elif isinstance(obj, property):
            todo += [(f, depth + 1) for f in (obj.fget, obj.fset, obj.fdel) if f is not None]
        elif isinstance(obj, type):
            if obj.__module__ in ("builtins",):
                continue
            todo += [(v, depth + 1) for v in vars(obj).values()]
        elif isinstance(obj, (list, tuple, set, frozenset)):
            todo += [(v, depth + 1) for v in obj]
        elif isinstance(obj, dict):
            todo += [(v, depth + 1) for v in obj.values()]
        elif hasattr(type(obj), "__dataclass_fields__"):
            todo += [(getattr(obj, name, None), depth + 1)
                     for name in type(obj).__dataclass_fields__]
    return tuple(found.values())


def _filled(cell) -> bool:
    try:
        cell.cell_contents
    except ValueError:
        return False
    return True


def installed_roots() -> tuple:
    """Folders of installed code (the standard library and site-packages), each ending with
    a separator: the worker's audit hook passes over code from files there, even loaded
    after the registry was made, when it looks for who asked for something (passing a
    frame over can only lead further down the stack, never to trusting it)."""
    return _roots()


def _roots() -> tuple:
    """Folders of installed code: the standard library and site-packages."""
    roots = set()
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        try:
            roots.add(os.path.realpath(sysconfig.get_path(key)))
        except KeyError:
            pass
    for prefix in {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}:
        roots.add(os.path.realpath(os.path.join(prefix, "lib")))
    roots.add("<frozen ")                 # the import system's own code
    return tuple(sorted(r if r == "<frozen " else r.rstrip(os.sep) + os.sep for r in roots))


def _package_folder(name: str) -> str | None:
    module = sys.modules.get(name)
    path = getattr(module, "__file__", None)
    return os.path.dirname(os.path.realpath(path)) + os.sep if isinstance(path, str) else None


def module_kinds() -> dict:
    """{id(module.__dict__): kind} for every loaded module that is not the learner's."""
    import classroom
    import minigrad

    folders = {"minigrad": _package_folder("minigrad"), "classroom": _package_folder("classroom")}
    del classroom, minigrad
    roots = _roots()
    kinds = {}
    for name, module in list(sys.modules.items()):
        namespace = getattr(module, "__dict__", None)
        if not isinstance(namespace, dict):
            continue
        spec = getattr(module, "__spec__", None)
        real_name = getattr(spec, "name", None) or name
        path = getattr(module, "__file__", None)
        path = os.path.realpath(path) if isinstance(path, str) else None
        top = real_name.split(".")[0]
        if top in folders and path and folders[top] and path.startswith(folders[top]):
            library = any(real_name == p or real_name.startswith(p + ".")
                          for p in _LIBRARY_PACKAGES)
            kinds[id(namespace)] = LIBRARY if library else CHECKER
        elif path is None and (getattr(spec, "origin", None) in ("frozen", "built-in")
                               or top in sys.stdlib_module_names):
            kinds[id(namespace)] = OTHER
        elif path and path.startswith(roots) and top not in folders:
            kinds[id(namespace)] = OTHER
    return kinds


_CACHE: dict = {}


def registry(extra_checker=()) -> Registry:
    """The code objects of every loaded module, by who wrote them (see the module
    docstring), plus ``extra_checker`` as the checker's.  Rebuilt when modules were loaded
    since the last call."""
    key = len(sys.modules)
    cached = _CACHE.get("registry")
    if cached is None or _CACHE.get("key") != key:
        kinds = module_kinds()
        sets = {LIBRARY: _ByIdentity(), CHECKER: _ByIdentity(), OTHER: _ByIdentity()}
        for obj in gc.get_objects():
            if type(obj) is types.FunctionType:
                kind = kinds.get(id(obj.__globals__))
                if kind is not None:
                    nested_codes(obj.__code__, sets[kind])
        sets[OTHER] -= sets[LIBRARY] | sets[CHECKER]
        cached = Registry(*(frozenset(id(c) for c in sets[k]) for k in (LIBRARY, CHECKER, OTHER)),
                          keep=tuple(sets[LIBRARY] | sets[CHECKER] | sets[OTHER]))
        _CACHE.update(registry=cached, key=key)
    return cached.with_checker(extra_checker) if extra_checker else cached


#: What a code object's digest covers; ``co_qualname`` and ``co_exceptiontable`` exist from
#: Python 3.11 on (3.10 lacks them, and its digests are only ever compared among themselves).
_CODE_FIELDS = tuple(name for name in (
    "co_code", "co_names", "co_varnames", "co_freevars", "co_cellvars", "co_name",
    "co_qualname", "co_flags", "co_argcount", "co_posonlyargcount", "co_kwonlyargcount",
    "co_nlocals", "co_stacksize", "co_firstlineno", "co_linetable", "co_exceptiontable")
    if hasattr(types.CodeType, name))


def code_digest(code, _sha256=hashlib.sha256, _code=types.CodeType, _repr=repr, _type=type,
                _sorted=sorted, _len=len, _reversed=reversed, _sets=(set, frozenset),
                _tuple=tuple, _fields=operator.attrgetter(*_CODE_FIELDS)) -> str:
    """A digest of what ``code`` does: its bytecode, names, constants and nested code
    objects, the same in every process for the same code (a copy made by unpickling
    included: cloudpickle renames its file, so the file name is left out).  The grader sends the digests of a hidden case's code objects with the case;
    the worker counts as the checker's only the code objects whose digests match.  Looks up
    no global or built-in name."""
    parts, todo = [], [code]
    while todo:
        item = todo.pop()
        kind = _type(item)
        if kind is _code:
            parts.append(_repr(_fields(item) + (_len(item.co_consts),)))
            todo.extend(_reversed(item.co_consts))
        elif kind in _sets:
            parts.append("set" + _repr(_sorted(_repr(x) for x in item)))
        elif kind is _tuple:
            parts.append("tuple%d" % _len(item))
            todo.extend(_reversed(item))
        else:
            parts.append(kind.__name__ + ":" + _repr(item))
    return _sha256("\n".join(parts).encode()).hexdigest()
