"""Normalisation: ``F.batch_norm``, ``F.layer_norm`` and ``BatchNorm1d``, ``BatchNorm2d``,
``LayerNorm`` (chapter 11).

Both rescale activations to mean 0 and variance 1, then let the network pick its
own scale and shift (``weight`` γ and ``bias`` β):

    x̂ = (x - mean) / √(var + eps),    y = γ·x̂ + β

They differ in *what* they average over.  **Batch norm** averages each channel
over the batch (and the positions of an image), so in training a sample's output
depends on the rest of its batch; it keeps running averages of the statistics
(buffers ``running_mean``, ``running_var``) to use after ``eval()``.  **Layer
norm** averages each sample over its last dimensions (the features), so it
behaves the same in training and evaluation; transformers use it.

Backward is written out once for both: with ĝ = g·γ and M values per mean,

    ∂L/∂x = (ĝ - mean(ĝ) - x̂·mean(ĝ·x̂)) / √(var + eps)

(the two means remove what the normalisation took away: a shift and a scale).
"""

from __future__ import annotations

import numbers

import numpy as np

from ..autograd import record
from ..autograd import graph_backward, vjp
from ..dtypes import require_float
from ..errors import ShapeError
from ..tensor import Tensor
from . import functional as F
from .module import Module, Parameter


def _normalize_backward(g, xhat, invstd, gamma, axes):
    """∂L/∂x of x̂ = (x - mean)·invstd (mean, var over ``axes``) followed by ·gamma."""
    gh = g * gamma if gamma is not None else g
    mean_g = gh.mean(axis=axes, keepdims=True)
    mean_gx = (gh * xhat).mean(axis=axes, keepdims=True)
    gh = gh - mean_g
    gh -= xhat * mean_gx
    gh *= invstd
    return gh


def _inputs(x, weight, bias, fn):
    """The op's inputs (x, then weight and bias when given) and, for each, whether backward
    must compute its gradient (``None`` for one that was not given)."""
    inputs, need = [x], [x.requires_grad]
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None:
            t = F._tensor(t, name, fn)
            inputs.append(t)
        need.append(None if t is None else t.requires_grad)
    return tuple(inputs), need


def _float32(t, name: str, fn: str):
    """A float16 tensor as float32, recorded (so its gradient comes back as float16)."""
    return None if t is None else F._tensor(t, name, fn).float()


def _grads(gx, g, xhat, axes, need):
    """The gradient tuple for (x, [weight], [bias]): γ's is Σ g·x̂, β's is Σ g."""
    grads = [gx]
    if need[1] is not None:
        grads.append((g * xhat).sum(axis=axes) if need[1] else None)
    if need[2] is not None:
        grads.append(g.sum(axis=axes) if need[2] else None)
    return tuple(grads)


# -- batch norm ----------------------------------------------------------------------------
def batch_norm(input, running_mean, running_var, weight=None, bias=None, training: bool = False,
               momentum: float = 0.1, eps: float = 1e-5) -> Tensor:
    """Normalise each channel (axis 1) of ``input`` (N, C, ...) over the batch and positions,
    then scale by ``weight`` and shift by ``bias`` (chapter 11).

    In training, the batch's statistics are used and ``running_mean``/``running_var`` (when
    given) are updated in place: ``running = (1 - momentum)·running + momentum·batch`` with
    the *unbiased* variance, as PyTorch (``momentum=None`` is for the caller to turn into
    1/batches_seen).  Otherwise the running statistics are used and backward treats them as
    constants.

    Args:
        input (Tensor): (N, C, ...).
        running_mean (Tensor, optional): (C,), updated in place in training.
        running_var (Tensor, optional): (C,), likewise.
        weight (Tensor, optional): (C,), the scale γ.
        bias (Tensor, optional): (C,), the shift β.
        training (bool): use (and update from) the batch's statistics.
        momentum (float): the running statistics' update rate.
        eps (float): added to the variance before the square root.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> x = mg.tensor([[1.0, 10.0], [3.0, 30.0]])
        >>> F.batch_norm(x, None, None, training=True).data.round(4)
        array([[-1., -1.],
               [ 1.,  1.]])
    """
    x = F._tensor(input, "input", "batch_norm")
    X = x.data
    require_float(X.dtype, "batch_norm")
    F.same_dtype("batch_norm", x, ("weight", weight), ("bias", bias))
    if X.dtype == np.float16:       # as PyTorch: normalised in float32, rounded to float16
        stats = [None if t is None else (t.data if isinstance(t, Tensor) else t)
                 for t in (running_mean, running_var)]
        wide = [None if a is None else a.astype(np.float32) for a in stats]
        out = batch_norm(x.float(), *wide, _float32(weight, "weight", "batch_norm"),
                         _float32(bias, "bias", "batch_norm"), training, momentum, eps).half()
        for a, w in zip(stats, wide):
            if a is not None:
                a[...] = w                     # the running statistics, updated in place
        return out
    if X.ndim < 2:
        raise ShapeError(f"batch_norm: expected an input of shape (N, C, ...), got {x.shape}.")
    C = X.shape[1]
    for name, t in (("running_mean", running_mean), ("running_var", running_var),
                    ("weight", weight), ("bias", bias)):
        if t is not None and tuple(np.shape(t.data if isinstance(t, Tensor) else t)) != (C,):
            raise ShapeError(f"batch_norm: {name} must have shape ({C},) for an input with {C} "
                             f"channels, got {np.shape(t.data if isinstance(t, Tensor) else t)}.")
    axes = (0,) + tuple(range(2, X.ndim))
    shape = (1, C) + (1,) * (X.ndim - 2)
    gamma = None if weight is None else F._tensor(weight, "weight", "batch_norm").data
    beta = None if bias is None else F._tensor(bias, "bias", "batch_norm").data
    if training:
        count = X.size // C
        if count <= 1:
            raise ValueError(f"batch_norm: expected more than 1 value per channel when training, "
                             f"got input of shape {x.shape}.")
        mean = X.mean(axis=axes, keepdims=True)
        centred = X - mean
        var = (centred * centred).mean(axis=axes, keepdims=True)
        invstd = 1 / np.sqrt(var + eps)
        xhat = centred
        xhat *= invstd
        if running_mean is not None or running_var is not None:
            m = 0.0 if momentum is None else momentum
            for t, value in ((running_mean, mean), (running_var, var * (count / (count - 1)))):
                if t is not None:
                    data = t.data if isinstance(t, Tensor) else t
                    data *= 1 - m
                    data += m * value.reshape(C).astype(data.dtype, copy=False)
    else:
        if running_mean is None or running_var is None:
            raise ValueError("batch_norm: evaluation (training=False) needs running_mean and "
                             "running_var.")
        rm = running_mean.data if isinstance(running_mean, Tensor) else np.asarray(running_mean)
        rv = running_var.data if isinstance(running_var, Tensor) else np.asarray(running_var)
        invstd = (1 / np.sqrt(rv + eps)).astype(X.dtype, copy=False).reshape(shape)
        xhat = (X - rm.reshape(shape).astype(X.dtype, copy=False)) * invstd
    out = xhat * gamma.reshape(shape) if gamma is not None else xhat.copy()
    if beta is not None:
        out += beta.reshape(shape)
    inputs, need = _inputs(x, weight, bias, "batch_norm")
    g_shape = None if gamma is None else gamma.reshape(shape)

    def backward(g):
        gx = None
        if need[0]:
            if training:
                gx = _normalize_backward(g, xhat, invstd, g_shape, axes)
            else:
                gx = g * (invstd * g_shape if g_shape is not None else invstd)
        return _grads(gx, g, xhat, axes, need)

    return record(out, inputs, backward, "batch_norm",
                  saved=inputs[1:2] if weight is not None else ())   # x̂ is its own copy


class _BatchNorm(Module):
    _ndims = ()

    def __init__(self, num_features: int, eps: float = 1e-5, momentum=0.1, affine: bool = True,
                 track_running_stats: bool = True, dtype=np.float64):
        super().__init__()
        name = type(self).__name__
        if isinstance(num_features, bool) or not isinstance(num_features, numbers.Integral) \
                or num_features < 1:
            raise ValueError(f"{name}: num_features must be a positive integer, got "
                             f"{num_features!r}.")
        self.num_features, self.eps, self.momentum = int(num_features), float(eps), momentum
        self.affine, self.track_running_stats = affine, track_running_stats
        self.weight = Parameter(np.ones(num_features, dtype=dtype)) if affine else None
        self.bias = Parameter(np.zeros(num_features, dtype=dtype)) if affine else None
        if track_running_stats:
            self.register_buffer("running_mean", Tensor(np.zeros(num_features, dtype=dtype)))
            self.register_buffer("running_var", Tensor(np.ones(num_features, dtype=dtype)))
            self.register_buffer("num_batches_tracked", Tensor(np.array(0, dtype=np.int64)))
        else:
            self.register_buffer("running_mean", None)
            self.register_buffer("running_var", None)
            self.register_buffer("num_batches_tracked", None)

    def reset_running_stats(self) -> None:
        if self.track_running_stats:
            self.running_mean.data[...] = 0
            self.running_var.data[...] = 1
            self.num_batches_tracked.data[...] = 0

    def forward(self, x):
        if x.ndim not in self._ndims:
            raise ShapeError(f"{type(self).__name__}: expected a {' or '.join(map(str, self._ndims))}"
                             f"-d input, got shape {x.shape}.")
        momentum = self.momentum
        if self.training and self.track_running_stats:
            self.num_batches_tracked.data += 1
            if self.momentum is None:          # a cumulative average of all batches so far
                momentum = 1.0 / float(self.num_batches_tracked.data)
        # Batch statistics in training, and always when no running statistics are kept.
        use_batch = self.training or self.running_mean is None
        return batch_norm(x, self.running_mean, self.running_var, self.weight, self.bias,
                          use_batch, momentum, self.eps)

    def extra_repr(self) -> str:
        return (f"{self.num_features}, eps={self.eps}, momentum={self.momentum}, "
                f"affine={self.affine}, track_running_stats={self.track_running_stats}")


class BatchNorm1d(_BatchNorm):
    """Batch norm of (N, C) or (N, C, L) inputs, per channel C (:func:`batch_norm`), with
    running statistics for evaluation (chapter 11).

    Args:
        num_features (int): C, the channels.
        eps (float): added to the variance before the square root (1e-5).
        momentum (float or None): the running statistics' update rate (0.1); None keeps a
            cumulative average of every batch seen.
        affine (bool): learn a per-channel ``weight`` (ones at first) and ``bias`` (zeros).
        track_running_stats (bool): keep ``running_mean`` and ``running_var`` (buffers) to
            use after ``eval()``; without them batch statistics are always used.
        dtype: the parameters' and buffers' dtype (float64).

    Shape:
        x: (N, C) or (N, C, L); the output has the same.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> bn = nn.BatchNorm1d(3)
        >>> bn(mg.randn(8, 3)).shape, bn.running_mean.shape
        ((8, 3), (3,))
        >>> bn
        BatchNorm1d(3, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)
    """
    _ndims = (2, 3)


class BatchNorm2d(_BatchNorm):
    """Batch norm of images (N, C, H, W), per channel C (over the batch and every pixel), with
    running statistics for evaluation.

    Args:
        num_features (int): C, the channels.
        eps (float): added to the variance before the square root (1e-5).
        momentum (float or None): the running statistics' update rate (0.1); None keeps a
            cumulative average of every batch seen.
        affine (bool): learn a per-channel ``weight`` (ones at first) and ``bias`` (zeros).
        track_running_stats (bool): keep ``running_mean`` and ``running_var`` (buffers) to
            use after ``eval()``; without them batch statistics are always used.
        dtype: the parameters' and buffers' dtype (float64).

    Shape:
        x: (N, C, H, W); the output has the same.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> bn = nn.BatchNorm2d(16, momentum=None)
        >>> bn(mg.randn(4, 16, 5, 5)).shape, int(bn.num_batches_tracked.item())
        ((4, 16, 5, 5), 1)
    """
    _ndims = (4,)


# -- layer norm ----------------------------------------------------------------------------
def _shape_tuple(normalized_shape) -> tuple:
    if isinstance(normalized_shape, numbers.Integral):
        return (int(normalized_shape),)
    return tuple(int(n) for n in normalized_shape)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps: float = 1e-5) -> Tensor:
    """Normalise each sample over its last ``len(normalized_shape)`` dimensions (mean 0,
    variance 1), then scale by ``weight`` and shift by ``bias``; the same in training and
    evaluation (transformers use it).

    Args:
        input (Tensor): (..., *normalized_shape).
        normalized_shape (int or tuple): the trailing shape normalised over.
        weight (Tensor, optional): the scale, of shape ``normalized_shape``.
        bias (Tensor, optional): the shift, of shape ``normalized_shape``.
        eps (float): added to the variance before the square root.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.layer_norm(mg.tensor([[1.0, 3.0], [10.0, 30.0]]), 2).data.round(4)
        array([[-1.,  1.],
               [-1.,  1.]])
    """
    x = F._tensor(input, "input", "layer_norm")
    X = x.data
    require_float(X.dtype, "layer_norm")
    F.same_dtype("layer_norm", x, ("weight", weight), ("bias", bias))
    if X.dtype == np.float16:       # as PyTorch: normalised in float32, rounded to float16
        return layer_norm(x.float(), normalized_shape, _float32(weight, "weight", "layer_norm"),
                          _float32(bias, "bias", "layer_norm"), eps).half()
    shape = _shape_tuple(normalized_shape)
    k = len(shape)
    if X.shape[X.ndim - k:] != shape or X.ndim < k:
        raise ShapeError(f"layer_norm: the input's last dimensions {x.shape[max(0, X.ndim - k):]} "
                         f"must equal normalized_shape {shape} (input shape {x.shape}).")
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and tuple(t.shape) != shape:
            raise ShapeError(f"layer_norm: {name} must have shape {shape}, got {t.shape}.")
    axes = tuple(range(X.ndim - k, X.ndim))
    lead = tuple(range(X.ndim - k))
    mean = X.mean(axis=axes, keepdims=True)
    xhat = X - mean
    var = (xhat * xhat).mean(axis=axes, keepdims=True)
    invstd = 1 / np.sqrt(var + eps)
    xhat *= invstd
    inputs, need = _inputs(x, weight, bias, "layer_norm")
    gamma = None if weight is None else inputs[1].data
    out = xhat * gamma if gamma is not None else xhat.copy()
    if bias is not None:
        out += inputs[-1].data

    def backward(g):
        gx = _normalize_backward(g, xhat, invstd, gamma, axes) if need[0] else None
        return _grads(gx, g, xhat, lead, need)

    return record(out, inputs, backward, "layer_norm",
                  saved=inputs[1:2] if weight is not None else ())   # x̂ is its own copy


@graph_backward("layer_norm")
def _layer_norm_graph(ctx, g):
    """layer_norm's backward, as the derivative of layer norm written with tensor ops.  The
    input is not kept, but its deviations from the mean are (x̂/invstd): they normalise to
    the same x̂, with the same derivatives.  ε enters only as var + ε = 1/invstd², which is
    kept as it was."""
    xhat, invstd, axes, gamma = (ctx.saved(n) for n in ("xhat", "invstd", "axes", "gamma"))
    centred = xhat / invstd
    eps = 1 / (invstd * invstd) - (centred * centred).mean(axis=axes, keepdims=True)
    inputs = [ctx.input(0, centred)]
    if gamma is not None:
        inputs.append(ctx.input(1, gamma))
    if len(ctx.node.inputs) > len(inputs):
        inputs.append(ctx.input(len(inputs), np.zeros(xhat.shape[xhat.ndim - len(axes):],
                                                      dtype=xhat.dtype)))

    def normalised(x, *affine):
        d = x - x.mean(axes, keepdim=True)
        out = d / ((d * d).mean(axes, keepdim=True) + Tensor(eps)).sqrt()
        if gamma is not None:
            out = out * affine[0]
        return out + affine[-1] if len(affine) > (gamma is not None) else out

    return vjp(normalised, tuple(inputs), g)


class LayerNorm(Module):
    """``LayerNorm(normalized_shape, eps=1e-5, elementwise_affine=True, bias=True)``:
    :func:`layer_norm` with a learned weight (ones at first) and bias (zeros), as PyTorch's.

    Args:
        normalized_shape (int or tuple): the trailing shape normalised over.
        eps (float): added to the variance before the square root.
        elementwise_affine (bool): learn ``weight`` (and ``bias``).
        bias (bool): learn ``bias`` too.
        dtype: the parameters' dtype (float64).

    Shape:
        x: (..., *normalized_shape); the output has the same.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.LayerNorm(16)(mg.randn(2, 5, 16)).shape
        (2, 5, 16)
    """

    def __init__(self, normalized_shape, eps: float = 1e-5, elementwise_affine: bool = True,
                 bias: bool = True, dtype=np.float64):
        super().__init__()
        self.normalized_shape = _shape_tuple(normalized_shape)
        if not self.normalized_shape or any(n < 1 for n in self.normalized_shape):
            raise ValueError(f"LayerNorm: normalized_shape must be positive sizes, got "
                             f"{normalized_shape!r}.")
        self.eps, self.elementwise_affine = float(eps), elementwise_affine
        self.weight = (Parameter(np.ones(self.normalized_shape, dtype=dtype))
                       if elementwise_affine else None)
        self.bias = (Parameter(np.zeros(self.normalized_shape, dtype=dtype))
                     if elementwise_affine and bias else None)

    def forward(self, x):
        return layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self) -> str:
        return (f"{self.normalized_shape}, eps={self.eps}, "
                f"elementwise_affine={self.elementwise_affine}")


# -- group norm ----------------------------------------------------------------------------
def group_norm(input, num_groups: int, weight=None, bias=None, eps: float = 1e-5) -> Tensor:
    """Normalise each sample's channels in ``num_groups`` groups: mean 0 and variance 1
    over every channel and position of a group, then per-channel ``weight`` and ``bias``.

    Unlike batch norm it never looks across the batch, so it behaves the same for a batch
    of one, in training and in evaluation.

    Args:
        input (Tensor): shape (N, C, ...), C divisible by ``num_groups``.
        num_groups (int): how many groups the C channels are split into (in order).
        weight (Tensor, optional): per-channel scale γ, shape (C,).
        bias (Tensor, optional): per-channel shift β, shape (C,).
        eps (float): added to the variance before the square root.

    Shape:
        output: the same as ``input``.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> x = mg.tensor([[[1.0, 3.0], [5.0, 7.0], [0.0, 0.0], [2.0, 2.0]]])
        >>> F.group_norm(x, 2).data.round(4)
        array([[[-1.3416, -0.4472],
                [ 0.4472,  1.3416],
        <BLANKLINE>
                [-1.    , -1.    ],
                [ 1.    ,  1.    ]]])
    """
    x = F._tensor(input, "input", "group_norm")
    require_float(x.dtype, "group_norm")
    X = x.data
    if X.ndim < 2:
        raise ShapeError(f"group_norm: expected an input of shape (N, C, ...), got {x.shape}.")
    if isinstance(num_groups, bool) or not isinstance(num_groups, numbers.Integral) \
            or num_groups < 1:
        raise ValueError(f"group_norm: num_groups must be a positive integer, got "
                         f"{num_groups!r}.")
    N, C = X.shape[:2]
    if C % num_groups:
        raise ShapeError(f"group_norm: the input's {C} channels (shape {x.shape}) cannot be split "
                         f"into num_groups={num_groups} equal groups.")
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and tuple(t.shape) != (C,):
            raise ShapeError(f"group_norm: {name} must have shape ({C},) for an input with {C} "
                             f"channels, got {tuple(t.shape)}.")
    grouped = (N, num_groups, -1)
    channel = (1, C) + (1,) * (X.ndim - 2)
    Xg = X.reshape(grouped)
    mean = Xg.mean(axis=2, keepdims=True)
    xhat = Xg - mean
    var = (xhat * xhat).mean(axis=2, keepdims=True)
    invstd = 1 / np.sqrt(var + eps)
    xhat *= invstd
    xhat = xhat.reshape(X.shape)
    inputs, need = _inputs(x, weight, bias, "group_norm")
    gamma = None if weight is None else inputs[1].data.reshape(channel)
    out = xhat * gamma if gamma is not None else xhat.copy()
    if bias is not None:
        out += inputs[-1].data.reshape(channel)
    others = (0,) + tuple(range(2, X.ndim))          # every axis but the channels

    def backward(g):
        gx = None
        if need[0]:
            gh = g * gamma if gamma is not None else g
            gx = _normalize_backward(gh.reshape(grouped), xhat.reshape(grouped), invstd,
                                     None, 2).reshape(g.shape)
        return _grads(gx, g, xhat, others, need)

    return record(out, inputs, backward, "group_norm",
                  saved=inputs[1:2] if weight is not None else ())   # x̂ is its own copy


class GroupNorm(Module):
    """Group normalisation (Wu and He, 2018): :func:`group_norm` with a learned per-channel
    scale (ones at first) and shift (zeros at first).

    Args:
        num_groups (int): groups the channels are split into; must divide ``num_channels``.
        num_channels (int): C, the channels of the input.
        eps (float): added to the variance before the square root.
        affine (bool): learn ``weight`` and ``bias`` (True by default).
        device: ``"cpu"`` or None.
        dtype: the parameters' dtype (float64 by default).
        bias (bool): learn ``bias`` too (keyword-only, as in PyTorch).

    Shape:
        input (N, C, ...); output the same.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> gn = nn.GroupNorm(2, 4)
        >>> gn(mg.randn(3, 4, 5, 5)).shape
        (3, 4, 5, 5)
        >>> gn
        GroupNorm(2, 4, eps=1e-05, affine=True, bias=True)
    """

    def __init__(self, num_groups: int, num_channels: int, eps: float = 1e-5,
                 affine: bool = True, device=None, dtype=np.float64, *, bias: bool = True):
        super().__init__()
        from ..device import check_device

        check_device(device, "GroupNorm")
        for name, value in (("num_groups", num_groups), ("num_channels", num_channels)):
            if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
                raise ValueError(f"GroupNorm: {name} must be a positive integer, got {value!r}.")
        if num_channels % num_groups:
            raise ValueError(f"GroupNorm: num_channels ({num_channels}) must be divisible by "
                             f"num_groups ({num_groups}).")
        self.num_groups, self.num_channels = int(num_groups), int(num_channels)
        self.eps, self.affine = float(eps), affine
        self.weight = Parameter(np.ones(num_channels, dtype=dtype)) if affine else None
        self.bias = Parameter(np.zeros(num_channels, dtype=dtype)) if affine and bias else None

    def forward(self, x):
        """Normalise ``x`` of shape (N, C, ...) (see :func:`group_norm`)."""
        if x.ndim >= 2 and x.shape[1] != self.num_channels:
            raise ShapeError(f"GroupNorm: expected {self.num_channels} channels (axis 1), got "
                             f"input of shape {x.shape}.")
        return group_norm(x, self.num_groups, self.weight, self.bias, self.eps)

    def extra_repr(self) -> str:
        return (f"{self.num_groups}, {self.num_channels}, eps={self.eps}, affine={self.affine}, "
                f"bias={self.bias is not None}")
