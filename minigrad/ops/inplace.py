"""Changing a tensor in place, and ``clone()``, its out-of-place twin.

``t[i] = v``, ``t.add_(x)``, ``t.sub_(x)``, ``t.mul_(x)``, ``t.div_(x)``, ``t.zero_()``,
``t.fill_(v)``, ``t.copy_(src)``, ``t.clamp_(min, max)`` and ``t += x`` (``-=``, ``*=``,
``/=``) write into the tensor's own array and bump its version counter, so a graph
that saved the old values refuses to run backward with the new ones.  The rules are
PyTorch's, with one simplification:

* a leaf that requires grad may change in place only while nothing is recorded: inside
  ``with no_grad():``, as an optimizer's ``step()`` does;
* a tensor computed by recorded ops is never changed in place (PyTorch can rewrite the
  graph around such a change; minigrad does not): ``t[i] = v`` on it is an error that
  suggests an out-of-place way, and ``t += x`` quietly becomes ``t = t + x``, which
  records a new node and keeps every gradient right.
"""

import numpy as np

from .. import autograd, dtypes
from ..tensor import Tensor, tensor_method
from .indexing import _plain


def _values(x, what: str = "the value"):
    """A Tensor's array, or numbers checked (no None, strings or objects turned into NaN)."""
    return x.data if isinstance(x, Tensor) else dtypes.numbers_as(x, None, what)


def _refuse(t: Tensor, what: str) -> None:
    """Raise if changing ``t`` in place could corrupt gradients that are being recorded."""
    if not (autograd.is_grad_enabled() and t.requires_grad):
        return
    if t.is_leaf:
        raise RuntimeError(
            f"{what}: this tensor is a leaf that requires grad, and changing it in place while "
            f"gradients are recorded would make them wrong. Do it inside `with "
            f"minigrad.no_grad():` (as an optimizer's step() does).")
    raise RuntimeError(
        f"{what}: this tensor was computed by recorded ops, and minigrad does not change such "
        f"a tensor in place (its graph may have saved these very values). Build a new tensor "
        f"instead, e.g. minigrad.where(mask, value, t) or t.masked_fill(mask, value).")


def _write(t: Tensor, fn, what: str) -> Tensor:
    """Apply ``fn(array)`` to ``t``'s array in place, with a message naming ``what``."""
    try:
        fn(t.data)
    except ValueError as err:
        raise ValueError(f"{what} on a tensor of shape {t.shape}: {err}") from None
    except TypeError as err:          # NumPy's casting refusal (float into int, ...)
        raise TypeError(f"{what} on a tensor of dtype {t.dtype}: {err}") from None
    t.bump_version()
    return t


@tensor_method("__setitem__")
def setitem(t, index, value):
    """``t[index] = value``: write into the tensor (see the module docstring for when)."""
    _refuse(t, "t[i] = v")
    index = _plain(index)
    value = _values(value, "t[i] = v: the value")

    def assign(array):
        array[index] = value
    return _write(t, assign, "t[i] = v")


def _inplace_binary(name: str, ufunc):
    def method(t, other, alpha=None):
        _refuse(t, f"{name}")
        operand = _values(other, f"{name}: other")
        if alpha is not None:
            operand = np.multiply(operand, alpha)
        return _write(t, lambda array: ufunc(array, operand, out=array, casting="same_kind"),
                      name)
    method.__name__ = name
    method.__doc__ = (f"``t.{name}(other)``: {ufunc.__name__} into ``t`` itself; returns ``t``."
                      f"\n\n    Args:\n        other (Tensor or number): the operand "
                      f"(broadcast to ``t``).\n        alpha (number, optional): multiply "
                      f"``other`` by it first (PyTorch's ``t.add_(other, alpha=...)``).\n")
    return method


add_ = tensor_method("add_")(_inplace_binary("add_", np.add))
sub_ = tensor_method("sub_")(_inplace_binary("sub_", np.subtract))
mul_ = tensor_method("mul_")(_inplace_binary("mul_", np.multiply))
div_ = tensor_method("div_")(_inplace_binary("div_", np.true_divide))


def _augmented(name: str, ufunc):
    """``t += x``: in place when allowed; otherwise ``t = t + x`` (a new recorded node)."""
    def method(t, other):
        recording = autograd.is_grad_enabled() and (
            t.requires_grad or (isinstance(other, Tensor) and other.requires_grad))
        if recording and not t.is_leaf:
            return NotImplemented           # Python then does t = t + other
        if recording and not t.requires_grad:
            return NotImplemented           # a constant plus a tracked tensor: a new node
        _refuse(t, f"t {name} x")
        operand = _values(other, f"t {name} x: x")
        return _write(t, lambda array: ufunc(array, operand, out=array,
                                             casting="same_kind"), f"t {name} x")
    return method


tensor_method("__iadd__")(_augmented("+=", np.add))
tensor_method("__isub__")(_augmented("-=", np.subtract))
tensor_method("__imul__")(_augmented("*=", np.multiply))
tensor_method("__itruediv__")(_augmented("/=", np.true_divide))


@tensor_method("zero_")
def zero_(t):
    """Set every element to 0, in place; returns ``t``."""
    _refuse(t, "zero_()")
    return _write(t, lambda array: array.fill(0), "zero_()")


@tensor_method("fill_")
def fill_(t, value):
    """Set every element to ``value``, in place; returns ``t``."""
    _refuse(t, "fill_()")
    value = _values(value, "fill_(): value")
    return _write(t, lambda array: array.fill(value), "fill_()")


@tensor_method("copy_")
def copy_(t, src):
    """Copy ``src``'s values into ``t`` (broadcasting), in place; returns ``t``."""
    _refuse(t, "copy_()")
    src = _values(src, "copy_(): src")
    return _write(t, lambda array: np.copyto(array, src, casting="same_kind"),
                  "copy_()")


@tensor_method("clamp_")
def clamp_(t, min=None, max=None):
    """Limit every element to [min, max], in place; returns ``t``."""
    if min is None and max is None:
        raise ValueError("clamp_() needs min, max or both.")
    _refuse(t, "clamp_()")
    return _write(t, lambda array: np.clip(array, min, max, out=array), "clamp_()")


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
