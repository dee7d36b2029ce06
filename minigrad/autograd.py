"""Reverse-mode automatic differentiation: recording the graph and walking it backwards.

Every op computes its output with NumPy and hands it to :func:`record` together
with its inputs and a ``backward(grad)`` function that returns one gradient per
input.  ``record`` attaches that to the output tensor only when some input
requires a gradient and gradient mode is on (see :class:`no_grad`).

:func:`backward` then

1. finds every node the root depends on and puts them in **topological order**
   with an explicit stack (no recursion, so a 100,000-op chain is fine),
2. walks that order from the root to the leaves, calling each node's backward
   **exactly once**, after *all* of its consumers have added their contribution
   to its gradient (a tensor used twice gets the sum of both gradients),
3. adds the result into ``.grad`` of the leaves (gradients accumulate across
   calls, as in PyTorch: zero them between steps), and
4. frees the graph's saved buffers unless ``retain_graph=True``.
"""

from __future__ import annotations

import functools
import traceback

import numpy as np

from . import dtypes
from .errors import ShapeError
from .tensor import Tensor

_grad_enabled = True
_anomaly_enabled = False


# -- switches ----------------------------------------------------------------------------
class _Switch:
    """A context manager (and decorator) that sets a module flag and restores it on exit."""

    _flag = ""
    _value = False

    def __enter__(self):
        self._saved = globals()[self._flag]
        globals()[self._flag] = self._value
        return self

    def __exit__(self, *exc):
        globals()[self._flag] = self._saved
        return False

    def __call__(self, fn):
        @functools.wraps(fn)
        def wrapped(*args, **kwargs):
            with type(self)():
                return fn(*args, **kwargs)
        return wrapped


class no_grad(_Switch):
    """Inside ``with no_grad():`` ops are not recorded: use it for evaluation and updates."""
    _flag, _value = "_grad_enabled", False


class enable_grad(_Switch):
    """Turn recording back on inside a ``no_grad`` block."""
    _flag, _value = "_grad_enabled", True


class detect_anomaly(_Switch):
    """Inside ``with detect_anomaly():`` a NaN or infinity produced by a backward function
    raises ``FloatingPointError`` naming the op, and where in your code it was created."""
    _flag, _value = "_anomaly_enabled", True


def is_grad_enabled() -> bool:
    return _grad_enabled


def set_detect_anomaly(flag: bool) -> None:
    global _anomaly_enabled
    _anomaly_enabled = bool(flag)


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
    out = Tensor._from_op(data)
    if _grad_enabled:
        for t in inputs:
            if t.requires_grad:
                out.requires_grad = True
                out._parents = inputs
                out._backward = backward
                out._op = op
                if _anomaly_enabled:
                    out._trace = "".join(traceback.format_stack()[:-2])
                break
    return out


# -- walking the graph ------------------------------------------------------------------
def topological_order(root: Tensor) -> list:
    """Every tensor ``root`` depends on that requires a gradient, root first, leaves last.

    A node appears after all of its consumers, so by the time the backward walk
    reaches it, every gradient contribution to it has arrived.
    """
    order = []
    expanded = set()
    stack = [(root, False)]
    while stack:
        node, parents_done = stack.pop()
        if parents_done:
            order.append(node)          # every parent of node is already in `order`
            continue
        if id(node) in expanded:        # reached again by another path: already handled
            continue
        expanded.add(id(node))
        stack.append((node, True))
        for parent in node._parents:
            if parent.requires_grad and id(parent) not in expanded:
                stack.append((parent, False))
    order.reverse()
    return order


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
    seed = grad.data if isinstance(grad, Tensor) else dtypes.numbers_as(grad, root.dtype,
                                                                        "backward: grad")
    if seed.shape != root.shape:
        raise ShapeError(f"backward: the gradient has shape {seed.shape} but the tensor "
                         f"has shape {root.shape}; they must match.")
    return seed


def _check_finite(node: Tensor, grads) -> None:
    for i, g in enumerate(grads):
        if g is not None and not np.all(np.isfinite(g)):
            what = "nan" if np.isnan(g).any() else "inf"
            where = f"\nThe '{node._op}' was created here:\n{node._trace}" if node._trace else ""
            raise FloatingPointError(
                f"anomaly: the backward of '{node._op}' produced {what} in the gradient for its "
                f"input {i} (shape {np.shape(g)}).{where}"
            )


def _accumulate(t: Tensor, g: np.ndarray) -> None:
    if t.grad is None:
        # Own copy: ``g`` may be shared with other tensors' gradients or be a read-only view.
        t.grad = Tensor._from_op(np.array(g, dtype=t.data.dtype))
    else:
        t.grad.data += g


def backward(root: Tensor, grad=None, retain_graph: bool = False) -> None:
    """Backpropagate from ``root``; see the module docstring for the rules.

    While the walk runs, each tensor's incoming gradients are summed in its
    ``_pending`` slot; a node is processed once, when the walk reaches it.
    """
    if not root.requires_grad:
        raise RuntimeError(
            "backward() was called on a tensor that does not require grad, so there is nothing "
            "to differentiate: create the inputs with requires_grad=True (and not inside no_grad)."
        )
    seed = _seed(root, grad)
    order = topological_order(root)
    root._pending = seed
    try:
        for node in order:
            g = node._pending
            if g is None:
                continue
            node._pending = None
            fn = node._backward
            if fn is None or node._retains_grad:
                _accumulate(node, g)
                if fn is None:
                    continue
            input_grads = fn(g)
            if type(input_grads) is not tuple:
                raise TypeError(f"the backward of '{node._op}' returned a "
                                f"{type(input_grads).__name__}; it must return a tuple with one "
                                f"gradient per input, e.g. (grad,) for a single input.")
            if _anomaly_enabled:
                _check_finite(node, input_grads)
            try:
                for parent, pg in zip(node._parents, input_grads, strict=True):
                    if pg is not None and parent.requires_grad:
                        if type(pg) is not np.ndarray:
                            pg = _as_gradient(node, parent, pg)
                        if pg.shape != parent.data.shape:
                            raise _wrong_shape(node, parent, pg)
                        prev = parent._pending
                        parent._pending = pg if prev is None else prev + pg
            except ValueError:
                if len(input_grads) != len(node._parents):
                    raise RuntimeError(
                        f"the backward of '{node._op}' returned {len(input_grads)} gradients "
                        f"for {len(node._parents)} inputs; it must return one per input "
                        f"(None to skip one).") from None
                raise
    except BaseException:
        for node in order:       # leave no half-summed gradients behind for the next call
            node._pending = None
        raise
    if not retain_graph:
        for node in order:
            if node._backward is not None:
                node._backward = _freed
                node._parents = ()


def _as_gradient(node: Tensor, parent: Tensor, pg) -> np.ndarray:
    """A gradient that is not an ndarray: a NumPy or Python number is fine, a Tensor is not."""
    if isinstance(pg, Tensor):
        i = next(i for i, p in enumerate(node._parents) if p is parent)
        raise TypeError(f"the backward of '{node._op}' returned a Tensor for its input {i}; "
                        f"backward works on NumPy arrays, so return an array (t.data).")
    return np.asarray(pg, dtype=parent.data.dtype)


def _wrong_shape(node: Tensor, parent: Tensor, pg) -> ShapeError:
    i = next(i for i, p in enumerate(node._parents) if p is parent)
    return ShapeError(f"the backward of '{node._op}' returned a gradient of shape {pg.shape} "
                      f"for its input {i}, which has shape {parent.data.shape}.")
