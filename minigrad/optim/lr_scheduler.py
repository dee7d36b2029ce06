"""Learning-rate schedules (``minigrad.optim.lr_scheduler``, chapter 11).

A schedule changes each parameter group's ``lr`` as training goes: large steps
early to make progress, small ones late to settle.  Use it as in PyTorch::

    opt = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    sched = lr_scheduler.CosineAnnealingLR(opt, T_max=epochs)
    for epoch in range(epochs):
        train_one_epoch(model, opt)         # optimizer.step() inside
        sched.step()                        # then the schedule moves on

Creating a schedule already sets the learning rate for step 0 (for ``LinearLR``
and ``OneCycleLR`` that is not the optimizer's ``lr``), and records each group's
starting rate as ``group["initial_lr"]`` (``base_lrs``).  The formulas are
PyTorch's, including their step-by-step (chainable) form: each new rate is
computed from the current one, so schedules compose the same way and the
sequence matches PyTorch's to rounding.

=====================  ===================================================================
``StepLR``             multiply by ``gamma`` every ``step_size`` steps
``MultiStepLR``        multiply by ``gamma`` at each of the ``milestones``
``ExponentialLR``      multiply by ``gamma`` every step
``CosineAnnealingLR``  half a cosine from the base rate down to ``eta_min`` over ``T_max``
``LambdaLR``           base rate × ``lr_lambda(step)``
``LinearLR``           a straight line from ``start_factor`` to ``end_factor`` × the base rate
                       over ``total_iters`` steps (a warm-up)
``OneCycleLR``         up from max_lr/div_factor to ``max_lr``, then down to almost 0, per
                       batch, with momentum moving the opposite way
=====================  ===================================================================
"""

from __future__ import annotations

import math
import numbers
from collections import Counter

from .optimizer import Optimizer


class LRScheduler:
    """Base class: ``step()`` advances ``last_epoch`` and writes ``get_lr()`` into the groups."""

    def __init__(self, optimizer: Optimizer, last_epoch: int = -1):
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"{type(self).__name__} expects a minigrad optimizer, got "
                            f"{type(optimizer).__name__}.")
        self.optimizer = optimizer
        if last_epoch == -1:
            for group in optimizer.param_groups:
                group.setdefault("initial_lr", group["lr"])
        else:
            for i, group in enumerate(optimizer.param_groups):
                if "initial_lr" not in group:
                    raise KeyError(f"{type(self).__name__}: resuming at last_epoch={last_epoch} "
                                   f"needs 'initial_lr' in parameter group {i}.")
        self.base_lrs = [group["initial_lr"] for group in optimizer.param_groups]
        self.last_epoch = last_epoch
        self._step_count = 0
        self.step()

    def get_lr(self) -> list:
        raise NotImplementedError(f"{type(self).__name__} must define get_lr().")

    def step(self) -> None:
        self._step_count += 1
        self.last_epoch += 1
        for group, lr in zip(self.optimizer.param_groups, self.get_lr()):
            group["lr"] = lr
        self._last_lr = [group["lr"] for group in self.optimizer.param_groups]

    def get_last_lr(self) -> list:
        """The learning rate of each group, as last set by this schedule."""
        return list(self._last_lr)

    def _current(self) -> list:
        return [group["lr"] for group in self.optimizer.param_groups]

    def state_dict(self) -> dict:
        """Everything but the optimizer (and any functions), to resume a schedule."""
        return {k: v for k, v in vars(self).items() if k not in ("optimizer", "lr_lambdas")}

    def load_state_dict(self, state_dict: dict) -> None:
        vars(self).update(state_dict)

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(last_epoch={self.last_epoch}, "
                f"lr={[round(lr, 10) for lr in self._last_lr]})")


def _positive_int(value, name: str, who: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value <= 0:
        raise ValueError(f"{who}: {name} must be a positive integer, got {value!r}.")
    return int(value)


class StepLR(LRScheduler):
    """Multiply every group's rate by ``gamma`` every ``step_size`` steps."""

    def __init__(self, optimizer, step_size: int, gamma: float = 0.1, last_epoch: int = -1):
        self.step_size = _positive_int(step_size, "step_size", "StepLR")
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self.last_epoch == 0 or self.last_epoch % self.step_size:
            return self._current()
        return [lr * self.gamma for lr in self._current()]


class MultiStepLR(LRScheduler):
    """Multiply every group's rate by ``gamma`` at each step listed in ``milestones``."""

    def __init__(self, optimizer, milestones, gamma: float = 0.1, last_epoch: int = -1):
        milestones = list(milestones)
        if milestones != sorted(milestones):
            raise ValueError(f"MultiStepLR: milestones must be increasing, got {milestones}.")
        self.milestones = Counter(milestones)
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self.last_epoch not in self.milestones:
            return self._current()
        return [lr * self.gamma ** self.milestones[self.last_epoch] for lr in self._current()]


class ExponentialLR(LRScheduler):
    """Multiply every group's rate by ``gamma`` at every step."""

    def __init__(self, optimizer, gamma: float, last_epoch: int = -1):
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self.last_epoch == 0:
            return self._current()
        return [lr * self.gamma for lr in self._current()]


class CosineAnnealingLR(LRScheduler):
    """η_t = η_min + (η_base − η_min)·(1 + cos(π t / T_max)) / 2: from the base rate down to
    ``eta_min`` over ``T_max`` steps (and back up after, a cosine wave, as PyTorch)."""

    def __init__(self, optimizer, T_max: int, eta_min: float = 0.0, last_epoch: int = -1):
        self.T_max = _positive_int(T_max, "T_max", "CosineAnnealingLR")
        self.eta_min = eta_min
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        t, T, low = self.last_epoch, self.T_max, self.eta_min
        if t == 0:
            return self._current()
        if self._step_count == 1 and t > 0:           # resumed: the closed form
            return [low + (base - low) * (1 + math.cos(t * math.pi / T)) / 2
                    for base in self.base_lrs]
        if (t - 1 - T) % (2 * T) == 0:                 # the bottom of a cycle: turn back up
            return [lr + (base - low) * (1 - math.cos(math.pi / T)) / 2
                    for lr, base in zip(self._current(), self.base_lrs)]
        ratio = (1 + math.cos(math.pi * t / T)) / (1 + math.cos(math.pi * (t - 1) / T))
        return [ratio * (lr - low) + low for lr in self._current()]


class LambdaLR(LRScheduler):
    """Each group's rate is its base rate times ``lr_lambda(step)`` (one function, or one per
    group)."""

    def __init__(self, optimizer, lr_lambda, last_epoch: int = -1):
        groups = len(optimizer.param_groups)
        lambdas = list(lr_lambda) if isinstance(lr_lambda, (list, tuple)) else [lr_lambda] * groups
        if len(lambdas) != groups or not all(callable(f) for f in lambdas):
            raise ValueError(f"LambdaLR: expected one function or {groups} functions (one per "
                             f"parameter group), got {lr_lambda!r}.")
        self.lr_lambdas = lambdas
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        return [base * f(self.last_epoch) for f, base in zip(self.lr_lambdas, self.base_lrs)]


class LinearLR(LRScheduler):
    """Scale the base rate by a factor moving in a straight line from ``start_factor`` to
    ``end_factor`` over ``total_iters`` steps, then hold it (a warm-up, by default)."""

    def __init__(self, optimizer, start_factor: float = 1.0 / 3, end_factor: float = 1.0,
                 total_iters: int = 5, last_epoch: int = -1):
        if not 0 < start_factor <= 1 or not 0 <= end_factor <= 1:
            raise ValueError(f"LinearLR: start_factor must be in (0, 1] and end_factor in "
                             f"[0, 1], got {start_factor} and {end_factor}.")
        self.start_factor, self.end_factor = start_factor, end_factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        t, a, b, n = self.last_epoch, self.start_factor, self.end_factor, self.total_iters
        if t == 0:
            return [lr * a for lr in self._current()]
        if t > n:
            return self._current()
        factor = 1.0 + (b - a) / (n * a + (t - 1) * (b - a))
        return [lr * factor for lr in self._current()]


class OneCycleLR(LRScheduler):
    """The one-cycle policy (Smith, 2018), stepped once per *batch*.

    The rate rises from ``max_lr / div_factor`` to ``max_lr`` over the first
    ``pct_start`` of the ``total_steps`` (or ``epochs · steps_per_epoch``), then
    falls to ``max_lr / (div_factor · final_div_factor)``; with ``cycle_momentum``
    the momentum (SGD's ``momentum``, Adam's β₁) moves the opposite way, between
    ``max_momentum`` and ``base_momentum``.  ``anneal_strategy`` is 'cos' or 'linear';
    ``three_phase`` comes back down to the starting rate before the final descent.
    """

    def __init__(self, optimizer, max_lr, total_steps=None, epochs=None, steps_per_epoch=None,
                 pct_start: float = 0.3, anneal_strategy: str = "cos",
                 cycle_momentum: bool = True, base_momentum=0.85, max_momentum=0.95,
                 div_factor: float = 25.0, final_div_factor: float = 1e4,
                 three_phase: bool = False, last_epoch: int = -1):
        if total_steps is not None:
            self.total_steps = _positive_int(total_steps, "total_steps", "OneCycleLR")
        elif epochs is not None and steps_per_epoch is not None:
            self.total_steps = (_positive_int(epochs, "epochs", "OneCycleLR")
                                * _positive_int(steps_per_epoch, "steps_per_epoch", "OneCycleLR"))
        else:
            raise ValueError("OneCycleLR: give total_steps, or both epochs and steps_per_epoch.")
        if not 0 <= pct_start <= 1:
            raise ValueError(f"OneCycleLR: pct_start must be in [0, 1], got {pct_start}.")
        if anneal_strategy not in ("cos", "linear"):
            raise ValueError(f"OneCycleLR: anneal_strategy must be 'cos' or 'linear', got "
                             f"{anneal_strategy!r}.")
        self.anneal_strategy = anneal_strategy
        T, p = self.total_steps, pct_start
        if three_phase:
            self._phases = [(float(p * T) - 1, "initial_lr", "max_lr", "max_momentum",
                             "base_momentum"),
                            (float(2 * p * T) - 2, "max_lr", "initial_lr", "base_momentum",
                             "max_momentum"),
                            (T - 1, "initial_lr", "min_lr", "max_momentum", "max_momentum")]
        else:
            self._phases = [(float(p * T) - 1, "initial_lr", "max_lr", "max_momentum",
                             "base_momentum"),
                            (T - 1, "max_lr", "min_lr", "base_momentum", "max_momentum")]
        groups = optimizer.param_groups

        def per_group(value, name):
            values = list(value) if isinstance(value, (list, tuple)) else [value] * len(groups)
            if len(values) != len(groups):
                raise ValueError(f"OneCycleLR: expected {len(groups)} values of {name} (one per "
                                 f"parameter group), got {len(values)}.")
            return values

        if last_epoch == -1:
            for group, top in zip(groups, per_group(max_lr, "max_lr")):
                group["initial_lr"] = top / div_factor
                group["max_lr"] = top
                group["min_lr"] = group["initial_lr"] / final_div_factor
        self.cycle_momentum = cycle_momentum
        if cycle_momentum:
            if "momentum" not in optimizer.defaults and "betas" not in optimizer.defaults:
                raise ValueError("OneCycleLR: the optimizer has no momentum to cycle (no "
                                 "'momentum' or 'betas'); pass cycle_momentum=False.")
            self._use_beta1 = "betas" in optimizer.defaults
            for group, low, high in zip(groups, per_group(base_momentum, "base_momentum"),
                                        per_group(max_momentum, "max_momentum")):
                if last_epoch == -1:
                    self._set_momentum(group, high)
                group["max_momentum"], group["base_momentum"] = high, low
        super().__init__(optimizer, last_epoch)

    def _set_momentum(self, group: dict, value: float) -> None:
        if self._use_beta1:
            group["betas"] = (value, *group["betas"][1:])
        else:
            group["momentum"] = value

    def _anneal(self, start: float, end: float, pct: float) -> float:
        if self.anneal_strategy == "cos":
            return end + (start - end) / 2.0 * (math.cos(math.pi * pct) + 1)
        return (end - start) * pct + start

    def get_lr(self):
        step = self.last_epoch
        if step > self.total_steps:
            raise ValueError(f"OneCycleLR: tried to step {step} times, but total_steps is "
                             f"{self.total_steps}.")
        lrs = []
        for group in self.optimizer.param_groups:
            start = 0
            for i, (end, lr_a, lr_b, mom_a, mom_b) in enumerate(self._phases):
                if step <= end or i == len(self._phases) - 1:
                    pct = (step - start) / (end - start)
                    lrs.append(self._anneal(group[lr_a], group[lr_b], pct))
                    if self.cycle_momentum:
                        self._set_momentum(group, self._anneal(group[mom_a], group[mom_b], pct))
                    break
                start = end
        return lrs


__all__ = ["LRScheduler", "StepLR", "MultiStepLR", "ExponentialLR", "CosineAnnealingLR",
           "LambdaLR", "LinearLR", "OneCycleLR"]
