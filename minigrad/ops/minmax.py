"""The largest and smallest elements: ``max``/``min`` and ``argmax``/``argmin``.

* ``t.max()`` is the largest element; when several elements tie for it, each gets an
  equal share of the gradient (PyTorch's rule).
* ``t.max(dim)`` returns a named tuple ``(values, indices)`` along ``dim``; the gradient
  of each value goes to the one element ``indices`` points at (the first of a tie).
* ``t.max(other)`` is :func:`maximum`, as in PyTorch.
* ``argmax``/``argmin`` return int64 indices and carry no gradient.

NaN counts as larger than everything, so ``max`` of a tensor holding NaN is NaN.
"""

import builtins

import numpy as np

from .. import return_types
from ..autograd import record
from ..dtypes import refuse_bool
from ..tensor import Tensor, tensor_method
from .clamp import maximum, minimum
from .operands import axis, keep_flag
from .select import take_along


def _nonempty(shape: tuple, op: str, d=None):
    if d is None and 0 in shape:
        raise ValueError(f"{op}: the tensor has no elements (shape {shape}), so it has no "
                         f"{op[-3:]}imum; give a dim whose size is not 0.")
    if d is not None and shape[d] == 0:
        raise ValueError(f"{op}: dim {d} has size 0 (shape {shape}), so there is no "
                         f"{op[-3:]}imum along it.")


def _extreme(name: str, arg_fn, elementwise, result):
    def reduce(a, dim=None, keepdim=None, *, keepdims=None):
        if isinstance(dim, Tensor):
            return elementwise(a, dim)
        keep = keep_flag(keepdim, keepdims, name)
        A = a.data
        if dim is None:
            if keep:
                raise TypeError(f"{name}: keepdim needs a dim; {name}() over all elements "
                                f"returns a 0-d tensor.")
            _nonempty(a.shape, name)
            out = np.asarray(A.max() if name == "max" else A.min())

            def backward(g):
                # ties share the gradient equally; np.where keeps an infinite g from becoming NaN
                mask = np.isnan(A) if np.isnan(out) else A == out
                return (np.where(mask, g / mask.sum(), np.zeros((), dtype=g.dtype)),)

            return record(out, (a,), backward, name, saved=(a,), saves_output=True)
        if isinstance(dim, (tuple, list)):
            raise TypeError(f"{name}: dim must be one int (PyTorch's {name} reduces one dim at "
                            f"a time); got {dim!r}. Apply it once per dim, or flatten first.")
        d = axis(dim, builtins.max(a.ndim, 1), name)
        A1 = A.reshape(1) if a.ndim == 0 else A
        _nonempty(A1.shape, name, d)
        idx = arg_fn(A1, axis=d, keepdims=True)
        out_shape = () if a.ndim == 0 else idx.shape if keep else np.squeeze(idx, axis=d).shape
        return result(*take_along(a, d, idx, name, out_shape))

    reduce.__name__ = name
    return reduce


max = tensor_method("max")(_extreme("max", np.argmax, maximum, return_types.max))  # noqa: A001
max.__doc__ = """``t.max()``: the largest element.  ``t.max(dim, keepdim=False)``: a named tuple
    ``(values, indices)`` along ``dim``.  ``t.max(other)``: :func:`maximum`.

    Ties in ``t.max()`` share the gradient equally; along ``dim`` it goes to the index
    returned (the first of a tie).  NaN counts as the largest.

    Args:
        a (Tensor): the input.
        dim (int or Tensor, optional): one axis (or a tensor: then :func:`maximum`).
        keepdim (bool): keep the reduced axis with size 1.
        keepdims (bool): NumPy's name for ``keepdim``.

    Example:
        >>> import minigrad as mg
        >>> x = mg.tensor([[1.0, 5.0], [7.0, 2.0]])
        >>> x.max()
        tensor(7.)
        >>> x.max(dim=1)
        max(values=tensor([5., 7.]), indices=tensor([1, 0], dtype=int64))
    """
min = tensor_method("min")(_extreme("min", np.argmin, minimum, return_types.min))  # noqa: A001
min.__doc__ = """``t.min()``: the smallest element.  ``t.min(dim, keepdim=False)``: a named
    tuple ``(values, indices)`` along ``dim``.  ``t.min(other)``: :func:`minimum`.

    Args:
        a (Tensor): the input.
        dim (int or Tensor, optional): one axis (or a tensor: then :func:`minimum`).
        keepdim (bool): keep the reduced axis with size 1.
        keepdims (bool): NumPy's name for ``keepdim``.

    Example:
        >>> import minigrad as mg
        >>> values, indices = mg.min(mg.tensor([[1.0, 5.0], [7.0, 2.0]]), 0)
        >>> values, indices
        (tensor([1., 2.]), tensor([0, 1], dtype=int64))
    """


def _arg(name: str, fn):
    def arg(a, dim=None, keepdim=None, *, keepdims=None):
        refuse_bool(a.dtype, name, "convert it first, e.g. t.long()")
        keep = keep_flag(keepdim, keepdims, name)
        if dim is None:
            _nonempty(a.shape, name)
            out = np.asarray(fn(a.data))
            return Tensor._from_op((out.reshape((1,) * a.ndim) if keep else out).astype(np.int64))
        d = axis(dim, builtins.max(a.ndim, 1), name)
        A1 = a.data.reshape(1) if a.ndim == 0 else a.data
        _nonempty(A1.shape, name, d)
        out = fn(A1, axis=d, keepdims=keep)
        return Tensor._from_op(np.asarray(out).reshape(() if a.ndim == 0 else out.shape)
                               .astype(np.int64))

    arg.__name__ = name
    example = "[1, 0]" if name == "argmax" else "[0, 1]"
    arg.__doc__ = (f"The index of the {name[3:]}imum (int64): of the flattened tensor, or along "
                   f"``dim``; the first one where several tie.  No gradient.\n\n"
                   f"    Args:\n        a (Tensor): the input.\n        dim (int, optional): "
                   f"one axis (the flattened tensor when None).\n        keepdim (bool): keep "
                   f"the reduced axis with size 1.\n        keepdims (bool): NumPy's name for "
                   f"``keepdim``.\n\n    Example:\n        >>> import minigrad as mg\n"
                   f"        >>> mg.{name}(mg.tensor([[1.0, 5.0], [7.0, 2.0]]), dim=1)\n"
                   f"        tensor({example}, dtype=int64)\n")
    return arg


argmax = tensor_method("argmax")(_arg("argmax", np.argmax))
argmin = tensor_method("argmin")(_arg("argmin", np.argmin))
