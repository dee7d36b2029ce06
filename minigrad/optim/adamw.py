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
    _decoupled = True

    def __init__(self, params, lr: float = 1e-3, betas=(0.9, 0.999), eps: float = 1e-8,
                 weight_decay: float = 1e-2, amsgrad: bool = False, maximize: bool = False):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize)
