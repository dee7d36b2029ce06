"""Adam: gradient descent with a per-parameter step size (Kingma & Ba, 2015).

It keeps a running mean of the gradient (``m``, the direction; ``exp_avg`` in
PyTorch's state) and of its square (``v``, the scale; ``exp_avg_sq``) for every
number it optimizes, and steps by their ratio, so each weight moves by roughly
``lr`` whatever the size of its gradient.  The update, as in PyTorch's
documentation for ``torch.optim.Adam``, at step t of a parameter:

    g ← grad + weight_decay · p
    m ← β₁ m + (1 − β₁) g
    v ← β₂ v + (1 − β₂) g²
    p ← p − lr · (m / (1 − β₁ᵗ)) / (√(v / (1 − β₂ᵗ)) + ε)

The divisions by 1 − βᵗ undo the bias of starting ``m`` and ``v`` at zero.  With
``amsgrad=True`` the largest v seen so far is used instead of v.

Adding ``weight_decay · p`` to the gradient (L2 regularisation) lets Adam's
scaling shrink the decay of weights with large gradients; :class:`AdamW` decays
the weights directly instead.
"""

from __future__ import annotations

import math

import numpy as np

from .optimizer import Optimizer, _check_betas, _check_hyper


class Adam(Optimizer):
    """Adam (Kingma and Ba, 2015): a per-parameter step size from running averages of the
    gradient (m) and of its square (v), PyTorch's update at step t::

        g ← grad + weight_decay · p
        m ← β₁ m + (1 − β₁) g;   v ← β₂ v + (1 − β₂) g²
        p ← p − lr · (m / (1 − β₁ᵗ)) / (√(v / (1 − β₂ᵗ)) + ε)

    Args:
        params (iterable): the tensors to optimize (``model.parameters()``), or a list of
            parameter groups (dicts with ``"params"`` and any hyperparameter that differs).
        lr (float): the learning rate (1e-3).
        betas (pair of floats): β₁ and β₂, the averages' decay rates ((0.9, 0.999)).
        eps (float): added to the denominator (1e-8).
        weight_decay (float): L2 penalty added to the gradient (0); see :class:`AdamW`.
        amsgrad (bool): use the largest v seen so far.
        maximize (bool): climb the objective instead of descending (negate the gradient).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import optim
        >>> w = mg.tensor([1.0, -2.0], requires_grad=True)
        >>> opt = optim.Adam([w], lr=0.1)
        >>> (w * w).sum().backward(); opt.step()
        >>> w.data.round(6)          # each weight moved by lr, whatever its gradient
        array([ 0.9, -1.9])
    """
    _shown = ("lr", "betas", "eps", "weight_decay")
    _decoupled = False

    def __init__(self, params, lr: float = 1e-3, betas=(0.9, 0.999), eps: float = 1e-8,
                 weight_decay: float = 0.0, amsgrad: bool = False, maximize: bool = False):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay,
                                      amsgrad=amsgrad, maximize=maximize))

    def _check_group(self, group):
        super()._check_group(group)
        name = type(self).__name__
        group["betas"] = _check_betas(group["betas"], name)
        group["eps"] = _check_hyper("eps", group["eps"], opt=name)
        group["weight_decay"] = _check_hyper("weight_decay", group["weight_decay"], opt=name)
        return group

    def _update(self, p, g, state, group):
        b1, b2 = group["betas"]
        lr, wd = group["lr"], group["weight_decay"]
        if not state:
            state["step"] = 0
            state["exp_avg"] = np.zeros_like(p.data)
            state["exp_avg_sq"] = np.zeros_like(p.data)
            if group["amsgrad"]:
                state["max_exp_avg_sq"] = np.zeros_like(p.data)
        state["step"] += 1
        t, m, v = state["step"], state["exp_avg"], state["exp_avg_sq"]
        if wd and self._decoupled:
            p.data *= 1 - lr * wd                 # AdamW: shrink the weights themselves
        elif wd:
            g = g + wd * p.data                   # Adam: L2 penalty through the gradient
        m *= b1
        m += (1 - b1) * g
        v *= b2
        v += (1 - b2) * (g * g)
        if group["amsgrad"]:
            np.maximum(state["max_exp_avg_sq"], v, out=state["max_exp_avg_sq"])
            v = state["max_exp_avg_sq"]
        denom = np.sqrt(v)
        denom /= math.sqrt(1 - b2 ** t)
        denom += group["eps"]
        p.data -= (lr / (1 - b1 ** t)) * (m / denom)
