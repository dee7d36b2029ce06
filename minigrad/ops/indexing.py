"""Indexing: ``t[idx]`` with ints, slices, masks and integer arrays.

The forward pass picks elements; the backward pass puts each gradient back where
its element came from and leaves zeros everywhere else.  An integer array may
pick the same element twice (``t[[0, 0]]``), so the gradients are *added* into
place with ``np.add.at``, never just assigned.

As in NumPy and PyTorch, *basic* indexing (ints, slices, ``None``, ``...``) returns a
view, the same memory (``t[0][1] = 5`` changes ``t``; see minigrad/views.py), while an
integer or boolean array picks a copy.  Its index is kept for backward: a copy of an
array or list, or the index tensor itself, whose version is checked as PyTorch does.
"""

import numpy as np

from .. import views
from ..autograd import record
from ..autograd import graph_backward
from ..dtypes import index_dtype_refused
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
        array = i._data if isinstance(i, Tensor) else np.array(i)     # an array: a copy
        if array.size == 0 and isinstance(i, list):
            return array.astype(np.int64)             # [] (NumPy makes float64 of it)
        if array.dtype.kind == "b" or array.dtype in (np.int64, np.int32):
            return array
        if array.dtype.kind in "iu":                  # PyTorch's rule (see dtypes.py)
            raise TypeError(index_dtype_refused(array.dtype, "index"))
        hint = (" Tensor(...) makes float64 from a list; use mg.tensor([0, 1]) or "
                "Tensor(..., dtype=np.int64)." if isinstance(i, Tensor) else "")
        raise TypeError(f"index: a tensor can be indexed with integers or booleans (and "
                        f"slices), but this index holds dtype {array.dtype}.{hint}")
    raise TypeError(f"index: a tensor can be indexed with integers, slices, None, ..., or "
                    f"integer/boolean tensors, arrays or lists, got {type(i).__name__} {i!r}.")


def _index_tensors(index) -> tuple:
    """The tensors in an index (their versions are checked before backward reads them)."""
    parts = index if isinstance(index, tuple) else (index,)
    return tuple(p for p in parts if isinstance(p, Tensor))


def _is_basic(index) -> bool:
    """True when the index only slices (each element picked at most once)."""
    for p in index if isinstance(index, tuple) else (index,):
        if not isinstance(p, _BASIC) or isinstance(p, bool):
            return False
    return True


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
    given, index = index, _plain(index)
    if _is_basic(index):
        return basic_view(a, index)
    try:
        out = a._data[index]
    except IndexError as err:
        raise IndexError(f"indexing a tensor of shape {a._data.shape} with {index!r}: {err}") from None
    in_shape, dtype = a._data.shape, a.dtype

    def backward(g):
        full = np.zeros(in_shape, dtype=dtype)
        np.add.at(full, index, g)
        return (full,)

    return record(out, (a,), backward, "getitem", saved=_index_tensors(given))


@graph_backward("getitem", "narrow", "split", "chunk", "unbind")
def _getitem_graph(ctx, g):
    """Indexing's backward scatters the gradient into zeros; recorded (create_graph=True)
    with picking the same elements as its way back."""
    index = ctx.saved("parts") if ctx.has("parts") else ctx.saved("index")
    return (ctx.linear(g, lambda array: array[index]),)


def basic_view_index(index) -> tuple:
    """A basic index as a tuple that makes NumPy return a view even when it picks a single
    element (``a[0, ...]`` of a vector is a 0-d view; ``a[0]`` would be a number)."""
    parts = index if isinstance(index, tuple) else (index,)
    return parts if Ellipsis in parts else parts + (Ellipsis,)     # (basic parts compare safely)


def basic_view(a, index, op: str = "getitem", several: bool = False):
    """``a[index]`` for ints, slices, None and ...: a view of ``a``, recorded as ``op``;
    ``several`` when the op returns several such views at once (split, unbind …)."""
    parts = basic_view_index(index)
    try:
        out = a._data[parts]
    except IndexError as err:
        raise IndexError(f"indexing a tensor of shape {a._data.shape} with {index!r}: {err}") from None
    in_shape, dtype = a._data.shape, a.dtype

    def backward(g):
        full = np.zeros(in_shape, dtype=dtype)
        full[parts] = g
        return full

    return views.view(a, op, lambda array: array[parts], backward, op if several else "",
                      data=out)
