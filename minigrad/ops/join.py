"""Joining and splitting along an axis: ``cat``, ``stack``, ``split``, ``chunk``, ``narrow``.

``cat`` lays tensors end to end along an existing axis and ``stack`` along a new
one; each input's gradient is its own slice of the output's gradient.  Splitting
is the mirror image: each piece is a slice of the input, and its gradient goes
back into that slice (zeros elsewhere).

The pieces of ``narrow``, ``split``, ``chunk`` and ``unbind`` are views of the input, its
very memory, as in PyTorch.  Those of ``split``, ``chunk`` and ``unbind`` (and so the rows
you iterate over) are several views made at once, which PyTorch does not let you change
in place while gradients are recorded (minigrad/views.py).
"""

import functools

import numpy as np

from ..autograd import record
from ..autograd import graph_backward
from ..dtypes import promote_types
from ..errors import ShapeError
from ..tensor import Tensor, tensor_method
from .indexing import basic_view
from .operands import axis


def _tensors(tensors, op: str) -> list:
    if isinstance(tensors, Tensor) or not isinstance(tensors, (list, tuple)):
        raise TypeError(f"{op}: expects a list or tuple of tensors, got "
                        f"{type(tensors).__name__}; write {op}([a, b]), not {op}(a, b).")
    if not tensors:
        raise ValueError(f"{op}: expects a non-empty list of tensors, got an empty one.")
    for i, t in enumerate(tensors):
        if not isinstance(t, Tensor):
            raise TypeError(f"{op}: item {i} of the list is a {type(t).__name__}, not a Tensor.")
    return list(tensors)


def _common_dtype(tensors: list):
    """The dtype ``cat``/``stack`` give: every input's dtype promoted together, as PyTorch
    (float32 with int64 is float32, where NumPy would make float64)."""
    return functools.reduce(promote_types, [t.dtype for t in tensors])


def cat(tensors, dim: int = 0) -> Tensor:
    """Join tensors end to end along the existing axis ``dim``: their other sizes must match.
    ``concat`` and ``concatenate`` are the same function.

    Args:
        tensors (sequence of Tensors): the pieces.
        dim (int): the axis to join along (0).

    Example:
        >>> import minigrad as mg
        >>> mg.cat([mg.zeros(2, 3), mg.ones(1, 3)]).shape
        (3, 3)
    """
    tensors = _tensors(tensors, "cat")
    first = tensors[0]
    if any(t.ndim == 0 for t in tensors):
        raise ShapeError("cat: cannot join 0-d tensors end to end (they have no axis); "
                         "use stack to put them along a new one.")
    d = axis(dim, first.ndim, "cat")
    others = first.shape[:d] + first.shape[d + 1:]          # every size but the one at d
    for t in tensors[1:]:
        if t.ndim != first.ndim or t.shape[:d] + t.shape[d + 1:] != others:
            shapes = " and ".join(str(x.shape) for x in tensors)
            raise ShapeError(f"cat: shapes {shapes} do not fit together along dim {dim}: every "
                             f"size except the one at dim {dim} must match.")
    sizes = [t.shape[d] for t in tensors]
    bounds = np.cumsum(sizes)[:-1]
    meta = [(t.dtype, t.requires_grad) for t in tensors]
    dtype = _common_dtype(tensors)

    def backward(g):
        return tuple(p.astype(dt, copy=False) if need else None
                     for (dt, need), p in zip(meta, np.split(g, bounds, axis=d)))

    return record(np.concatenate([t.data for t in tensors], axis=d, dtype=dtype),
                  tuple(tensors), backward, "cat")


@graph_backward("cat")
def _cat_graph(ctx, g):
    """cat's backward with tensor ops: the gradient cut back into the inputs' pieces."""
    d = _joined_axis(ctx, len(ctx.node.shape))
    sizes = [ctx.shape(i)[d] for i in range(len(ctx.node.inputs))]
    starts = np.cumsum([0] + sizes[:-1])
    return tuple(g.narrow(d, int(s), n) if ctx.needs(i) else None
                 for i, (s, n) in enumerate(zip(starts, sizes)))


def stack(tensors, dim: int = 0) -> Tensor:
    """Join tensors of one shape along a new axis ``dim``: ``stack([a, b])`` has shape (2, …).

    Args:
        tensors (sequence of Tensors): the pieces, all of one shape.
        dim (int): where the new axis goes (0).

    Example:
        >>> import minigrad as mg
        >>> mg.stack([mg.zeros(3), mg.ones(3)], dim=1).shape
        (3, 2)
    """
    tensors = _tensors(tensors, "stack")
    first = tensors[0]
    for t in tensors[1:]:
        if t.shape != first.shape:
            shapes = " and ".join(str(x.shape) for x in tensors)
            raise ShapeError(f"stack: every tensor must have the same shape, got {shapes}.")
    d = axis(dim, first.ndim + 1, "stack")
    meta = [(t.dtype, t.requires_grad) for t in tensors]

    def backward(g):
        return tuple(np.take(g, i, axis=d).astype(dt, copy=False) if need else None
                     for i, (dt, need) in enumerate(meta))

    return record(np.stack([t.data for t in tensors], axis=d, dtype=_common_dtype(tensors)),
                  tuple(tensors), backward, "stack")


def _joined_axis(ctx, ndim: int) -> int:
    """The axis a cat or stack joined along (``d`` here; ``axis`` in nn/rnn.py's own join)."""
    return ctx.saved("d") if ctx.has("d") else ctx.saved("axis") % ndim


@graph_backward("stack")
def _stack_graph(ctx, g):
    d = _joined_axis(ctx, len(ctx.node.shape))
    return tuple(g[(slice(None),) * d + (i,)] if ctx.needs(i) else None
                 for i in range(len(ctx.node.inputs)))


concat = concatenate = cat


def _narrow(a, d: int, start: int, length: int, op: str) -> Tensor:
    return basic_view(a, (slice(None),) * d + (slice(start, start + length),), op,
                      several=op != "narrow")


@tensor_method("narrow")
def narrow(a, dim: int, start: int, length: int) -> Tensor:
    """The ``length`` elements from ``start`` along ``dim`` (``t[:, start:start + length]`` for
    ``dim=1``).

    Args:
        a (Tensor): the input.
        dim (int): the axis.
        start (int): the first position.
        length (int): how many.

    Example:
        >>> import minigrad as mg
        >>> mg.arange(6).narrow(0, 2, 3)
        tensor([2, 3, 4], dtype=int64)
    """
    d = axis(dim, a.ndim, "narrow")
    for name, x in (("start", start), ("length", length)):
        if isinstance(x, bool) or not isinstance(x, (int, np.integer)):
            raise TypeError(f"narrow: {name} must be an int, got {type(x).__name__} {x!r}.")
    n = a.shape[d]
    start = start + n if -n <= start < 0 else start
    if not 0 <= start <= n or length < 0 or start + length > n:
        raise IndexError(f"narrow: start {start} and length {length} do not fit in dim {dim} "
                         f"of size {n} (shape {a.shape}).")
    return _narrow(a, d, int(start), int(length), "narrow")


@tensor_method("split")
def split(a, split_size_or_sections, dim: int = 0) -> tuple:
    """Cut along ``dim`` into pieces of ``split_size_or_sections`` elements (the last may be
    smaller), or, given a list, into pieces of the sizes listed: ``split(t, [2, 3])``.

    Args:
        a (Tensor): the input.
        split_size_or_sections (int or list of ints): the size of each piece, or the sizes.
        dim (int): the axis (0).

    Returns:
        a tuple of tensors.

    Example:
        >>> import minigrad as mg
        >>> [p.shape for p in mg.zeros(5, 2).split(2)]
        [(2, 2), (2, 2), (1, 2)]
        >>> [p.shape for p in mg.split(mg.zeros(5, 2), [1, 4])]
        [(1, 2), (4, 2)]
    """
    d = axis(dim, a.ndim, "split")
    n = a.shape[d]
    arg = split_size_or_sections
    if isinstance(arg, (list, tuple)):
        sizes = list(arg)
        if any(isinstance(s, bool) or not isinstance(s, (int, np.integer)) or s < 0
               for s in sizes):
            raise TypeError(f"split: split sizes must be non-negative ints, got {arg!r}.")
        if sum(sizes) != n:
            raise ShapeError(f"split: sizes {list(sizes)} add up to {sum(sizes)}, but dim "
                             f"{dim} of shape {a.shape} has size {n}.")
    elif isinstance(arg, (int, np.integer)) and not isinstance(arg, bool):
        if arg <= 0 and not (arg == 0 and n == 0):
            raise ValueError(f"split: split_size must be a positive int, got {arg}.")
        sizes = [min(arg, n - s) for s in range(0, n, arg)] if n else [0]
    else:
        raise TypeError(f"split: split_size_or_sections must be an int or a list of ints, got "
                        f"{type(arg).__name__}.")
    starts = np.cumsum([0] + sizes[:-1])
    return tuple(_narrow(a, d, int(s), int(k), "split") for s, k in zip(starts, sizes))


@tensor_method("chunk")
def chunk(a, chunks: int, dim: int = 0) -> tuple:
    """Cut along ``dim`` into ``chunks`` pieces of equal size (the last may be smaller, and
    there may be fewer pieces, as in PyTorch).

    Args:
        a (Tensor): the input.
        chunks (int): how many pieces at most.
        dim (int): the axis (0).

    Example:
        >>> import minigrad as mg
        >>> [p.shape for p in mg.zeros(5).chunk(3)]
        [(2,), (2,), (1,)]
    """
    if isinstance(chunks, bool) or not isinstance(chunks, (int, np.integer)) or chunks <= 0:
        raise ValueError(f"chunk: chunks must be a positive int, got {chunks!r}.")
    n = a.shape[axis(dim, a.ndim, "chunk")]
    return split(a, -(-n // chunks) if n else [0] * chunks, dim)


@tensor_method("unbind")
def unbind(a, dim: int = 0) -> tuple:
    """The slices along ``dim``, each without that axis: ``unbind(t)`` gives t's rows.
    Iterating over a tensor gives the same views.

    Args:
        a (Tensor): the input (at least 1-D).
        dim (int): the axis to take slices along (0).

    Example:
        >>> import minigrad as mg
        >>> mg.unbind(mg.tensor([[1.0, 2.0], [3.0, 4.0]]))
        (tensor([1., 2.]), tensor([3., 4.]))
    """
    if a.ndim == 0:
        raise TypeError("unbind: a 0-d tensor has no axis to take slices along.")
    d = axis(dim, a.ndim, "unbind")
    lead = (slice(None),) * d
    return tuple(basic_view(a, lead + (i,), "unbind", several=True) for i in range(a.shape[d]))
