"""Ordering: ``sort``, ``argsort`` and ``topk``.

``sort`` and ``topk`` return a named tuple ``(values, indices)``; every value is
one input element moved somewhere else, so the backward puts each gradient back
at the index it came from (``np.put_along_axis``).  Equal elements keep their
order (a stable sort), and NaN sorts as the largest value, as in PyTorch.  Where
``topk`` must choose among equal values it takes the first ones; PyTorch's choice
among ties is its own (same values, possibly other indices).
"""

import builtins

import numpy as np

from .. import return_types
from ..dtypes import refuse_bool
from ..tensor import tensor_method
from .operands import axis
from .select import take_along


def _order(A: np.ndarray, d: int, descending: bool) -> np.ndarray:
    """Stable sorting indices along axis d; descending keeps ties in their original order
    (sort the reversed array ascending, then reverse the result and map indices back)."""
    if not descending:
        return np.argsort(A, axis=d, kind="stable")
    n = A.shape[d]
    rev = np.argsort(np.flip(A, axis=d), axis=d, kind="stable")
    return (n - 1) - np.flip(rev, axis=d)


@tensor_method("sort")
def sort(a, dim: int = -1, descending: bool = False, stable: bool = False):
    """The elements along ``dim`` in ascending (or descending) order, with where each came
    from: ``values, indices = t.sort()``.  The sort is always stable (ties keep their
    order), so ``stable`` changes nothing; each value's gradient goes back to where it
    came from.

    Args:
        a (Tensor): the input.
        dim (int): the axis (-1).
        descending (bool): largest first.
        stable (bool): accepted for PyTorch's signature.

    Example:
        >>> import minigrad as mg
        >>> values, indices = mg.tensor([3.0, 1.0, 2.0]).sort()
        >>> values, indices
        (tensor([1., 2., 3.]), tensor([1, 2, 0], dtype=int64))
    """
    d = axis(dim, builtins.max(a.ndim, 1), "sort")
    A1 = a.data.reshape(1) if a.ndim == 0 else a.data
    return return_types.sort(*take_along(a, d, _order(A1, d, descending), "sort"))


@tensor_method("argsort")
def argsort(a, dim: int = -1, descending: bool = False, stable: bool = False):
    """The indices that sort the elements along ``dim`` (int64; no gradient).

    Args:
        a (Tensor): the input.
        dim (int): the axis (-1).
        descending (bool): largest first.
        stable (bool): accepted for PyTorch's signature (the sort is always stable).

    Example:
        >>> import minigrad as mg
        >>> mg.argsort(mg.tensor([3.0, 1.0, 2.0]), descending=True)
        tensor([0, 2, 1], dtype=int64)
    """
    return sort(a, dim, descending).indices


@tensor_method("topk")
def topk(a, k: int, dim: int = -1, largest: bool = True, sorted: bool = True):  # noqa: A002
    """The ``k`` largest (or smallest) elements along ``dim`` and their indices, largest
    first: ``values, indices = t.topk(3)``.

    Args:
        a (Tensor): the input.
        k (int): how many.
        dim (int): the axis (-1).
        largest (bool): the largest (True) or the smallest.
        sorted (bool): accepted for PyTorch's signature (the result is always sorted).

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([1.0, 5.0, 3.0, 4.0]).topk(2)
        topk(values=tensor([5., 4.]), indices=tensor([1, 3], dtype=int64))
    """
    refuse_bool(a.dtype, "topk", "convert it first, e.g. t.long()")
    d = axis(dim, builtins.max(a.ndim, 1), "topk")
    A1 = a.data.reshape(1) if a.ndim == 0 else a.data
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
        raise TypeError(f"topk: k must be an int, got {type(k).__name__} {k!r}.")
    if not 0 <= k <= A1.shape[d]:
        raise ValueError(f"topk: k ({k}) must be between 0 and the size of dim {dim} "
                         f"({A1.shape[d]}) of a tensor with shape {a.shape}.")
    idx = np.take(_order(A1, d, largest), np.arange(k), axis=d)
    return return_types.topk(*take_along(a, d, idx, "topk"))
