"""AdamW: Adam with *decoupled* weight decay (Loshchilov & Hutter, 2019).

Adam with ``weight_decay`` adds λ·p to the gradient, and then divides by the
gradient's running scale, so weights with large gradients are barely decayed.
AdamW shrinks every weight directly, before the Adam step:

    p ← p · (1 − lr · λ)
    p ← p − lr · m̂ / (√v̂ + ε)        (the Adam step, gradient without λ·p)

so the decay is the same for every weight.  It is the usual optimizer for
transformers.  Its default ``weight_decay`` is 0.01, as in PyTorch.
"""

from __future__ import annotations

from .adam import Adam


class AdamW(Adam):
    """AdamW (Loshchilov and Hutter, 2019): Adam with *decoupled* weight decay, the usual
    optimizer for transformers.  Every weight is shrunk directly, ``p ← p · (1 − lr · λ)``,
    then takes the Adam step with the gradient alone; its default ``weight_decay`` is 0.01,
    as PyTorch's.

    Args:
        params (iterable): the tensors to optimize (``model.parameters()``), or a list of
            parameter groups (dicts with ``"params"`` and any hyperparameter that differs).
        lr (float): the learning rate (1e-3).
        betas (pair of floats): β₁ and β₂ ((0.9, 0.999)).
        eps (float): added to the denominator (1e-8).
        weight_decay (float): λ, the decoupled decay (0.01).
        amsgrad (bool): use the largest v seen so far.
        maximize (bool): climb the objective instead of descending (negate the gradient).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import optim
        >>> w = mg.tensor([1.0], requires_grad=True)
        >>> opt = optim.AdamW([w], lr=0.1, weight_decay=0.5)
        >>> w.grad = mg.tensor([0.0]); opt.step()
        >>> w                        # no gradient: only the decay, 1 · (1 − 0.1 · 0.5)
        tensor([0.95], requires_grad=True)
    """
    _decoupled = True

    def __init__(self, params, lr: float = 1e-3, betas=(0.9, 0.999), eps: float = 1e-8,
                 weight_decay: float = 1e-2, amsgrad: bool = False, maximize: bool = False):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize)
