"""Indexing: ``t[idx]`` with ints, slices, masks and integer arrays.

The forward pass picks elements; the backward pass puts each gradient back where
its element came from and leaves zeros everywhere else.  An integer array may
pick the same element twice (``t[[0, 0]]``), so the gradients are *added* into
place with ``np.add.at``, never just assigned.
"""

import numpy as np

from ..autograd import record
from ..tensor import Tensor, tensor_method

_BASIC = (int, np.integer, slice, type(None), type(Ellipsis))


def _plain(index):
    """The index with any Tensors inside replaced by their arrays."""
    if isinstance(index, Tensor):
        return index._data
    if isinstance(index, tuple):
        return tuple(i._data if isinstance(i, Tensor) else i for i in index)
    return index


def _is_basic(index) -> bool:
    """True when the index only slices (each element picked at most once)."""
    parts = index if isinstance(index, tuple) else (index,)
    return all(isinstance(p, _BASIC) and not isinstance(p, bool) for p in parts)


@tensor_method("__getitem__")
def getitem(a, index):
    index = _plain(index)
    try:
        out = a._data[index]
    except IndexError as err:
        raise IndexError(f"indexing a tensor of shape {a._data.shape} with {index!r}: {err}") from None
    in_shape, dtype = a._data.shape, a.dtype
    basic = _is_basic(index)

    def backward(g):
        full = np.zeros(in_shape, dtype=dtype)
        if basic:
            full[index] = g
        else:
            np.add.at(full, index, g)
        return (full,)

    if basic:
        out = out.copy() if isinstance(out, np.ndarray) else np.asarray(out)
    return record(np.asarray(out), (a,), backward, "getitem")
