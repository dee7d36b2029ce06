"""Adagrad: each weight's step shrinks with the sum of its squared gradients so far.

As in PyTorch's documentation for ``torch.optim.Adagrad``, at step t:

    g ← grad + weight_decay · p
    η ← lr / (1 + (t − 1) · lr_decay)
    s ← s + g²                          (``sum``, starting at initial_accumulator_value)
    p ← p − η · g / (√s + ε)

Weights that rarely get a gradient keep large steps (good for sparse features);
the steps of every weight only ever shrink.
"""

from __future__ import annotations

import numpy as np

from .optimizer import Optimizer, _check_hyper


class Adagrad(Optimizer):
    """Adagrad: each weight's step shrinks with the sum of its squared gradients so far,
    PyTorch's update at step t::

        g ← grad + weight_decay · p
        η ← lr / (1 + (t − 1) · lr_decay)
        s ← s + g²
        p ← p − η · g / (√s + ε)

    Args:
        params (iterable): the tensors to optimize (``model.parameters()``), or a list of
            parameter groups (dicts with ``"params"`` and any hyperparameter that differs).
        lr (float): the learning rate (1e-2).
        lr_decay (float): how fast the learning rate itself decays (0).
        weight_decay (float): L2 penalty added to the gradient (0).
        initial_accumulator_value (float): where the sum s starts (0).
        eps (float): added to the denominator (1e-10).
        maximize (bool): climb the objective instead of descending (negate the gradient).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import optim
        >>> w = mg.tensor([1.0], requires_grad=True)
        >>> opt = optim.Adagrad([w], lr=0.5)
        >>> (w * w).sum().backward(); opt.step()
        >>> w.data.round(6)          # 1 - 0.5 · 2 / √4
        array([0.5])
    """
    _shown = ("lr", "lr_decay", "weight_decay", "eps")

    def __init__(self, params, lr: float = 1e-2, lr_decay: float = 0.0,
                 weight_decay: float = 0.0, initial_accumulator_value: float = 0.0,
                 eps: float = 1e-10, maximize: bool = False):
        super().__init__(params, dict(lr=lr, lr_decay=lr_decay, weight_decay=weight_decay,
                                      initial_accumulator_value=initial_accumulator_value,
                                      eps=eps, maximize=maximize))

    def _check_group(self, group):
        super()._check_group(group)
        for key in ("lr_decay", "weight_decay", "initial_accumulator_value", "eps"):
            group[key] = _check_hyper(key, group[key], opt="Adagrad")
        return group

    def _update(self, p, g, state, group):
        if not state:
            state["step"] = 0
            state["sum"] = np.full_like(p.data, group["initial_accumulator_value"])
        state["step"] += 1
        if group["weight_decay"]:
            g = g + group["weight_decay"] * p.data
        lr = group["lr"] / (1 + (state["step"] - 1) * group["lr_decay"])
        s = state["sum"]
        s += g * g
        denom = np.sqrt(s)
        denom += group["eps"]
        p.data -= lr * (g / denom)
