"""Stochastic gradient descent, with optional momentum (plain or Nesterov) and weight decay.

The update, as in PyTorch's documentation for ``torch.optim.SGD``:

    g ← grad + weight_decay · p
    b ← g                     on the first step,  b ← momentum · b + (1 − dampening) · g  after
    g ← g + momentum · b      with nesterov=True,  g ← b  without
    p ← p − lr · g            (with momentum = 0, simply p ← p − lr · g)

Nesterov's variant looks one step ahead: it uses the gradient *plus* where the
momentum is about to carry the weights, which damps oscillations.
"""

from __future__ import annotations

import numpy as np

from .optimizer import Optimizer, _check_hyper


class SGD(Optimizer):
    """Stochastic gradient descent, with optional momentum (plain or Nesterov) and weight
    decay (chapter 5), PyTorch's update::

        g ← grad + weight_decay · p
        b ← g (first step), then b ← momentum · b + (1 − dampening) · g
        g ← g + momentum · b (nesterov), or g ← b
        p ← p − lr · g

    Args:
        params (iterable): the tensors to optimize (``model.parameters()``), or a list of
            parameter groups (dicts with ``"params"`` and any hyperparameter that differs).
        lr (float): the learning rate (1e-3).
        momentum (float): the momentum factor (0: plain SGD).
        dampening (float): damps the momentum's new gradient (0).
        weight_decay (float): L2 penalty added to the gradient (0).
        nesterov (bool): Nesterov momentum (needs momentum > 0, dampening 0).
        maximize (bool): climb the objective instead of descending (negate the gradient).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import optim
        >>> w = mg.tensor([1.0, -2.0], requires_grad=True)
        >>> opt = optim.SGD([w], lr=0.1, momentum=0.9)
        >>> (w * w).sum().backward()
        >>> opt.step(); opt.zero_grad()
        >>> w
        tensor([ 0.8, -1.6], requires_grad=True)
    """
    _shown = ("lr", "momentum", "weight_decay")

    def __init__(self, params, lr: float = 1e-3, momentum: float = 0.0, dampening: float = 0.0,
                 weight_decay: float = 0.0, nesterov: bool = False, maximize: bool = False):
        super().__init__(params, dict(lr=lr, momentum=momentum, dampening=dampening,
                                      weight_decay=weight_decay, nesterov=nesterov,
                                      maximize=maximize))

    def _check_group(self, group):
        super()._check_group(group)
        for key in ("momentum", "dampening", "weight_decay"):
            group[key] = _check_hyper(key, group[key], opt="SGD")
        if group["nesterov"] and (group["momentum"] <= 0 or group["dampening"] != 0):
            raise ValueError("SGD: Nesterov momentum requires a momentum > 0 and zero dampening.")
        return group

    def _update(self, p, g, state, group):
        if group["weight_decay"]:
            g = g + group["weight_decay"] * p.data
        momentum = group["momentum"]
        if momentum:
            buf = state.get("momentum_buffer")
            if buf is None:
                buf = state["momentum_buffer"] = np.array(g, dtype=p.data.dtype)
            else:
                buf *= momentum
                buf += (1 - group["dampening"]) * g
            g = g + momentum * buf if group["nesterov"] else buf
        p.data -= group["lr"] * g
