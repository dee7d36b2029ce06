"""Stochastic gradient descent, with optional momentum and weight decay.

The update, as in PyTorch's documentation for ``torch.optim.SGD`` (with no dampening):

    g ← grad + weight_decay · p
    b ← g                     on the first step,  b ← momentum · b + g  after
    p ← p − lr · b            (with momentum = 0, simply p ← p − lr · g)
"""

from __future__ import annotations

import numpy as np

from .optimizer import Optimizer, _check_hyper


class SGD(Optimizer):
    def __init__(self, params, lr: float, momentum: float = 0.0, weight_decay: float = 0.0):
        super().__init__(params, lr)
        self.momentum = _check_hyper("momentum", momentum, opt="SGD")
        self.weight_decay = _check_hyper("weight_decay", weight_decay, opt="SGD")

    def _update(self, i, p, g):
        if self.weight_decay:
            g = g + self.weight_decay * p.data
        if self.momentum:
            buf = self.state[i].get("momentum_buffer")
            if buf is None:
                buf = self.state[i]["momentum_buffer"] = np.array(g, dtype=p.data.dtype)
            else:
                buf *= self.momentum
                buf += g
            g = buf
        p.data -= self.lr * g

    def hyperparameters(self) -> dict:
        return {"lr": self.lr, "momentum": self.momentum, "weight_decay": self.weight_decay}
