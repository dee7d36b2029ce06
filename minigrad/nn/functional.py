"""Functions that layers and losses are made of (``minigrad.nn.functional``, usually ``F``).

Each could be written with the ops of chapters 1-4 (``linear`` is an ``mm`` and
an add; ``log_softmax`` is a max, a subtraction, an exp, a sum and a log).  Here
each is *one* recorded op with its backward written out by hand, for two reasons:

* **stability** — ``log_softmax`` subtracts the row maximum before exponentiating,
  so logits of ±1e4 give finite losses and gradients instead of ``inf``/``nan``;
* **speed** — one graph node instead of three to six per call, which is what
  keeps a training step close to hand-written NumPy.

``tests/test_nn_functional.py`` checks every backward here with ``gradcheck`` and
against the same function composed from the basic ops.

This file holds the functions of chapters 6 and 8.  The later families live beside
their layers, one file each (an op's backward beside its forward, the layer right
below), and are imported at the end of this file, so that ``F.conv2d`` works as in
PyTorch:

=====================  ==========================================================  =====
file                   functions                                                   ch.
=====================  ==========================================================  =====
``activation.py``      relu, sigmoid, tanh, leaky_relu, gelu, silu                 11
``norm.py``            batch_norm, layer_norm (group_norm: no chapter)             11
``losses.py``          nll_loss, binary_cross_entropy(_with_logits), l1_loss,      11
                       smooth_l1_loss, huber_loss (and cross_entropy's options);
                       kl_div (no chapter)
``embedding.py``       one_hot, embedding                                          —
``distance.py``        normalize, cosine_similarity, pairwise_distance             —
``padding.py``         pad                                                         12
``conv.py``            conv1d, conv2d                                              12
``pooling.py``         max_pool1d/2d, avg_pool1d/2d, adaptive_avg_pool1d/2d        12
``attention.py``       scaled_dot_product_attention                                13
=====================  ==========================================================  =====
"""

from __future__ import annotations

import math

import numpy as np

from ..autograd import record
from .. import dtypes
from ..autograd import graph_backward
from ..errors import ShapeError
from ..ops.log_exp import logsigmoid, softplus  # noqa: F401  (F.softplus, as in PyTorch)
from ..ops import operands
from ..random import get_rng
from ..tensor import Tensor, tensor_method


def _tensor(x, name: str, fn: str) -> Tensor:
    if isinstance(x, Tensor):
        return x
    if isinstance(x, np.ndarray):
        return Tensor._from_op(x)
    raise TypeError(f"{fn}: {name} must be a Tensor or a NumPy array, got {type(x).__name__}.")


def same_dtype(fn: str, first: Tensor, *others) -> None:
    """Refuse operands of different dtypes where PyTorch's layers do not promote: the input
    and its parameters (weight, bias, mask …) need one dtype.

    Args:
        fn (str): the function's name, for the message.
        first (Tensor): the input.
        others: (name, tensor or None) pairs; None is skipped (a layer without a bias).

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> try:
        ...     F.same_dtype("linear", mg.zeros(2), ("weight", mg.zeros(2, dtype=mg.float32)))
        ... except TypeError as err:
        ...     print(str(err).split(";")[0])
        linear: weight has dtype float32 but the input has float64
    """
    for name, t in others:
        if t is not None and t.dtype != first.dtype:
            raise TypeError(f"{fn}: {name} has dtype {t.dtype} but the input has {first.dtype}; "
                            f"they must be the same (PyTorch does not promote here either): "
                            f"convert one, e.g. x.to({name}.dtype), or build the layer with "
                            f"dtype=x.dtype.")


def in_place(x: Tensor, out: Tensor, fn: str) -> Tensor:
    """``x`` with ``out``'s values written into it, for the ``inplace=True`` of PyTorch's
    activations and dropout: the input itself changes (and its version with it), as in
    PyTorch, under the in-place rules of ``ops/inplace.py`` (a leaf that requires grad is
    refused while gradients are recorded, with a message naming ``fn``).

    Args:
        x (Tensor): the input to overwrite.
        out (Tensor): the result computed out of place.
        fn (str): the function's name, for the message.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> x = mg.tensor([-1.0, 2.0])
        >>> F.in_place(x, x.relu(), "relu") is x, x
        (True, tensor([0., 2.]))
    """
    try:
        return x.copy_(out)
    except RuntimeError as err:
        raise RuntimeError(f"{fn}(inplace=True) changes its input in place, which is refused "
                           f"here: {err} (Or pass inplace=False.)") from None


# -- linear ------------------------------------------------------------------------------
def linear(x, weight, bias=None) -> Tensor:
    """``x @ weight.T + bias`` with ``weight`` of shape (out_features, in_features), as
    PyTorch's, in one recorded op (chapter 6).

    Args:
        x (Tensor): (..., in_features): any number of leading dimensions.
        weight (Tensor): (out_features, in_features).
        bias (Tensor, optional): (out_features,).

    Shape:
        (..., out_features).

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.linear(mg.ones(5, 3), mg.ones(2, 3), mg.tensor([0.0, 1.0]))[0]
        tensor([3., 4.])
    """
    x, weight = _tensor(x, "x", "linear"), _tensor(weight, "weight", "linear")
    bias = None if bias is None else _tensor(bias, "bias", "linear")
    if (weight.dtype != x.dtype or (bias is not None and bias.dtype != x.dtype)
            or x.dtype.kind == "b"):              # (one test on the way of every layer)
        same_dtype("linear", x, ("weight", weight), ("bias", bias))
        dtypes.refuse_bool(x.dtype, "linear")
    X, W = x.data, weight.data
    if W.ndim != 2 or X.ndim == 0 or X.shape[-1] != W.shape[1]:
        raise ShapeError(f"linear: input of shape {X.shape} does not fit a weight of shape "
                         f"{W.shape}; the input's last dimension must be in_features = "
                         f"{W.shape[1] if W.ndim == 2 else '?'}.")
    rows = math.prod(X.shape[:-1])         # not reshape(-1, ...): a size may be 0 (PyTorch allows)
    if X.ndim > 2 and X.flags.c_contiguous:
        # One (rows, in) @ (in, out) product: NumPy's matmul of a 3-D array calls BLAS once
        # per leading index, on small matrices (about 1.4x slower for a transformer's).
        out = (X.reshape(rows, X.shape[-1]) @ W.T).reshape(X.shape[:-1] + (W.shape[0],))
    else:
        out = X @ W.T
    inputs = (x, weight)
    if bias is not None:
        if bias.shape != (W.shape[0],):
            raise ShapeError(f"linear: bias has shape {bias.shape}, expected ({W.shape[0]},).")
        out += bias.data
        inputs = (x, weight, bias)

    need = [t.requires_grad for t in inputs]     # flags, not tensors: backward keeps no Tensor

    def backward(g):
        g2 = g.reshape(rows, g.shape[-1])
        gx = (g2 @ W).reshape(X.shape) if need[0] else None
        gw = (g2.T @ X.reshape(rows, X.shape[-1])) if need[1] else None
        if len(need) == 2:
            return gx, gw
        return gx, gw, (g2.sum(axis=0) if need[2] else None)

    return record(out, inputs, backward, "linear",
                  saved=(weight,) * need[0] + (x,) * need[1])


@graph_backward("linear")
def _linear_graph(ctx, g):
    """linear's backward with tensor ops (create_graph=True; see minigrad/autograd.py)."""
    X, W = ctx.saved("X"), ctx.saved("W")
    x, w = ctx.input(0, X), ctx.input(1, W)
    g2 = g.reshape(-1, W.shape[0])
    grads = (g @ w if ctx.needs(0) else None,
             g2.T @ x.reshape(-1, W.shape[1]) if ctx.needs(1) else None)
    if len(ctx.node.inputs) == 3:
        grads += (g2.sum(0) if ctx.needs(2) else None,)
    return grads


# -- softmax and friends -----------------------------------------------------------------
def _log_softmax_array(X: np.ndarray, dim: int) -> np.ndarray:
    # The largest entry becomes 0: no overflow (``initial`` lets an empty axis through).
    # A row of only -inf gives NaN and an empty axis log(0), silently, as in PyTorch.
    with np.errstate(divide="ignore", invalid="ignore"):
        shifted = X - X.max(axis=dim, keepdims=True, initial=-np.inf)
        return shifted - np.log(np.exp(shifted).sum(axis=dim, keepdims=True))


def _softmax_dim(x: Tensor, dim, fn: str) -> int:
    """``dim`` checked: one int naming an axis (a 0-d tensor has axis 0 or -1, as PyTorch)."""
    if isinstance(dim, bool) or not isinstance(dim, (int, np.integer)):
        raise TypeError(f"{fn}: dim must be one int (softmax normalises along one axis), got "
                        f"{type(dim).__name__} {dim!r}.")
    nd = max(x.ndim, 1)
    if not -nd <= dim < nd:
        raise IndexError(f"{fn}: dim {dim} is out of range for a tensor with {x.ndim} "
                         f"dimension(s) (valid: {-nd} to {nd - 1}).")
    return int(dim) % nd if x.ndim else None


@tensor_method("log_softmax")
def log_softmax(x, dim: int = -1) -> Tensor:
    """log(softmax(x)) along ``dim``, computed without overflow for any finite input (the
    largest entry is subtracted first; chapter 8).

    Args:
        x (Tensor): scores (logits).
        dim (int): the axis of the classes (-1).

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.log_softmax(mg.tensor([1000.0, 1000.0]), dim=0)
        tensor([-0.69314718, -0.69314718])
    """
    x = _tensor(x, "x", "log_softmax")
    dtypes.require_float(x.dtype, "log_softmax")
    dim = _softmax_dim(x, dim, "log_softmax")
    out = _log_softmax_array(x.data, dim)

    def backward(g):
        # d/dx_j Σ_i g_i (x_i - log Σ e^x) = g_j - softmax_j Σ_i g_i
        return (g - np.exp(out) * g.sum(axis=dim, keepdims=True),)

    return record(out, (x,), backward, "log_softmax", saves_output=True)


@graph_backward("log_softmax")
def _log_softmax_graph(ctx, g):
    dim = ctx.saved("dim")
    return (g - ctx.output(ctx.saved("out")).exp() * g.sum(dim, keepdim=True),)


@tensor_method("softmax")
def softmax(x, dim: int = -1) -> Tensor:
    """e^x / Σ e^x along ``dim``: positive entries that sum to 1 (probabilities; chapter 8).

    Args:
        x (Tensor): scores (logits).
        dim (int): the axis to normalise (-1).

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.softmax(mg.tensor([[1.0, 1.0], [0.0, 1e4]]), dim=1)
        tensor([[0.5, 0.5],
                [0. , 1. ]])
    """
    x = _tensor(x, "x", "softmax")
    dtypes.require_float(x.dtype, "softmax")
    dim = _softmax_dim(x, dim, "softmax")
    out = np.exp(_log_softmax_array(x.data, dim))

    def backward(g):
        # the Jacobian diag(s) - s sᵀ applied to g, without building it
        return (out * (g - (g * out).sum(axis=dim, keepdims=True)),)

    return record(out, (x,), backward, "softmax", saves_output=True)


@graph_backward("softmax")
def _softmax_graph(ctx, g):
    dim, y = ctx.saved("dim"), ctx.output(ctx.saved("out"))
    return (y * (g - (g * y).sum(dim, keepdim=True)),)


# -- losses ------------------------------------------------------------------------------
_REDUCTIONS = ("mean", "sum", "none")


def _check_reduction(reduction: str, fn: str) -> None:
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{fn}: reduction must be one of {_REDUCTIONS}, got {reduction!r}.")


def cross_entropy(logits, target, weight=None, ignore_index: int = -100, reduction: str = "mean",
                  label_smoothing: float = 0.0) -> Tensor:
    """The negative log-probability of the right class, averaged over the batch (chapter 8).

    ``logits`` (N, C) are raw scores (no softmax first); ``target`` (N,) holds class
    indices 0 … C-1.  The gradient with respect to the logits is
    ``(softmax(logits) - one_hot(target)) / N``.  That common case is computed right here;
    PyTorch's other options are handled by :func:`minigrad.nn.losses.cross_entropy_general`.

    Args:
        logits (Tensor): (N, C), (C,) or (N, C, d1, ...) raw scores.
        target (Tensor): class indices (N,) (or (N, d1, ...)), or class probabilities of
            the logits' shape.
        weight (Tensor, optional): (C,), a weight per class.
        ignore_index (int): targets with this class count for nothing (-100).
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'`` (one loss per sample).
        label_smoothing (float): mix the target with the uniform distribution (0).

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> logits = mg.tensor([[2.0, 0.0], [0.0, 2.0]], requires_grad=True)
        >>> loss = F.cross_entropy(logits, mg.tensor([0, 1]))
        >>> loss
        tensor(0.12692801, grad_fn=<cross_entropy>)
        >>> F.cross_entropy(logits, mg.tensor([0, 1]), reduction="none", label_smoothing=0.1)
        tensor([0.22692801, 0.22692801], grad_fn=<cross_entropy>)
    """
    if isinstance(weight, str):
        raise TypeError(f"cross_entropy: the third argument is the class weights, as in "
                        f"PyTorch; pass the reduction by name: reduction={weight!r}.")
    _check_reduction(reduction, "cross_entropy")
    logits = _tensor(logits, "logits", "cross_entropy")
    T = target.data if isinstance(target, Tensor) else np.array(target)  # backward reads it
    L = logits.data
    if (weight is not None or label_smoothing or reduction == "none" or L.ndim != 2
            or T.dtype != np.int64 or L.dtype.kind != "f" or (T == ignore_index).any()):
        from .losses import cross_entropy_general   # the general case lives with the losses

        return cross_entropy_general(logits, target, weight, ignore_index, reduction,
                                     label_smoothing)
    if T.shape != (L.shape[0],):
        raise ShapeError(f"cross_entropy: target must have shape ({L.shape[0]},) to match "
                         f"logits {L.shape}, got {T.shape}.")
    if T.size and (T.min() < 0 or T.max() >= L.shape[1]):
        raise IndexError(f"cross_entropy: target holds class {T.min() if T.min() < 0 else T.max()}"
                         f", but logits have {L.shape[1]} classes (valid: 0 to {L.shape[1] - 1}, "
                         f"or ignore_index={ignore_index}).")
    n = L.shape[0]
    logp = _log_softmax_array(L, 1)
    rows = np.arange(n)
    picked = -logp[rows, T]
    # the mean over an empty batch is 0/0 = nan, as in PyTorch (the sum is 0)
    scale = (np.float64(1.0) / n if n else np.float64(np.nan)) if reduction == "mean" else 1.0
    loss = np.asarray(picked.sum() * scale, dtype=L.dtype)

    def backward(g):
        grad = np.exp(logp)
        grad[rows, T] -= 1.0
        grad *= g * scale
        return (grad,)

    # backward reads the target: a tensor's version is checked, as PyTorch does
    saved = (target,) if isinstance(target, Tensor) else ()
    return record(loss, (logits,), backward, "cross_entropy", saved=saved)


@graph_backward("cross_entropy")
def _cross_entropy_graph(ctx, g):
    """The common case's backward with tensor ops: (softmax(logits) - one_hot) · g · scale.
    The logits are not kept, but their log-softmax is: it differs from them by a constant
    in each row, so its softmax (and every derivative of it) is theirs."""
    if not ctx.has("logp"):
        raise RuntimeError("create_graph=True: 'cross_entropy' with class weights, "
                           "ignore_index, label smoothing, reduction='none', probability "
                           "targets or more than 2 dimensions has no graph-building backward; "
                           "the plain case (N, C) logits and int64 targets has.")
    logp, rows, T = ctx.saved("logp"), ctx.saved("rows"), ctx.saved("T")
    one_hot = np.zeros_like(logp)
    one_hot[rows, T] = 1.0
    p = ctx.input(0, logp).softmax(1)
    return ((p - Tensor(one_hot)) * (g * ctx.saved("scale")),)


def mse_loss(prediction, target, reduction: str = "mean") -> Tensor:
    """The mean (or sum) of squared differences.  The two shapes must be equal: unlike NumPy
    arithmetic this does not broadcast, since a prediction of shape (N, 1) against a target
    of shape (N,) would silently compare every row with every target, a classic bug.

    Args:
        prediction (Tensor): any shape.
        target (Tensor): the same shape.
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'`` (each squared difference).

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.mse_loss(mg.tensor([1.0, 3.0]), mg.tensor([0.0, 0.0]))
        tensor(5.)
    """
    _check_reduction(reduction, "mse_loss")
    prediction = _tensor(prediction, "prediction", "mse_loss")
    target = _tensor(target, "target", "mse_loss")
    if prediction.shape != target.shape:
        raise ShapeError(f"mse_loss: prediction has shape {prediction.shape} but target has "
                         f"shape {target.shape}; they must be equal (reshape one, e.g. "
                         f"y.reshape(-1, 1)).")
    dtype = dtypes.result_type(prediction, target)         # PyTorch's promotion, floats only
    dtypes.require_float(dtype, "mse_loss", "the prediction and target (promoted)")
    diff = prediction.data.astype(dtype, copy=False) - target.data.astype(dtype, copy=False)
    if reduction == "none":
        loss, scale = diff * diff, None
    else:
        # the mean of nothing is 0/0 = nan, as in PyTorch (the sum is 0)
        scale = 1.0 if reduction == "sum" else 1.0 / diff.size if diff.size else np.nan
        loss = np.asarray((diff * diff).sum() * scale, dtype=dtype)

    need_p, need_t = prediction.requires_grad, target.requires_grad

    def backward(g):
        gp = (2.0 * g) * diff if scale is None else (2.0 * scale * g) * diff
        return (gp if need_p else None, -gp if need_t else None)

    if prediction.dtype != dtype or target.dtype != dtype:
        backward = operands.grads_as(backward, prediction, target)
    return record(loss, (prediction, target), backward, "mse_loss")   # reads its own diff


@graph_backward("mse_loss")
def _mse_loss_graph(ctx, g):
    """mse_loss's backward with tensor ops; the difference it keeps is rebuilt as
    prediction - target, each input holding part of it (the difference and zeros)."""
    diff, scale = ctx.saved("diff"), ctx.saved("scale")
    d = ctx.input(0, diff) - ctx.input(1, np.zeros_like(diff))
    gp = (2.0 * g) * d if scale is None else (2.0 * scale * g) * d
    return (gp if ctx.needs(0) else None, -gp if ctx.needs(1) else None)


# -- dropout -----------------------------------------------------------------------------
def dropout(x, p: float = 0.5, training: bool = True, inplace: bool = False,
            rng=None) -> Tensor:
    """Zero each element with probability ``p`` and scale the rest by 1/(1-p), in training;
    the scaling keeps every element's expected value unchanged, so nothing needs to change
    at evaluation time, when dropout does nothing.

    Args:
        x (Tensor): the input.
        p (float): the probability of zeroing an element, in [0, 1).
        training (bool): apply it (True); False returns ``x`` itself.
        inplace (bool): write the result into ``x`` (PyTorch's option).
        rng (optional): the generator to draw from (minigrad's by default).

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> y = F.dropout(mg.ones(1000), p=0.5)
        >>> sorted(set(y.tolist()))
        [0.0, 2.0]
        >>> x = mg.ones(3)
        >>> F.dropout(x, 0.5, training=False) is x
        True
    """
    if not 0.0 <= p < 1.0:
        raise ValueError(f"dropout: p is the probability of dropping an element and must be in "
                         f"[0, 1), got {p}.")
    x = _tensor(x, "x", "dropout")
    if not training or p == 0.0:
        return x
    dtypes.require_float(x.dtype, "dropout")
    keep = (get_rng(rng).random(x.shape) >= p) / (1.0 - p)
    keep = keep.astype(x.dtype, copy=False)

    def backward(g):
        return (g * keep,)

    out = record(x.data * keep, (x,), backward, "dropout")
    return in_place(x, out, "dropout") if inplace else out


@graph_backward("dropout")
def _dropout_graph(ctx, g):
    return (g * Tensor(ctx.saved("keep")),)


# -- the later families (see the module docstring); imported last, as they use the above ----
from .activation import gelu, leaky_relu, relu, sigmoid, silu, tanh  # noqa: E402
from .attention import scaled_dot_product_attention  # noqa: E402
from .conv import conv1d, conv2d  # noqa: E402
from .distance import cosine_similarity, normalize, pairwise_distance  # noqa: E402
from .embedding import embedding, one_hot  # noqa: E402
from .losses import (binary_cross_entropy, binary_cross_entropy_with_logits,  # noqa: E402
                     huber_loss, kl_div, l1_loss, nll_loss, smooth_l1_loss)
from .norm import batch_norm, group_norm, layer_norm  # noqa: E402
from .padding import pad  # noqa: E402
from .pooling import (adaptive_avg_pool1d, adaptive_avg_pool2d, avg_pool1d,  # noqa: E402
                      avg_pool2d, max_pool1d, max_pool2d)
