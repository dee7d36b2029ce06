"""Losses: a loss compares a prediction with a target and returns a number to minimise.

Functions (also in ``minigrad.nn.functional``) and the modules around them:

=============================================  ==========================================  =====
function                                       module                                      ch.
=============================================  ==========================================  =====
``mse_loss`` (in ``functional.py``)            ``MSELoss``                                 6
``cross_entropy`` (``functional.py``; options  ``CrossEntropyLoss``                        8, 13
here)
``nll_loss``                                   ``NLLLoss``                                 11
``binary_cross_entropy``                       ``BCELoss``                                 11
``binary_cross_entropy_with_logits``           ``BCEWithLogitsLoss``                       11
``l1_loss``, ``smooth_l1_loss``,               ``L1Loss``, ``SmoothL1Loss``, ``HuberLoss``  11
``huber_loss``
``kl_div``                                     ``KLDivLoss``                               —
=============================================  ==========================================  =====

Every one takes PyTorch's arguments, including ``reduction`` ('mean', 'sum' or
'none': one loss per element, or per sample for the classification losses).
Prediction and target must have the same shape: losses do not broadcast, because
an (N, 1) prediction against an (N,) target would silently compare every row
with every target.  Each is one recorded op with its gradient written beside it.
"""

from __future__ import annotations

import warnings

import numpy as np

from ..autograd import record
from ..dtypes import promote_types, refuse_bool, require_float, result_type
from ..errors import ShapeError
from ..ops.operands import grads_as
from ..tensor import Tensor
from . import functional as F
from .module import Module


def _array(t, name: str, fn: str) -> np.ndarray:
    if t is None:
        return None
    if isinstance(t, Tensor):
        return t.data
    return np.asarray(t)


def _same_shape(a: Tensor, b: Tensor, fn: str, names=("input", "target")) -> None:
    if a.shape != b.shape:
        raise ShapeError(f"{fn}: {names[0]} has shape {a.shape} but {names[1]} has shape "
                         f"{b.shape}; they must be equal (reshape one, e.g. y.reshape(-1, 1)).")


def _reduce(values: np.ndarray, reduction: str, dtype) -> tuple:
    """The reduced loss and the factor each element's gradient is multiplied by."""
    if reduction == "none":
        return values.astype(dtype, copy=False), None
    if reduction == "sum":
        return np.asarray(values.sum(), dtype=dtype), 1.0
    n = values.size
    with np.errstate(invalid="ignore", divide="ignore"):   # an empty batch is nan, as PyTorch
        return np.asarray(values.sum() / n if n else np.nan, dtype=dtype), 1.0 / max(n, 1)


def _upstream(g: np.ndarray, scale):
    """The gradient arriving at each element: g itself ('none'), or g·scale."""
    return g if scale is None else g * scale


# -- elementwise regression losses ---------------------------------------------------------
def _pointwise(fn: str, input, target, reduction: str, value, slope,
               input_dtype: bool = False) -> Tensor:
    """A loss Σ f(input - target): ``value(d)`` is f, ``slope(d)`` its derivative.  Computed
    in the dtype the two promote to (floats only); the loss has that dtype too, or with
    ``input_dtype`` the input's (PyTorch's huber_loss)."""
    F._check_reduction(reduction, fn)
    x, t = F._tensor(input, "input", fn), F._tensor(target, "target", fn)
    _same_shape(x, t, fn)
    if fn == "l1_loss" and (x.dtype.kind == "b" or t.dtype.kind == "b"):
        # PyTorch's l1_loss subtracts the two, which it refuses for a bool
        refuse_bool(np.dtype(np.bool_), fn, "convert the target with .float() first")
    dtype = result_type(x, t)                     # PyTorch's promotion, floats only
    require_float(x.dtype if input_dtype else dtype, fn,
                  "the input" if input_dtype else "the input and target (promoted)")
    d = x.data.astype(dtype, copy=False) - t.data.astype(dtype, copy=False)
    loss, scale = _reduce(value(d), reduction, x.dtype if input_dtype else dtype)
    need_x, need_t = x.requires_grad, t.requires_grad

    def backward(g):
        gd = _upstream(g, scale) * slope(d)
        return (gd if need_x else None, -gd if need_t else None)

    if x.dtype != dtype or t.dtype != dtype:
        backward = grads_as(backward, x, t)

    return record(loss, (x, t), backward, fn)          # reads its own difference d


def l1_loss(input, target, reduction: str = "mean") -> Tensor:
    """The mean (or sum) of |input - target|; its slope is ±1 (0 where they are equal).

    Args:
        input (Tensor): any shape.
        target (Tensor): the same shape.
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'`` (one loss per element).

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.l1_loss(mg.tensor([1.0, -1.0]), mg.tensor([0.0, 0.0]))
        tensor(1.)
    """
    return _pointwise("l1_loss", input, target, reduction, np.abs, np.sign)


def smooth_l1_loss(input, target, reduction: str = "mean", beta: float = 1.0) -> Tensor:
    """½d²/β where |d| < β, |d| - ½β elsewhere (d = input - target): quadratic near 0, linear
    (robust to outliers) far away.

    Args:
        input (Tensor): any shape.
        target (Tensor): the same shape.
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'`` (one loss per element).
        beta (float): where the quadratic part ends (1).

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.smooth_l1_loss(mg.tensor([0.5, 3.0]), mg.zeros(2), reduction="none")
        tensor([0.125, 2.5  ])
    """
    if beta < 0:
        raise ValueError(f"smooth_l1_loss: beta must be >= 0, got {beta}.")
    if beta == 0:
        return l1_loss(input, target, reduction)
    return _pointwise("smooth_l1_loss", input, target, reduction,
                      lambda d: np.where(np.abs(d) < beta, 0.5 * d * d / beta,
                                         np.abs(d) - 0.5 * beta),
                      lambda d: np.clip(d / beta, -1, 1))


def huber_loss(input, target, reduction: str = "mean", delta: float = 1.0) -> Tensor:
    """½d² where |d| < δ, δ(|d| - ½δ) elsewhere (d = input - target): smooth L1 scaled by δ.

    Args:
        input (Tensor): any shape.
        target (Tensor): the same shape.
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'`` (one loss per element).
        delta (float): where the quadratic part ends (1).

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.huber_loss(mg.tensor([0.5, 3.0]), mg.zeros(2), reduction="sum", delta=2.0)
        tensor(4.125)
    """
    if delta <= 0:
        raise ValueError(f"huber_loss: delta must be > 0, got {delta}.")
    return _pointwise("huber_loss", input, target, reduction,
                      lambda d: np.where(np.abs(d) < delta, 0.5 * d * d,
                                         delta * (np.abs(d) - 0.5 * delta)),
                      lambda d: np.clip(d, -delta, delta), input_dtype=True)


# -- binary classification -----------------------------------------------------------------
#: The floor of p(1 - p) in BCE's slope: PyTorch's 1e-12, which it stores as a float32.
_BCE_EPS = float(np.float32(1e-12))

def binary_cross_entropy(input, target, weight=None, reduction: str = "mean") -> Tensor:
    """-w·(t·log p + (1 - t)·log(1 - p)) for probabilities p in [0, 1].

    As in PyTorch, each log is clamped at -100, so p = 0 or 1 gives a large finite loss,
    and the slope's denominator p(1 - p) at least 1e-12.  For raw scores use
    :func:`binary_cross_entropy_with_logits`, which is exact for any score.

    Args:
        input (Tensor): probabilities p (after a sigmoid), any shape.
        target (Tensor): targets t in [0, 1], the same shape.
        weight (Tensor, optional): w, broadcastable to the input.
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'`` (one loss per element).

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.binary_cross_entropy(mg.tensor([0.8, 0.1]), mg.tensor([1.0, 0.0]))
        tensor(0.16425203)
    """
    fn = "binary_cross_entropy"
    F._check_reduction(reduction, fn)
    p, t = F._tensor(input, "input", fn), F._tensor(target, "target", fn)
    _same_shape(p, t, fn)
    P, T = p.data, t.data
    if P.size and (np.nanmin(P) < 0 or np.nanmax(P) > 1):
        raise ValueError(f"{fn}: all elements of input should be between 0 and 1 (they are "
                         f"probabilities; for raw scores use binary_cross_entropy_with_logits).")
    w = _array(weight, "weight", fn)
    with np.errstate(divide="ignore"):
        log_p, log_q = np.maximum(np.log(P), -100), np.maximum(np.log1p(-P), -100)
    values = -(T * log_p + (1 - T) * log_q)
    if w is not None:
        values = values * w
    loss, scale = _reduce(values, reduction, P.dtype)
    need_p, need_t = p.requires_grad, t.requires_grad

    def backward(g):
        up = _upstream(g, scale)
        if w is not None:
            up = up * w
        gp = up * (P - T) / np.maximum(P * (1 - P), _BCE_EPS) if need_p else None
        gt = up * (log_q - log_p) if need_t else None
        return gp, gt

    return record(loss, (p, t), backward, fn, saved=(p, t))


def binary_cross_entropy_with_logits(input, target, weight=None, reduction: str = "mean",
                                     pos_weight=None) -> Tensor:
    """Sigmoid and binary cross-entropy in one, exact for scores of any size.

    With s(z) = log(1 + e⁻ᶻ) computed as max(-z, 0) + log(1 + e^-|z|) (never overflows),
    the loss is (1 - t)·z + (1 + (pos_weight - 1)·t)·s(z), and its slope in z is σ(z) - t
    when ``pos_weight`` is 1.

    Args:
        input (Tensor): raw scores z, any shape.
        target (Tensor): targets t in [0, 1], the same shape.
        weight (Tensor, optional): a weight per element, broadcastable to the input.
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'`` (one loss per element).
        pos_weight (Tensor, optional): weighs the positive examples, one per class (the
            last dimension).

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.binary_cross_entropy_with_logits(mg.tensor([1000.0, -1000.0]), mg.tensor([1.0, 0.0]))
        tensor(0.)
    """
    fn = "binary_cross_entropy_with_logits"
    F._check_reduction(reduction, fn)
    z, t = F._tensor(input, "input", fn), F._tensor(target, "target", fn)
    _same_shape(z, t, fn)
    require_float(z.dtype, fn, "the input (scores)")
    require_float(t.dtype, fn, "the target (0/1 labels or probabilities, as floats)")
    F.same_dtype(fn, z, ("target", t))
    Z, T = z.data, t.data
    w, pw = _array(weight, "weight", fn), _array(pos_weight, "pos_weight", fn)
    w = None if w is None else w.astype(Z.dtype, copy=False)
    pw = None if pw is None else pw.astype(Z.dtype, copy=False)
    softplus_neg = np.maximum(-Z, 0) + np.log1p(np.exp(-np.abs(Z)))     # log(1 + e^-z)
    sig = 0.5 * (np.tanh(0.5 * Z) + 1)
    log_weight = 1 if pw is None else (pw - 1) * T + 1
    values = (1 - T) * Z + log_weight * softplus_neg
    if w is not None:
        values = values * w
    loss, scale = _reduce(values, reduction, Z.dtype)
    need_z, need_t = z.requires_grad, t.requires_grad

    def backward(g):
        up = _upstream(g, scale)
        if w is not None:
            up = up * w
        gz = up * ((1 - T) - log_weight * (1 - sig)) if need_z else None
        gt = None
        if need_t:
            gt = up * (-Z + (0 if pw is None else (pw - 1) * softplus_neg))
        return gz, gt

    return record(loss, (z, t), backward, fn, saved=(z, t))


# -- classification with class indices ------------------------------------------------------
def _class_layout(L: np.ndarray, fn: str):
    """Scores with the class axis at 1: (C,) becomes (1, C); (N, C, d1, ...) stays."""
    if L.ndim == 0:
        raise ShapeError(f"{fn}: input must have a class dimension, got a scalar.")
    return (L[None], True) if L.ndim == 1 else (L, False)


def _unbatched_target(target, squeeze: bool, input_shape: tuple, fn: str) -> np.ndarray:
    """The target as an array, given a batch axis when the input (C,) had none."""
    T = _array(target, "target", fn)
    if not squeeze:
        return T
    if T.dtype.kind in "iu" and T.shape != ():
        raise ShapeError(f"{fn}: for an input of shape {input_shape} (one sample) the target must "
                         f"have shape () (one class index), got {T.shape}.")
    return T[None]


def _index_targets(T: np.ndarray, L: np.ndarray, ignore_index: int, fn: str):
    """(safe class indices, mask of targets that count) after checking shape and range."""
    want = (L.shape[0],) + L.shape[2:]
    if T.shape != want:
        raise ShapeError(f"{fn}: target must have shape {want} (the input {L.shape} without its "
                         f"class dimension), got {T.shape}.")
    valid = T != ignore_index
    bad = valid & ((T < 0) | (T >= L.shape[1]))
    if bad.any():
        raise IndexError(f"{fn}: target holds class {T[bad].flat[0]}, but the input has "
                         f"{L.shape[1]} classes (valid: 0 to {L.shape[1] - 1}, or "
                         f"ignore_index={ignore_index}).")
    return np.where(valid, T, 0), valid


def _class_weights(weight, C: int, dtype, fn: str):
    w = _array(weight, "weight", fn)
    if w is not None and w.shape != (C,):
        raise ShapeError(f"{fn}: weight must have one entry per class, shape ({C},), got "
                         f"{w.shape}.")
    if w is not None and w.dtype != dtype:
        raise TypeError(f"{fn}: weight has dtype {w.dtype} but the input has {dtype}; they "
                        f"must be the same (PyTorch does not promote here either).")
    return w


def class_indices(T: np.ndarray, fn: str) -> None:
    """Class-index targets are int64 (or uint8), as PyTorch requires."""
    if T.dtype not in (np.int64, np.uint8):
        raise TypeError(f"{fn}: class-index targets must have dtype int64 (or uint8), as in "
                        f"PyTorch, got {T.dtype}; convert them with target.long(). (Class "
                        f"probabilities are floats of the input's shape.)")


def _weighted_log_loss(logp_input: Tensor, LP: np.ndarray, Q: np.ndarray, denom, reduction,
                       squeeze: bool, fn: str, softmax_of: np.ndarray = None,
                       target: Tensor = None, target_coef=None, counted=None,
                       read: tuple = ()) -> Tensor:
    """The loss -Σ_c Q·log p per sample, reduced.  ``Q`` (same layout as the scores) holds
    every sample's coefficients.  With ``softmax_of`` (the scores' softmax), the input is
    the raw scores and the slope is softmax·ΣQ - Q; otherwise it is log p itself, slope -Q.
    A probability ``target`` that requires grad gets -target_coef·log p (Q = target_coef·t
    plus constants).  ``counted`` marks the samples whose target is not ignored: when none
    is counted, the mean is nan but the gradient is 0 (PyTorch's), not 0·nan.  ``read``
    holds the target and weight tensors, whose versions are checked before backward, as
    PyTorch does (Q was computed from them)."""
    per_sample = -(Q * LP).sum(axis=1)
    dtype = LP.dtype
    if reduction == "none":
        loss, scale = per_sample, None
    elif reduction == "sum":
        loss, scale = np.asarray(per_sample.sum(), dtype=dtype), 1.0
    else:
        with np.errstate(invalid="ignore", divide="ignore"):     # all ignored: nan, as PyTorch
            loss = np.asarray(per_sample.sum() / denom, dtype=dtype)
            scale = 1.0 / denom if denom else np.nan
    if squeeze and reduction == "none":
        loss = loss[0]

    def backward(g):
        up = g if scale is None else g * scale
        up = np.asarray(up, dtype=dtype)
        if scale is None:
            up = (up[None] if squeeze else up)[:, None]
        elif counted is not None and not denom:     # every target ignored (or weighed 0)
            up = np.where(counted[:, None], up, np.zeros((), dtype))
        if softmax_of is None:
            grad = -Q * up
        else:
            grad = (softmax_of * Q.sum(axis=1, keepdims=True) - Q) * up
        grad = grad[0] if squeeze else grad
        if target is None:
            return (grad,)
        gt = -target_coef * LP * up
        return grad, (gt[0] if squeeze else gt)

    inputs = (logp_input,) if target is None else (logp_input, target)
    return record(np.asarray(loss, dtype=dtype), inputs, backward, fn,
                  saved=tuple(t for t in read if isinstance(t, Tensor)))


def nll_loss(input, target, weight=None, ignore_index: int = -100,
             reduction: str = "mean") -> Tensor:
    """The negative log-likelihood of the target class, given log-probabilities.

    ``input`` (N, C) or (N, C, d1, ...) holds log-probabilities (``log_softmax``'s
    output); ``target`` the class of each sample.  With class ``weight`` w, the mean is
    Σ w[yᵢ]·(-input[i, yᵢ]) / Σ w[yᵢ]; targets equal to ``ignore_index`` count for nothing.

    Args:
        input (Tensor): log-probabilities, (N, C) or (N, C, d1, ...).
        target (Tensor): class indices, (N,) or (N, d1, ...).
        weight (Tensor, optional): (C,), a weight per class.
        ignore_index (int): a target to skip (-100).
        reduction (str): ``'mean'`` (weighted), ``'sum'`` or ``'none'`` (one per sample).

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> logp = mg.tensor([[-0.1, -2.0], [-3.0, -0.5]])
        >>> F.nll_loss(logp, mg.tensor([0, 1]))
        tensor(0.3)
    """
    fn = "nll_loss"
    F._check_reduction(reduction, fn)
    x = F._tensor(input, "input", fn)
    require_float(x.dtype, fn, "the input (log-probabilities)")
    L, squeeze = _class_layout(x.data, fn)
    T = _unbatched_target(target, squeeze, x.shape, fn)
    class_indices(T, fn)
    safe, valid = _index_targets(T, L, ignore_index, fn)
    w = _class_weights(weight, L.shape[1], L.dtype, fn)
    picked_w = valid.astype(L.dtype) if w is None else w[safe] * valid
    Q = np.zeros_like(L)
    np.put_along_axis(Q, safe[:, None], picked_w[:, None], axis=1)
    return _weighted_log_loss(x, L, Q, picked_w.sum(), reduction, squeeze, fn, counted=valid,
                              read=(target, weight))


def cross_entropy_general(input, target, weight=None, ignore_index: int = -100,
                          reduction: str = "mean", label_smoothing: float = 0.0) -> Tensor:
    """:func:`minigrad.nn.functional.cross_entropy` with every option PyTorch has.

    * **class indices** as targets (integers, the input's shape without the class
      axis): ``weight`` per class, ``ignore_index``, and ``label_smoothing`` ε, which
      mixes the one-hot target with the uniform distribution: the loss is
      (1 - ε)·nll + ε·(mean over classes of -w_c·log p_c), both divided by Σ w[yᵢ]
      for 'mean', exactly as PyTorch computes it;
    * **class probabilities** as targets (floats, the input's shape): the loss is
      -Σ_c w_c·t_c·log p_c per sample (t smoothed to (1 - ε)t + ε/C), and 'mean'
      divides by the number of samples.
    """
    fn = "cross_entropy"
    F._check_reduction(reduction, fn)
    if not 0.0 <= label_smoothing <= 1.0:
        raise ValueError(f"{fn}: label_smoothing must be in [0, 1], got {label_smoothing}.")
    x = F._tensor(input, "input", fn)
    require_float(x.dtype, fn, "the input (the scores, or logits)")
    L, squeeze = _class_layout(x.data, fn)
    C = L.shape[1]
    T = _unbatched_target(target, squeeze, x.shape, fn)
    w = _class_weights(weight, C, L.dtype, fn)
    w_b = None if w is None else w.reshape((1, C) + (1,) * (L.ndim - 2))
    logp = F._log_softmax_array(L, 1)
    eps = label_smoothing
    if T.dtype.kind == "f":                                        # class probabilities
        if T.shape != L.shape:
            raise ShapeError(f"{fn}: probability targets must have the input's shape "
                             f"{x.shape}, got {T.shape[1:] if squeeze else T.shape}.")
        if ignore_index != -100:
            raise ValueError(f"{fn}: ignore_index is not supported for probability targets.")
        if promote_types(T.dtype, L.dtype) != L.dtype:     # float64 probabilities meet
            x = x.to(T.dtype)                                # float32 scores: in float64
            L, logp = x.data, F._log_softmax_array(x.data, 1)
        coef = (1 - eps) * (w_b if w_b is not None else 1)
        Q = T.astype(L.dtype) * coef
        if eps:
            Q += (eps / C) * (w_b if w_b is not None else 1)
        denom = L.size // C
        if isinstance(target, Tensor) and target.requires_grad:
            return _weighted_log_loss(x, logp, Q, denom, reduction, squeeze, fn,
                                      softmax_of=np.exp(logp), target=target, target_coef=coef,
                                      read=(weight,))
    elif T.dtype.kind in "iub":                                    # class indices
        class_indices(T, fn)
        safe, valid = _index_targets(T, L, ignore_index, fn)
        picked_w = valid.astype(L.dtype) if w is None else w[safe] * valid
        Q = np.zeros_like(L)
        np.put_along_axis(Q, safe[:, None], (1 - eps) * picked_w[:, None], axis=1)
        if eps:
            spread = np.broadcast_to(w_b if w_b is not None else np.ones((1,) * L.ndim, L.dtype),
                                     L.shape)
            Q += (eps / C) * spread * valid[:, None]
        denom = picked_w.sum()
        return _weighted_log_loss(x, logp, Q, denom, reduction, squeeze, fn,
                                  softmax_of=np.exp(logp), counted=valid,
                                  read=(target, weight))
    else:
        raise TypeError(f"{fn}: target must hold class indices (integers) or class "
                        f"probabilities (floats), got dtype {T.dtype}.")
    return _weighted_log_loss(x, logp, Q, denom, reduction, squeeze, fn, softmax_of=np.exp(logp),
                              read=(target, weight))


# -- modules -------------------------------------------------------------------------------
class _Loss(Module):
    def __init__(self, reduction: str = "mean"):
        super().__init__()
        F._check_reduction(reduction, type(self).__name__)
        self.reduction = reduction

    def extra_repr(self) -> str:
        return "" if self.reduction == "mean" else f"reduction={self.reduction!r}"


def _weight_not_reduction(weight, name: str):
    if isinstance(weight, str):
        raise TypeError(f"{name}: the first argument is the class weights, as in PyTorch; pass "
                        f"the reduction by name: {name}(reduction={weight!r}).")
    return weight


class MSELoss(_Loss):
    """The mean squared error (:func:`minigrad.nn.functional.mse_loss`), for regression.

    Args:
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``.

    Shape:
        prediction: any shape; target: the same (no broadcasting); output: a number.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.MSELoss()(mg.tensor([1.0, 3.0]), mg.tensor([1.0, 1.0]))
        tensor(2.)
    """

    def forward(self, prediction, target):
        return F.mse_loss(prediction, target, self.reduction)


class L1Loss(_Loss):
    """The mean absolute error (:func:`minigrad.nn.functional.l1_loss`).

    Args:
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``.

    Shape:
        input: any shape; target: the same; output: a number.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.L1Loss(reduction="sum")(mg.tensor([1.0, 3.0]), mg.tensor([1.0, 1.0]))
        tensor(2.)
    """

    def forward(self, input, target):
        return l1_loss(input, target, self.reduction)


class SmoothL1Loss(_Loss):
    """:func:`minigrad.nn.functional.smooth_l1_loss` as a module.

    Args:
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``.
        beta (float): where the quadratic part ends (1).

    Shape:
        input: any shape; target: the same; output: a number.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.SmoothL1Loss()(mg.tensor([0.5]), mg.tensor([0.0]))
        tensor(0.125)
    """
    def __init__(self, reduction: str = "mean", beta: float = 1.0):
        super().__init__(reduction)
        self.beta = beta

    def forward(self, input, target):
        return smooth_l1_loss(input, target, self.reduction, self.beta)


class HuberLoss(_Loss):
    """:func:`minigrad.nn.functional.huber_loss` as a module.

    Args:
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``.
        delta (float): where the quadratic part ends (1).

    Shape:
        input: any shape; target: the same; output: a number.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.HuberLoss(delta=2.0)(mg.tensor([3.0]), mg.tensor([0.0]))
        tensor(4.)
    """
    def __init__(self, reduction: str = "mean", delta: float = 1.0):
        super().__init__(reduction)
        self.delta = delta

    def forward(self, input, target):
        return huber_loss(input, target, self.reduction, self.delta)


class BCELoss(_Loss):
    """Binary cross-entropy of probabilities (after a sigmoid):
    :func:`minigrad.nn.functional.binary_cross_entropy`.

    Args:
        weight (Tensor, optional): a weight per element (broadcast).
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``.

    Shape:
        input: probabilities, any shape; target: the same; output: a number.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.BCELoss()(mg.tensor([0.5]), mg.tensor([1.0]))
        tensor(0.69314718)
    """

    def __init__(self, weight=None, reduction: str = "mean"):
        super().__init__(reduction)
        self.weight = _weight_not_reduction(weight, "BCELoss")

    def forward(self, input, target):
        return binary_cross_entropy(input, target, self.weight, self.reduction)


class BCEWithLogitsLoss(_Loss):
    """Binary cross-entropy of raw scores: stable for any score; prefer it to Sigmoid +
    BCELoss (:func:`minigrad.nn.functional.binary_cross_entropy_with_logits`).

    Args:
        weight (Tensor, optional): a weight per element (broadcast).
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``.
        pos_weight (Tensor, optional): weighs the positive examples, one per class.

    Shape:
        input: scores, any shape; target: the same; output: a number.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.BCEWithLogitsLoss()(mg.tensor([0.0]), mg.tensor([1.0]))
        tensor(0.69314718)
    """

    def __init__(self, weight=None, reduction: str = "mean", pos_weight=None):
        super().__init__(reduction)
        self.weight = _weight_not_reduction(weight, "BCEWithLogitsLoss")
        self.pos_weight = pos_weight

    def forward(self, input, target):
        return binary_cross_entropy_with_logits(input, target, self.weight, self.reduction,
                                                self.pos_weight)


class NLLLoss(_Loss):
    """Negative log-likelihood of log-probabilities (``LogSoftmax`` + ``NLLLoss`` =
    ``CrossEntropyLoss``): :func:`minigrad.nn.functional.nll_loss`.

    Args:
        weight (Tensor, optional): (C,), a weight per class.
        ignore_index (int): a target to skip (-100).
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``.

    Shape:
        input: (N, C) log-probabilities; target: (N,) class indices; output: a number.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.NLLLoss()(mg.tensor([[-0.5, -1.0]]), mg.tensor([1]))
        tensor(1.)
    """

    def __init__(self, weight=None, ignore_index: int = -100, reduction: str = "mean"):
        super().__init__(reduction)
        self.weight = _weight_not_reduction(weight, "NLLLoss")
        self.ignore_index = ignore_index

    def forward(self, input, target):
        return nll_loss(input, target, self.weight, self.ignore_index, self.reduction)


class CrossEntropyLoss(_Loss):
    """Softmax and negative log-likelihood in one, for classification
    (:func:`minigrad.nn.functional.cross_entropy`).

    Give it raw scores (logits) of shape (N, C) (or (N, C, d1, ...)) and class indices of
    shape (N,) (or (N, d1, ...)), or class probabilities of the logits' shape.  It is
    computed through ``log_softmax``, which stays finite for logits of any size, so do not
    apply softmax yourself first.

    Args:
        weight (Tensor, optional): (C,), a weight per class.
        ignore_index (int): a target to skip (-100).
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``.
        label_smoothing (float): mix the targets with the uniform distribution (0).

    Shape:
        logits: (N, C); target: (N,) class indices or (N, C) probabilities; output: a
        number.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> loss_fn = nn.CrossEntropyLoss(label_smoothing=0.1)
        >>> loss_fn(mg.tensor([[10.0, 0.0], [0.0, 10.0]]), mg.tensor([0, 1]))
        tensor(0.5000454)
    """

    def __init__(self, weight=None, ignore_index: int = -100, reduction: str = "mean",
                 label_smoothing: float = 0.0):
        super().__init__(reduction)
        self.weight = _weight_not_reduction(weight, "CrossEntropyLoss")
        self.ignore_index, self.label_smoothing = ignore_index, label_smoothing

    def forward(self, logits, target):
        return F.cross_entropy(logits, target, self.weight, self.ignore_index, self.reduction,
                               self.label_smoothing)


# -- Kullback-Leibler divergence -----------------------------------------------------------
_KL_REDUCTIONS = ("mean", "batchmean", "sum", "none")


def kl_div(input, target, size_average=None, reduce=None, reduction: str = "mean",
           log_target: bool = False) -> Tensor:
    """The Kullback-Leibler divergence of ``target`` from ``input``, as PyTorch's ``kl_div``:
    pointwise ``target · (log target - input)``, where ``input`` holds *log*-probabilities.

    ``reduction='batchmean'`` (the sum divided by the batch size) is the divergence as
    mathematics defines it; ``'mean'`` (the default, as in PyTorch) divides by the number of
    elements instead and warns that it does.  Where ``target`` is 0 its term is 0.

    Args:
        input (Tensor): log-probabilities, e.g. ``log_softmax`` of scores, shape (N, *).
        target (Tensor): probabilities of the same shape (or log-probabilities with
            ``log_target=True``: then the term is ``exp(target) · (target - input)``).
        size_average: PyTorch's deprecated argument; must be None (use ``reduction``).
        reduce: PyTorch's deprecated argument; must be None (use ``reduction``).
        reduction (str): ``'mean'``, ``'batchmean'``, ``'sum'`` or ``'none'``.
        log_target (bool): ``target`` holds log-probabilities.

    Shape:
        a number, or ``input``'s shape for ``reduction='none'``.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> p = mg.tensor([[0.25, 0.75]])
        >>> q = mg.tensor([[0.5, 0.5]])
        >>> F.kl_div(q.log(), p, reduction="batchmean")
        tensor(0.13081204)
    """
    fn = "kl_div"
    if size_average is not None or reduce is not None:
        raise TypeError(f"{fn}: size_average and reduce are PyTorch's deprecated arguments; "
                        f"pass reduction= ('mean', 'batchmean', 'sum' or 'none') instead.")
    if reduction not in _KL_REDUCTIONS:
        raise ValueError(f"{fn}: reduction must be one of {_KL_REDUCTIONS}, got {reduction!r}.")
    if reduction == "mean":
        warnings.warn("kl_div: reduction='mean' divides by the number of elements, not by the "
                      "batch size; reduction='batchmean' gives the KL divergence as defined (as "
                      "PyTorch warns too).", UserWarning, stacklevel=2)
    x, t = F._tensor(input, "input", fn), F._tensor(target, "target", fn)
    _same_shape(x, t, fn)
    if x.dtype.kind != "f" or t.dtype.kind != "f":
        raise TypeError(f"{fn}: the input and target must be floating-point tensors, got "
                        f"{x.dtype} and {t.dtype} (PyTorch refuses integers and bools too); "
                        f"convert them first, e.g. with .double().")
    dtype = result_type(x, t)                     # PyTorch's promotion of two floats
    X, T = x.data.astype(dtype, copy=False), t.data.astype(dtype, copy=False)
    own = t.data        # e^t and t·log t are computed in the target's own dtype, as PyTorch's
    with np.errstate(divide="ignore", invalid="ignore"):
        if log_target:
            e = np.exp(own).astype(dtype, copy=False)
            values = e * (T - X)
        else:
            log_t = np.log(own)
            values = np.where(own == 0, 0, own * log_t).astype(dtype, copy=False) - T * X
            log_t = log_t.astype(dtype, copy=False)
    if reduction == "batchmean":
        loss = np.asarray(values.sum() / (X.shape[0] if X.ndim else 1), dtype=dtype)
        scale = 1.0 / (X.shape[0] if X.ndim else 1)
    else:
        loss, scale = _reduce(values, reduction, dtype)
    need_x, need_t = x.requires_grad, t.requires_grad

    def backward(g):
        up = _upstream(g, scale)
        gx = gt = None
        with np.errstate(divide="ignore", invalid="ignore"):
            if need_x:
                gx = -(e if log_target else T) * up
            if need_t:
                # d/dt: e·(t - x + 1) with log targets; else log t + 1 - x (NaN at t = 0,
                # as PyTorch's xlogy gives)
                gt = (e * (T - X + 1) if log_target
                      else np.where(T == 0, np.nan, log_t + 1) - X) * up
        return gx, gt

    if x.dtype != dtype or t.dtype != dtype:
        backward = grads_as(backward, x, t)
    return record(loss, (x, t), backward, fn, saved=(x, t))


class KLDivLoss(_Loss):
    """The Kullback-Leibler divergence loss (:func:`kl_div`): the input holds
    log-probabilities, the target probabilities (or log-probabilities with
    ``log_target=True``).

    Args:
        size_average: PyTorch's deprecated argument; must be None.
        reduce: PyTorch's deprecated argument; must be None.
        reduction (str): ``'mean'`` (the default, which warns), ``'batchmean'`` (the KL
            divergence as defined), ``'sum'`` or ``'none'``.
        log_target (bool): the target holds log-probabilities.

    Shape:
        input (N, *), target the same; output a number, or (N, *) for ``'none'``.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> loss = nn.KLDivLoss(reduction="batchmean")
        >>> loss(mg.tensor([[0.5, 0.5]]).log(), mg.tensor([[0.25, 0.75]]))
        tensor(0.13081204)
    """

    def __init__(self, size_average=None, reduce=None, reduction: str = "mean",
                 log_target: bool = False):
        Module.__init__(self)
        if size_average is not None or reduce is not None:
            raise TypeError("KLDivLoss: size_average and reduce are PyTorch's deprecated "
                            "arguments; pass reduction= instead.")
        if reduction not in _KL_REDUCTIONS:
            raise ValueError(f"KLDivLoss: reduction must be one of {_KL_REDUCTIONS}, got "
                             f"{reduction!r}.")
        self.reduction, self.log_target = reduction, log_target

    def forward(self, input, target):
        """The loss of log-probabilities ``input`` against ``target`` (see :func:`kl_div`)."""
        return kl_div(input, target, reduction=self.reduction, log_target=self.log_target)
