"""``nn.utils``: clipping gradients before an optimizer step (chapter 11).

A single bad batch can produce a huge gradient that throws a network far from
where it was (recurrent nets are prone to it).  Clipping bounds the step:

* :func:`clip_grad_norm_` rescales all gradients together so that their joint
  norm is at most ``max_norm`` (the direction is kept; only the length shrinks);
* :func:`clip_grad_value_` clamps every gradient element into [-clip, clip].

Both change ``.grad`` in place, as in PyTorch, and are called between
``loss.backward()`` and ``optimizer.step()``.
"""

from __future__ import annotations

import math

import numpy as np

from ..tensor import Tensor


def _grads(parameters, fn: str) -> list:
    if isinstance(parameters, Tensor):
        parameters = [parameters]
    try:
        params = list(parameters)
    except TypeError:
        raise TypeError(f"{fn}: expected a tensor or an iterable of tensors (e.g. "
                        f"model.parameters()), got {type(parameters).__name__}.") from None
    for i, p in enumerate(params):
        if not isinstance(p, Tensor):
            raise TypeError(f"{fn}: item {i} is a {type(p).__name__}, not a Tensor.")
    return [p.grad for p in params if p.grad is not None]


def clip_grad_norm_(parameters, max_norm: float, norm_type: float = 2.0,
                    error_if_nonfinite: bool = False) -> Tensor:
    """Scale the gradients so that their total ``norm_type``-norm is at most ``max_norm``
    (chapter 11).

    The total norm is the norm of all gradients concatenated into one vector (``inf`` for
    the largest absolute value).  When it exceeds ``max_norm``, every gradient is multiplied
    by ``max_norm / (total + 1e-6)``.  Returns the total norm before clipping, as a tensor.

    Args:
        parameters (iterable of Tensors, or one Tensor): whose ``.grad`` to clip (those
            without a gradient are skipped).
        max_norm (float): the largest total norm allowed.
        norm_type (float): the norm's p (2; ``inf`` for the largest element).
        error_if_nonfinite (bool): raise if the total norm is NaN or infinite (else the
            gradients become NaN, as PyTorch's do).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> w = mg.tensor([0.0, 0.0], requires_grad=True)
        >>> (w * mg.tensor([3.0, 4.0])).sum().backward()
        >>> nn.utils.clip_grad_norm_([w], max_norm=1.0)
        tensor(5.)
        >>> w.grad.data.round(6)
        array([0.6, 0.8])
    """
    grads = _grads(parameters, "clip_grad_norm_")
    norm_type = float(norm_type)
    if not grads:
        return Tensor(0.0)
    if norm_type == math.inf:
        total = max(float(np.abs(g.data).max()) if g.data.size else 0.0 for g in grads)
    else:
        total = sum(float((np.abs(g.data.astype(np.float64)) ** norm_type).sum())
                    for g in grads) ** (1.0 / norm_type)
    if error_if_nonfinite and not math.isfinite(total):
        raise RuntimeError(f"clip_grad_norm_: the total norm of order {norm_type} of the "
                           f"gradients is {total}, so they cannot be clipped; pass "
                           f"error_if_nonfinite=False to clip anyway.")
    coef = float(max_norm) / (total + 1e-6)
    if coef < 1:
        for g in grads:
            g.data *= np.asarray(coef, dtype=g.data.dtype)
    return Tensor(np.asarray(total, dtype=grads[0].data.dtype))


def clip_grad_value_(parameters, clip_value: float) -> None:
    """Clamp every gradient element into [-clip_value, clip_value], in place.

    Args:
        parameters (iterable of Tensors, or one Tensor): whose ``.grad`` to clamp.
        clip_value (float): the bound.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> w = mg.tensor([0.0, 0.0], requires_grad=True)
        >>> (w * mg.tensor([3.0, -0.5])).sum().backward()
        >>> nn.utils.clip_grad_value_([w], 1.0)
        >>> w.grad
        tensor([ 1. , -0.5])
    """
    grads = _grads(parameters, "clip_grad_value_")
    clip_value = float(clip_value)
    for g in grads:
        np.clip(g.data, -clip_value, clip_value, out=g.data)


__all__ = ["clip_grad_norm_", "clip_grad_value_"]
