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


def _col2im_flat(g: np.ndarray, Wg: np.ndarray, shape: tuple, kernel: tuple,
                 dilation: tuple) -> np.ndarray:
    """The input's gradient of a stride-1 convolution, from the output's gradient ``g``
    (N, O, *out) and the grouped weight ``Wg`` (G, O/G, K): the patches' gradient
    Wgᵀ @ g, added back with one add per kernel offset, each a *long contiguous* slice.

    The trick: give ``g`` the padded input's width (zeros in the extra columns), so
    that output position (i, j) and input position (i, j) have the same row length.
    Then moving a patch by a kernel offset (p, q) is moving it by p·width + q along
    the flattened image, and every offset's add is one slice of the flattened plane
    instead of one short row at a time (chapter 12 draws the picture).
    """
    N, O = g.shape[:2]
    G = Wg.shape[0]
    C = shape[1]
    spatial = shape[2:]
    nd = len(spatial)
    out_size = g.shape[2:]
    wide = (out_size[0],) + tuple(spatial[1:])               # output rows, input widths
    g_wide = np.zeros((N, O) + wide, dtype=g.dtype)
    g_wide[(slice(None),) * 2 + tuple(slice(0, n) for n in out_size)] = g
    length = int(np.prod(wide))
    gcols = np.matmul(Wg.swapaxes(-1, -2), g_wide.reshape(N, G, O // G, length))
    gcols = gcols.reshape(N, C, -1, length)                   # (N, C, kernel offsets, length)
    total = int(np.prod(spatial))
    flat = np.zeros((N, C, total), dtype=g.dtype)
    step = [int(np.prod(spatial[i + 1:])) for i in range(nd)]   # flat distance per axis
    for index, offset in enumerate(itertools.product(*(range(k) for k in kernel))):
        start = sum(o * d * st for o, d, st in zip(offset, dilation, step))
        n = min(length, total - start)          # what is cut off is the zero padding of g
        flat[:, :, start:start + n] += gcols[:, :, index, :n]
    return flat.reshape(shape)


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
    N, C = X.shape[:2]
    O, Cg = W.shape[:2]
    kernel = W.shape[2:]
    if C != Cg * groups or O % groups:
        raise ShapeError(f"{fn}: the input has {C} channels but the weight {w.shape} expects "
                         f"{Cg} x groups={groups} = {Cg * groups} (and out_channels {O} must be "
                         f"divisible by groups).")
    stride = _ntuple(stride, nd, "stride", fn)
    dilation = _ntuple(dilation, nd, "dilation", fn)
    pads = _padding_pairs(padding, kernel, dilation, stride, fn)
    if any(map(any, pads)):
        X = np.pad(X, ((0, 0), (0, 0)) + pads)
    padded_shape = X.shape
    span = tuple(d * (k - 1) + 1 for k, d in zip(kernel, dilation))
    if any(n < s for n, s in zip(X.shape[2:], span)):
        raise ShapeError(f"{fn}: the input's spatial size {x.shape[-nd:]} (padded: "
                         f"{X.shape[2:]}) is smaller than the kernel's reach {span}.")
    patches = _patches(X, kernel, stride, dilation)                # (N, C, *out, *kernel)
    out_size = patches.shape[2:2 + nd]
    K, L, G = Cg * math.prod(kernel), math.prod(out_size), groups
    # im2col: (N, C, *kernel, *out), copied, as (N, G, Cg·k, L)
    order = (0, 1) + tuple(range(2 + nd, 2 + 2 * nd)) + tuple(range(2, 2 + nd))
    cols = patches.transpose(order).reshape(N, G, K, L)
    Wg = W.reshape(G, O // G, K)
    out = np.matmul(Wg, cols).reshape((N, O) + out_size)           # (G,Og,K) @ (N,G,K,L)
    inputs = (x, w)
    if bias is not None:
        b = F._tensor(bias, "bias", fn)
        if b.shape != (O,):
            raise ShapeError(f"{fn}: bias has shape {b.shape}, expected ({O},).")
        out += b.data.reshape((O,) + (1,) * nd)
        inputs = (x, w, b)
    need_x, need_w = x.requires_grad, w.requires_grad
    has_bias = bias is not None
    need_b = has_bias and inputs[2].requires_grad
    in_sizes, w_shape = x.shape[-nd:], W.shape
    kept_cols = cols if need_w else None
    kept_w = Wg if need_x else None
    del cols, patches

    def backward(g):
        if unbatched:
            g = g[None]
        g4 = g.reshape(N, G, O // G, L)
        gx = gw = gb = None
        if need_w:   # Σ over the batch of grad @ colsᵀ
            gw = np.matmul(g4, kept_cols.swapaxes(-1, -2)).sum(axis=0).reshape(w_shape)
        if need_x:   # the patches' gradient, back to pixels
            if all(s == 1 for s in stride):
                gxp = _col2im_flat(g, kept_w, padded_shape, kernel, dilation)
            else:
                gcols = np.matmul(kept_w.swapaxes(-1, -2), g4)      # (N, G, K, L)
                gcols = gcols.reshape((N, C) + kernel + out_size)
                gxp = _col2im(gcols, padded_shape, stride, dilation)
            gx = gxp[(slice(None),) * 2 + tuple(slice(b, b + n) for (b, _), n
                                                in zip(pads, in_sizes))]
            gx = gx[0] if unbatched else gx
        if need_b:
            gb = g.sum(axis=(0,) + _spatial_axes(nd))
        return (gx, gw, gb) if has_bias else (gx, gw)

    if unbatched:
        out = out[0]
    return record(out, inputs, backward, fn, saved=(x, w) if need_x or need_w else ())


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups: int = 1) -> Tensor:
    """1-D convolution: input (N, C, L), weight (O, C/groups, k) -> (N, O, L_out)."""
    return _conv(1, input, weight, bias, stride, padding, dilation, groups)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups: int = 1) -> Tensor:
    """2-D convolution: input (N, C, H, W), weight (O, C/groups, kh, kw) -> (N, O, H_out, W_out).

    H_out = ⌊(H + pad_top + pad_bottom - dilation·(kh - 1) - 1) / stride⌋ + 1, and so for W.
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
    """Convolution over sequences: (N, C_in, L) -> (N, C_out, L_out)."""
    _nd = 1


class Conv2d(_ConvNd):
    """Convolution over images: (N, C_in, H, W) -> (N, C_out, H_out, W_out).

    ``weight`` has shape (out_channels, in_channels/groups, kh, kw) and ``bias``
    (out_channels,), PyTorch's layout, drawn uniformly from ±1/√fan_in with
    fan_in = in_channels/groups·kh·kw, as PyTorch does.
    """
    _nd = 2


__all__ = ["conv1d", "conv2d", "Conv1d", "Conv2d"]
