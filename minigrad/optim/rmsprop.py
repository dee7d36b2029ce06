"""RMSprop: divide each gradient by a running root-mean-square of its recent values.

As in PyTorch's documentation for ``torch.optim.RMSprop``:

    g ← grad + weight_decay · p
    s ← α s + (1 − α) g²                       (``square_avg``)
    d ← √s + ε        or, with centered=True,  d ← √(s − ḡ²) + ε,  ḡ ← α ḡ + (1 − α) g
    b ← momentum · b + g / d;  p ← p − lr · b   (with momentum > 0)
    p ← p − lr · g / d                          (without)

Like Adam it gives every weight its own step size, without the mean of the gradient.
"""

from __future__ import annotations

import numpy as np

from .optimizer import Optimizer, _check_hyper


class RMSprop(Optimizer):
    """RMSprop: divide each gradient by a running root-mean-square of its recent values,
    PyTorch's update::

        g ← grad + weight_decay · p
        s ← α s + (1 − α) g²
        d ← √s + ε   (centered: √(s − ḡ²) + ε, with ḡ the running mean of g)
        p ← p − lr · g / d   (with momentum: b ← momentum · b + g / d, p ← p − lr · b)

    Args:
        params (iterable): the tensors to optimize (``model.parameters()``), or a list of
            parameter groups (dicts with ``"params"`` and any hyperparameter that differs).
        lr (float): the learning rate (1e-2).
        alpha (float): the average's decay rate (0.99).
        eps (float): added to the denominator (1e-8).
        weight_decay (float): L2 penalty added to the gradient (0).
        momentum (float): the momentum factor (0).
        centered (bool): divide by the gradient's estimated standard deviation instead.
        maximize (bool): climb the objective instead of descending (negate the gradient).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import optim
        >>> w = mg.tensor([1.0], requires_grad=True)
        >>> opt = optim.RMSprop([w], lr=0.01)
        >>> (w * w).sum().backward(); opt.step()
        >>> w.data.round(4)          # 1 - 0.01 · 2 / √(0.01 · 4)
        array([0.9])
    """
    _shown = ("lr", "alpha", "eps", "weight_decay", "momentum")

    def __init__(self, params, lr: float = 1e-2, alpha: float = 0.99, eps: float = 1e-8,
                 weight_decay: float = 0.0, momentum: float = 0.0, centered: bool = False,
                 maximize: bool = False):
        super().__init__(params, dict(lr=lr, alpha=alpha, eps=eps, weight_decay=weight_decay,
                                      momentum=momentum, centered=centered, maximize=maximize))

    def _check_group(self, group):
        super()._check_group(group)
        group["alpha"] = _check_hyper("alpha", group["alpha"], 0.0, 1.0 + 1e-12, "RMSprop")
        for key in ("eps", "weight_decay", "momentum"):
            group[key] = _check_hyper(key, group[key], opt="RMSprop")
        return group

    def _update(self, p, g, state, group):
        alpha = group["alpha"]
        if not state:
            state["step"] = 0
            state["square_avg"] = np.zeros_like(p.data)
            if group["momentum"] > 0:
                state["momentum_buffer"] = np.zeros_like(p.data)
            if group["centered"]:
                state["grad_avg"] = np.zeros_like(p.data)
        state["step"] += 1
        if group["weight_decay"]:
            g = g + group["weight_decay"] * p.data
        s = state["square_avg"]
        s *= alpha
        s += (1 - alpha) * (g * g)
        if group["centered"]:
            avg_g = state["grad_avg"]
            avg_g *= alpha
            avg_g += (1 - alpha) * g
            denom = np.sqrt(s - avg_g * avg_g)
        else:
            denom = np.sqrt(s)
        denom += group["eps"]
        if group["momentum"] > 0:
            buf = state["momentum_buffer"]
            buf *= group["momentum"]
            buf += g / denom
            p.data -= group["lr"] * buf
        else:
            p.data -= group["lr"] * (g / denom)
