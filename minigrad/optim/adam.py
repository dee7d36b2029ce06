"""Adam: gradient descent with a per-parameter step size (Kingma & Ba, 2015).

It keeps a running mean of the gradient (``m``, the direction) and of its square
(``v``, the scale) for every number it optimizes, and steps by their ratio, so
each weight moves by roughly ``lr`` whatever the size of its gradient.  The update,
as in PyTorch's documentation for ``torch.optim.Adam``, at step t of a parameter:

    g ← grad + weight_decay · p
    m ← β₁ m + (1 − β₁) g
    v ← β₂ v + (1 − β₂) g²
    p ← p − lr · (m / (1 − β₁ᵗ)) / (√(v / (1 − β₂ᵗ)) + ε)

The divisions by 1 − βᵗ undo the bias of starting ``m`` and ``v`` at zero.
"""

from __future__ import annotations

import math

import numpy as np

from .optimizer import Optimizer, _check_hyper


class Adam(Optimizer):
    def __init__(self, params, lr: float = 1e-3, betas=(0.9, 0.999), eps: float = 1e-8,
                 weight_decay: float = 0.0):
        super().__init__(params, lr)
        if not isinstance(betas, (tuple, list)) or len(betas) != 2:
            raise TypeError(f"Adam: betas must be a pair (beta1, beta2), got {betas!r}.")
        self.betas = (_check_hyper("betas[0]", betas[0], 0.0, 1.0, "Adam"),
                      _check_hyper("betas[1]", betas[1], 0.0, 1.0, "Adam"))
        self.eps = _check_hyper("eps", eps, opt="Adam")
        self.weight_decay = _check_hyper("weight_decay", weight_decay, opt="Adam")

    def _update(self, i, p, g):
        b1, b2 = self.betas
        state = self.state[i]
        if not state:
            state["step"] = 0
            state["m"] = np.zeros_like(p.data)
            state["v"] = np.zeros_like(p.data)
        state["step"] += 1
        t, m, v = state["step"], state["m"], state["v"]
        if self.weight_decay:
            g = g + self.weight_decay * p.data
        m *= b1
        m += (1 - b1) * g
        v *= b2
        v += (1 - b2) * (g * g)
        denom = np.sqrt(v)
        denom /= math.sqrt(1 - b2 ** t)
        denom += self.eps
        p.data -= (self.lr / (1 - b1 ** t)) * (m / denom)

    def hyperparameters(self) -> dict:
        return {"lr": self.lr, "betas": self.betas, "eps": self.eps,
                "weight_decay": self.weight_decay}
