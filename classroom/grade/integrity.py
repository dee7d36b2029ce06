"""Keeping the checks whole in a process that also runs learner code (the grader's worker).

Learner code runs in the worker beside the code that probes it.  It can reach everything
there (modules, frames, the garbage collector), so the worker does not trust what it finds
at a probe; it relies on three things learner code cannot change:

* **A snapshot, put back before every probe and case** (:func:`snapshot`, :func:`restore`).  Taken before the first
  learner cell, of every module of the course package and of the worker itself: their
  names, the attributes of the classes they define, and the contents of their functions'
  closures; and of ``sys.modules``' entries for them.  A learner's
  ``core.observe = ...``, ``shortcuts.make_hook = ...`` or emptied closure is undone before
  the next probe starts.  (What learner code changes *while* it is being probed can only
  change what the probe records, which the grader judges against values the worker never
  holds, and a forbidden call ends the process first; see :mod:`classroom.grade.worker`.)

* **An audit hook** (:func:`install_audit_hook`).  Python's audit hooks cannot be removed.
  This one refuses, with a ``PermissionError`` that says so:

  - adding another audit hook, at any time;
  - ``sys.settrace`` and ``sys.setprofile`` while learner code is anywhere on the stack (the
    shortcut guard is a profile function only the worker installs and removes);
  - changing the ``__code__``, ``__defaults__`` or ``__kwdefaults__`` of a function of the
    checker's or the library's (the guard's own hooks among them), and making a new
    function of their code with other globals (``FunctionType``);
  - while learner code is the first frame up the stack that is not the standard library or
    an installed package: building code objects (``CodeType``, ``code.replace``: crafted
    bytecode can read and write memory), ``ctypes``, and ``marshal.loads`` other than by
    the import system;
  - reading bytecode (``*.pyc``) from the folders learner code can write to, so the import
    system cannot be handed forged bytecode, and writing to a process's memory through
    ``/proc/*/mem``.

  Library code may still do these things on the learner's behalf (threadpoolctl's use of
  ctypes when minigrad's training loop limits BLAS threads).  Who is who is decided by the
  identity of each frame's code object (:mod:`classroom.exercises.provenance`), with a
  registry frozen before the first learner cell.

* **The kernel**: the seccomp filter (:mod:`.seccomp`) refuses new threads, so everything
  learner code runs, runs in the one thread the profile hook watches.

The hook keeps everything it consults in default arguments (frozen sets, strings, builtin
functions): it looks up no global or built-in name, and its code and defaults are among
the things it refuses to let anyone change.
"""

from __future__ import annotations

import builtins
import os
import sys
import types

from ..exercises import provenance

#: Events the audit hook looks at (every other event returns at once).
WATCHED = frozenset({
    "sys.addaudithook", "sys.setprofile", "sys.settrace", "object.__setattr__",
    "object.__delattr__", "code.__new__", "function.__new__", "marshal.loads", "open",
})
# (every "ctypes." event is watched too)
FUNCTION_PARTS = frozenset({"__code__", "__defaults__", "__kwdefaults__"})
_EMPTY = object()


def snapshot(extra_modules=()) -> tuple:
    """The course package's modules and the worker (``extra_modules``), as they are now,
    for :func:`restore` (see the module docstring).  Only tuples: nothing in it can be
    changed by whoever finds it."""
    modules = {name: m for name, m in list(sys.modules.items())
               if isinstance(m, types.ModuleType) and
               (name == "classroom" or name.startswith("classroom."))}
    for module in extra_modules:
        modules.setdefault(getattr(module.__spec__, "name", module.__name__), module)
    classes, functions = {}, {}
    for module in modules.values():
        for value in list(vars(module).values()):
            _collect(value, module.__name__, classes, functions)
    return ((builtins.__dict__, tuple(builtins.__dict__.items())),
            (sys.modules, tuple(modules.items())),
            tuple((m.__dict__, tuple(m.__dict__.items())) for m in modules.values()),
            tuple((cls, tuple(vars(cls).items())) for cls in classes.values()),
            tuple((fn, fn.__code__, fn.__defaults__, tuple((fn.__kwdefaults__ or {}).items()),
                   tuple(_contents(c) for c in fn.__closure__ or ()))
                  for fn in functions.values()))


def _collect(value, module_name: str, classes: dict, functions: dict) -> None:
    todo = [value]
    while todo:
        value = todo.pop()
        if isinstance(value, (staticmethod, classmethod)):
            value = value.__func__
        if isinstance(value, property):
            todo += [f for f in (value.fget, value.fset, value.fdel) if f is not None]
        elif type(value) is types.FunctionType:
            if id(value) not in functions and value.__module__ == module_name:
                functions[id(value)] = value
                wrapped = getattr(value, "__wrapped__", None)
                if wrapped is not None:
                    todo.append(wrapped)
                todo += [_contents(c) for c in value.__closure__ or ()]
        elif isinstance(value, type) and value.__module__ == module_name and \
                id(value) not in classes:
            classes[id(value)] = value
            todo += list(vars(value).values())


def restore(taken: tuple, kept: list, _type=type, _dict=dict, _vars=vars, _zip=zip,
            _tuple=tuple, _errors=(AttributeError, TypeError), _empty_error=ValueError,
            _EMPTY=_EMPTY) -> list:
    """Put back everything :func:`snapshot` took; returns the names of built-ins that had
    been replaced or deleted (the learner is told).  Built-ins come first, by a method of
    the dict itself, and every name this function uses is a default argument or a local:
    learner code may have replaced any global or built-in name.  What it takes out goes
    into ``kept``, so that no finalizer of the learner's runs before the caller lets go."""
    (names, items), (modules, entries), namespaces, classes, functions = taken
    changed = [name for name, value in items if names.get(name, _EMPTY) is not value]
    kept += [names.get(name) for name in changed]
    names.update(items)
    changed.sort()
    for name, module in entries:
        if modules.get(name) is not module:
            kept.append(modules.get(name))
            modules[name] = module
    for namespace, saved in namespaces:
        wanted = _dict(saved)
        for name in [n for n in namespace if n not in wanted]:
            kept.append(namespace.pop(name))
        for name, value in saved:
            if namespace.get(name, _EMPTY) is not value:
                kept.append(namespace.get(name))
                namespace[name] = value
    for cls, saved in classes:
        wanted = _dict(saved)
        for name in [n for n in _vars(cls) if n not in wanted]:
            try:
                kept.append(_vars(cls)[name])
                _type.__delattr__(cls, name)
            except _errors:
                pass
        for name, value in saved:
            if _vars(cls).get(name, _EMPTY) is not value:
                try:
                    kept.append(_vars(cls).get(name))
                    _type.__setattr__(cls, name, value)
                except _errors:
                    pass
    for fn, code, defaults, kwdefaults, cells in functions:
        if fn.__code__ is not code:
            fn.__code__ = code
        if fn.__defaults__ is not defaults:
            fn.__defaults__ = defaults
        if _tuple((fn.__kwdefaults__ or {}).items()) != kwdefaults:
            fn.__kwdefaults__ = _dict(kwdefaults) if kwdefaults else None
        for cell, value in _zip(fn.__closure__ or (), cells):
            try:
                current = cell.cell_contents
            except _empty_error:
                current = _EMPTY
            if current is not value:
                kept.append(current)
                if value is _EMPTY:
                    del cell.cell_contents
                else:
                    cell.cell_contents = value
    return changed




def _contents(cell):
    try:
        return cell.cell_contents
    except ValueError:
        return _EMPTY


def install_audit_hook(registry: provenance.Registry, writable: tuple, importer_code,
                       installed: tuple = ()):
    """Install the worker's audit hook (see the module docstring).  ``writable`` are the
    folders learner code may write to (each ending with a separator); ``importer_code`` is
    the code object of the import system's function that unmarshals bytecode it read;
    ``installed`` the folders of installed code (see
    :func:`classroom.exercises.provenance.installed_roots`)."""
    def hook(event, args, _watched=WATCHED, _parts=FUNCTION_PARTS,
             _library=registry.library, _checker=registry.checker, _other=registry.other,
             _writable=writable, _importer=importer_code, _installed=tuple(installed),
             _getframe=sys._getframe, _open=os.open, _close=os.close, _readlink=os.readlink,
             _fsdecode=os.fsdecode, _flags=getattr(os, "O_PATH", os.O_RDONLY) | os.O_CLOEXEC,
             _str=str, _bytes=bytes, _function=types.FunctionType, _type=type, _id=id,
             _int=int, _os_error=OSError, _error=PermissionError):
        if event not in _watched and not event.startswith("ctypes."):
            return
        if event == "open":
            if args[1:] == (None, _flags):
                return                 # this hook's own look at where a path leads (O_PATH)
            path = args[0] if args else None
            if _type(path) is _bytes:
                path = _fsdecode(path)
            if _type(path) is _str and (path.endswith((".pyc", ".pyo")) or
                                       path.endswith("/mem") and path.startswith("/proc/")):
                try:
                    fd = _open(path, _flags)
                except _os_error:
                    return                     # the open itself will fail
                try:
                    real = _readlink("/proc/self/fd/%d" % fd)
                except _os_error:
                    real = path if path.startswith("/") else "/"
                finally:
                    _close(fd)
                if real.endswith("/mem") and real.startswith("/proc/"):
                    mode = args[1] if args[1:] else None
                    flags = args[2] if args[2:] else 0
                    if (_type(mode) is _str and ("w" in mode or "+" in mode or "a" in mode)) \
                            or (_type(flags) is _int and flags & 3):
                        raise _error("graded code may not write to a process's memory")
                elif (real + "/").startswith(_writable):
                    raise _error("graded code may not load bytecode from its scratch folder")
            return
        if event == "sys.addaudithook":
            raise _error("graded code may not add audit hooks")
        if event == "object.__setattr__" or event == "object.__delattr__":
            # the parts of the checker's and the library's own functions (the guard's hooks
            # among them); a function of the learner's or of another package is theirs
            if not args[1:] or args[1] not in _parts or _type(args[0]) is not _function:
                return
            code = _id(args[0].__code__)
            if code in _library or code in _checker:
                raise _error("graded code may not change the checker's or the library's "
                             "functions")
            return
        if event == "function.__new__":
            code = _id(args[0]) if args else None
            if code in _library or code in _checker:
                raise _error("graded code may not make new functions of the checker's or the "
                             "library's code")
            return
        frame = _getframe(1)
        if event == "sys.setprofile" or event == "sys.settrace":
            while frame is not None:
                code = _id(frame.f_code)
                if not (code in _library or code in _checker or code in _other):
                    raise _error(f"graded code may not call {event} (the checks use it)")
                frame = frame.f_back
            return
        if event == "marshal.loads" and frame is not None and frame.f_code is _importer:
            return
        if event == "code.__new__" and frame is not None and _id(frame.f_code) in _other:
            return     # the standard library's own (types.coroutine sets a flag with replace)
        while frame is not None and (_id(frame.f_code) in _other or
                                     frame.f_code.co_filename.startswith(_installed)):
            frame = frame.f_back
        if frame is None:
            return
        code = _id(frame.f_code)
        if not (code in _library or code in _checker):
            raise _error(f"graded code may not use {event}")
    sys.addaudithook(hook)
    return hook
