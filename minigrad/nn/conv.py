"""Convolution: ``F.conv1d``, ``F.conv2d`` and the ``Conv1d``, ``Conv2d`` layers (chapter 12).

A convolution slides a small kernel over the input and takes, at every position,
the dot product of the kernel with the patch under it.  Written as loops that is
six nested loops; written for NumPy it is one matrix product:

1. **im2col.** ``sliding_window_view`` gives a *view* of every patch (no copy);
   stride and dilation are slices of that view.  One reshape then copies the
   patches into a matrix ``cols`` of shape (batch, C·kh·kw, positions): each
   column is one patch, flattened in the weight's (channel, row, column) order.
2. **One product.** ``weight.reshape(O, C·kh·kw) @ cols`` is every output channel
   at every position, already in (batch, O, positions) order.

Backward is the same product read backwards: the weight's gradient is
``grad @ colsᵀ`` summed over the batch, and the patches' gradient ``weightᵀ @ grad``
goes back to the pixels with **col2im**: one strided add per kernel offset
(kh·kw of them), never a loop over pixels; overlapping patches add up.

The code is written once for any number of spatial dimensions: ``conv1d`` is a
convolution over one, ``conv2d`` over two.  ``groups`` splits the channels into
independent groups (``groups=C`` is a depthwise convolution) as a batched product.
Shapes, arguments and defaults (including ``padding='same'``/``'valid'`` and the
``padding_mode`` of the layers) are PyTorch's; so is the initialisation.
"""

from __future__ import annotations

import itertools
import math
import numbers

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from ..autograd import record
from ..errors import ShapeError
from ..random import get_rng
from ..tensor import Tensor
from . import functional as F
from .module import Module, Parameter
from .padding import pad as _pad


# -- arguments -----------------------------------------------------------------------------
def _ntuple(value, n: int, name: str, fn: str, low: int = 1) -> tuple:
    """An int or a tuple of n ints, each >= low, as a tuple of n ints."""
    items = tuple(value) if isinstance(value, (tuple, list)) else (value,) * n
    if len(items) != n or not all(isinstance(v, numbers.Integral) and not isinstance(v, bool)
                                  and v >= low for v in items):
        raise ValueError(f"{fn}: {name} must be an int >= {low} or a tuple of {n} such ints, "
                         f"got {value!r}.")
    return tuple(int(v) for v in items)


def _padding_pairs(padding, kernel: tuple, dilation: tuple, stride: tuple, fn: str) -> tuple:
    """(before, after) per spatial dimension, from an int, a tuple, 'valid' or 'same'."""
    n = len(kernel)
    if padding == "valid":
        return ((0, 0),) * n
    if padding == "same":
        if any(s != 1 for s in stride):
            raise ValueError(f"{fn}: padding='same' is not supported for strided convolutions "
                             f"(stride {stride}), as in PyTorch.")
        total = [d * (k - 1) for k, d in zip(kernel, dilation)]
        return tuple((t // 2, t - t // 2) for t in total)
    if isinstance(padding, str):
        raise ValueError(f"{fn}: padding must be an int, a tuple, 'valid' or 'same', "
                         f"got {padding!r}.")
    return tuple((p, p) for p in _ntuple(padding, n, "padding", fn, low=0))


def _spatial_axes(nd: int) -> tuple:
    return tuple(range(2, 2 + nd))


def _patches(X: np.ndarray, kernel: tuple, stride: tuple, dilation: tuple) -> np.ndarray:
    """A view (no copy) of every patch: shape (N, C, *out_positions, *kernel)."""
    nd = len(kernel)
    span = tuple(d * (k - 1) + 1 for k, d in zip(kernel, dilation))
    view = sliding_window_view(X, span, axis=_spatial_axes(nd))
    index = ((slice(None),) * 2 + tuple(slice(None, None, s) for s in stride)
             + tuple(slice(None, None, d) for d in dilation))
    return view[index]


def _col2im(grad_patches: np.ndarray, shape: tuple, stride: tuple, dilation: tuple) -> np.ndarray:
    """The inverse of :func:`_patches` for gradients: ``grad_patches`` of shape
    (N, C, *kernel, *out) added back into an array of ``shape`` (N, C, *spatial).

    One strided add per kernel offset; when the patches tile the input exactly
    (stride = kernel, no dilation, as in most pooling) a single reshape does it.
    """
    nd = len(stride)
    kernel = grad_patches.shape[2:2 + nd]
    out = grad_patches.shape[2 + nd:]
    N, C = shape[:2]
    if all(s == k and d == 1 for s, k, d in zip(stride, kernel, dilation)):
        # (N, C, k1, k2, o1, o2) -> (N, C, o1, k1, o2, k2): patches side by side
        order = [0, 1] + [a for i in range(nd) for a in (2 + nd + i, 2 + i)]
        tiled = grad_patches.transpose(order).reshape(
            (N, C) + tuple(o * k for o, k in zip(out, kernel)))
        if tiled.shape == tuple(shape):
            return np.ascontiguousarray(tiled)
        full = np.zeros(shape, dtype=grad_patches.dtype)
        full[(slice(None),) * 2 + tuple(slice(0, n) for n in tiled.shape[2:])] = tiled
        return full
    full = np.zeros(shape, dtype=grad_patches.dtype)
    for offset in itertools.product(*(range(k) for k in kernel)):
        where = (slice(None),) * 2 + tuple(
            slice(o * d, o * d + s * (n - 1) + 1, s)
            for o, d, s, n in zip(offset, dilation, stride, out))
        full[where] += grad_patches[(slice(None), slice(None)) + offset]
    return full


# -- the two ways to compute it --------------------------------------------------------------
def _general(X, W, pads, kernel, stride, dilation, groups, need_x, need_w):
    """Any stride.  im2col through the patches view, copied into (N, G, Cg·k, L) columns;
    one (batched) product; backward scatters the patches' gradient with :func:`_col2im`.
    Returns (output, the padded input's shape, grads(g) -> (padded input's grad, W's grad))."""
    if any(map(any, pads)):
        X = np.pad(X, ((0, 0), (0, 0)) + pads)
    N, C = X.shape[:2]
    O, G, nd = W.shape[0], groups, len(kernel)
    patches = _patches(X, kernel, stride, dilation)                # (N, C, *out, *kernel)
    out_size = patches.shape[2:2 + nd]
    K, L = W[0].size, math.prod(out_size)
    order = (0, 1) + tuple(range(2 + nd, 2 + 2 * nd)) + tuple(range(2, 2 + nd))
    cols = patches.transpose(order).reshape(N, G, K, L)            # the copy: im2col
    Wg = W.reshape(G, O // G, K)
    out = np.matmul(Wg, cols).reshape((N, O) + out_size)           # (G,Og,K) @ (N,G,K,L)
    shape, w_shape = X.shape, W.shape
    cols = cols if need_w else None
    Wg = Wg if need_x else None

    def grads(g):
        g4 = g.reshape(N, G, O // G, L)
        gw = gxp = None
        if need_w:                          # Σ over the batch of grad @ colsᵀ
            gw = np.matmul(g4, cols.swapaxes(-1, -2)).sum(axis=0).reshape(w_shape)
        if need_x:                          # the patches' gradient, back to pixels
            gcols = np.matmul(Wg.swapaxes(-1, -2), g4).reshape((N, C) + kernel + out_size)
            gxp = _col2im(gcols, shape, stride, dilation)
        return gxp, gw

    return out, shape, grads


def _flat(X, W, pads, kernel, dilation, groups, need_x, need_w):
    """Stride 1, the common case, with every copy a long contiguous slice.

    Lay each padded image out flat, row after row.  Moving a patch by the kernel
    offset (p, q) is then moving it by p·width + q along that line, so the columns
    for one offset are *one slice* of the flat image, of length out_rows·width:
    the output is computed for every column of the padded width, and the extra
    columns (which wrap into the next row) are dropped afterwards.  The columns are
    stored (C·k, N·length), so the forward product, the weight's gradient and the
    patches' gradient are each one matrix product over the whole batch; backward
    adds the patches' gradient back one offset, one long slice, at a time.
    """
    N, C = X.shape[:2]
    O, G, nd = W.shape[0], groups, len(kernel)
    spatial = tuple(n + b + a for n, (b, a) in zip(X.shape[2:], pads))        # padded sizes
    out_size = tuple(n - d * (k - 1) for n, k, d in zip(spatial, kernel, dilation))
    wide = (out_size[0],) + spatial[1:]            # output rows, at the padded width
    length, total = math.prod(wide), math.prod(spatial)
    step = [math.prod(spatial[i + 1:]) for i in range(nd)]          # flat distance per axis
    starts = [sum(o * d * st for o, d, st in zip(offset, dilation, step))
              for offset in itertools.product(*(range(k) for k in kernel))]
    spill = starts[-1] + length - total                             # the last slice's overrun
    # The padded images, flat and channel-major (C, N, ·), so that every slice copied
    # below has the same layout as its destination.
    buffer = np.zeros((C, N, total + spill), dtype=X.dtype)
    inside = (slice(None),) * 2 + tuple(slice(b, b + n) for (b, _), n in zip(pads, X.shape[2:]))
    buffer[:, :, :total].reshape((C, N) + spatial)[inside] = np.swapaxes(X, 0, 1)
    cols = np.empty((C, len(starts), N, length), dtype=X.dtype)
    for i, start in enumerate(starts):
        cols[:, i] = buffer[:, :, start:start + length]
    del buffer
    cols = cols.reshape(G, -1, N * length)
    Wg = W.reshape(G, O // G, -1)
    wide_out = np.matmul(Wg, cols).reshape((O, N) + wide)
    keep = (slice(None),) * 3 + tuple(slice(0, n) for n in out_size[1:])
    out = np.ascontiguousarray(np.swapaxes(wide_out[keep], 0, 1))   # (N, O, *out)
    w_shape = W.shape
    cols = cols if need_w else None
    Wg = Wg if need_x else None

    def grads(g):
        g_wide = np.zeros((O, N) + wide, dtype=g.dtype)             # zeros where we dropped
        g_wide[(slice(None),) * 2 + tuple(slice(0, n) for n in out_size)] = np.swapaxes(g, 0, 1)
        g2 = g_wide.reshape(G, O // G, N * length)
        gw = gxp = None
        if need_w:
            gw = np.matmul(g2, cols.swapaxes(-1, -2)).reshape(w_shape)
        if need_x:
            gcols = np.matmul(Wg.swapaxes(-1, -2), g2).reshape(C, len(starts), N, length)
            flat = np.zeros((C, N, total + spill), dtype=g.dtype)
            for i, start in enumerate(starts):
                flat[:, :, start:start + length] += gcols[:, i]
            gxp = np.swapaxes(flat[:, :, :total].reshape((C, N) + spatial), 0, 1)
        return gxp, gw

    return out, (N, C) + spatial, grads


# -- the convolution -----------------------------------------------------------------------
def _conv(nd: int, input, weight, bias, stride, padding, dilation, groups: int) -> Tensor:
    fn = f"conv{nd}d"
    x, w = F._tensor(input, "input", fn), F._tensor(weight, "weight", fn)
    X, W = x.data, w.data
    unbatched = X.ndim == nd + 1
    if unbatched:
        X = X[None]
    if X.ndim != nd + 2 or W.ndim != nd + 2:
        raise ShapeError(f"{fn}: expected an input of shape (N, C, {', '.join('L' * nd)}) (or "
                         f"without N) and a weight of shape (out_channels, in_channels/groups, "
                         f"{', '.join('k' * nd)}), got input {x.shape} and weight {w.shape}.")
    if isinstance(groups, bool) or not isinstance(groups, numbers.Integral) or groups < 1:
        raise ValueError(f"{fn}: groups must be a positive int, got {groups!r}.")
    C = X.shape[1]
    O, Cg = W.shape[:2]
    kernel = W.shape[2:]
    if C != Cg * groups or O % groups:
        raise ShapeError(f"{fn}: the input has {C} channels but the weight {w.shape} expects "
                         f"{Cg} x groups={groups} = {Cg * groups} (and out_channels {O} must be "
                         f"divisible by groups).")
    stride = _ntuple(stride, nd, "stride", fn)
    dilation = _ntuple(dilation, nd, "dilation", fn)
    pads = _padding_pairs(padding, kernel, dilation, stride, fn)
    padded = tuple(n + b + a for n, (b, a) in zip(X.shape[2:], pads))
    span = tuple(d * (k - 1) + 1 for k, d in zip(kernel, dilation))
    if any(n < s for n, s in zip(padded, span)):
        raise ShapeError(f"{fn}: the input's spatial size {x.shape[-nd:]} (padded: "
                         f"{padded}) is smaller than the kernel's reach {span}.")
    need_x, need_w = x.requires_grad, w.requires_grad
    if all(s == 1 for s in stride):
        out, padded_shape, grads = _flat(X, W, pads, kernel, dilation, groups, need_x, need_w)
    else:
        out, padded_shape, grads = _general(X, W, pads, kernel, stride, dilation, groups,
                                            need_x, need_w)
    inputs = (x, w)
    if bias is not None:
        b = F._tensor(bias, "bias", fn)
        if b.shape != (O,):
            raise ShapeError(f"{fn}: bias has shape {b.shape}, expected ({O},).")
        out += b.data.reshape((O,) + (1,) * nd)
        inputs = (x, w, b)
    has_bias = bias is not None
    need_b = has_bias and inputs[2].requires_grad
    unpad = (slice(None),) * 2 + tuple(slice(b, b + n) for (b, _), n in zip(pads, x.shape[-nd:]))

    def backward(g):
        if unbatched:
            g = g[None]
        gxp, gw = grads(g)
        gx = None
        if gxp is not None:
            gx = gxp[unpad]
            gx = gx[0] if unbatched else gx
        gb = g.sum(axis=(0,) + _spatial_axes(nd)) if need_b else None
        return (gx, gw, gb) if has_bias else (gx, gw)

    del padded_shape
    if unbatched:
        out = out[0]
    # backward reads the weight (for the input's gradient) and its own copy of the columns
    return record(out, inputs, backward, fn, saved=(w,) if need_x else ())


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups: int = 1) -> Tensor:
    """1-D convolution (a sliding dot product over sequences, as PyTorch's: no kernel flip).

    Args:
        input (Tensor): (N, C, L).
        weight (Tensor): (O, C/groups, k).
        bias (Tensor, optional): (O,).
        stride (int or tuple): the step between windows (1).
        padding (int, tuple or str): zeros added on each side (0), or ``'same'`` (the output
            as long as the input; stride 1 only) or ``'valid'`` (none).
        dilation (int or tuple): the spacing of the kernel's taps (1).
        groups (int): split the channels into this many independent groups (1; C for a
            depthwise convolution).

    Shape:
        (N, O, L_out), L_out = ⌊(L + pad_left + pad_right - dilation·(k - 1) - 1) / stride⌋ + 1.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.conv1d(mg.ones(1, 1, 5), mg.ones(1, 1, 3))
        tensor([[[3., 3., 3.]]])
        >>> F.conv1d(mg.ones(2, 4, 9), mg.ones(6, 2, 3), padding="same", groups=2).shape
        (2, 6, 9)
    """
    return _conv(1, input, weight, bias, stride, padding, dilation, groups)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups: int = 1) -> Tensor:
    """2-D convolution (a sliding dot product over images, as PyTorch's: no kernel flip),
    computed as im2col plus one matrix product (chapter 12).

    Args:
        input (Tensor): (N, C, H, W).
        weight (Tensor): (O, C/groups, kh, kw).
        bias (Tensor, optional): (O,).
        stride (int or tuple): the step between windows (1).
        padding (int, tuple or str): zeros added on each side (0), or ``'same'`` (the output
            as long as the input; stride 1 only) or ``'valid'`` (none).
        dilation (int or tuple): the spacing of the kernel's taps (1).
        groups (int): split the channels into this many independent groups (1; C for a
            depthwise convolution).

    Shape:
        (N, O, H_out, W_out), H_out = ⌊(H + pad_top + pad_bottom - dilation·(kh - 1) - 1) /
        stride⌋ + 1, and so for W.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> x = mg.ones(1, 1, 4, 4)
        >>> F.conv2d(x, mg.ones(1, 1, 3, 3), padding=1)[0, 0]
        tensor([[4., 6., 6., 4.],
                [6., 9., 9., 6.],
                [6., 9., 9., 6.],
                [4., 6., 6., 4.]])
        >>> F.conv2d(mg.ones(1, 3, 8, 8), mg.ones(6, 3, 3, 3), stride=2, dilation=2).shape
        (1, 6, 2, 2)
    """
    return _conv(2, input, weight, bias, stride, padding, dilation, groups)


# -- layers --------------------------------------------------------------------------------
_PADDING_MODES = ("zeros", "reflect", "replicate", "circular")


class _ConvNd(Module):
    _nd = 0

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1, padding=0,
                 dilation=1, groups: int = 1, bias: bool = True, padding_mode: str = "zeros",
                 dtype=np.float64, rng=None):
        super().__init__()
        name, nd = type(self).__name__, self._nd
        for what, value in (("in_channels", in_channels), ("out_channels", out_channels),
                            ("groups", groups)):
            if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
                raise ValueError(f"{name}: {what} must be a positive integer, got {value!r}.")
        if in_channels % groups or out_channels % groups:
            raise ValueError(f"{name}: in_channels ({in_channels}) and out_channels "
                             f"({out_channels}) must both be divisible by groups ({groups}).")
        if padding_mode not in _PADDING_MODES:
            raise ValueError(f"{name}: padding_mode must be one of {_PADDING_MODES}, "
                             f"got {padding_mode!r}.")
        self.in_channels, self.out_channels, self.groups = in_channels, out_channels, groups
        self.kernel_size = _ntuple(kernel_size, nd, "kernel_size", name)
        self.stride = _ntuple(stride, nd, "stride", name)
        self.dilation = _ntuple(dilation, nd, "dilation", name)
        _padding_pairs(padding, self.kernel_size, self.dilation, self.stride, name)  # checks
        self.padding = padding if isinstance(padding, str) else _ntuple(padding, nd, "padding",
                                                                       name, low=0)
        self.padding_mode = padding_mode
        # PyTorch's default: kaiming_uniform_(a=√5), i.e. uniform in ±1/√fan_in, bias likewise.
        fan_in = (in_channels // groups) * math.prod(self.kernel_size)
        bound = 1 / math.sqrt(fan_in)
        gen = get_rng(rng)
        shape = (out_channels, in_channels // groups) + self.kernel_size
        self.weight = Parameter(gen.uniform(-bound, bound, shape).astype(dtype))
        self.bias = (Parameter(gen.uniform(-bound, bound, out_channels).astype(dtype))
                     if bias else None)

    def forward(self, x):
        padding = self.padding
        if self.padding_mode != "zeros":
            pairs = _padding_pairs(padding, self.kernel_size, self.dilation, self.stride,
                                   type(self).__name__)
            x = _pad(x, tuple(v for pair in reversed(pairs) for v in pair),
                     mode=self.padding_mode)
            padding = 0
        return _conv(self._nd, x, self.weight, self.bias, self.stride, padding, self.dilation,
                     self.groups)

    def extra_repr(self) -> str:
        text = (f"{self.in_channels}, {self.out_channels}, kernel_size={self.kernel_size}, "
                f"stride={self.stride}")
        if self.padding not in ((0,) * self._nd, "valid"):
            text += f", padding={self.padding!r}" if isinstance(self.padding, str) else \
                f", padding={self.padding}"
        if self.dilation != (1,) * self._nd:
            text += f", dilation={self.dilation}"
        if self.groups != 1:
            text += f", groups={self.groups}"
        if self.bias is None:
            text += ", bias=False"
        if self.padding_mode != "zeros":
            text += f", padding_mode={self.padding_mode!r}"
        return text


class Conv1d(_ConvNd):
    """Convolution over sequences, :func:`conv1d` with learned ``weight``
    (out_channels, in_channels/groups, k) and ``bias`` (out_channels,), drawn uniformly
    from ±1/√fan_in with fan_in = in_channels/groups·k, as PyTorch does.

    Args:
        in_channels (int): C_in.
        out_channels (int): C_out.
        kernel_size (int or tuple): the window size.
        stride (int or tuple): the step between windows (1).
        padding (int, tuple or str): added on each side (0); ``'same'`` keeps the size
            (stride 1 only), ``'valid'`` adds none.
        dilation (int or tuple): the spacing of the kernel's taps (1).
        groups (int): independent channel groups; in and out channels must divide by it
            (1; ``groups=in_channels`` is a depthwise convolution).
        bias (bool): learn a bias per output channel.
        padding_mode (str): what the padding holds: ``'zeros'``, ``'reflect'``,
            ``'replicate'`` or ``'circular'``.
        dtype: the parameters' dtype (float64).
        rng (optional): the generator for the initial weights.

    Shape:
        x: (N, C_in, L) -> (N, C_out, L_out).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.Conv1d(4, 8, 3, padding="same")(mg.randn(2, 4, 10)).shape
        (2, 8, 10)
    """
    _nd = 1


class Conv2d(_ConvNd):
    """Convolution over images, :func:`conv2d` with learned ``weight`` (out_channels,
    in_channels/groups, kh, kw) and ``bias`` (out_channels,), PyTorch's layout, drawn
    uniformly from ±1/√fan_in with fan_in = in_channels/groups·kh·kw, as PyTorch does.

    Args:
        in_channels (int): C_in.
        out_channels (int): C_out.
        kernel_size (int or tuple): the window size.
        stride (int or tuple): the step between windows (1).
        padding (int, tuple or str): added on each side (0); ``'same'`` keeps the size
            (stride 1 only), ``'valid'`` adds none.
        dilation (int or tuple): the spacing of the kernel's taps (1).
        groups (int): independent channel groups; in and out channels must divide by it
            (1; ``groups=in_channels`` is a depthwise convolution).
        bias (bool): learn a bias per output channel.
        padding_mode (str): what the padding holds: ``'zeros'``, ``'reflect'``,
            ``'replicate'`` or ``'circular'``.
        dtype: the parameters' dtype (float64).
        rng (optional): the generator for the initial weights.

    Shape:
        x: (N, C_in, H, W) -> (N, C_out, H_out, W_out), with H_out =
        ⌊(H + 2·padding - dilation·(kh - 1) - 1) / stride⌋ + 1 (and so for W).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> conv = nn.Conv2d(3, 16, kernel_size=3, padding="same", dilation=2, groups=1)
        >>> conv(mg.randn(2, 3, 28, 28)).shape
        (2, 16, 28, 28)
        >>> nn.Conv2d(8, 8, 3, stride=2, padding=1, groups=8)
        Conv2d(8, 8, kernel_size=(3, 3), stride=(2, 2), padding=(1, 1), groups=8)
    """
    _nd = 2


__all__ = ["conv1d", "conv2d", "Conv1d", "Conv2d"]
