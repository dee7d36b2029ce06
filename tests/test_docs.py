"""Every public name of minigrad has its own docstring, as PyTorch's reference has: what it
is, its arguments (each named), the shapes where they matter, and a short example, and
the examples run (as doctests).

"Public" means reachable from ``minigrad``, ``minigrad.nn``, ``minigrad.nn.functional``,
``minigrad.optim``, ``minigrad.optim.lr_scheduler``, ``minigrad.data``, ``minigrad.train``
and ``minigrad.autograd`` (and the modules they list in ``__all__``, such as ``nn.init``):
each class and function there, and each public method, property or class method of those
classes.  A class's docstring is its own (``help(optim.Adam)`` must not show the
Optimizer base class's); a method may share the docstring of the method it overrides, as
``help`` shows it, when it takes the same arguments (every layer's ``forward``).
"""

import doctest
import importlib
import inspect
import re
import types

import numpy as np
import pytest

import minigrad

ROOTS = ["minigrad", "minigrad.nn", "minigrad.nn.functional", "minigrad.optim",
         "minigrad.optim.lr_scheduler", "minigrad.data", "minigrad.train", "minigrad.autograd"]


def _ours(obj) -> bool:
    return (getattr(obj, "__module__", None) or "").startswith("minigrad")


def public_modules() -> list:
    """The roots and every minigrad module they list in ``__all__`` (``nn.init`` …)."""
    found, todo = {}, list(ROOTS)
    while todo:
        name = todo.pop()
        if name in found:
            continue
        module = importlib.import_module(name)
        found[name] = module
        for item in getattr(module, "__all__", []):
            value = getattr(module, item, None)
            if isinstance(value, types.ModuleType) and value.__name__.startswith("minigrad"):
                todo.append(value.__name__)
    return list(found.values())


def public_objects() -> dict:
    """{qualified name: object} for every public class and function, each once."""
    seen, out = set(), {}
    for module in public_modules():
        names = getattr(module, "__all__", None)
        if names is None:
            names = [n for n in vars(module) if not n.startswith("_")]
        for name in names:
            obj = getattr(module, name)
            if isinstance(obj, types.ModuleType) or not (inspect.isclass(obj) or callable(obj)):
                continue
            if not _ours(obj) or id(obj) in seen:
                continue
            seen.add(id(obj))
            out[f"{module.__name__}.{name}"] = obj
    return out


def public_members() -> dict:
    """{qualified name: (class, member name, member)} for the public methods, properties and
    class methods each public class defines itself."""
    out = {}
    for qualname, cls in public_objects().items():
        if not inspect.isclass(cls):
            continue
        for name, member in vars(cls).items():
            if name.startswith("_"):
                continue
            if isinstance(member, (classmethod, staticmethod)):
                member = member.__func__
            if isinstance(member, property) or inspect.isfunction(member):
                out[f"{qualname}.{name}"] = (cls, name, member)
    return out


def method_arguments(member) -> list:
    """A method's arguments but the first, the object itself (``self``, or ``a`` in the op
    functions that ``tensor_method`` attaches to Tensor: ``t.exp()`` is ``exp(t)``)."""
    names = documented_arguments(member)
    try:
        first = next(iter(inspect.signature(member).parameters))
    except (TypeError, ValueError, StopIteration):
        return names
    return [n for n in names if n != first]


def own_doc(obj) -> str:
    if inspect.isclass(obj):
        return obj.__dict__.get("__doc__") or ""
    if isinstance(obj, property):
        return (obj.fget.__doc__ if obj.fget else "") or ""
    return obj.__doc__ or ""


def documented_arguments(fn) -> list:
    """The parameters a docstring must name: every one but self/cls, and but names that
    start with ``_`` (PyTorch's private ones, such as Embedding's ``_weight``)."""
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError):
        return []
    return [p.name for p in signature.parameters.values()
            if p.name not in ("self", "cls") and not p.name.startswith("_")]


def names_argument(doc: str, name: str) -> bool:
    """Whether ``doc`` says what argument ``name`` is: an entry of an Args list
    (``name (type): ...``, or ``a, b (type): ...``), the name in double backticks, or, for
    a name longer than two letters, the word itself (a lone ``a`` or ``x`` would match
    any English sentence)."""
    n = re.escape(name)
    if re.search(rf"(^|\n)\s*(\**\w+, )*\**{n}(, \**\w+)*( \(|:)", doc):
        return True
    if f"``{name}``" in doc:
        return True
    return len(name) > 2 and re.search(rf"\b{n}\b", doc) is not None


def missing_arguments(doc: str, fn) -> list:
    return [a for a in documented_arguments(fn) if not names_argument(doc, a)]


def constructor(cls):
    """The ``__init__`` whose arguments ``cls``'s docstring must name: its own, or a private
    base's (``Conv2d`` is built by ``_ConvNd``); None when a public base documents it."""
    owner = next((c for c in cls.__mro__ if "__init__" in vars(c)), object)
    if owner is object or (owner is not cls and not owner.__name__.startswith("_")):
        return None
    return owner.__init__


def inherited_doc(cls, name: str, member):
    """The docstring of the method ``member`` overrides, when it takes the same arguments."""
    for base in cls.__mro__[1:]:
        theirs = base.__dict__.get(name)
        if theirs is None:
            continue
        if isinstance(theirs, (classmethod, staticmethod)):
            theirs = theirs.__func__
        doc = own_doc(theirs)
        if not doc:
            continue
        if isinstance(member, property) or \
                method_arguments(member) == method_arguments(theirs):
            return doc
        return None
    return None


OBJECTS = public_objects()
MEMBERS = public_members()


def test_the_audit_sees_the_whole_public_api():
    # a sample of names from every root, so that a broken walk cannot pass vacuously
    for name in ["minigrad.Tensor", "minigrad.tensor", "minigrad.nn.Conv2d", "minigrad.nn.Module",
                 "minigrad.nn.functional.cross_entropy", "minigrad.optim.Adam",
                 "minigrad.optim.lr_scheduler.OneCycleLR", "minigrad.data.DataLoader",
                 "minigrad.train.fit", "minigrad.autograd.grad", "minigrad.nn.init.kaiming_normal_",
                 "minigrad.linalg.vector_norm"]:
        assert any(k == name or OBJECTS[k] is eval(name, {"minigrad": minigrad})
                   for k in OBJECTS), name
    assert len(OBJECTS) > 300 and len(MEMBERS) > 150


@pytest.mark.parametrize("name", sorted(OBJECTS))
def test_every_public_name_has_its_own_docstring_with_arguments_and_an_example(name):
    obj = OBJECTS[name]
    doc = own_doc(obj)
    assert doc.strip(), f"{name} has no docstring of its own" + (
        " (help() would show its base class's)" if inspect.isclass(obj) else "")
    fn = constructor(obj) if inspect.isclass(obj) else obj
    text = doc + ((fn.__doc__ or "") if fn is not None and inspect.isclass(obj) else "")
    missing = missing_arguments(text, fn) if fn is not None else []
    assert not missing, f"{name}'s docstring does not say what {missing} are"
    assert ">>>" in doc, f"{name}'s docstring has no example (a >>> line that runs)"


@pytest.mark.parametrize("name", sorted(MEMBERS))
def test_every_public_method_says_what_it_does_and_takes(name):
    cls, member_name, member = MEMBERS[name]
    doc = own_doc(member) or inherited_doc(cls, member_name, member) or ""
    if member_name == "forward":
        # what calling a layer takes is its class's docstring's business (its Shape), as in
        # PyTorch; forward itself may share Module.forward's docstring
        doc = doc or own_doc(inherited_forward(cls))
        doc += "\n" + own_doc(cls)
    assert doc.strip(), f"{name} has no docstring (and overrides none it could share)"
    if not isinstance(member, property):
        missing = [a for a in method_arguments(member) if not names_argument(doc, a)]
        assert not missing, f"{name}'s docstring does not say what {missing} are"


def inherited_forward(cls):
    return next(base.__dict__["forward"] for base in cls.__mro__[1:] if "forward" in vars(base))


def _examples():
    finder = doctest.DocTestFinder(recurse=False)
    found, seen = {}, set()
    everything = dict(OBJECTS)
    everything.update({k: (m.fget if isinstance(m, property) else m)
                       for k, (_, _, m) in MEMBERS.items()})
    for name, obj in everything.items():
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        for test in finder.find(obj, name, globs={}):
            if test.examples:
                found[name] = test
    return found


EXAMPLES = _examples()


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_the_examples_run(name):
    test = EXAMPLES[name]
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report = []
    state = minigrad.random._rng.bit_generator.state     # examples may draw: put it back
    try:
        with np.printoptions(legacy=False):
            runner.run(test, out=report.append)
    finally:
        minigrad.random._rng.bit_generator.state = state
    assert runner.failures == 0, "".join(report)


def test_a_docstring_without_its_argument_is_caught():
    def scale(x, factor=2):
        """Multiply ``x`` by two.

        Example:
            >>> scale(1)
            2
        """
        return x * factor

    assert missing_arguments(scale.__doc__, scale) == ["factor"]

    def add(a, b):
        """Add a number to a tensor, as a tensor."""          # 'a' only as an article

    assert missing_arguments(add.__doc__, add) == ["a", "b"]
    assert missing_arguments("Args:\n    a, b (Tensor): the operands.", add) == []
    assert missing_arguments("The sum of ``a`` and ``b``.", add) == []

    class Base:
        def step(self, closure=None):
            """Take a step; ``closure`` recomputes the loss."""

    class Child(Base):
        def step(self, closure=None):
            pass

        def other(self, lr):
            pass

    assert inherited_doc(Child, "step", Child.step)
    assert inherited_doc(Child, "other", Child.other) is None
