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

For stride 1 (``_flat``) the batch goes through a block of images at a time, so that
each block's columns stay in the CPU's cache, and backward builds them again instead
of keeping them: the graph holds the input, not kh·kw copies of it.  There the
input's gradient may instead be computed as chapter 12 derives it, a *full
convolution* of the output gradient with the flipped kernel (im2col of the
gradient, one product, no adds), whichever moves less data.

Stride 1 with few columns per position (``_grid``: C·kh·kw at most :data:`GRID_ROWS`,
as in a conv net's first layers) keeps the textbook im2col instead: columns on the
output's own grid, with zeros where a patch hangs over the border, so the product
writes straight into the output and no padded copy or cropping is needed.

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


# Images per block in _flat: as many as keep one block's columns near this size, so
# that the columns are written, multiplied and read back while they are still in the
# CPU's cache (level 2 is 1-2 MiB per core on current x86 CPUs).  One product over the
# whole batch is the same arithmetic, but its columns (k_h·k_w times the input) go out
# to memory and back, which made it about 1.3x slower; and backward rebuilds each
# block's columns from the padded input instead of keeping them all alive.
BLOCK_BYTES = 1 << 20


def _flat(X, W, pads, kernel, dilation, groups, need_x, need_w):
    """Stride 1, the common case, with every copy a long contiguous slice.

    Lay each padded image out flat, row after row.  Moving a patch by the kernel
    offset (p, q) is then moving it by p·width + q along that line, so the columns
    for one offset are *one slice* of the flat image, of length out_rows·width:
    the output is computed for every column of the padded width, and the extra
    columns (which wrap into the next row) are dropped afterwards.

    The batch is processed a block of images at a time (:data:`BLOCK_BYTES`): the
    block's columns (C·k, images·length) and one product for the block's output.
    Backward, per block: the weight's gradient is gradient @ columnsᵀ with the
    columns built again from the input (the only thing kept: the graph usually holds
    it anyway, as the previous op's output); the input's
    gradient is chapter 12's *full convolution* of the output gradient with the
    flipped kernel, done the same way: the gradient laid out flat with zeros around
    it, its columns (O·k, images·total) one slice per offset, one product.
    """
    N, C = X.shape[:2]
    O, G, nd = W.shape[0], groups, len(kernel)
    K, dtype = math.prod(kernel), X.dtype
    spatial = tuple(n + b + a for n, (b, a) in zip(X.shape[2:], pads))        # padded sizes
    out_size = tuple(n - d * (k - 1) for n, k, d in zip(spatial, kernel, dilation))
    wide = (out_size[0],) + spatial[1:]            # output rows, at the padded width
    length, total = math.prod(wide), math.prod(spatial)
    step = [math.prod(spatial[i + 1:]) for i in range(nd)]          # flat distance per axis
    starts = [sum(o * d * st for o, d, st in zip(offset, dilation, step))
              for offset in itertools.product(*(range(k) for k in kernel))]
    reach = starts[-1]                             # the last offset's distance
    inside = (slice(None),) * 2 + tuple(slice(b, b + n) for (b, _), n in zip(pads, X.shape[2:]))

    def blocks_of(rows: int, span: int) -> tuple:
        """(images per block, [(first, end), ...]) for columns of rows x (images·span)."""
        block = max(1, min(N, BLOCK_BYTES // (rows * span * dtype.itemsize)))
        return block, [(n, min(n + block, N)) for n in range(0, N, block)]

    Wg = W.reshape(G, O // G, -1)
    crop = (slice(None),) * 3 + tuple(slice(0, n) for n in out_size[1:])   # drop the wrap

    def scratch(shape_of, block, fill=None):
        """A buffer for a block of ``block`` images, reused by every block: ``part(nb)``
        is its start as a contiguous array of shape ``shape_of(nb)``.  (Fresh arrays per
        block would each be page-faulted in: glibc maps big blocks anew.)"""
        flat = np.empty(math.prod(shape_of(block)), dtype) if fill is None else \
            np.full(math.prod(shape_of(block)), fill, dtype)
        return lambda nb: flat[:math.prod(shape_of(nb))].reshape(shape_of(nb))

    def padded(n0, n1, into):
        """Images n0..n1 padded and laid out flat in ``into`` (images, C, reach + length),
        whose padding (and room for the last offset's slice) is already zero."""
        into[:, :, :total].reshape((n1 - n0, C) + spatial)[inside] = X[n0:n1]
        return into

    def im2col(source, into, span):
        """``into[:, i]`` = the slice at offset i of every flat image in ``source``
        (images, channels, ·): ``into`` is (channels, k, images, span)."""
        source = np.swapaxes(source, 0, 1)                          # (channels, images, ·)
        for i, start in enumerate(starts):
            into[:, i] = source[:, :, start:start + span]
        return into.reshape(G, -1, into.shape[2] * span)

    block, blocks = blocks_of(C * K, length)
    images_for = scratch(lambda nb: (nb, C, reach + length), block, fill=0)
    cols_for = scratch(lambda nb: (C, K, nb, length), block)
    wide_for = scratch(lambda nb: (G, O // G, nb * length), block)
    out = np.empty((N, O) + out_size, dtype=dtype)
    for n0, n1 in blocks:
        images = padded(n0, n1, images_for(n1 - n0))
        wide_out = np.matmul(Wg, im2col(images, cols_for(n1 - n0), length),
                             out=wide_for(n1 - n0))
        out[n0:n1] = np.swapaxes(wide_out.reshape((O, n1 - n0) + wide)[crop], 0, 1)
    del images_for, cols_for, wide_for, images
    w_shape = W.shape
    X = X if need_w else None                  # backward pads its blocks again
    # The input's gradient, two ways with the same result.  col2im: the patches'
    # gradient Wᵀ @ gradient (C·k rows), added back one offset at a time.  Full
    # convolution: the gradient's own columns (O·k rows, over the padded size) times the
    # flipped kernel, no adds.  Each pass over the columns costs about the same, and the
    # adds cost a pass more, so the full convolution wins unless its columns are bigger:
    # when there are more output than input channels, or the kernel is large for the image.
    full_conv = O * total <= 1.2 * C * length
    Wg = Wg if need_x and not full_conv else None
    # the flipped kernel, channels first: (G, C/G, O/G·k), to convolve the gradient with
    W_flip = (W.reshape(G, O // G, C // G, K)[..., ::-1].swapaxes(1, 2).reshape(G, C // G, -1)
              if need_x and full_conv else None)

    def grads(g):
        gw = gx = None
        col2im = need_x and not full_conv
        if need_w or col2im:
            g_wide_for = scratch(lambda nb: (O, nb, length), block, fill=0)  # dropped: 0
            cols_for = scratch(lambda nb: (C, K, nb, length), block)
            images_for = scratch(lambda nb: (nb, C, reach + length), block, fill=0)
            gwT = np.zeros((G, C // G * K, O // G), dtype=g.dtype) if need_w else None
            flat = np.zeros((N, C, reach + length), dtype=g.dtype) if col2im else None
            for n0, n1 in blocks:
                g_wide = g_wide_for(n1 - n0)
                g_wide.reshape((O, n1 - n0) + wide)[crop] = np.swapaxes(g[n0:n1], 0, 1)
                g2 = g_wide.reshape(G, O // G, -1)
                if need_w:          # Σ over blocks of columns @ gradientᵀ
                    images = padded(n0, n1, images_for(n1 - n0))
                    cols = im2col(images, cols_for(n1 - n0), length)
                    gwT += np.matmul(cols, g2.swapaxes(-1, -2))
                if col2im:          # the patches' gradient, added back one offset at a time
                    gcols = cols_for(n1 - n0)
                    np.matmul(Wg.swapaxes(-1, -2), g2, out=gcols.reshape(G, C // G * K, -1))
                    dest = np.swapaxes(flat[n0:n1], 0, 1)           # (C, images, ·), a view
                    for i, start in enumerate(starts):
                        dest[:, :, start:start + length] += gcols[:, i]
            gw = gwT.swapaxes(-1, -2).reshape(w_shape) if need_w else None
            gx = flat[:, :, :total].reshape((N, C) + spatial) if col2im else None
        if need_x and full_conv:    # full convolution of the gradient, flipped kernel
            # each image's gradient flat at the padded width, `reach` zeros before it
            g_block, g_blocks = blocks_of(O * K, total)
            g_flat_for = scratch(lambda nb: (nb, O, reach + total), g_block, fill=0)
            g_cols_for = scratch(lambda nb: (O, K, nb, total), g_block)
            gx_for = scratch(lambda nb: (G, C // G, nb * total), g_block)
            gx = np.empty((N, C) + spatial, dtype=g.dtype)
            for n0, n1 in g_blocks:
                g_flat = g_flat_for(n1 - n0)
                g_flat[:, :, reach:reach + length].reshape(
                    (n1 - n0, O) + wide)[crop] = g[n0:n1]
                part = np.matmul(W_flip, im2col(g_flat, g_cols_for(n1 - n0), total),
                                 out=gx_for(n1 - n0))
                gx[n0:n1] = np.swapaxes(part.reshape((C, n1 - n0) + spatial), 0, 1)
        return gx, gw

    return out, (N, C) + spatial, grads


# im2col on the output's own grid (``_grid``) when a position's column has at most this
# many numbers (C·kh·kw): then the copies around the product (padding the input,
# cropping the output, laying the gradient out flat) cost more than the product and
# im2col themselves, and writing the product straight into the output wins.  With more
# rows, ``_flat``'s long contiguous copies win.  Measured on this course's MNIST and
# LeNet layers (1→16, 16→16 and 16→32 3×3; 1→6 and 6→16 5×5) and a 32→64 3×3 one.
GRID_ROWS = 144


def _grid_plan(source: tuple, out: tuple, kernel: tuple, dilation: tuple, before: tuple,
               flat: bool = True):
    """How to gather columns on the output's grid from a source grid, one entry per kernel
    offset.  In general (output slices, source slices): the output positions whose patch
    element at that offset lies inside the source, and where that element is.

    When the two grids are the same (a 'same' convolution), a row-by-row copy is many short
    copies; then each offset is *one* slice of the flat image instead, as in ``_flat``:
    (first, end, shift, wrapped), output[first:end] = source[first + shift:end + shift],
    where the positions in ``wrapped`` read across a row's edge and are set to 0."""
    shifts = [[o * d - b for o, d, b in zip(offset, dilation, before)]
              for offset in itertools.product(*(range(k) for k in kernel))]
    if flat and source == out:
        step = [math.prod(source[i + 1:]) for i in range(len(source))]
        size = math.prod(source)
        plan = []
        for shift in shifts:
            jump = sum(s * st for s, st in zip(shift, step))     # the shift, flat
            # (clamped: a shift as long as the axis, or the image, moves everything out)
            wrapped = [(slice(None),) * (2 + axis) + (slice(max(0, n - s), n) if s > 0 else
                                                      slice(0, min(n, -s)),)
                       for axis, (s, n) in enumerate(zip(shift, source)) if axis and s]
            first = min(size, max(0, -jump))
            plan.append((first, max(first, min(size, size - jump)), jump, wrapped))
        return plan
    plan = []
    for shift in shifts:
        to, frm = [], []
        for s, n, m in zip(shift, source, out):    # output i reads source i + s
            lo = max(0, -s)
            hi = max(lo, min(m, n - s))            # empty when the offset misses the source
            to.append(slice(lo, hi))
            frm.append(slice(lo + s, hi + s))
        plan.append(((slice(None),) * 2 + tuple(to), (slice(None),) * 2 + tuple(frm)))
    return plan


def _grid(X, W, pads, kernel, dilation, groups, need_x, need_w):
    """Stride 1, few rows per column: the textbook im2col, one output position per column.

    ``cols[n, c, i]`` is image n's channel c moved by kernel offset i, on the output's
    grid; where the moved patch element falls in the padding it is 0 (written once: the
    buffer is reused by every block, and each block copies only the part inside the
    image).  One product per image writes straight into the output.  Backward: the
    weight's gradient is Σ gradient @ columnsᵀ (columns gathered again from the input);
    the input's gradient is the full convolution of the gradient with the flipped kernel
    (the same gathering, from the gradient) or, with many more outputs than inputs,
    col2im: the patches' gradient Wᵀ @ gradient added back one offset at a time.
    Returns (output, the input's shape, grads(g) -> (the input's grad, W's grad)).
    """
    N, C = X.shape[:2]
    O, G, K, dtype = W.shape[0], groups, math.prod(kernel), X.dtype
    sizes = X.shape[2:]
    out_size = tuple(n + b + a - d * (k - 1)
                     for n, (b, a), k, d in zip(sizes, pads, kernel, dilation))
    L, HW = math.prod(out_size), math.prod(sizes)
    plan = _grid_plan(sizes, out_size, kernel, dilation, tuple(b for b, _ in pads))
    block = max(1, min(N, BLOCK_BYTES // (C * K * L * dtype.itemsize)))
    blocks = [(n, min(n + block, N)) for n in range(0, N, block)]
    Wg = W.reshape(G, O // G, -1)

    def gather(source, n0, n1, into, plan):
        """``into[:, :, i]`` = images n0..n1 of ``source`` moved by offset i (borders 0)."""
        into = into[:n1 - n0]
        if len(plan[0]) == 4:                   # the same grid: one flat slice per offset
            src = source[n0:n1].reshape(n1 - n0, source.shape[1], -1)
            dst = into.reshape(into.shape[:3] + (-1,))
            for i, (first, end, shift, wrapped) in enumerate(plan):
                dst[:, :, i, first:end] = src[:, :, first + shift:end + shift]
                for where in wrapped:
                    into[:, :, i][where] = 0
            return into
        for i, (to, frm) in enumerate(plan):
            into[:, :, i][to] = source[n0:n1][frm]
        return into

    def per_image(a, rows, length):
        """(images, channels, …) as (images, G, rows, length) for a per-group product."""
        return a.reshape(a.shape[0], G, rows, length)

    cols = np.zeros((block, C, K) + out_size, dtype)
    out = np.empty((N, O) + out_size, dtype=dtype)
    for n0, n1 in blocks:
        np.matmul(Wg, per_image(gather(X, n0, n1, cols, plan), C // G * K, L),
                  out=per_image(out[n0:n1], O // G, L))
    X = X if need_w else None                  # backward gathers its columns again
    full_conv = O <= 2 * C                      # else col2im: the gradient's columns are many
    w_shape = W.shape
    # the flipped kernel, channels first: (G, C/G, O/G·k), to convolve the gradient with
    W_flip = (W.reshape(G, O // G, C // G, K)[..., ::-1].swapaxes(1, 2).reshape(G, C // G, -1)
              if need_x and full_conv else None)
    WgT = Wg.swapaxes(-1, -2) if need_x and not full_conv else None

    def grads(g):
        gw = gx = None
        if need_w:                  # Σ over images of columns @ gradientᵀ
            cols = np.zeros((block, C, K) + out_size, dtype)
            gwT = np.zeros((G, C // G * K, O // G), dtype=g.dtype)
            for n0, n1 in blocks:
                c = per_image(gather(X, n0, n1, cols, plan), C // G * K, L)
                gT = per_image(g[n0:n1], O // G, L).swapaxes(-1, -2)
                gwT += np.matmul(c, gT).sum(axis=0)
            gw = gwT.swapaxes(-1, -2).reshape(w_shape)
        if need_x and full_conv:    # gather the gradient, one product per image
            back = tuple(d * (k - 1) - b for k, d, (b, _) in zip(kernel, dilation, pads))
            g_plan = _grid_plan(out_size, sizes, kernel, dilation, back)
            g_block = max(1, min(N, BLOCK_BYTES // (O * K * HW * dtype.itemsize)))
            g_cols = np.zeros((g_block, O, K) + sizes, dtype)
            gx = np.empty((N, C) + sizes, dtype=g.dtype)
            for n0 in range(0, N, g_block):
                n1 = min(n0 + g_block, N)
                np.matmul(W_flip, per_image(gather(g, n0, n1, g_cols, g_plan), O // G * K, HW),
                          out=per_image(gx[n0:n1], C // G, HW))
        elif need_x:                # col2im: the patches' gradient, added back per offset
            slices = _grid_plan(sizes, out_size, kernel, dilation, tuple(b for b, _ in pads),
                                flat=False)
            g_cols = np.empty((block, C, K) + out_size, dtype)
            gx = np.zeros((N, C) + sizes, dtype=g.dtype)
            for n0, n1 in blocks:
                part = g_cols[:n1 - n0]
                np.matmul(WgT, per_image(g[n0:n1], O // G, L),
                          out=per_image(part, C // G * K, L))
                dest = gx[n0:n1]
                for i, (to, frm) in enumerate(slices):
                    dest[frm] += part[:, :, i][to]
        return gx, gw

    return out, (N, C) + sizes, grads


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
    unpad = (slice(None),) * 2 + tuple(slice(b, b + n) for (b, _), n in zip(pads, x.shape[-nd:]))
    if all(s == 1 for s in stride) and Cg * math.prod(kernel) <= GRID_ROWS:
        out, padded_shape, grads = _grid(X, W, pads, kernel, dilation, groups, need_x, need_w)
        unpad = (Ellipsis,)                     # its input gradient has the input's shape
    elif all(s == 1 for s in stride):
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
    # backward reads the weight (for the input's gradient) and the input (for the weight's)
    return record(out, inputs, backward, fn, saved=(w,) * need_x + (x,) * need_w)


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
