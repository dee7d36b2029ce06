"""Changing a tensor in place, and ``clone()``, its out-of-place twin.

``t[i] = v``, ``t.add_(x)``, ``t.sub_(x)``, ``t.mul_(x)``, ``t.div_(x)``, ``t.zero_()``,
``t.fill_(v)``, ``t.copy_(src)``, ``t.clamp_(min, max)`` and ``t += x`` (``-=``, ``*=``,
``/=``) write into the tensor's own memory (and so into every view that shares it) and
bump its version counter, so a graph that saved the old values refuses to run backward
with the new ones.  ``t.t_()``, ``t.transpose_(a, b)``, ``t.squeeze_()`` and
``t.unsqueeze_(d)`` give it another shape over the same memory.  The rules are PyTorch's
(minigrad/views.py carries them out):

* a leaf that requires grad, or a view of one, changes in place only while nothing is
  recorded: inside ``with no_grad():``, as an optimizer's ``step()`` does;
* any other tensor may change in place while gradients are recorded, and the change is
  recorded: ``t`` (or, for a view, its base) gets the op as its ``grad_fn``, so gradients
  flow through the new values, and an op that saved the old values refuses to backward.

Each op below is written twice: as NumPy writing into the array, for when nothing is
recorded, and as an out-of-place op on the old values, for when it is.
"""

import operator

import numpy as np

from .. import autograd, dtypes, views
from ..broadcasting import sum_to
from ..broadcasting import sum_to_tensor
from ..tensor import Tensor, tensor_method
from .indexing import _index_tensors, _is_basic, _plain, basic_view_index
from .operands import axis
from .shape import squeezed_shape


def _values(x, what: str = "the value"):
    """A Tensor's array, or numbers checked (no None, strings or objects turned into NaN)."""
    return x.data if isinstance(x, Tensor) else dtypes.numbers_as(x, None, what)


def _with_alpha(other, alpha):
    """``other * alpha`` (PyTorch's ``add_(other, alpha=…)``), kept a tensor if it was one."""
    if alpha is None:
        return other
    return other * alpha if isinstance(other, Tensor) else np.multiply(_values(other), alpha)


def _arithmetic(name: str, ufunc, op):
    """``t.add_(x)`` and its kin: ``op`` is the out-of-place op (``t + x`` …)."""
    def method(t, other, alpha=None):
        operand = _with_alpha(other, alpha)
        values = _values(operand, f"{name}: other")
        # mul's backward reads its other input's values: t's, which are about to change
        reads_self = ufunc is np.multiply and isinstance(operand, Tensor) and \
            operand.requires_grad
        return views.change(
            t, name, lambda source: op(source, operand), (operand,), reads_self,
            write=lambda array: ufunc(array, values, out=array, casting="same_kind"))
    method.__name__ = name
    call = f"t.{name}(other)" if name.endswith("_") else name
    method.__doc__ = (f"``{call}``: {ufunc.__name__} into ``t`` itself; returns ``t``."
                      f"\n\n    Args:\n        other (Tensor or number): the operand "
                      f"(broadcast to ``t``).\n        alpha (number, optional): multiply "
                      f"``other`` by it first (PyTorch's ``t.add_(other, alpha=...)``).\n")
    return method


add_ = tensor_method("add_")(_arithmetic("add_", np.add, operator.add))
sub_ = tensor_method("sub_")(_arithmetic("sub_", np.subtract, operator.sub))
mul_ = tensor_method("mul_")(_arithmetic("mul_", np.multiply, operator.mul))
div_ = tensor_method("div_")(_arithmetic("div_", np.true_divide, operator.truediv))
# t += x is t.add_(x): in place whatever t is, as in PyTorch (never t = t + x)
tensor_method("__iadd__")(_arithmetic("t += x", np.add, operator.add))
tensor_method("__isub__")(_arithmetic("t -= x", np.subtract, operator.sub))
tensor_method("__imul__")(_arithmetic("t *= x", np.multiply, operator.mul))
tensor_method("__itruediv__")(_arithmetic("t /= x", np.true_divide, operator.truediv))


def _overwritten(source, value, casting: str = "unsafe"):
    """``source`` with every element replaced by ``value`` (broadcast): the out-of-place
    form of ``fill_``, ``copy_`` and ``zero_``.  The old values get a zero gradient, as in
    PyTorch; a tensor ``value`` gets the gradient summed back to its shape."""
    array = np.empty_like(source._data)
    np.copyto(array, _values(value), casting=casting)
    if isinstance(value, Tensor):
        value_shape = value.shape

        def backward(g):
            return np.zeros_like(g), sum_to(g, value_shape)
        return autograd.record(array, (source, value), backward, "copy_")
    return autograd.record(array, (source,), lambda g: (np.zeros_like(g),), "fill_")


@autograd.graph_backward("copy_", "fill_")
def _overwritten_graph(ctx, g):
    """The old values get a constant zero gradient; the value the gradient summed back."""
    zero = Tensor(np.zeros(g.shape, dtype=g.dtype))
    if len(ctx.node.inputs) == 1:
        return (zero,)
    return zero, sum_to_tensor(g, ctx.saved("value_shape"))


@tensor_method("__setitem__")
def setitem(t, index, value):
    """``t[index] = value``: write into the tensor (see the module docstring for when)."""
    index_tensors = _index_tensors(index)
    index = _plain(index)
    values = _values(value, "t[i] = v: the value")

    def assign(array):
        array[index] = values
    written = t._data[basic_view_index(index)] if _is_basic(index) else None
    return views.change(t, "t[i] = v",
                        lambda source: _index_put(source, index, value, index_tensors),
                        (value,), write=assign, written=written)


def _index_put(source, index, value, index_tensors: tuple):
    """``source`` with ``value`` written at ``index``, out of place (PyTorch's index_put)."""
    array = source._data.copy()
    try:
        array[index] = _values(value)
    except ValueError as err:
        raise ValueError(f"t[i] = v on a tensor of shape {source.shape}: {err}") from None

    def backward(g):
        g = np.asarray(g)                        # a sum of 0-d gradients is a NumPy scalar
        g_source = g.copy()
        g_source[index] = 0
        if not isinstance(value, Tensor):
            return (g_source,)
        g_value = g[index]
        extra = max(value.ndim - g_value.ndim, 0)   # (1, 3) written into a (3,) slot
        return g_source, sum_to(g_value, value.shape[extra:]).reshape(value.shape)

    inputs = (source, value) if isinstance(value, Tensor) else (source,)
    return autograd.record(array, inputs, backward, "index_put", saved=index_tensors)


@autograd.graph_backward("index_put")
def _index_put_graph(ctx, g):
    """index_put's backward with tensor ops: zeroing the written elements (its own adjoint)
    for the tensor written into, and those elements for the value."""
    index, value = ctx.saved("index"), ctx.saved("value")

    def zeroed(array):
        array = np.array(array)
        array[index] = 0
        return array

    g_source = autograd.linear_map(g, zeroed, zeroed) if ctx.needs(0) else None
    if len(ctx.node.inputs) == 1:
        return (g_source,)
    g_value = g[index]
    extra = max(value.ndim - g_value.ndim, 0)
    return g_source, sum_to_tensor(g_value, value.shape[extra:]).reshape(value.shape)


@tensor_method("zero_")
def zero_(t):
    """Set every element to 0, in place; returns ``t``."""
    return views.change(t, "zero_()", lambda source: _overwritten(source, 0),
                        write=lambda array: array.fill(0))


@tensor_method("fill_")
def fill_(t, value):
    """Set every element to ``value`` (a number, or a one-element tensor), in place;
    returns ``t``."""
    if isinstance(value, Tensor) and value.ndim:
        raise ValueError(f"fill_(): the value must be a number or a 0-d tensor, got a tensor "
                         f"of shape {value.shape} (use copy_ to copy a tensor's values).")
    values = _values(value, "fill_(): value")
    return views.change(t, "fill_()", lambda source: _overwritten(source, value), (value,),
                        write=lambda array: array.fill(values))


@tensor_method("copy_")
def copy_(t, src):
    """Copy ``src``'s values into ``t`` (broadcasting), in place; returns ``t``."""
    values = _values(src, "copy_(): src")
    return views.change(t, "copy_()", lambda source: _overwritten(source, src, "same_kind"),
                        (src,),
                        write=lambda array: np.copyto(array, values, casting="same_kind"))


@tensor_method("clamp_")
def clamp_(t, min=None, max=None):
    """Limit every element to [min, max], in place; returns ``t``."""
    if min is None and max is None:
        raise ValueError("clamp_() needs min, max or both.")
    lo, hi = (None if b is None else _values(b, "clamp_(): a bound") for b in (min, max))
    return views.change(t, "clamp_()", lambda source: source.clamp(min, max), (min, max),
                        reads_self=True, write=lambda array: np.clip(array, lo, hi, out=array))


# -- another shape over the same memory ---------------------------------------------------
@tensor_method("transpose_")
def transpose_(t, dim0: int, dim1: int):
    """Swap two axes of ``t`` itself (``t.transpose(dim0, dim1)``, in place); returns ``t``."""
    d0, d1 = (axis(d, t.ndim, "transpose_()") for d in (dim0, dim1))

    def swap(a):
        return np.swapaxes(a, d0, d1)
    return views.reshape_in_place(t, "transpose_()", swap, swap, (swap, swap))


@tensor_method("t_")
def t_(t):
    """Transpose a matrix in place (a vector or a number stays as it is); returns ``t``."""
    if t.ndim > 2:
        raise ValueError(f"t_(): expects a tensor with at most 2 dimensions, got shape "
                         f"{t.shape}; use transpose_(dim0, dim1).")
    if t.ndim < 2:
        return _reshape_in_place(t, t.shape, "t_()")
    return transpose_(t, 0, 1)


def _reshape_in_place(t, new_shape: tuple, what: str):
    old_shape = t.shape

    def to_new(a):
        return a.reshape(new_shape)

    def to_old(a):
        return a.reshape(old_shape)
    return views.reshape_in_place(t, what, to_new, to_old, (to_old, to_new))


@tensor_method("squeeze_")
def squeeze_(t, dim=None):
    """``t.squeeze(dim)``, in place: drop axes of size 1; returns ``t``."""
    return _reshape_in_place(t, squeezed_shape(t.shape, dim, "squeeze_()"), "squeeze_()")


@tensor_method("unsqueeze_")
def unsqueeze_(t, dim: int):
    """``t.unsqueeze(dim)``, in place: insert an axis of size 1; returns ``t``."""
    d = axis(dim, t.ndim + 1, "unsqueeze_()")
    return _reshape_in_place(t, t.shape[:d] + (1,) + t.shape[d:], "unsqueeze_()")


@tensor_method("clone")
def clone(a):
    """A copy with its own memory that stays in the graph: gradients flow back through it.

    Args:
        a (Tensor): the tensor to copy.

    Example:
        >>> import minigrad as mg
        >>> x = mg.tensor([1.0, 2.0], requires_grad=True)
        >>> y = x.clone()
        >>> y.sum().backward(); x.grad
        tensor([1., 1.])
    """
    return autograd.record(a.data.copy(), (a,), lambda g: (g,), "clone")


@autograd.graph_backward("clone")
def _clone_graph(ctx, g):
    return (g,)
