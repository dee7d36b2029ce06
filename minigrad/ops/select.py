"""Choosing elements by index or by mask: ``gather``, ``masked_fill``, ``where``, and
``index_select`` (whole slices along one axis).

Like indexing (chapter 6), each output element is a copy of one input element, so
the backward sends each output gradient back to the element it came from: with
``np.add.at`` for ``gather`` (an index may pick one element twice), and with the
same mask for ``masked_fill`` and ``where``.
"""

import numbers

import numpy as np

from ..autograd import record
from ..autograd import graph_backward
from ..broadcasting import sum_to
from ..broadcasting import sum_to_tensor
from ..dtypes import fill_value
from ..errors import ShapeError
from ..tensor import Tensor, tensor_method
from .operands import as_tensor, axis, bool_array, int_array, pair, promoted


def gather(a, dim: int, index) -> Tensor:
    """``out[i][j] = a[index[i][j]][j]`` for ``dim=0`` (and so on for other dims), as
    PyTorch's.  ``index`` is an integer tensor with as many axes as ``a``; along every
    axis but ``dim`` it may be shorter than ``a``.  Each gathered element's gradient goes
    back to where it came from.

    Args:
        a (Tensor): the input.
        dim (int): the axis along which ``index`` picks.
        index (Tensor): integer positions.

    Shape:
        the output has ``index``'s shape.

    Example:
        >>> import minigrad as mg
        >>> scores = mg.tensor([[0.1, 0.9], [0.8, 0.2]])
        >>> scores.gather(1, mg.tensor([[1], [0]]))
        tensor([[0.9],
                [0.8]])
    """
    if not isinstance(a, Tensor):
        raise TypeError(f"gather: input must be a Tensor, got {type(a).__name__}.")
    d = axis(dim, max(a.ndim, 1), "gather")
    idx = np.array(int_array(index, "index", "gather"))   # a copy: backward reads it (and
    # a tensor index's version is checked, as PyTorch does)
    if idx.ndim != max(a.ndim, 1) and not (a.ndim == 0 and idx.ndim == 0):
        raise ShapeError(f"gather: index must have as many dimensions as the input, got index "
                         f"of shape {idx.shape} for input of shape {a.shape}.")
    A = a.data.reshape(-1) if a.ndim == 0 else a.data
    for k in range(idx.ndim):
        if k != d and idx.shape[k] > A.shape[k]:
            raise ShapeError(f"gather: index of shape {idx.shape} is larger than the input of "
                             f"shape {a.shape} along dim {k}; only dim {dim} may differ.")
    if idx.size and (idx.min() < 0 or idx.max() >= A.shape[d]):
        bad = idx.min() if idx.min() < 0 else idx.max()
        raise IndexError(f"gather: index {bad} is out of range for dim {dim} of size "
                         f"{A.shape[d]} (valid: 0 to {A.shape[d] - 1}).")
    grids = list(np.ogrid[tuple(slice(n) for n in idx.shape)]) if idx.ndim else []
    picks = tuple(idx if k == d else grids[k] for k in range(idx.ndim)) or (idx.reshape(1),)
    out = A[picks]
    in_shape, dtype, picked_shape = a.shape, a.dtype, out.shape

    def backward(g):
        full = np.zeros(A.shape, dtype=dtype)
        np.add.at(full, picks, g.reshape(picked_shape))
        return (full.reshape(in_shape),)

    return record(out.reshape(idx.shape), (a,), backward, "gather", saved=_tensors(index))


@graph_backward("gather")
def _gather_graph(ctx, g):
    """gather's backward scatters the gradient; recorded (create_graph=True) with
    gathering again as its way back."""
    A, picks, shape = ctx.saved("A"), ctx.saved("picks"), ctx.node.shape
    return (ctx.linear(g, lambda array: array.reshape(A.shape)[picks].reshape(shape)),)


tensor_method("gather")(gather)


def _tensors(*xs) -> tuple:
    """The tensors among ``xs``: an index, mask or condition given as a tensor is kept as
    it was, and backward checks that it did not change in place since (as PyTorch)."""
    return tuple(x for x in xs if isinstance(x, Tensor))


def take_along(a, d: int, idx: np.ndarray, op: str, out_shape=None) -> tuple:
    """(values, indices): the elements of ``a`` at ``idx`` along axis d (``idx`` has ``a``'s
    number of axes; a 0-d ``a`` counts as one element), shaped ``out_shape`` (default: idx's
    shape).  Each value's gradient goes back to the element it was taken from.  This is
    ``max(dim)``, ``sort`` and ``topk``."""
    A1 = a.data.reshape(1) if a.ndim == 0 else a.data
    values = np.take_along_axis(A1, idx, axis=d)
    if out_shape is None:
        out_shape = values.shape if a.ndim or values.size != 1 else ()
    in_shape = a.shape

    def backward(g):
        full = np.zeros(A1.shape, dtype=g.dtype)
        np.put_along_axis(full, idx, g.reshape(idx.shape), axis=d)
        return (full.reshape(in_shape),)

    out = record(values.reshape(out_shape), (a,), backward, op)
    return out, Tensor._from_op(idx.reshape(out_shape).astype(np.int64))


@graph_backward("sort", "topk", "max", "min")
def _take_along_graph(ctx, g):
    """The backward of the values of max/min (along a dim or over all), sort and topk,
    recorded (create_graph=True) with taking the same elements as its way back."""
    if not ctx.has("idx"):                     # max() / min() of every element
        A, out = ctx.saved("A"), ctx.saved("out")
        mask = np.isnan(A) if np.isnan(out) else A == out
        return (where(Tensor(mask), g / int(mask.sum()), 0.0),)
    A1, idx, d, shape = ctx.saved("A1"), ctx.saved("idx"), ctx.saved("d"), ctx.node.shape
    return (ctx.linear(g, lambda array: np.take_along_axis(array.reshape(A1.shape), idx,
                                                           axis=d).reshape(shape)),)


@tensor_method("masked_fill")
def masked_fill(a, mask, value) -> Tensor:
    """A copy of ``a`` with ``value`` wherever the bool ``mask`` (broadcast to ``a``) is True.
    A 0-d ``value`` tensor that requires a gradient gets the sum of the gradients of the
    places it filled.

    Args:
        a (Tensor): the input.
        mask (Tensor): bool, broadcastable to ``a``.
        value (number or 0-d Tensor): the fill.

    Example:
        >>> import minigrad as mg
        >>> x = mg.tensor([1.0, -2.0, 3.0])
        >>> x.masked_fill(x < 0, 0.0)
        tensor([1., 0., 3.])
    """
    M = bool_array(mask, "mask", "masked_fill").copy()    # a copy: backward reads it
    try:
        ok = np.broadcast_shapes(M.shape, a.shape) == a.shape
    except ValueError:
        ok = False
    if not ok:
        raise ShapeError(f"masked_fill: mask of shape {M.shape} cannot be broadcast to the "
                         f"tensor's shape {a.shape}.")
    if isinstance(value, Tensor):
        if value.ndim != 0:
            raise ShapeError(f"masked_fill: value must be a number or a 0-d tensor, got a "
                             f"tensor of shape {value.shape}.")
        if value.requires_grad and a.dtype.kind != "f":
            raise TypeError(f"masked_fill: the value requires grad, but the tensor it fills has "
                            f"dtype {a.dtype}, which cannot carry a gradient (PyTorch refuses "
                            f"this too); detach the value or fill a floating-point tensor.")
        inputs = (a, value)
    elif (isinstance(value, (numbers.Real, np.generic))
          and not isinstance(value, np.complexfloating)):
        inputs = (a,)
    else:
        raise TypeError(f"masked_fill: value must be a number or a 0-d tensor, got "
                        f"{type(value).__name__}.")
    V = fill_value(value.data.item() if isinstance(value, Tensor) else value, a.dtype,
                   "masked_fill")
    out = np.where(M, V, a.data)
    need_a, need_v = a.requires_grad, len(inputs) == 2 and value.requires_grad
    v_dtype = value.dtype if len(inputs) == 2 else None

    def backward(g):
        zero = np.zeros((), dtype=g.dtype)
        ga = np.where(M, zero, g) if need_a else None
        if v_dtype is None:
            return (ga,)
        gv = np.asarray(np.where(M, g, zero).sum(), dtype=v_dtype) if need_v else None
        return ga, gv

    return record(out, inputs, backward, "masked_fill", saved=_tensors(mask))


@graph_backward("masked_fill")
def _masked_fill_graph(ctx, g):
    mask = Tensor(ctx.saved("M"))
    ga = g.masked_fill(mask, 0.0) if ctx.needs(0) else None
    if len(ctx.node.inputs) == 1:
        return (ga,)
    return ga, (where(mask, g, 0.0).sum() if ctx.needs(1) else None)


def where(condition, input=None, other=None):
    """``input`` where ``condition`` is True, ``other`` elsewhere (all three broadcast); each
    of ``input`` and ``other`` gets the gradient of the places it supplied.
    ``where(condition)`` alone gives the indices of the True elements, one index tensor
    per axis (like ``nonzero(as_tuple=True)``).

    Args:
        condition (Tensor): bool.
        input (Tensor or number, optional): the values where ``condition`` holds.
        other (Tensor or number, optional): the values elsewhere.

    Example:
        >>> import minigrad as mg
        >>> x = mg.tensor([1.0, -2.0, 3.0])
        >>> mg.where(x > 0, x, 0.0)
        tensor([1., 0., 3.])
        >>> mg.where(x > 0)
        (tensor([0, 2], dtype=int64),)
    """
    C = bool_array(condition, "condition", "where").copy()  # a copy: backward reads it
    if input is None and other is None:
        return tuple(Tensor._from_op(i.astype(np.int64)) for i in np.nonzero(C))
    if input is None or other is None:
        raise TypeError("where: give both input and other (where(condition, input, other)), "
                        "or neither.")
    if isinstance(input, Tensor) or isinstance(other, Tensor):
        x, y = pair(input, other, "where", checked=True)
    else:                                    # two numbers: 0-d tensors, promoted below
        x, y = as_tensor(np.asarray(input), "where"), as_tensor(np.asarray(other), "where")
    X, Y = promoted(x, y)                    # PyTorch's type promotion
    try:
        np.broadcast_shapes(C.shape, x.shape, y.shape)
    except ValueError:
        raise ShapeError(f"where: shapes {C.shape} (condition), {x.shape} (input) and "
                         f"{y.shape} (other) cannot be broadcast together.") from None
    out = np.where(C, X, Y)
    x_meta, y_meta = (x.shape, x.dtype, x.requires_grad), (y.shape, y.dtype, y.requires_grad)

    def backward(g):
        zero = np.zeros((), dtype=g.dtype)
        gx = sum_to(np.where(C, g, zero), x_meta[0]).astype(x_meta[1], copy=False) \
            if x_meta[2] else None
        gy = sum_to(np.where(C, zero, g), y_meta[0]).astype(y_meta[1], copy=False) \
            if y_meta[2] else None
        return gx, gy

    return record(out, (x, y), backward, "where", saved=_tensors(condition))


@graph_backward("where")
def _where_graph(ctx, g):
    cond = Tensor(ctx.saved("C"))
    return (sum_to_tensor(where(cond, g, 0.0), ctx.shape(0)) if ctx.needs(0) else None,
            sum_to_tensor(where(cond, 0.0, g), ctx.shape(1)) if ctx.needs(1) else None)


@tensor_method("where")
def where_method(a, condition, other) -> Tensor:
    """``t.where(condition, other)``: ``t`` where ``condition`` is True, ``other`` elsewhere.

    Args:
        a (Tensor): the values where ``condition`` holds.
        condition (Tensor): bool.
        other (Tensor or number): the values elsewhere.

    Example:
        >>> import minigrad as mg
        >>> x = mg.tensor([1.0, -2.0])
        >>> x.where(x > 0, -1.0)
        tensor([ 1., -1.])
    """
    return where(condition, a, other)


@tensor_method("index_select")
def index_select(a, dim: int, index) -> Tensor:
    """The slices of ``a`` along ``dim`` at the positions in ``index``, in that order
    (repeats allowed): ``index_select(x, 0, idx)`` is ``x[idx]``, for any ``dim``.  The
    gradient of each slice is added back where it came from.

    Args:
        a (Tensor): the input.
        dim (int): the axis to pick along.
        index (Tensor): 1-D integer positions (0-d is taken as one position).

    Shape:
        ``a``'s shape with the size of ``dim`` replaced by ``len(index)``.

    Example:
        >>> import minigrad as mg
        >>> x = mg.tensor([[1, 2, 3], [4, 5, 6]])
        >>> mg.index_select(x, 1, mg.tensor([2, 0, 2]))
        tensor([[3, 1, 3],
                [6, 4, 6]], dtype=int64)
    """
    if not isinstance(a, Tensor):
        raise TypeError(f"index_select: input must be a Tensor, got {type(a).__name__}.")
    d = axis(dim, max(a.ndim, 1), "index_select")
    idx = np.array(int_array(index, "index", "index_select"))    # a copy: backward reads it
    if idx.ndim > 1:
        raise ShapeError(f"index_select: index must be 1-D, got shape {idx.shape}.")
    idx = idx.reshape(-1)
    A = a.data.reshape(1) if a.ndim == 0 else a.data
    if idx.size and (idx.min() < 0 or idx.max() >= A.shape[d]):
        bad = idx.min() if idx.min() < 0 else idx.max()
        raise IndexError(f"index_select: index {bad} is out of range for dim {dim} of size "
                         f"{A.shape[d]} (valid: 0 to {A.shape[d] - 1}).")
    in_shape, dtype = a.shape, a.dtype
    out = np.take(A, idx, axis=d)

    def backward(g):
        full = np.zeros(A.shape, dtype=dtype)
        np.add.at(np.moveaxis(full, d, 0), idx, np.moveaxis(g.reshape(out.shape), d, 0))
        return (full.reshape(in_shape),)

    return record(out.reshape(in_shape) if a.ndim == 0 else out, (a,), backward,
                  "index_select")


@graph_backward("index_select")
def _index_select_graph(ctx, g):
    """index_select's backward scatters the gradient; recorded (create_graph=True) with
    selecting again as its way back."""
    A, idx, d, shape = ctx.saved("A"), ctx.saved("idx"), ctx.saved("d"), ctx.node.shape
    return (ctx.linear(g, lambda array: np.take(array.reshape(A.shape), idx,
                                                axis=d).reshape(shape)),)
