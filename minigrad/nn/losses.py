"""Loss modules: a loss is a module whose ``forward(prediction, target)`` returns a scalar."""

from __future__ import annotations

from . import functional as F
from .module import Module


class MSELoss(Module):
    """Mean squared error, for regression.  Prediction and target must have the same shape."""

    def __init__(self, reduction: str = "mean"):
        super().__init__()
        F._check_reduction(reduction, "MSELoss")
        self.reduction = reduction

    def forward(self, prediction, target):
        return F.mse_loss(prediction, target, self.reduction)

    def extra_repr(self) -> str:
        return "" if self.reduction == "mean" else f"reduction={self.reduction!r}"


class CrossEntropyLoss(Module):
    """Softmax and negative log-likelihood in one, for classification.

    Give it raw scores (logits) of shape (N, C) and class indices of shape (N,).
    It is computed through ``log_softmax``, which stays finite for logits of any
    size, so do not apply softmax yourself first.
    """

    def __init__(self, reduction: str = "mean"):
        super().__init__()
        F._check_reduction(reduction, "CrossEntropyLoss")
        self.reduction = reduction

    def forward(self, logits, target):
        return F.cross_entropy(logits, target, self.reduction)

    def extra_repr(self) -> str:
        return "" if self.reduction == "mean" else f"reduction={self.reduction!r}"
