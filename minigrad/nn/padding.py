"""``F.pad``: adding (or, with negative amounts, cutting) a border around a tensor (chapter 12).

``pad`` takes PyTorch's argument: a flat tuple of amounts, **last dimension first**,
``(left, right)`` for the last dimension, then ``(top, bottom)`` for the one
before, and so on.  Modes, as in PyTorch:

* ``'constant'`` (``value``, 0 by default) — a convolution's zero padding;
* ``'reflect'``  — mirror without repeating the edge: ``[1 2 3] -> 3 2 [1 2 3] 2 1``;
* ``'replicate'`` — repeat the edge: ``1 1 [1 2 3] 3 3``;
* ``'circular'`` — wrap around: ``2 3 [1 2 3] 1 2``.

Backward hands each output element's gradient back to the input element it was
copied from; with the copying modes one input element may feed several outputs,
so those gradients are summed.
"""

from __future__ import annotations

import numbers

import numpy as np

from ..autograd import record
from ..dtypes import fill_value, refuse_bool
from ..tensor import Tensor
from . import functional as F

_NUMPY_MODE = {"reflect": "reflect", "replicate": "edge", "circular": "wrap"}


def _pad_widths(pad, ndim: int) -> list:
    """PyTorch's flat, last-dimension-first amounts as one (before, after) pair per axis."""
    if (not isinstance(pad, (tuple, list)) or len(pad) % 2
            or not all(isinstance(p, numbers.Integral) and not isinstance(p, bool) for p in pad)):
        raise ValueError(f"pad: the amounts must be a tuple of an even number of ints "
                         f"(left, right, top, bottom, ...), got {pad!r}.")
    if len(pad) // 2 > ndim:
        raise ValueError(f"pad: {len(pad)} amounts pad {len(pad) // 2} dimensions, but the input "
                         f"has only {ndim}.")
    widths = [(0, 0)] * ndim
    for i in range(len(pad) // 2):
        widths[ndim - 1 - i] = (int(pad[2 * i]), int(pad[2 * i + 1]))
    return widths


def _source_index(n: int, before: int, after: int, mode: str) -> np.ndarray:
    """For each position along a padded axis, the input position it copies."""
    return np.pad(np.arange(n), (before, after), mode=_NUMPY_MODE[mode])


def pad(input, pad, mode: str = "constant", value: float = 0.0) -> Tensor:
    """``input`` with a border (or, with negative amounts, cut), as PyTorch's ``F.pad``: the
    amounts run **last dimension first**, ``(left, right)`` for the last dimension, then
    ``(top, bottom)`` for the one before, and so on.

    Args:
        input (Tensor): any shape.
        pad (tuple of ints): an even number of amounts.
        mode (str): ``'constant'`` (``value``), ``'reflect'`` (mirror without the edge),
            ``'replicate'`` (repeat the edge) or ``'circular'`` (wrap around).
        value (float): the constant's value (0).

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> x = mg.tensor([[1.0, 2.0, 3.0]])
        >>> F.pad(x, (2, 1))
        tensor([[0., 0., 1., 2., 3., 0.]])
        >>> F.pad(x, (2, 2), mode="reflect")
        tensor([[3., 2., 1., 2., 3., 2., 1.]])
    """
    x = F._tensor(input, "input", "pad")
    X = x.data
    widths = _pad_widths(pad, X.ndim)
    if mode == "constant":
        value = fill_value(value, X.dtype, "pad")
        # Grow by the positive amounts, then cut by the negative ones.
        grow = [(max(b, 0), max(a, 0)) for b, a in widths]
        grown_shape = tuple(n + b + a for (b, a), n in zip(grow, X.shape))
        cut = tuple(slice(max(-b, 0), m - max(-a, 0)) for (b, a), m in zip(widths, grown_shape))
        if any(s.stop <= s.start for s in cut):
            raise ValueError(f"pad: cutting {pad} from shape {X.shape} leaves nothing.")
        out = np.pad(X, grow, constant_values=value)[cut] if any(map(any, grow)) else X[cut]
        inside = tuple(slice(b, b + n) for (b, _), n in zip(grow, X.shape))

        def backward(g):
            full = np.zeros(grown_shape, dtype=g.dtype)
            full[cut] = g
            return (full[inside],)

        return record(np.ascontiguousarray(out), (x,), backward, "pad")
    if mode not in _NUMPY_MODE:
        raise ValueError(f"pad: mode must be 'constant', 'reflect', 'replicate' or 'circular', "
                         f"got {mode!r}.")
    if mode != "circular":
        refuse_bool(X.dtype, f"pad (mode {mode!r})")
    for axis, ((b, a), n) in enumerate(zip(widths, X.shape)):
        if b < 0 or a < 0:
            raise ValueError(f"pad: mode {mode!r} needs non-negative amounts, got {pad!r}.")
        if (b or a) and mode == "reflect" and max(b, a) >= n:
            raise ValueError(f"pad: reflect padding of {max(b, a)} must be smaller than the "
                             f"dimension it pads (size {n}, axis {axis}).")
        if (b or a) and mode == "circular" and max(b, a) > n:
            raise ValueError(f"pad: circular padding of {max(b, a)} must not exceed the "
                             f"dimension it pads (size {n}, axis {axis}).")
    out = np.pad(X, widths, mode=_NUMPY_MODE[mode])
    maps = [(axis, _source_index(n, b, a, mode), n)
            for axis, ((b, a), n) in enumerate(zip(widths, X.shape)) if b or a]

    def backward(g):
        # Padding is done axis by axis, so undo it axis by axis: along each padded axis,
        # add every position's gradient into the input position it copied.
        for axis, source, n in maps:
            moved = np.moveaxis(g, axis, 0)
            summed = np.zeros((n,) + moved.shape[1:], dtype=g.dtype)
            np.add.at(summed, source, moved)
            g = np.moveaxis(summed, 0, axis)
        return (np.ascontiguousarray(g),)

    return record(out, (x,), backward, "pad")
