"""Reverse-mode automatic differentiation: recording the graph and walking it backwards.

Every op computes its output with NumPy and hands it to :func:`record` together
with its inputs and a ``backward(grad)`` function that returns one gradient per
input.  ``record`` attaches a :class:`Node` to the output tensor only when some input
requires a gradient and gradient mode is on (see :class:`no_grad`).

The graph is made of nodes, as PyTorch's is.  A node holds the op's ``backward``
(which keeps only the arrays it needs), the nodes of the inputs it was computed from,
and the leaves and constants among those inputs; it does *not* hold the intermediate
tensors themselves.  So ``y = x + 1`` repeated a thousand times keeps no intermediate
values alive: addition's backward needs none.  A tensor you still hold is reachable from
its node (``t.parents`` gives it back); one that only the graph referred to comes back
as a stand-in whose values were freed.

:func:`backward` then

1. finds every node the root depends on and puts them in **topological order**
   with an explicit stack (no recursion, so a 100,000-op chain is fine),
2. walks that order from the root to the leaves, calling each node's backward
   **exactly once**, after *all* of its consumers have added their contribution
   to its gradient (a tensor used twice gets the sum of both gradients),
3. adds the result into ``.grad`` of the leaves (gradients accumulate across
   calls, as in PyTorch: zero them between steps), and
4. frees the graph's saved buffers unless ``retain_graph=True``.

**Gradients that are graphs (``create_graph=True``).**  Each op has two backwards, side by
side in its module: the NumPy ``backward(grad)`` it hands to :func:`record`, which the
ordinary walk runs (fast: arrays only, nothing recorded), and a *graph-building* one,
registered under the op's name with :func:`graph_backward`, which computes the same
gradient with tensor ops, so that it is recorded as a graph of its own.
``backward(create_graph=True)`` and ``grad(..., create_graph=True)`` walk the graph
with those instead, and a second ``grad`` then gives second derivatives (and a third,
third ones).  A graph-building backward reads the values the NumPy one kept (the
variables its closure holds, by name: :meth:`GraphContext.saved`) and turns them into
tensors that carry their input's history (:meth:`GraphContext.input`).  An op with no
graph-building backward refuses ``create_graph=True`` with an error naming it.

Before a node's backward runs, the engine checks that the tensors it saved (the
``saved=`` of :func:`record`) were not changed in place since the forward pass: each
tensor has a version counter, bumped by every in-place change, as PyTorch's.  A change
that is recorded gives the tensor a new node with :func:`rebase`; minigrad/views.py says
how in-place changes and views (tensors sharing another's memory) use it.
"""

from __future__ import annotations

import functools
import inspect
import sys
import traceback
import weakref

import numpy as np

from . import dtypes
from .errors import ShapeError
from .tensor import Tensor

_grad_enabled = True
_anomaly_enabled = False
_new, _weak = object.__new__, weakref.ref


# -- switches ----------------------------------------------------------------------------
class _Switch:
    """A context manager and decorator that sets a module flag and restores it on exit.

    ``@no_grad`` and ``@no_grad()`` both work, on functions and on generator functions
    (whose body runs with the flag set each time it resumes, not just when it is created).
    """

    _flag = ""
    _value = False

    def __new__(cls, fn=None):
        if fn is not None and callable(fn) and cls is not _Switch:
            return cls()(fn)                      # used as @no_grad, without parentheses
        return super().__new__(cls)

    def __init__(self, fn=None):
        self._saved = []

    def __enter__(self):
        self._saved.append(globals()[self._flag])
        globals()[self._flag] = self._value
        return self

    def __exit__(self, *exc):
        globals()[self._flag] = self._saved.pop()
        return False

    def __call__(self, fn):
        fresh = self._fresh
        if inspect.isgeneratorfunction(fn):
            @functools.wraps(fn)
            def generator(*args, **kwargs):
                gen = fn(*args, **kwargs)
                to_send = None
                while True:
                    with fresh():
                        try:
                            value = gen.send(to_send)
                        except StopIteration as stop:
                            return stop.value
                    to_send = yield value
            return generator

        @functools.wraps(fn)
        def wrapped(*args, **kwargs):
            with fresh():
                return fn(*args, **kwargs)
        return wrapped

    def _fresh(self):
        """A new switch like this one, for one call of a decorated function."""
        return type(self)()


class no_grad(_Switch):
    """Inside ``with no_grad():`` ops are not recorded: use it for evaluation and updates.

    Also a decorator (``@no_grad`` or ``@no_grad()``), on functions and generators.

    Args:
        fn (function, optional): the function to decorate, when used as ``@no_grad``.

    Example:
        >>> import minigrad as mg
        >>> w = mg.Tensor([1.0], requires_grad=True)
        >>> with mg.no_grad():
        ...     y = w * 2
        >>> y.requires_grad
        False
    """
    _flag, _value = "_grad_enabled", False


class enable_grad(_Switch):
    """Turn recording back on inside a ``no_grad`` block (also a decorator).

    Args:
        fn (function, optional): the function to decorate, when used as ``@enable_grad``.

    Example:
        >>> import minigrad as mg
        >>> w = mg.Tensor([1.0], requires_grad=True)
        >>> with mg.no_grad():
        ...     with mg.enable_grad():
        ...         y = w * 2
        >>> y.requires_grad
        True
    """
    _flag, _value = "_grad_enabled", True


class detect_anomaly(_Switch):
    """Inside ``with detect_anomaly():`` a NaN or infinity produced by a backward function
    raises ``FloatingPointError`` naming the op, and where in your code it was created.

    Args:
        fn (function, optional): the function to decorate, when used as a decorator.

    Example:
        >>> import minigrad as mg
        >>> x = mg.Tensor([0.0], requires_grad=True)
        >>> with mg.detect_anomaly():
        ...     try:
        ...         x.sqrt().backward()
        ...     except FloatingPointError as err:
        ...         print(str(err).split(" for ")[0])
        anomaly: the backward of 'sqrt' produced inf in the gradient
    """
    _flag, _value = "_anomaly_enabled", True


def is_grad_enabled() -> bool:
    """Whether ops are being recorded now (False inside ``no_grad``).

    Example:
        >>> import minigrad as mg
        >>> with mg.no_grad():
        ...     print(mg.is_grad_enabled())
        False
    """
    return _grad_enabled


class set_grad_enabled(_Switch):
    """Recording on (True) or off (False), as PyTorch's ``set_grad_enabled``.

    Called on its own, ``set_grad_enabled(False)`` switches recording off at once, until
    switched back.  In a ``with`` block or as a decorator (``@set_grad_enabled(False)``)
    the mode holds only inside, and the mode from before comes back afterwards, even
    when an error leaves the block.

    Args:
        mode (bool): True to record, False not to.

    Example:
        >>> import minigrad as mg
        >>> with mg.set_grad_enabled(False):
        ...     mg.is_grad_enabled()
        False
        >>> mg.is_grad_enabled()
        True
    """
    _flag = "_grad_enabled"

    def __new__(cls, mode):
        return object.__new__(cls)

    def __init__(self, mode):
        if not isinstance(mode, (bool, np.bool_)):
            raise TypeError(f"set_grad_enabled: mode must be True or False, got "
                            f"{type(mode).__name__} {mode!r}.")
        global _grad_enabled
        super().__init__()
        self._value = bool(mode)
        self._saved.append(_grad_enabled)     # what a `with` block restores on exit
        _grad_enabled = self._value           # takes effect now, as a plain call

    def __enter__(self):
        global _grad_enabled
        _grad_enabled = self._value
        return self

    def __exit__(self, *exc):
        global _grad_enabled
        _grad_enabled = self._saved[-1]
        return False

    def __call__(self, fn):
        global _grad_enabled
        _grad_enabled = self._saved[-1]       # as a decorator: nothing changes until fn runs
        return super().__call__(fn)

    def _fresh(self):
        return set_grad_enabled(self._value)

    def __repr__(self) -> str:
        return f"minigrad.set_grad_enabled(mode={self._value})"


def set_detect_anomaly(flag: bool) -> None:
    """Turn anomaly detection (see :class:`detect_anomaly`) on or off from here on.

    Args:
        flag (bool): True to check every backward for NaN and infinity.

    Example:
        >>> import minigrad as mg
        >>> _ = mg.set_detect_anomaly(True)
        >>> _ = mg.set_detect_anomaly(False)
    """
    global _anomaly_enabled
    _anomaly_enabled = bool(flag)


# -- the graph's nodes -----------------------------------------------------------------------
class Node:
    """One recorded op (PyTorch calls it a ``grad_fn``): how to send a gradient back.

    * ``op``: the op's name; ``backward``: its ``backward(grad)``;
    * ``inputs``: one entry per input of the op: the input's Node when the input was
      itself computed by a recorded op, else the input tensor (a leaf, or a constant
      that needs no gradient);
    * ``saved``: the version counters of the tensors ``backward`` reads, and
      ``saved_versions`` the sum of their versions when the op ran (versions only grow,
      so the sum changes exactly when one of them does);
    * ``out``: a weak reference to the tensor this node made, so the node does not keep
      its values alive.

    Nodes are made by :func:`record`, not by hand.

    Example:
        >>> import minigrad as mg
        >>> x = mg.Tensor([1.0], requires_grad=True)
        >>> y = (x * 2).exp()
        >>> y.grad_fn, y.grad_fn.name(), y.grad_fn.next_functions
        (<exp>, 'exp', (<mul>,))
    """

    __slots__ = ("op", "backward", "inputs", "saved", "saved_versions", "out", "shape",
                 "dtype", "pending", "extra", "__weakref__")

    # What only a few nodes need lives in ``extra`` (None, or a dict with "standin",
    # "trace", "hooks", "retains"), so recording an op sets as few fields as possible.
    def _get(self, key):
        extra = self.extra
        return None if extra is None else extra.get(key)

    def _set(self, key, value) -> None:
        if self.extra is None:
            self.extra = {}
        self.extra[key] = value

    def name(self) -> str:
        """The op's name, as PyTorch's ``grad_fn.name()``."""
        return self.op

    @property
    def next_functions(self) -> tuple:
        """The nodes of this op's inputs (None for leaves and constants), as PyTorch."""
        return tuple(i if type(i) is Node else None for i in self.inputs)

    def tensor(self) -> Tensor:
        """The tensor this node made: the very object while anyone holds it, otherwise
        one stand-in (always the same) whose values were freed."""
        out = self.out()
        if out is not None:
            return out
        standin = self._get("standin")
        if standin is None:
            standin = Tensor._from_op(None)
            standin._node = self
            standin.requires_grad = True
            self._set("standin", standin)
        return standin

    def parents(self) -> tuple:
        """The tensors this node's op was computed from (see ``Tensor.parents``)."""
        return tuple(i.tensor() if type(i) is Node else i for i in self.inputs)

    def freed_message(self) -> str:
        """What reading this node's values says once only the graph referred to them."""
        return (f"the values of this '{self.op}' result were freed: only the graph referred "
                f"to the tensor, and the graph keeps only what backward needs (as PyTorch's "
                f"does). Keep a reference to a tensor (a variable) to read its values later.")

    def __repr__(self) -> str:
        return f"<{self.op}>"


# -- recording ---------------------------------------------------------------------------
def record(data: np.ndarray, inputs: tuple, backward, op: str, saved: tuple = (),
           saves_output: bool = False) -> Tensor:
    """Wrap an op's output array in a Tensor and, when needed, remember how it was made.

    ``backward(grad)`` must return a tuple with one entry per input: the gradient
    of the output with respect to that input (with the input's shape), or None
    where the input needs no gradient.  It should capture only the arrays it needs
    (never the input tensors themselves), so that the graph holds no more memory than
    the backward pass will use.

    ``saved`` names the input tensors whose data ``backward`` reads, and
    ``saves_output=True`` says that it reads the output's data (as ``exp`` does); the
    engine notes their versions, so that a backward run after one of them was changed
    in place raises an error instead of silently using the new values.

    Args:
        data (ndarray): the op's output.
        inputs (tuple of Tensors): the op's inputs (a 1-tuple for one).
        backward: ``backward(grad) -> tuple`` of gradients, one per input.
        op (str): the op's name (``grad_fn``'s).
        saved (tuple of Tensors): the inputs ``backward`` reads.
        saves_output (bool): ``backward`` reads the output.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.autograd import record
        >>> def cube(x):
        ...     X = x.data
        ...     return record(X ** 3, (x,), lambda g: (3 * X * X * g,), "cube", saved=(x,))
        >>> x = mg.Tensor([2.0], requires_grad=True)
        >>> cube(x).backward(); x.grad
        tensor([12.])
    """
    if type(data) is not np.ndarray:    # NumPy reductions return scalars: keep .data an array
        if isinstance(data, Tensor):
            raise TypeError(f"record({op!r}): data must be a NumPy array (the op's result), "
                            f"not a Tensor; pass t.data.")
        data = np.asarray(data)
    if type(inputs) is not tuple:
        if isinstance(inputs, Tensor):
            raise TypeError(f"record({op!r}): inputs must be a tuple of tensors, e.g. (a,) for "
                            f"one input (note the comma), not a single Tensor.")
        inputs = tuple(inputs)
    out = _new(Tensor)                       # Tensor._from_op(data), inlined: it is hot
    out._data = data
    out._grad = out._node = out._pending = None
    out.requires_grad = False
    out._version = out._view = out._views = None
    if not _grad_enabled:
        return out
    for t in inputs:
        if t.requires_grad:
            break
    else:
        return out
    node = _new(Node)
    node.op = op
    node.backward = backward
    if len(inputs) == 1:
        node.inputs = (inputs[0]._node or inputs[0],)
    elif len(inputs) == 2:
        a, b = inputs
        node.inputs = (a._node or a, b._node or b)
    else:
        node.inputs = tuple([t._node or t for t in inputs])
    if not saved:
        if saves_output:          # the output alone (exp, tanh …): made above, so its
            # counter is new, at 0 (made here, without version_counter()'s call)
            out._version = counter = [0]
            node.saved, node.saved_versions = (counter,), 0
        else:
            node.saved, node.saved_versions = (), 0
    else:
        if saves_output:
            saved += (out,)
        if len(saved) == 1:
            counter = saved[0]._version or saved[0].version_counter()
            node.saved, node.saved_versions = (counter,), counter[0]
        elif len(saved) == 2:
            c0 = saved[0]._version or saved[0].version_counter()
            c1 = saved[1]._version or saved[1].version_counter()
            node.saved, node.saved_versions = (c0, c1), c0[0] + c1[0]
        else:
            node.saved = counters = tuple(t.version_counter() for t in saved)
            node.saved_versions = sum(c[0] for c in counters)
    node.out = _weak(out)
    node.shape = data.shape
    node.dtype = data.dtype
    node.pending = node.extra = None
    if _anomaly_enabled:
        node._set("trace", "".join(traceback.format_stack()[:-2]))
    out._node = node
    out.requires_grad = True
    return out


def rebase(t: Tensor, inputs: tuple, backward, op: str, saved: tuple = (),
           saved_versions: int = 0) -> Node:
    """Give ``t`` a new history: a node that computed it from ``inputs`` (tensors, or the
    nodes of tensors), whatever made it before.  In-place ops and views use this (see
    minigrad/views.py); ``saved`` holds version counters, ``saved_versions`` their sum.

    Args:
        t (Tensor): the tensor whose history is replaced.
        inputs (tuple): the tensors (or nodes) it is now computed from.
        backward: ``backward(grad) -> tuple`` of gradients, one per input (as in
            :func:`record`).
        op (str): the new node's name.
        saved (tuple): the version counters (``t.version_counter()``) of what backward reads.
        saved_versions (int): the sum of those counters' values now.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.autograd import rebase
        >>> x = mg.tensor([1.0, 2.0], requires_grad=True)
        >>> y = mg.zeros(2)
        >>> _ = rebase(y, (x,), lambda g: (3 * g,), "times3")
        >>> y.sum().backward(); x.grad
        tensor([3., 3.])
    """
    node = _new(Node)
    node.op = op
    node.backward = backward
    node.inputs = tuple(i if type(i) is Node else (i._node or i) for i in inputs)
    node.saved, node.saved_versions = saved, saved_versions
    node.out = _weak(t)
    node.shape = t._data.shape
    node.dtype = t._data.dtype
    node.pending = node.extra = None
    if _anomaly_enabled:
        node._set("trace", "".join(traceback.format_stack()[:-2]))
    old = t._node
    if old is not None and old._get("retains"):      # retain_grad() follows the tensor
        old.extra["retains"] = False
        node._set("retains", True)
    t._node = node
    t.requires_grad = True
    return node


# -- walking the graph ------------------------------------------------------------------
_INPUTS_DONE = object()       # _order's marker on its stack (no (item, flag) pair per item)


def _order(root, stop=()) -> list:
    """Every node and leaf ``root`` (a Node) depends on through inputs that need a
    gradient, root first: each after all of its consumers.  The walk does not enter the
    nodes in ``stop`` (ids), nor lists them."""
    order = []
    expanded = set(stop)
    stack = [root]
    push, pop = stack.append, stack.pop
    while stack:
        item = pop()
        if item is _INPUTS_DONE:        # the item below it: all it depends on is in `order`
            order.append(pop())
            continue
        key = id(item)
        if key in expanded:             # reached again by another path: already handled
            continue
        expanded.add(key)
        push(item)
        push(_INPUTS_DONE)              # popped once everything pushed after it is done
        if type(item) is Node:
            for parent in item.inputs:
                if (type(parent) is Node or parent.requires_grad) and id(parent) not in expanded:
                    push(parent)
    order.reverse()
    return order


def topological_order(root: Tensor) -> list:
    """Every tensor ``root`` depends on that requires a gradient, root first, leaves last.

    A node appears after all of its consumers, so by the time the backward walk
    reaches it, every gradient contribution to it has arrived.  (This is the reverse of
    the order in which the tensors were computed; some books list the leaves first and
    reverse the list before walking it.)

    Args:
        root (Tensor): where the walk starts (a loss).

    Example:
        >>> import minigrad as mg
        >>> a = mg.Tensor(2.0, requires_grad=True)
        >>> b = a * a
        >>> c = b + b
        >>> [t.op or "leaf" for t in mg.topological_order(c)]
        ['add', 'mul', 'leaf']
    """
    if not isinstance(root, Tensor):
        raise TypeError(f"topological_order expects a Tensor, got {type(root).__name__}.")
    if root._node is None:
        return [root] if root.requires_grad else []
    return [item.tensor() if type(item) is Node else item for item in _order(root._node)]


def _freed(grad):
    raise RuntimeError(
        "backward() went through part of a graph a second time, but that part's saved "
        "values were freed by the first backward(). If you need to call backward() twice "
        "on the same graph, pass retain_graph=True to the first call."
    )


def _seed(root: Tensor, grad) -> np.ndarray:
    if grad is None:
        if root.data.size != 1:
            raise RuntimeError(
                f"backward() without an argument only works on a single-element tensor such as "
                f"a loss, but this tensor has shape {root.shape}. Reduce it first (e.g. "
                f".sum()), or pass a gradient of shape {root.shape}: backward(grad)."
            )
        return np.ones_like(root.data)
    seed = grad.data if isinstance(grad, Tensor) else dtypes.numbers_as(
        grad, root.dtype, f"backward: grad (for a tensor of shape {root.shape})")
    if seed.shape != root.shape:
        raise ShapeError(f"backward: the gradient has shape {seed.shape} but the tensor "
                         f"has shape {root.shape}; they must match.")
    return seed


def _check_finite(node: Node, grads) -> None:
    for i, g in enumerate(grads):
        if g is not None and not np.all(np.isfinite(g)):
            what = "nan" if np.isnan(g).any() else "inf"
            trace = node._get("trace")
            where = f"\nThe '{node.op}' was created here:\n{trace}" if trace else ""
            raise FloatingPointError(
                f"anomaly: the backward of '{node.op}' produced {what} in the gradient for its "
                f"input {i} (shape {np.shape(g)}).{where}"
            )


def _versions(counters: tuple) -> int:
    """The sum of the versions in ``counters`` (they only grow, so the sum changes exactly
    when one of them does)."""
    if len(counters) == 1:
        return counters[0][0]
    total = 0
    for counter in counters:
        total += counter[0]
    return total


def _changed_in_place(node: Node) -> RuntimeError:
    """The error for a node one of whose saved tensors changed in place (which, and how)."""
    out = node.out()
    changed = []
    for i, t in enumerate(node.parents()):
        if any(t._version is c for c in node.saved) and t.version:
            changed.append(f"its input {i}, now at version {t.version}")
    if out is not None and any(out._version is c for c in node.saved) and out.version:
        changed.append(f"its output, now at version {out.version}")
    what = "; ".join(changed) or ("a tensor it read that is not one of its inputs, such as "
                                  "an index, a mask or a target")
    return RuntimeError(
        f"one of the tensors that '{node.op}' saved for its backward ({what}) was changed in "
        f"place after the forward pass, so its gradient would use the new values. Change it "
        f"after backward(), make the change out of place (x = x * 2 instead of x *= 2), or "
        f"use a copy (x.clone()) in the forward pass.")


def _accumulate(t: Tensor, g: np.ndarray) -> None:
    """Add ``g`` into ``t.grad``, a copy of it the first time, except where no copy is needed.

    A backward may return the gradient it was given (which may also be another tensor's),
    a view of it, or an array it keeps: a later ``+=`` into ``.grad`` would change those, so
    the first gradient is copied.  A leaf's first gradient is kept as it is only when nothing
    else can see it: an array that owns its memory (no view of another array), writable, of
    the leaf's dtype, with no reference but the walk's own (:func:`_walk_refs`).  That is
    the usual case for a weight (``Aᵀ @ G`` is a new array), and it saves copying it (PyTorch
    takes a gradient nobody else uses in the same way).  A non-leaf's (``retain_grad()``) is
    always copied: its op's backward is handed the same array next, and may keep it."""
    if t._grad is None:
        dtype = t._data.dtype
        if t._node is None and g.base is None and g.dtype == dtype \
                and _refcount(g) <= _WALK_REFS and g.flags.writeable:
            t._grad = Tensor._from_op(g)
        else:
            t._grad = Tensor._from_op(np.array(g, dtype=dtype))
    else:
        t._grad.data += g


def _refcount(g) -> int:
    return sys.getrefcount(g)


def _walk_refs() -> int:
    """What :func:`_refcount` says in :func:`_accumulate` of an array that only the walk
    holds: a local of the caller (:func:`_propagate`'s ``g``) passed on as an argument (4 in
    CPython 3.11-3.13: that local, two arguments and getrefcount's own; 6 in 3.10, whose
    callers also keep each argument on their stack).  Anything else holding it (a tensor, a
    container, a view, a closure) adds one."""
    def accumulate(g):
        return _refcount(g)
    g = np.empty(1)
    return accumulate(g)


# Never above what CPython gives without a debugger (a debugger reading the frame's locals
# while this runs at import would add one): 4 from 3.11 on, 6 on 3.10, where a call's
# arguments also stay on the caller's stack.  Implementations without reference counts
# always copy.
_WALK_REFS = (min(_walk_refs(), 4 if sys.version_info >= (3, 11) else 6)
              if hasattr(sys, "getrefcount") else -1)


def _run_hooks(hooks, g: np.ndarray) -> np.ndarray:
    for hook in list(hooks.values()):
        result = hook(Tensor._from_op(g))
        if result is not None:
            if not isinstance(result, Tensor) or result.shape != g.shape:
                raise TypeError("a gradient hook must return None or a Tensor of the "
                                "gradient's shape")
            g = result.data
    return g


def backward(root: Tensor, grad=None, retain_graph=None, create_graph: bool = False) -> None:
    """Backpropagate from ``root``; see the module docstring for the rules.

    With ``create_graph=True`` each ``.grad`` is itself a tensor with a graph (see the
    module docstring), added out of place; ``retain_graph`` defaults to ``create_graph``,
    as in PyTorch.

    While the walk runs, each node's incoming gradients are summed in its ``pending``
    slot (a leaf's in its ``_pending`` slot); each is processed once, when the walk
    reaches it.

    Args:
        root (Tensor): the tensor to differentiate (``root.backward()`` calls this).
        grad (Tensor or array, optional): its gradient; required unless it has one element.
        retain_graph (bool): keep the graph's saved values for another backward (default:
            ``create_graph``).
        create_graph (bool): record the backward pass, so that ``.grad`` can be
            differentiated again.

    Example:
        >>> import minigrad as mg
        >>> x = mg.Tensor(3.0, requires_grad=True)
        >>> mg.backward(x * x)
        >>> x.grad
        tensor(6.)
    """
    if not isinstance(root, Tensor):
        raise TypeError(f"backward expects a Tensor, got {type(root).__name__}.")
    if not root.requires_grad:
        raise RuntimeError(
            "backward() was called on a tensor that does not require grad, so there is nothing "
            "to differentiate: create the inputs with requires_grad=True (and not inside no_grad)."
        )
    if create_graph:
        _propagate_graph(root, _graph_seed(root, grad),
                         True if retain_graph is None else retain_graph, _accumulate_graph)
        return
    seed = _seed(root, grad)
    _propagate(root, seed, bool(retain_graph), _accumulate)


def _propagate(root: Tensor, seed: np.ndarray, retain_graph: bool, deliver) -> list:
    """Send ``seed`` back from ``root``; ``deliver(leaf, gradient)`` receives what reaches
    each leaf.  Returns the walk's order."""
    start = root._node if root._node is not None else root
    order = _order(start) if type(start) is Node else [start]
    if type(start) is Node:
        start.pending = seed
    else:
        start._pending = seed
    try:
        for item in order:
            if type(item) is not Node:                      # a leaf
                g = item._pending
                if g is None:
                    continue
                item._pending = None
                hooks = getattr(item, "_hooks", None)
                if hooks:
                    g = _run_hooks(hooks, g)
                input_grads = pg = None     # let g go: _accumulate checks who else holds it
                deliver(item, g)
                continue
            g = item.pending
            if g is None:
                continue
            item.pending = None
            if item.extra is not None:
                if item.extra.get("hooks"):
                    g = _run_hooks(item.extra["hooks"], g)
                if item.extra.get("retains"):
                    out = item.out()
                    if out is not None:
                        deliver(out, g)
            saved = item.saved
            if saved and (saved[0][0] if len(saved) == 1 else _versions(saved)) \
                    != item.saved_versions:
                raise _changed_in_place(item)
            input_grads = item.backward(g)
            inputs = item.inputs
            if type(input_grads) is not tuple:
                raise TypeError(f"the backward of '{item.op}' returned a "
                                f"{type(input_grads).__name__}; it must return a tuple with one "
                                f"gradient per input, e.g. (grad,) for a single input.")
            if len(input_grads) != len(inputs):
                raise RuntimeError(
                    f"the backward of '{item.op}' returned {len(input_grads)} gradients "
                    f"for {len(inputs)} inputs; it must return one per input "
                    f"(None to skip one).")
            if _anomaly_enabled:
                _check_finite(item, input_grads)
            for parent, pg in zip(inputs, input_grads):
                if pg is None:
                    continue
                if type(parent) is Node:
                    if type(pg) is not np.ndarray:
                        pg = _as_gradient(item, inputs, parent, pg)
                    if pg.shape != parent.shape:
                        raise _wrong_shape(item, inputs, parent, pg)
                    prev = parent.pending
                    parent.pending = pg if prev is None else prev + pg
                elif parent.requires_grad:
                    if type(pg) is not np.ndarray:
                        pg = _as_gradient(item, inputs, parent, pg)
                    if pg.shape != parent._data.shape:
                        raise _wrong_shape(item, inputs, parent, pg)
                    prev = parent._pending
                    parent._pending = pg if prev is None else prev + pg
    except BaseException:
        for item in order:       # leave no half-summed gradients behind for the next call
            if type(item) is Node:
                item.pending = None
            else:
                item._pending = None
        raise
    if not retain_graph:
        for item in order:
            if type(item) is Node:
                item.backward = _freed
                item.inputs = item.saved = ()
    return order


def _index(inputs: tuple, parent) -> int:
    return next(i for i, p in enumerate(inputs) if p is parent)


def _as_gradient(node: Node, inputs: tuple, parent, pg) -> np.ndarray:
    """A gradient that is not an ndarray: a NumPy or Python number is fine, a Tensor is not."""
    if isinstance(pg, Tensor):
        raise TypeError(f"the backward of '{node.op}' returned a Tensor for its input "
                        f"{_index(inputs, parent)}; backward works on NumPy arrays, so return "
                        f"an array (t.data).")
    return np.asarray(pg, dtype=parent.dtype)


def _wrong_shape(node: Node, inputs: tuple, parent, pg) -> ShapeError:
    return ShapeError(f"the backward of '{node.op}' returned a gradient of shape {pg.shape} "
                      f"for its input {_index(inputs, parent)}, which has shape "
                      f"{parent.shape}.")


# -- gradients as values, and hooks ---------------------------------------------------------
def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph: bool = False,
         allow_unused: bool = False) -> tuple:
    """The gradients of ``outputs`` with respect to ``inputs``, returned instead of added to
    ``.grad`` (``torch.autograd.grad``); nothing's ``.grad`` changes.

    ``outputs`` is a tensor (or a sequence of them, whose gradients are summed), each with
    one element unless ``grad_outputs`` gives its gradient.  ``inputs`` are leaves that
    require grad.  An input the outputs do not depend on is an error, unless
    ``allow_unused=True`` (then its gradient is None).

    Args:
        outputs (Tensor or sequence): what to differentiate.
        inputs (Tensor or sequence): the leaves to differentiate with respect to.
        grad_outputs (optional): the outputs' gradients (needed for non-scalar outputs).
        retain_graph (bool): keep the graph's saved values for another backward (default:
            ``create_graph``, as in PyTorch).
        create_graph (bool): make the gradients tensors with a graph of their own, so that
            they can be differentiated again (second derivatives; see the module docstring).
        allow_unused (bool): return None for an input the outputs do not depend on.

    Example:
        >>> import minigrad as mg
        >>> x = mg.Tensor([1.0, 2.0], requires_grad=True)
        >>> mg.autograd.grad((x ** 3).sum(), x)
        (tensor([ 3., 12.]),)
        >>> x.grad is None
        True
    """
    if retain_graph is None:
        retain_graph = create_graph
    single = isinstance(inputs, Tensor)
    inputs = (inputs,) if single else tuple(inputs)
    outputs = (outputs,) if isinstance(outputs, Tensor) else tuple(outputs)
    if grad_outputs is None:
        grad_outputs = (None,) * len(outputs)
    elif isinstance(grad_outputs, (Tensor, np.ndarray)):
        grad_outputs = (grad_outputs,)
    else:
        grad_outputs = tuple(grad_outputs)
    if len(grad_outputs) != len(outputs):
        raise ValueError(f"grad: {len(outputs)} outputs but {len(grad_outputs)} grad_outputs.")
    for i, t in enumerate(inputs):
        if not isinstance(t, Tensor) or not t.requires_grad:
            raise TypeError(f"grad: input {i} must be a Tensor that requires grad.")
        if t._node is not None:
            raise ValueError(f"grad: input {i} is not a leaf; minigrad.autograd.grad computes "
                             f"gradients with respect to leaves (tensors you created).")
    found = {id(t): None for t in inputs}

    def deliver(leaf, g):
        if id(leaf) in found:
            found[id(leaf)] = g if found[id(leaf)] is None else found[id(leaf)] + g

    for out, g in zip(outputs, grad_outputs):
        if not isinstance(out, Tensor) or not out.requires_grad:
            raise RuntimeError("grad: an output does not require grad, so there is nothing to "
                               "differentiate.")
        if create_graph:
            _propagate_graph(out, _graph_seed(out, g), retain_graph, deliver)
        else:
            _propagate(out, _seed(out, g), retain_graph, deliver)
    result = []
    for i, t in enumerate(inputs):
        g = found[id(t)]
        if g is None and not allow_unused:
            raise RuntimeError(f"grad: input {i} was not used to compute the outputs; pass "
                               f"allow_unused=True to get None for it.")
        if g is None or create_graph:
            result.append(g)
        else:
            result.append(Tensor._from_op(np.array(g, dtype=t.dtype)))
    return tuple(result)


class _HookHandle:
    """What ``register_hook`` returns: ``remove()`` unregisters the hook."""

    _next_id = 0

    def __init__(self, hooks: dict):
        self.hooks = hooks
        self.id = _HookHandle._next_id
        _HookHandle._next_id += 1

    def remove(self) -> None:
        self.hooks.pop(self.id, None)


def register_hook(t: Tensor, hook) -> _HookHandle:
    """See :meth:`Tensor.register_hook`: call ``hook(grad)`` whenever ``t``'s gradient is
    computed; a hook that returns a Tensor replaces it.

    Args:
        t (Tensor): a tensor that requires grad.
        hook: a function of the gradient (a Tensor).

    Returns:
        a handle whose ``remove()`` unregisters the hook.

    Example:
        >>> import minigrad as mg
        >>> x = mg.Tensor([1.0, 2.0], requires_grad=True)
        >>> handle = x.register_hook(lambda g: g * 10)
        >>> (x * x).sum().backward(); x.grad
        tensor([20., 40.])
    """
    if not callable(hook):
        raise TypeError(f"register_hook expects a function of the gradient, got "
                        f"{type(hook).__name__}.")
    if not t.requires_grad:
        raise RuntimeError("cannot register a hook on a tensor that does not require grad")
    node = t._node
    hooks = getattr(t, "_hooks", None) if node is None else node._get("hooks")
    if hooks is None:
        hooks = {}
        if node is None:
            t._hooks = hooks
        else:
            node._set("hooks", hooks)
    handle = _HookHandle(hooks)
    hooks[handle.id] = hook
    return handle


# -- gradients that are graphs: create_graph=True ---------------------------------------------
#: The graph-building backward of each op, by the op's name (see :func:`graph_backward`).
GRAPH_BACKWARDS: dict = {}


def graph_backward(*ops: str):
    """Register the decorated ``fn(ctx, grad)`` as the graph-building backward of the ops
    named ``ops``: ``grad`` is a Tensor, ``ctx`` a :class:`GraphContext`, and it returns one
    Tensor (or None) per input, computed with tensor ops so that it is recorded.

    Args:
        *ops (str): the names the ops are recorded under (``record``'s ``op``).

    Example:
        >>> import minigrad as mg
        >>> from minigrad.autograd import graph_backward, record
        >>> def cube(x):
        ...     return record(x.data ** 3, (x,), lambda g: (3 * x.data ** 2 * g,), "cube")
        >>> @graph_backward("cube")
        ... def _cube_graph(ctx, g):
        ...     x = ctx.input(0)
        ...     return (3 * x * x * g,)
        >>> x = mg.tensor(2.0, requires_grad=True)
        >>> slope, = mg.autograd.grad(cube(x), x, create_graph=True)
        >>> mg.autograd.grad(slope, x)
        (tensor(12.),)
    """
    def decorate(fn):
        for op in ops:
            GRAPH_BACKWARDS[op] = fn
        return fn
    return decorate


class GraphContext:
    """What a graph-building backward gets besides the gradient: its ``node``, the values
    the op's NumPy backward kept, and its inputs and output as tensors with their history.

    Args:
        node (Node): the recorded op whose gradient is being computed.

    Example:
        >>> import minigrad as mg
        >>> x = mg.tensor([1.0, 2.0], requires_grad=True)
        >>> ctx = mg.autograd.GraphContext((x * x).grad_fn)
        >>> ctx.saved("A"), ctx.needs(0), ctx.shape(1)
        (array([1., 2.]), True, (2,))
    """

    __slots__ = ("node",)

    def __init__(self, node: Node):
        self.node = node

    def saved(self, name: str):
        """The value the NumPy backward keeps under ``name`` (a variable of its closure, or of
        a function it calls from its closure): the same arrays and settings it uses.
        Raises LookupError when it keeps none of that name."""
        todo, seen = [self.node.backward], set()
        while todo:
            fn = todo.pop(0)
            if id(fn) in seen or not hasattr(fn, "__code__"):
                continue
            seen.add(id(fn))
            cells = fn.__closure__ or ()
            for var, cell in zip(fn.__code__.co_freevars, cells):
                if var == name:
                    return cell.cell_contents
            for cell in cells:
                try:
                    value = cell.cell_contents
                except ValueError:
                    continue
                if inspect.isfunction(value):
                    todo.append(value)
        raise LookupError(f"the backward of '{self.node.op}' keeps no value named {name!r}")

    def has(self, name: str) -> bool:
        """Whether the NumPy backward keeps a value under ``name`` (see :meth:`saved`)."""
        try:
            self.saved(name)
        except LookupError:
            return False
        return True

    def needs(self, i: int) -> bool:
        """Whether input ``i`` (its position) wants a gradient."""
        p = self.node.inputs[i]
        return type(p) is Node or p.requires_grad

    def shape(self, i: int) -> tuple:
        """The shape of input ``i`` (its position)."""
        return self.node.inputs[i].shape

    def input(self, i: int, values=None) -> Tensor:
        """Input ``i`` (its position) as a tensor that carries its history (so a gradient
        computed from it reaches what it was computed from), holding ``values`` (the array
        the NumPy backward kept for it) or, without them, the input's own values."""
        return _with_history(self.node.inputs[i], values, self.node)

    def linear(self, g: Tensor, forward) -> Tensor:
        """For an op that is linear in its one input (indexing, gather …): its own NumPy
        backward applied to ``g`` (the gradient, a Tensor), recorded with ``forward`` (the
        op on arrays, its adjoint) as the way back, so that it can be differentiated
        again."""
        numpy_backward = self.node.backward
        return linear_map(g, lambda grad: numpy_backward(grad)[0], forward)

    def output(self, values=None) -> Tensor:
        """The op's output as a tensor whose history is this node (PyTorch's saved result),
        holding ``values`` (the array the NumPy backward kept) or its own."""
        return _with_history(self.node, values, self.node)


def _with_history(item, values, node: Node) -> Tensor:
    if type(item) is not Node:                  # a leaf or a constant
        if values is None or values is item._data:
            return item
        if not item.requires_grad:
            return Tensor._from_op(values)
        # the leaf itself (so that gradients reach it), moved to hold ``values``
        leaf = item if item.dtype == values.dtype else item.to(values.dtype)
        return leaf + Tensor._from_op(values - leaf._data)
    if values is None:
        live = item.out()
        if live is None or live._data is None:
            raise RuntimeError(f"create_graph: the backward of '{node.op}' needs the values of "
                               f"its input '{item.op}', which were freed.")
        values = live._data
    t = Tensor._from_op(values)
    t._node = item
    t.requires_grad = True
    return t


def _no_graph_backward(node: Node) -> RuntimeError:
    return RuntimeError(
        f"create_graph=True: the op '{node.op}' has no graph-building backward, so its gradient "
        f"cannot be differentiated again (second derivatives). Compute it outside the part "
        f"you differentiate twice, or use ops that support it (README: the backward rules).")


def _graph_seed(root: Tensor, grad) -> Tensor:
    if isinstance(grad, Tensor):
        if grad.shape != root.shape:
            raise ShapeError(f"backward: the gradient has shape {grad.shape} but the tensor "
                             f"has shape {root.shape}; they must match.")
        return grad
    return Tensor._from_op(_seed(root, grad))


def _accumulate_graph(t: Tensor, g: Tensor) -> None:
    """``.grad`` as a tensor with a graph: kept as it is, then added to out of place."""
    if t._grad is None:
        t._grad = g if g._node is not None or g is not t else Tensor._from_op(g._data.copy())
    else:
        t._grad = t._grad + g


def _propagate_graph(root: Tensor, seed: Tensor, retain_graph: bool, deliver,
                     stop: dict = None) -> None:
    """:func:`_propagate` with tensors instead of arrays: each node's graph-building backward
    (``GRAPH_BACKWARDS``) runs with recording on, so the gradients are graphs.  Sums are
    kept in a dict (not the nodes' slots), so that a walk may run inside another (see
    :func:`vjp`).  ``stop`` maps ids of nodes to stop at (and deliver to) to the nodes."""
    global _grad_enabled
    stop = stop or {}
    start = root._node if root._node is not None else root
    order = _order(start, stop) if type(start) is Node else [start]
    pending = {id(start): seed}
    saved_mode, _grad_enabled = _grad_enabled, True
    try:
        for item in order:
            g = pending.pop(id(item), None)
            if g is None:
                continue
            if type(item) is not Node:                       # a leaf
                hooks = getattr(item, "_hooks", None)
                if hooks:
                    g = _run_graph_hooks(hooks, g)
                deliver(item, g)
                continue
            if item.extra is not None:
                if item.extra.get("hooks"):
                    g = _run_graph_hooks(item.extra["hooks"], g)
                if item.extra.get("retains"):
                    out = item.out()
                    if out is not None:
                        deliver(out, g)
            if item.backward is _freed:
                _freed(None)
            if item.saved and _versions(item.saved) != item.saved_versions:
                raise _changed_in_place(item)
            rule = GRAPH_BACKWARDS.get(item.op)
            if rule is None or item.backward is None:
                raise _no_graph_backward(item)
            try:
                input_grads = rule(GraphContext(item), g)
            except LookupError as err:       # an op recorded under a known name, another way
                raise _no_graph_backward(item) from err
            inputs = item.inputs
            if type(input_grads) is not tuple or len(input_grads) != len(inputs):
                raise RuntimeError(f"the graph-building backward of '{item.op}' must return a "
                                   f"tuple with one gradient per input ({len(inputs)}).")
            if _anomaly_enabled:
                _check_finite(item, [None if pg is None else pg.data for pg in input_grads])
            for parent, pg in zip(inputs, input_grads):
                if pg is None or (type(parent) is not Node and not parent.requires_grad):
                    continue
                if not isinstance(pg, Tensor):
                    raise TypeError(f"the graph-building backward of '{item.op}' returned a "
                                    f"{type(pg).__name__}; it must return Tensors.")
                if pg.shape != parent.shape:
                    raise _wrong_shape(item, inputs, parent, pg)
                if pg.dtype != parent.dtype:
                    pg = pg.to(parent.dtype)
                prev = pending.get(id(parent))
                pending[id(parent)] = pg if prev is None else prev + pg
        for key, node in stop.items():
            g = pending.pop(key, None)
            if g is not None:
                deliver(node, g)
    finally:
        _grad_enabled = saved_mode
    if not retain_graph:
        for item in order:
            if type(item) is Node:
                item.backward = _freed
                item.inputs = item.saved = ()


def _run_graph_hooks(hooks, g: Tensor) -> Tensor:
    for hook in list(hooks.values()):
        result = hook(g)
        if result is not None:
            if not isinstance(result, Tensor) or result.shape != g.shape:
                raise TypeError("a gradient hook must return None or a Tensor of the "
                                "gradient's shape")
            g = result
    return g


def vjp(fn, inputs: tuple, g: Tensor) -> tuple:
    """The gradients (graphs) of ``fn(*inputs)`` with respect to ``inputs``, times ``g``:
    how a graph-building backward can differentiate a composite of simpler ops (``fn``,
    the op written with tensor ops).  ``inputs`` are tensors with history (from
    :meth:`GraphContext.input`); the walk stops at them.  ``g`` is the gradient of the
    output; the result has one gradient (or None) per input.

    Example:
        >>> import minigrad as mg
        >>> x = mg.tensor([1.0, 3.0], requires_grad=True)
        >>> mg.autograd.vjp(lambda t: t * t, (x,), mg.tensor([1.0, 0.5]))
        (tensor([2., 3.], grad_fn=<add>),)
    """
    out = fn(*inputs)
    stop, found = {}, {}
    for t in inputs:
        if t._node is not None:
            stop[id(t._node)] = t._node

    def deliver(item, grad):
        found[id(item)] = grad if id(item) not in found else found[id(item)] + grad

    if out.requires_grad:
        _propagate_graph(out, g, True, deliver, stop)
    grads, given = [], set()
    for t in inputs:                 # an input passed twice gets its gradient once
        key = id(t._node or t)
        grads.append(None if key in given else found.get(key))
        given.add(key)
    return tuple(grads)


def linear_map(g: Tensor, fn, adjoint) -> Tensor:
    """``fn(g)`` for a linear NumPy map ``fn`` whose adjoint (transpose) is ``adjoint``,
    recorded so that it can be differentiated to any order: its backward is ``adjoint``, and
    its graph-building backward is this again with the two swapped.  Scattering a gradient
    back into the elements an index picked, and picking them, are such a pair.  ``g`` is
    the tensor the map is applied to.

    Example:
        >>> import numpy as np
        >>> import minigrad as mg
        >>> g = mg.tensor([1.0, 2.0], requires_grad=True)
        >>> doubled = mg.autograd.linear_map(g, lambda a: 2 * a, lambda a: 2 * a)
        >>> doubled.sum().backward()
        >>> g.grad
        tensor([2., 2.])
    """
    pair = (fn, adjoint)

    def backward(grad):
        return (pair[1](grad),)

    return record(np.asarray(fn(g._data)), (g,), backward, "linear_map")


@graph_backward("linear_map")
def _linear_map_graph(ctx, g):
    fn, adjoint = ctx.saved("pair")
    return (linear_map(g, adjoint, fn),)


def elementwise(x: Tensor, values: np.ndarray, slope) -> Tensor:
    """``values``, a function f of ``x`` applied elementwise, recorded with ``slope(x)`` (f',
    written with tensor ops) as its derivative: how a graph-building backward uses a
    function that has no op of its own (the normal CDF in gelu's).

    Example:
        >>> import numpy as np
        >>> import minigrad as mg
        >>> x = mg.tensor([0.0, 1.0], requires_grad=True)
        >>> y = mg.autograd.elementwise(x, np.exp(x.detach().numpy()), lambda t: t.exp())
        >>> y.sum().backward()
        >>> x.grad
        tensor([1.        , 2.71828183])
    """
    X = x._data

    def backward(grad):
        with no_grad():
            return (grad * slope(Tensor._from_op(X))._data,)

    return record(values, (x,), backward, "elementwise")


@graph_backward("elementwise")
def _elementwise_graph(ctx, g):
    return (g * ctx.saved("slope")(ctx.input(0, ctx.saved("X"))),)
