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
