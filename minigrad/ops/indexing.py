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
    """The index with any Tensors inside replaced by their arrays, each part checked."""
    if isinstance(index, tuple):
        return tuple(_part(i) for i in index)
    return _part(index)


def _part(i):
    """One part of an index: ints, slices, None, ..., or integer/boolean arrays (or lists or
    tensors of them).  A float is refused: NumPy would say only 'arrays used as indices must
    be of integer type', and a Tensor([0, 1]) is float64 by minigrad's rules."""
    if isinstance(i, _BASIC):
        return i
    if isinstance(i, (Tensor, np.ndarray, list)):
        array = i._data if isinstance(i, Tensor) else np.asarray(i)
        if array.size == 0 and isinstance(i, list):
            return array.astype(np.int64)             # [] (NumPy makes float64 of it)
        if array.dtype.kind in "iub":
            return array
        hint = (" Tensor(...) makes float64 from a list; use mg.tensor([0, 1]) or "
                "Tensor(..., dtype=np.int64)." if isinstance(i, Tensor) else "")
        raise TypeError(f"index: a tensor can be indexed with integers or booleans (and "
                        f"slices), but this index holds dtype {array.dtype}.{hint}")
    raise TypeError(f"index: a tensor can be indexed with integers, slices, None, ..., or "
                    f"integer/boolean tensors, arrays or lists, got {type(i).__name__} {i!r}.")


def _is_basic(index) -> bool:
    """True when the index only slices (each element picked at most once)."""
    parts = index if isinstance(index, tuple) else (index,)
    return all(isinstance(p, _BASIC) and not isinstance(p, bool) for p in parts)


@tensor_method("__getitem__")
def getitem(a, index):
    """``a[index]``: the elements an index picks, as in PyTorch (integers, slices, ``None``,
    ``...``, integer and boolean tensors, arrays and lists).  Each picked element's gradient
    goes back to where it came from (added up where an element was picked twice).

    Args:
        a (Tensor): the tensor indexed.
        index: what ``t[...]`` was given.

    Example:
        >>> import minigrad as mg
        >>> x = mg.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
        >>> x[1], x[:, 0], x[x > 4]
        (tensor([4., 5., 6.]), tensor([1., 4.]), tensor([5., 6.]))
    """
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
