"""``Optimizer``: what every optimizer shares — the parameter list, ``zero_grad`` and checks.

A subclass only writes ``_update(i, param, grad)``, the rule that changes one
parameter given its gradient.  ``step()`` calls it for each parameter that has a
gradient; a parameter without one (it did not take part in this loss) is skipped,
as in PyTorch.  Updates change ``param.data`` in place, outside the graph.
"""

from __future__ import annotations

import numbers

import numpy as np

from ..tensor import Tensor


def _check_hyper(name: str, value, low: float = 0.0, high: float = None, opt: str = "") -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{opt}: {name} must be a number, got {type(value).__name__}.")
    if value < low or (high is not None and value >= high) or value != value:
        span = f"in [{low}, {high})" if high is not None else f">= {low}"
        raise ValueError(f"{opt}: {name} must be {span}, got {value}.")
    return float(value)


class Optimizer:
    """Base class: holds the parameters and per-parameter state (``self.state[i]``)."""

    def __init__(self, params, lr: float):
        name = type(self).__name__
        if callable(params) and not isinstance(params, Tensor):
            raise TypeError(f"{name} got a function, not parameters: did you write "
                            f"model.parameters instead of model.parameters()?")
        if isinstance(params, Tensor):
            raise TypeError(f"{name} expects an iterable of tensors, got a single Tensor; "
                            f"wrap it in a list: {name}([w], ...).")
        try:
            items = list(params)
        except TypeError:
            raise TypeError(f"{name} expects an iterable of tensors (e.g. model.parameters()), "
                            f"got {type(params).__name__}.") from None
        self.params = []
        seen = set()
        for i, p in enumerate(items):
            if not isinstance(p, Tensor):
                raise TypeError(f"{name}: parameter {i} is a {type(p).__name__}, not a Tensor.")
            if not p.is_leaf:
                raise ValueError(f"{name}: parameter {i} is the result of an operation "
                                 f"(op '{p.op}'); only leaf tensors can be optimized.")
            if id(p) not in seen:       # a shared parameter listed twice is updated once
                seen.add(id(p))
                self.params.append(p)
        if not self.params:
            raise ValueError(f"{name} got an empty parameter list: does the model have any "
                             f"layers with parameters? (A generator such as model.parameters() "
                             f"can only be used once.)")
        self.lr = _check_hyper("lr", lr, opt=name)
        self.state = [dict() for _ in self.params]

    def zero_grad(self) -> None:
        """Forget every parameter's gradient (each ``.grad`` becomes None, as in PyTorch)."""
        for p in self.params:
            p.grad = None

    def step(self) -> None:
        """Update every parameter that has a gradient, once."""
        for i, p in enumerate(self.params):
            if p.grad is not None:
                self._update(i, p, p.grad.data)

    def _update(self, i: int, p: Tensor, g: np.ndarray) -> None:
        raise NotImplementedError(f"{type(self).__name__} must define _update(i, param, grad).")

    def __repr__(self) -> str:
        hyper = ", ".join(f"{k}={v}" for k, v in self.hyperparameters().items())
        return f"{type(self).__name__}({len(self.params)} parameters, {hyper})"

    def hyperparameters(self) -> dict:
        return {"lr": self.lr}
