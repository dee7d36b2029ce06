"""Pooling: ``F.max_pool1d/2d``, ``F.avg_pool1d/2d``, ``F.adaptive_avg_pool1d/2d`` and their
layers (chapter 12).

Pooling summarises each small window of a feature map by one number: its largest
value (max pooling, "is the feature anywhere here?") or its mean (average
pooling).  Windows are the same patches a convolution sees (``conv._patches``: a
view, no loop over pixels); backward sends gradients back through ``conv._col2im``.

* **max**: the whole gradient of a window goes to the element that was the
  maximum, the *first* one in the window's row-major order when several tie (as
  in PyTorch, so an all-zero window after a ReLU behaves the same in both).  It
  is computed one kernel offset at a time (kh·kw strided views), never by copying
  the windows out.
* **avg**: every element of a window gets the window's gradient divided by the
  divisor (the window's size, with PyTorch's rules for padding and ``ceil_mode``).
* **adaptive avg**: the output size is given and windows are chosen to cover the
  input (PyTorch's ⌊i·L/out⌋ … ⌈(i+1)·L/out⌉).  Averaging over such windows is
  separable: one axis at a time, each window's elements are gathered and averaged;
  backward spreads each gradient evenly back over its window.
"""

from __future__ import annotations

import itertools

import numpy as np

from ..autograd import record
from ..dtypes import refuse_bool, require_float
from ..errors import ShapeError
from ..tensor import Tensor
from . import functional as F
from .conv import _col2im, _ntuple, _patches
from .module import Module


def _out_size(n: int, k: int, s: int, p: int, d: int, ceil_mode: bool) -> int:
    """PyTorch's pooling output length (a last window must start inside the input or its
    left padding)."""
    span = d * (k - 1) + 1
    top = n + 2 * p - span
    out = (-(-top // s) if ceil_mode else top // s) + 1
    if ceil_mode and (out - 1) * s >= n + p:
        out -= 1
    return out


def _setup(nd: int, input, kernel_size, stride, padding, dilation, ceil_mode, fn: str):
    x = F._tensor(input, "input", fn)
    X = x.data
    unbatched = X.ndim == nd + 1
    if unbatched:
        X = X[None]
    if X.ndim != nd + 2:
        raise ShapeError(f"{fn}: expected an input of shape (N, C, {', '.join('L' * nd)}) or "
                         f"(C, {', '.join('L' * nd)}), got {x.shape}.")
    kernel = _ntuple(kernel_size, nd, "kernel_size", fn)
    stride = kernel if stride is None or stride == () else _ntuple(stride, nd, "stride", fn)
    padding = _ntuple(padding, nd, "padding", fn, low=0)
    dilation = _ntuple(dilation, nd, "dilation", fn)
    if any(2 * p > k for p, k in zip(padding, kernel)):
        raise ValueError(f"{fn}: padding {padding} must be at most half the kernel size "
                         f"{kernel}, as in PyTorch.")
    sizes = X.shape[2:]
    out = tuple(_out_size(n, k, s, p, d, ceil_mode)
                for n, k, s, p, d in zip(sizes, kernel, stride, padding, dilation))
    if any(o < 1 for o in out):
        raise ShapeError(f"{fn}: a kernel of {kernel} (dilation {dilation}, padding {padding}) "
                         f"does not fit an input of spatial size {tuple(sizes)}.")
    # Pad before and after: `padding` on both sides, plus whatever the last window needs.
    extra = tuple(max(0, (o - 1) * s + d * (k - 1) + 1 - (n + 2 * p))
                  for o, s, d, k, n, p in zip(out, stride, dilation, kernel, sizes, padding))
    pads = tuple((p, p + e) for p, e in zip(padding, extra))
    return x, X, unbatched, kernel, stride, padding, dilation, out, pads


def _unpad(g: np.ndarray, pads: tuple, sizes: tuple) -> np.ndarray:
    return g[(slice(None),) * 2 + tuple(slice(b, b + n) for (b, _), n in zip(pads, sizes))]


# -- max -----------------------------------------------------------------------------------
def _max_pool(nd, input, kernel_size, stride, padding, dilation, ceil_mode, return_indices):
    fn = f"max_pool{nd}d"
    x, X, unbatched, kernel, stride, padding, dilation, out_size, pads = _setup(
        nd, input, kernel_size, stride, padding, dilation, ceil_mode, fn)
    if nd == 1:                     # PyTorch's max_pool1d takes floats only; 2-d, integers too
        require_float(X.dtype, fn)
    refuse_bool(X.dtype, fn)
    sizes = X.shape[2:]
    if any(map(any, pads)):
        fill = -np.inf if X.dtype.kind == "f" else np.iinfo(X.dtype).min
        X = np.pad(X, ((0, 0), (0, 0)) + pads, constant_values=fill)
    padded_shape = X.shape
    patches = _patches(X, kernel, stride, dilation)               # (N, C, *out, *kernel), a view
    offsets = list(itertools.product(*(range(k) for k in kernel)))
    # One strided view per kernel offset, no copies: the maximum is a running np.maximum
    # (which keeps a nan, as PyTorch's max does), and the winner of each window is the
    # first offset, in row-major order, that holds it (PyTorch's choice when values tie).
    views = [patches[(Ellipsis,) + o] for o in offsets]
    out = views[0].copy()
    for v in views[1:]:
        np.maximum(out, v, out=out)
    has_nan = X.dtype.kind == "f" and np.isnan(out).any()
    winner = np.zeros(out.shape, dtype=np.uint8 if len(views) < 256 else np.int32)
    found = np.zeros(out.shape, dtype=bool)
    for k, v in enumerate(views):
        hit = v == out
        if has_nan:
            hit |= np.isnan(v) & np.isnan(out)
        hit &= ~found
        found |= hit
        if k:
            winner += hit * winner.dtype.type(k)     # arithmetic, not a scatter: no branches
    del views, patches, found
    out_size = out.shape[2:]

    def backward(g):
        g = g[None] if unbatched else g
        full = np.zeros(padded_shape, dtype=g.dtype)
        finite = np.isfinite(g).all()
        for k, o in enumerate(offsets):                # one strided add per kernel offset
            where = (slice(None),) * 2 + tuple(
                slice(j * d, j * d + s * (n - 1) + 1, s)
                for j, d, s, n in zip(o, dilation, stride, out_size))
            # g·mask is fastest, but inf·0 would be nan: np.where when g is not finite
            full[where] += g * (winner == k) if finite else np.where(winner == k, g, 0)
        gx = _unpad(full, pads, sizes)
        return (gx[0] if unbatched else gx,)

    result = record(out[0] if unbatched else out, (x,), backward, fn)
    if not return_indices:
        return result
    # PyTorch's indices: where each maximum is in the flattened (unpadded) input plane.
    within = np.unravel_index(winner, kernel)                     # offset within the window
    coords = []
    for i, (o, s, d, (b, _)) in enumerate(zip(out_size, stride, dilation, pads)):
        start = np.arange(o).reshape((1, 1) + tuple(o if j == i else 1 for j in range(nd)))
        coords.append(start * s + within[i] * d - b)
    index = np.ravel_multi_index(coords, sizes).astype(np.int64)
    return result, Tensor(index[0] if unbatched else index)


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode: bool = False,
               return_indices: bool = False):
    """The maximum of each window of length ``kernel_size``: (N, C, L) -> (N, C, L_out); the
    gradient goes to the maximum of each window (the first of a tie).

    Args:
        input (Tensor): (N, C, L) or (C, L).
        kernel_size (int): the window length.
        stride (int, optional): the step between windows (the kernel size).
        padding (int): -inf added on each side (at most half the kernel).
        dilation (int): the spacing of the window's taps (1).
        ceil_mode (bool): round the output length up (a last, partial window).
        return_indices (bool): also return where each maximum was (flat positions in L).

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.max_pool1d(mg.tensor([[[1.0, 3.0, 2.0, 5.0, 4.0]]]), 2)
        tensor([[[3., 5.]]])
    """
    return _max_pool(1, input, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode: bool = False,
               return_indices: bool = False):
    """The maximum of each window: (N, C, H, W) -> (N, C, H_out, W_out); stride defaults to the
    kernel size (windows side by side), so ``max_pool2d(x, 2)`` halves height and width.

    Args:
        input (Tensor): (N, C, H, W) or (C, H, W).
        kernel_size (int or pair): the window.
        stride (int or pair, optional): the step between windows (the kernel size).
        padding (int or pair): -inf added on each side (at most half the kernel).
        dilation (int or pair): the spacing of the window's taps (1).
        ceil_mode (bool): round the output size up.
        return_indices (bool): also return where each maximum was (flat positions in H·W).

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> x = mg.arange(16.0).reshape(1, 1, 4, 4)
        >>> F.max_pool2d(x, 2)
        tensor([[[[ 5.,  7.],
                  [13., 15.]]]])
    """
    return _max_pool(2, input, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


# -- average -------------------------------------------------------------------------------
def _divisor(n, k, s, p, out, count_include_pad: bool) -> np.ndarray:
    """PyTorch's divisor along one axis: the window clipped to the padded input (or, without
    count_include_pad, to the input itself)."""
    start = np.arange(out) * s - p
    end = np.minimum(start + k, n + p)
    size = end - start
    if not count_include_pad:
        size = np.minimum(end, n) - np.maximum(start, 0)
    return size


def _avg_pool(nd, input, kernel_size, stride, padding, ceil_mode, count_include_pad,
              divisor_override):
    fn = f"avg_pool{nd}d"
    x, X, unbatched, kernel, stride, padding, _, out_size, pads = _setup(
        nd, input, kernel_size, stride, padding, 1, ceil_mode, fn)
    sizes = X.shape[2:]
    if X.dtype.kind != "f" and X.dtype != np.int64:
        require_float(X.dtype, fn)       # PyTorch averages floats, and int64 (see below)
    if any(map(any, pads)):
        X = np.pad(X, ((0, 0), (0, 0)) + pads)
    padded_shape = X.shape
    ones = (1,) * nd
    if X.dtype == np.int64:
        return record(_int_average(X, kernel, stride, padding, sizes, out_size,
                                   count_include_pad, divisor_override, unbatched, fn),
                      (x,), None, fn)
    if divisor_override is not None:
        _check_override(divisor_override, fn)
        scale = np.asarray(1.0 / divisor_override, dtype=X.dtype)
    else:
        scale = np.ones(out_size, dtype=X.dtype)
        for axis, (n, k, s, p, o) in enumerate(zip(sizes, kernel, stride, padding, out_size)):
            shape = [1] * nd
            shape[axis] = o
            scale = scale / _divisor(n, k, s, p, o, count_include_pad).reshape(shape)
        scale = scale.astype(X.dtype)
    patches = _patches(X, kernel, stride, ones)
    out = patches.sum(axis=tuple(range(2 + nd, 2 + 2 * nd))) * scale
    N, C = X.shape[:2]

    def backward(g):
        g = (g[None] if unbatched else g) * scale
        spread = np.broadcast_to(g.reshape((N, C) + ones + out_size),
                                 (N, C) + kernel + out_size)
        gx = _unpad(_col2im(spread, padded_shape, stride, ones), pads, sizes)
        return (gx[0] if unbatched else gx,)

    return record(out[0] if unbatched else out, (x,), backward, fn)


def _int_average(X, kernel, stride, padding, sizes, out_size, count_include_pad,
                 divisor_override, unbatched: bool, fn: str) -> np.ndarray:
    """PyTorch's average of int64 windows: the int64 sum divided by the divisor, rounded
    towards zero (as C's integer division)."""
    nd = len(kernel)
    total = _patches(X, kernel, stride, (1,) * nd).sum(axis=tuple(range(2 + nd, 2 + 2 * nd)))
    if divisor_override is not None:
        _check_override(divisor_override, fn)
        divisor = np.asarray(divisor_override, dtype=np.int64)
    else:
        divisor = np.ones(out_size, dtype=np.int64)
        for axis, (n, k, s, p, o) in enumerate(zip(sizes, kernel, stride, padding, out_size)):
            shape = [1] * nd
            shape[axis] = o
            divisor = divisor * _divisor(n, k, s, p, o, count_include_pad).reshape(shape)
    quotient = np.abs(total) // np.abs(divisor)
    out = np.where((total < 0) != (divisor < 0), -quotient, quotient)
    return out[0] if unbatched else out


def _check_override(divisor_override, fn: str) -> None:
    if isinstance(divisor_override, bool) or not isinstance(divisor_override, int) \
            or divisor_override == 0:
        raise ValueError(f"{fn}: divisor_override must be a non-zero int, got "
                         f"{divisor_override!r}.")


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode: bool = False,
               count_include_pad: bool = True) -> Tensor:
    """The mean of each window of length ``kernel_size``: (N, C, L) -> (N, C, L_out).

    Args:
        input (Tensor): (N, C, L) or (C, L).
        kernel_size (int): the window length.
        stride (int, optional): the step between windows (the kernel size).
        padding (int): zeros added on each side.
        ceil_mode (bool): round the output length up.
        count_include_pad (bool): count the padding zeros in each mean (True).

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.avg_pool1d(mg.tensor([[[1.0, 3.0, 2.0, 6.0]]]), 2)
        tensor([[[2., 4.]]])
    """
    return _avg_pool(1, input, kernel_size, stride, padding, ceil_mode, count_include_pad, None)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode: bool = False,
               count_include_pad: bool = True, divisor_override=None) -> Tensor:
    """The mean of each window: (N, C, H, W) -> (N, C, H_out, W_out); stride defaults to the
    kernel size.

    Args:
        input (Tensor): (N, C, H, W) or (C, H, W).
        kernel_size (int or pair): the window.
        stride (int or pair, optional): the step between windows (the kernel size).
        padding (int or pair): zeros added on each side.
        ceil_mode (bool): round the output size up.
        count_include_pad (bool): count the padding zeros in each mean (True).
        divisor_override (int, optional): divide by this instead of the window's size.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.avg_pool2d(mg.arange(16.0).reshape(1, 1, 4, 4), 2)
        tensor([[[[ 2.5,  4.5],
                  [10.5, 12.5]]]])
    """
    return _avg_pool(2, input, kernel_size, stride, padding, ceil_mode, count_include_pad,
                     divisor_override)


# -- adaptive average ----------------------------------------------------------------------
def _windows(n: int, out: int):
    """PyTorch's adaptive windows along one axis: row i covers ⌊i·n/out⌋ … ⌈(i+1)·n/out⌉.
    Returns (index (out, k) of the positions, mask of the ones inside, window sizes)."""
    i = np.arange(out)
    start = (i * n) // out
    size = -((-(i + 1) * n) // out) - start
    offsets = np.arange(size.max())
    inside = offsets < size[:, None]
    return np.minimum(start[:, None] + offsets, n - 1), inside, size


def _adaptive_avg_pool(nd, input, output_size) -> Tensor:
    fn = f"adaptive_avg_pool{nd}d"
    x = F._tensor(input, "input", fn)
    X = x.data
    require_float(X.dtype, fn)
    if X.ndim not in (nd + 1, nd + 2):
        raise ShapeError(f"{fn}: expected an input of shape (N, C, {', '.join('L' * nd)}) or "
                         f"(C, {', '.join('L' * nd)}), got {x.shape}.")
    sizes = X.shape[-nd:]
    wanted = output_size if isinstance(output_size, (tuple, list)) else (output_size,) * nd
    if len(wanted) != nd:
        raise ValueError(f"{fn}: output_size must be an int or a tuple of {nd}, got "
                         f"{output_size!r}.")
    wanted = tuple(n if o is None else o for o, n in zip(wanted, sizes))   # None: keep size
    _ntuple(wanted, nd, "output_size", fn)
    first = X.ndim - nd                  # the first spatial axis
    windows = [_windows(n, o) for n, o in zip(sizes, wanted)]
    # Averaging is separable: average along each spatial axis in turn.  Each window's
    # elements are gathered (np.where, not a product with 0/1 weights, so an inf in one
    # window cannot turn the others into nan) and summed.
    out = X
    for axis, (index, inside, size) in enumerate(windows):
        moved = np.moveaxis(out, first + axis, 0)
        gathered = np.where(inside.reshape(inside.shape + (1,) * (moved.ndim - 1)),
                            moved[index], 0)
        means = gathered.sum(axis=1) / size.reshape((-1,) + (1,) * (moved.ndim - 1))
        out = np.moveaxis(means.astype(X.dtype, copy=False), 0, first + axis)

    def backward(g):
        for axis, (index, inside, size) in reversed(list(enumerate(windows))):
            moved = np.moveaxis(g, first + axis, 0)
            shares = moved / size.reshape((-1,) + (1,) * (moved.ndim - 1)).astype(g.dtype)
            rows = np.nonzero(inside)
            spread = np.zeros((sizes[axis],) + moved.shape[1:], dtype=g.dtype)
            np.add.at(spread, index[rows], shares[rows[0]])
            g = np.moveaxis(spread, 0, first + axis)
        return (np.ascontiguousarray(g),)

    return record(np.ascontiguousarray(out), (x,), backward, fn)


def adaptive_avg_pool1d(input, output_size) -> Tensor:
    """Average (N, C, L) down to (N, C, output_size), whatever L is: window i covers
    ⌊i·L/out⌋ … ⌈(i + 1)·L/out⌉, as PyTorch's.

    Args:
        input (Tensor): (N, C, L) or (C, L).
        output_size (int): the length wanted.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.adaptive_avg_pool1d(mg.tensor([[[1.0, 2.0, 3.0, 4.0, 5.0]]]), 2)
        tensor([[[2., 4.]]])
    """
    return _adaptive_avg_pool(1, input, output_size)


def adaptive_avg_pool2d(input, output_size) -> Tensor:
    """Average (N, C, H, W) down to (N, C, *output_size), whatever H and W are; output_size 1
    is global average pooling.

    Args:
        input (Tensor): (N, C, H, W) or (C, H, W).
        output_size (int or pair): the size wanted.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.adaptive_avg_pool2d(mg.randn(2, 8, 7, 5), 1).shape
        (2, 8, 1, 1)
    """
    return _adaptive_avg_pool(2, input, output_size)


# -- layers --------------------------------------------------------------------------------
class _MaxPoolNd(Module):
    _nd = 0

    def __init__(self, kernel_size, stride=None, padding=0, dilation=1,
                 return_indices: bool = False, ceil_mode: bool = False):
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride or kernel_size, padding
        self.dilation, self.return_indices, self.ceil_mode = dilation, return_indices, ceil_mode

    def forward(self, x):
        return _max_pool(self._nd, x, self.kernel_size, self.stride, self.padding, self.dilation,
                         self.ceil_mode, self.return_indices)

    def extra_repr(self) -> str:
        return (f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, "
                f"dilation={self.dilation}, ceil_mode={self.ceil_mode}")


class MaxPool1d(_MaxPoolNd):
    """Max pooling over sequences (:func:`max_pool1d`).

    Args:
        kernel_size (int or tuple): the window.
        stride (int or tuple, optional): the step between windows (the kernel size).
        padding (int or tuple): -inf added on each side.
        dilation (int or tuple): the spacing of the window's taps (1).
        return_indices (bool): also return where each maximum was.
        ceil_mode (bool): round the output size up.

    Shape:
        x: (N, C, L) -> (N, C, L_out).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.MaxPool1d(2)(mg.zeros(4, 3, 10)).shape
        (4, 3, 5)
    """
    _nd = 1


class MaxPool2d(_MaxPoolNd):
    """Max pooling over images (:func:`max_pool2d`); ``MaxPool2d(2)`` halves the height and width.

    Args:
        kernel_size (int or tuple): the window.
        stride (int or tuple, optional): the step between windows (the kernel size).
        padding (int or tuple): -inf added on each side.
        dilation (int or tuple): the spacing of the window's taps (1).
        return_indices (bool): also return where each maximum was.
        ceil_mode (bool): round the output size up.

    Shape:
        x: (N, C, H, W) -> (N, C, H_out, W_out).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.MaxPool2d(2)(mg.zeros(4, 3, 28, 28)).shape
        (4, 3, 14, 14)
    """
    _nd = 2


class _AvgPoolNd(Module):
    _nd = 0

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode: bool = False,
                 count_include_pad: bool = True, divisor_override=None):
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride or kernel_size, padding
        self.ceil_mode, self.count_include_pad = ceil_mode, count_include_pad
        self.divisor_override = divisor_override

    def forward(self, x):
        return _avg_pool(self._nd, x, self.kernel_size, self.stride, self.padding,
                         self.ceil_mode, self.count_include_pad, self.divisor_override)

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class AvgPool1d(_AvgPoolNd):
    """Average pooling over sequences (:func:`avg_pool1d`).

    Args:
        kernel_size (int or tuple): the window.
        stride (int or tuple, optional): the step between windows (the kernel size).
        padding (int or tuple): zeros added on each side.
        ceil_mode (bool): round the output size up.
        count_include_pad (bool): count the padding zeros in each mean (True).

    Shape:
        x: (N, C, L) -> (N, C, L_out).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.AvgPool1d(3, stride=1)(mg.zeros(2, 1, 10)).shape
        (2, 1, 8)
    """
    _nd = 1

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode: bool = False,
                 count_include_pad: bool = True):
        super().__init__(kernel_size, stride, padding, ceil_mode, count_include_pad)


class AvgPool2d(_AvgPoolNd):
    """Average pooling over images (:func:`avg_pool2d`).

    Args:
        kernel_size (int or tuple): the window.
        stride (int or tuple, optional): the step between windows (the kernel size).
        padding (int or tuple): zeros added on each side.
        ceil_mode (bool): round the output size up.
        count_include_pad (bool): count the padding zeros in each mean (True).
        divisor_override (int, optional): divide by this instead of the window's size.

    Shape:
        x: (N, C, H, W) -> (N, C, H_out, W_out).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.AvgPool2d(4)(mg.ones(1, 1, 8, 8))
        tensor([[[[1., 1.],
                  [1., 1.]]]])
    """
    _nd = 2


class _AdaptiveAvgPoolNd(Module):
    _nd = 0

    def __init__(self, output_size):
        super().__init__()
        self.output_size = output_size

    def forward(self, x):
        return _adaptive_avg_pool(self._nd, x, self.output_size)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class AdaptiveAvgPool1d(_AdaptiveAvgPoolNd):
    """Average down to a fixed length (:func:`adaptive_avg_pool1d`).

    Args:
        output_size (int): the length wanted.

    Shape:
        x: (N, C, L) -> (N, C, output_size).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.AdaptiveAvgPool1d(4)(mg.zeros(2, 3, 17)).shape
        (2, 3, 4)
    """
    _nd = 1


class AdaptiveAvgPool2d(_AdaptiveAvgPoolNd):
    """Average down to a fixed size (:func:`adaptive_avg_pool2d`); ``AdaptiveAvgPool2d(1)`` is
    global average pooling.

    Args:
        output_size (int or pair): the size wanted.

    Shape:
        x: (N, C, H, W) -> (N, C, *output_size).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.AdaptiveAvgPool2d(1)(mg.zeros(2, 3, 7, 7)).shape
        (2, 3, 1, 1)
    """
    _nd = 2
