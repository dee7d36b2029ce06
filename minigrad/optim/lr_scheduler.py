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
sequence matches PyTorch's to rounding.  So does ``state_dict()``: the same entries
under the same names, so a schedule's state moves between the two libraries.

===============================  ===========================================================
``StepLR``                       multiply by ``gamma`` every ``step_size`` steps
``MultiStepLR``                  multiply by ``gamma`` at each of the ``milestones``
``ExponentialLR``                multiply by ``gamma`` every step
``CosineAnnealingLR``            half a cosine from the base rate down to ``eta_min`` over
                                 ``T_max``
``LambdaLR``                     base rate × ``lr_lambda(step)``
``LinearLR``                     a straight line from ``start_factor`` to ``end_factor`` ×
                                 the base rate over ``total_iters`` steps (a warm-up)
``OneCycleLR``                   up from max_lr/div_factor to ``max_lr``, then down to almost
                                 0, per batch, with momentum moving the opposite way
===============================  ===========================================================

Beyond the chapter, PyTorch's other schedules:

===============================  ===========================================================
``MultiplicativeLR``             multiply by ``lr_lambda(step)`` every step
``ConstantLR``                   a constant ``factor`` × the base rate for ``total_iters``
                                 steps, then the base rate
``PolynomialLR``                 down to 0 along ``(1 - t/total_iters)^power``
``CosineAnnealingWarmRestarts``  cosine annealing restarted every ``T_0`` (× ``T_mult``)
                                 steps
``CyclicLR``                     back and forth between ``base_lr`` and ``max_lr``
``ReduceLROnPlateau``            multiply by ``factor`` when a measured metric stops
                                 improving (``step(metric)``)
``SequentialLR``                 one schedule after another, switching at ``milestones``
``ChainedScheduler``             several schedules applied together at every step
===============================  ===========================================================
"""

from __future__ import annotations

import math
import numbers
import types
import warnings
from bisect import bisect_right
from collections import Counter
from functools import partial

from .optimizer import Optimizer

_EPOCH_WARNING = ("step(epoch) is deprecated in PyTorch (and changes the schedule in ways "
                  "that depend on the scheduler); call step() once per step instead.")


def _check_optimizer(optimizer, who: str) -> None:
    if not isinstance(optimizer, Optimizer):
        raise TypeError(f"{who} expects a minigrad optimizer, got {type(optimizer).__name__}.")


def _format_param(name: str, optimizer: Optimizer, value) -> list:
    """``value`` for each parameter group: a list of one per group, or one for all."""
    if isinstance(value, (list, tuple)):
        if len(value) != len(optimizer.param_groups):
            raise ValueError(f"{name} must have one value per parameter group: got {len(value)} "
                             f"for {len(optimizer.param_groups)} group(s).")
        return list(value)
    return [value] * len(optimizer.param_groups)


def _positive_int(value, name: str, who: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value <= 0:
        raise ValueError(f"{who}: {name} must be a positive integer, got {value!r}.")
    return int(value)


def _positive_number(value, name: str, who: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not value > 0:
        raise ValueError(f"{who}: {name} must be a positive number, got {value!r}.")
    return float(value)


def _lambdas(lr_lambda, optimizer, who: str) -> list:
    groups = len(optimizer.param_groups)
    lambdas = list(lr_lambda) if isinstance(lr_lambda, (list, tuple)) else [lr_lambda] * groups
    if len(lambdas) != groups or not all(callable(f) for f in lambdas):
        raise ValueError(f"{who}: expected one function or {groups} functions (one per "
                         f"parameter group), got {lr_lambda!r}.")
    return lambdas


class LRScheduler:
    """Base class of the schedules: ``step()`` advances ``last_epoch`` and writes
    ``get_lr()`` into the optimizer's groups.

    A subclass writes ``get_lr()`` (the next rates, usually from the current ones) and,
    where there is one, ``_get_closed_form_lr()`` (the rates at ``last_epoch`` from the
    base rates, which ``SequentialLR`` uses when it switches schedules).

    Args:
        optimizer (Optimizer): the optimizer whose ``lr`` to change.
        last_epoch (int): the step to resume after (-1, the default, starts afresh; any
            other value needs ``"initial_lr"`` in every group, as a restored optimizer has).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import optim
        >>> from minigrad.optim import lr_scheduler
        >>> opt = optim.SGD([mg.zeros(1, requires_grad=True)], lr=1.0)
        >>> sched = lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
        >>> lrs = []
        >>> for _ in range(5):
        ...     lrs.append(sched.get_last_lr()[0])
        ...     opt.step()
        ...     sched.step()
        >>> lrs
        [1.0, 1.0, 0.5, 0.5, 0.25]
    """

    _get_lr_called_within_step: bool = False
    _is_initial: bool = False

    def __init__(self, optimizer: Optimizer, last_epoch: int = -1):
        _check_optimizer(optimizer, type(self).__name__)
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
        self._initial_step()

    def _initial_step(self) -> None:
        """Set the rates for step 0 (what creating a schedule does)."""
        self._step_count = 0
        self._is_initial = True
        try:
            self.step()
        finally:
            self._is_initial = False

    def get_lr(self) -> list:
        """The learning rate of each group for the step ``last_epoch`` (called by ``step``;
        to read the current rates, use :meth:`get_last_lr`)."""
        raise NotImplementedError(f"{type(self).__name__} must define get_lr().")

    def step(self, epoch=None) -> None:
        """Move on one step (call it after ``optimizer.step()``) and set each group's rate.

        Args:
            epoch (int, optional): deprecated, as in PyTorch: jump to this step instead
                (with the closed form where the schedule has one); warns.
        """
        self._step_count += 1
        if epoch is not None:
            warnings.warn(_EPOCH_WARNING, UserWarning, stacklevel=2)
        self._update_lr(epoch)

    def _update_lr(self, epoch=None) -> None:
        self._get_lr_called_within_step = True
        try:
            if epoch is None:
                self.last_epoch += 1
                values = self.get_lr()
            else:
                self.last_epoch = epoch
                closed = getattr(self, "_get_closed_form_lr", None)
                values = closed() if closed is not None else self.get_lr()
        finally:
            self._get_lr_called_within_step = False
        for group, lr in zip(self.optimizer.param_groups, values):
            group["lr"] = lr
        self._last_lr = [group["lr"] for group in self.optimizer.param_groups]

    def get_last_lr(self) -> list:
        """The learning rate of each group, as last set by this schedule."""
        return list(self._last_lr)

    def _current(self) -> list:
        return [group["lr"] for group in self.optimizer.param_groups]

    def state_dict(self) -> dict:
        """Every attribute but the optimizer, to resume the schedule (PyTorch's entries).

        Example:
            >>> import minigrad as mg
            >>> from minigrad import optim
            >>> from minigrad.optim import lr_scheduler
            >>> opt = optim.SGD([mg.zeros(1, requires_grad=True)], lr=1.0)
            >>> lr_scheduler.ExponentialLR(opt, gamma=0.9).state_dict()["last_epoch"]
            0
        """
        return {k: v for k, v in vars(self).items() if k != "optimizer"}

    def load_state_dict(self, state_dict: dict) -> None:
        """Restore what :meth:`state_dict` saved (here or in PyTorch).

        Args:
            state_dict (dict): the saved state.
        """
        if not isinstance(state_dict, dict):
            raise TypeError(f"{type(self).__name__}.load_state_dict expects a dict, got "
                            f"{type(state_dict).__name__}.")
        vars(self).update(state_dict)

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(last_epoch={self.last_epoch}, "
                f"lr={[round(lr, 10) for lr in self._last_lr]})")


class _LambdasInState:
    """state_dict and load_state_dict of schedules holding functions: a plain function is
    saved as None, a callable object as a copy of its attributes (PyTorch's rule)."""

    def state_dict(self) -> dict:
        """Every attribute but the optimizer; each function as None (a callable object as
        its attributes)."""
        state = {k: v for k, v in vars(self).items() if k not in ("optimizer", "lr_lambdas")}
        state["lr_lambdas"] = [None if isinstance(fn, types.FunctionType) else dict(vars(fn))
                               for fn in self.lr_lambdas]
        return state

    def load_state_dict(self, state_dict: dict) -> None:
        """Restore what :meth:`state_dict` saved; the functions themselves stay."""
        state = dict(state_dict)
        saved = state.pop("lr_lambdas", [None] * len(self.lr_lambdas))
        vars(self).update(state)
        for fn, attrs in zip(self.lr_lambdas, saved):
            if attrs is not None:
                vars(fn).update(attrs)


class StepLR(LRScheduler):
    """Multiply every group's rate by ``gamma`` every ``step_size`` steps.

    Args:
        optimizer (Optimizer): the optimizer.
        step_size (int): steps between two decays.
        gamma (float): the factor (0.1).
        last_epoch (int): the step to resume after (-1: start).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import optim
        >>> from minigrad.optim import lr_scheduler
        >>> opt = optim.SGD([mg.zeros(1, requires_grad=True)], lr=1.0)
        >>> sched = lr_scheduler.StepLR(opt, step_size=2, gamma=0.1)
        >>> for _ in range(2):
        ...     sched.step()
        >>> sched.get_last_lr()
        [0.1]
    """

    def __init__(self, optimizer, step_size: int, gamma: float = 0.1, last_epoch: int = -1):
        self.step_size = _positive_int(step_size, "step_size", "StepLR")
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self.last_epoch == 0 or self.last_epoch % self.step_size:
            return self._current()
        return [lr * self.gamma for lr in self._current()]

    def _get_closed_form_lr(self):
        return [base * self.gamma ** (self.last_epoch // self.step_size)
                for base in self.base_lrs]


class MultiStepLR(LRScheduler):
    """Multiply every group's rate by ``gamma`` at each step listed in ``milestones``.

    Args:
        optimizer (Optimizer): the optimizer.
        milestones (list of ints): increasing steps (a step listed twice decays twice).
        gamma (float): the factor (0.1).
        last_epoch (int): the step to resume after (-1: start).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import optim
        >>> from minigrad.optim import lr_scheduler
        >>> opt = optim.SGD([mg.zeros(1, requires_grad=True)], lr=1.0)
        >>> sched = lr_scheduler.MultiStepLR(opt, milestones=[1, 3], gamma=0.5)
        >>> lrs = []
        >>> for _ in range(4):
        ...     sched.step()
        ...     lrs.append(sched.get_last_lr()[0])
        >>> lrs
        [0.5, 0.5, 0.25, 0.25]
    """

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

    def _get_closed_form_lr(self):
        milestones = sorted(self.milestones.elements())
        return [base * self.gamma ** bisect_right(milestones, self.last_epoch)
                for base in self.base_lrs]


class ExponentialLR(LRScheduler):
    """Multiply every group's rate by ``gamma`` at every step.

    Args:
        optimizer (Optimizer): the optimizer.
        gamma (float): the factor per step.
        last_epoch (int): the step to resume after (-1: start).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import optim
        >>> from minigrad.optim import lr_scheduler
        >>> opt = optim.SGD([mg.zeros(1, requires_grad=True)], lr=1.0)
        >>> sched = lr_scheduler.ExponentialLR(opt, gamma=0.5)
        >>> sched.step(); sched.step()
        >>> sched.get_last_lr()
        [0.25]
    """

    def __init__(self, optimizer, gamma: float, last_epoch: int = -1):
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self._is_initial:
            return self._current()
        return [lr * self.gamma for lr in self._current()]

    def _get_closed_form_lr(self):
        return [base * self.gamma ** self.last_epoch for base in self.base_lrs]


class CosineAnnealingLR(LRScheduler):
    """η_t = η_min + (η_base − η_min)·(1 + cos(π t / T_max)) / 2: from the base rate down to
    ``eta_min`` over ``T_max`` steps (and back up after, a cosine wave, as PyTorch).

    Args:
        optimizer (Optimizer): the optimizer.
        T_max (int): steps from the base rate to ``eta_min``.
        eta_min (float): the lowest rate (0).
        last_epoch (int): the step to resume after (-1: start).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import optim
        >>> from minigrad.optim import lr_scheduler
        >>> opt = optim.SGD([mg.zeros(1, requires_grad=True)], lr=1.0)
        >>> sched = lr_scheduler.CosineAnnealingLR(opt, T_max=2)
        >>> sched.step()
        >>> round(sched.get_last_lr()[0], 10)
        0.5
    """

    def __init__(self, optimizer, T_max: int, eta_min: float = 0.0, last_epoch: int = -1):
        self.T_max = _positive_int(T_max, "T_max", "CosineAnnealingLR")
        self.eta_min = eta_min
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        t, T, low = self.last_epoch, self.T_max, self.eta_min
        if self._is_initial:
            return self._current()
        if self._step_count == 1 and t > 0:           # resumed: the closed form
            return [low + (base - low) * (1 + math.cos(t * math.pi / T)) / 2
                    for base in self.base_lrs]
        if (t - 1 - T) % (2 * T) == 0:                 # the bottom of a cycle: turn back up
            return [lr + (base - low) * (1 - math.cos(math.pi / T)) / 2
                    for lr, base in zip(self._current(), self.base_lrs)]
        ratio = (1 + math.cos(math.pi * t / T)) / (1 + math.cos(math.pi * (t - 1) / T))
        return [ratio * (lr - low) + low for lr in self._current()]

    def _get_closed_form_lr(self):
        return [self.eta_min + (base - self.eta_min)
                * (1 + math.cos(math.pi * self.last_epoch / self.T_max)) / 2
                for base in self.base_lrs]


class LambdaLR(_LambdasInState, LRScheduler):
    """Each group's rate is its base rate times ``lr_lambda(step)`` (one function, or one per
    group).

    Args:
        optimizer (Optimizer): the optimizer.
        lr_lambda (function or list of functions): step -> factor.
        last_epoch (int): the step to resume after (-1: start).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import optim
        >>> from minigrad.optim import lr_scheduler
        >>> opt = optim.SGD([mg.zeros(1, requires_grad=True)], lr=2.0)
        >>> sched = lr_scheduler.LambdaLR(opt, lambda step: 1 / (step + 1))
        >>> sched.step(); sched.step()
        >>> sched.get_last_lr()
        [0.6666666666666666]
    """

    def __init__(self, optimizer, lr_lambda, last_epoch: int = -1):
        self.optimizer = optimizer
        self.lr_lambdas = _lambdas(lr_lambda, optimizer, "LambdaLR")
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        return [base * f(self.last_epoch) for f, base in zip(self.lr_lambdas, self.base_lrs)]


class MultiplicativeLR(_LambdasInState, LRScheduler):
    """Multiply each group's rate by ``lr_lambda(step)`` at every step after the first.

    Args:
        optimizer (Optimizer): the optimizer.
        lr_lambda (function or list of functions): step -> factor.
        last_epoch (int): the step to resume after (-1: start).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import optim
        >>> from minigrad.optim import lr_scheduler
        >>> opt = optim.SGD([mg.zeros(1, requires_grad=True)], lr=1.0)
        >>> sched = lr_scheduler.MultiplicativeLR(opt, lambda step: 0.5)
        >>> sched.step(); sched.step()
        >>> sched.get_last_lr()
        [0.25]
    """

    def __init__(self, optimizer, lr_lambda, last_epoch: int = -1):
        self.optimizer = optimizer
        self.lr_lambdas = _lambdas(lr_lambda, optimizer, "MultiplicativeLR")
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self._is_initial:
            return self._current()
        return [lr * f(self.last_epoch) for f, lr in zip(self.lr_lambdas, self._current())]


class ConstantLR(LRScheduler):
    """The base rate times ``factor`` for the first ``total_iters`` steps, then the base rate.

    Args:
        optimizer (Optimizer): the optimizer.
        factor (float): in [0, 1] (1/3).
        total_iters (int): how many steps the factor applies (5).
        last_epoch (int): the step to resume after (-1: start).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import optim
        >>> from minigrad.optim import lr_scheduler
        >>> opt = optim.SGD([mg.zeros(1, requires_grad=True)], lr=1.0)
        >>> sched = lr_scheduler.ConstantLR(opt, factor=0.5, total_iters=2)
        >>> lrs = []
        >>> for _ in range(3):
        ...     lrs.append(sched.get_last_lr()[0])
        ...     sched.step()
        >>> lrs
        [0.5, 0.5, 1.0]
    """

    def __init__(self, optimizer, factor: float = 1.0 / 3, total_iters: int = 5,
                 last_epoch: int = -1):
        if isinstance(factor, bool) or not isinstance(factor, numbers.Real) \
                or not 0 <= factor <= 1:
            raise ValueError(f"ConstantLR: factor must be between 0 and 1, got {factor!r}.")
        self.factor = factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self.last_epoch == 0:
            return [lr * self.factor for lr in self._current()]
        if self.last_epoch != self.total_iters:
            return self._current()
        return [lr * (1.0 / self.factor) for lr in self._current()]

    def _get_closed_form_lr(self):
        return [base * (self.factor + (self.last_epoch >= self.total_iters) * (1 - self.factor))
                for base in self.base_lrs]


class LinearLR(LRScheduler):
    """Scale the base rate by a factor moving in a straight line from ``start_factor`` to
    ``end_factor`` over ``total_iters`` steps, then hold it (a warm-up, by default).

    Args:
        optimizer (Optimizer): the optimizer.
        start_factor (float): in (0, 1] (1/3).
        end_factor (float): in [0, 1] (1).
        total_iters (int): steps to go from one to the other (5).
        last_epoch (int): the step to resume after (-1: start).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import optim
        >>> from minigrad.optim import lr_scheduler
        >>> opt = optim.SGD([mg.zeros(1, requires_grad=True)], lr=1.0)
        >>> sched = lr_scheduler.LinearLR(opt, start_factor=0.5, total_iters=2)
        >>> lrs = []
        >>> for _ in range(3):
        ...     lrs.append(sched.get_last_lr()[0])
        ...     sched.step()
        >>> lrs
        [0.5, 0.75, 1.0]
    """

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
        if self._is_initial or t > n:
            return self._current()
        factor = 1.0 + (b - a) / (n * a + (t - 1) * (b - a))
        return [lr * factor for lr in self._current()]

    def _get_closed_form_lr(self):
        a, b, n = self.start_factor, self.end_factor, self.total_iters
        return [base * (a + (b - a) * min(n, self.last_epoch) / n) for base in self.base_lrs]


class PolynomialLR(LRScheduler):
    """Decay the base rate to 0 along ``(1 - t / total_iters) ** power`` over
    ``total_iters`` steps (then hold 0).

    Args:
        optimizer (Optimizer): the optimizer.
        total_iters (int): steps until the rate reaches 0 (5).
        power (float): the polynomial's power (1: a straight line).
        last_epoch (int): the step to resume after (-1: start).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import optim
        >>> from minigrad.optim import lr_scheduler
        >>> opt = optim.SGD([mg.zeros(1, requires_grad=True)], lr=1.0)
        >>> sched = lr_scheduler.PolynomialLR(opt, total_iters=4, power=1.0)
        >>> lrs = []
        >>> for _ in range(5):
        ...     lrs.append(sched.get_last_lr()[0])
        ...     sched.step()
        >>> lrs
        [1.0, 0.75, 0.5, 0.25, 0.0]
    """

    def __init__(self, optimizer, total_iters: int = 5, power: float = 1.0,
                 last_epoch: int = -1):
        self.total_iters = _positive_int(total_iters, "total_iters", "PolynomialLR")
        self.power = power
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        t, n = self.last_epoch, self.total_iters
        if self._is_initial or t > n:
            return self._current()
        factor = ((1.0 - t / n) / (1.0 - (t - 1) / n)) ** self.power
        return [lr * factor for lr in self._current()]

    def _get_closed_form_lr(self):
        return [base * (1.0 - min(self.total_iters, self.last_epoch) / self.total_iters)
                ** self.power for base in self.base_lrs]


class CosineAnnealingWarmRestarts(LRScheduler):
    """Cosine annealing from the base rate to ``eta_min`` over ``T_0`` steps, then back to
    the base rate and again, each cycle ``T_mult`` times longer than the last (SGDR,
    Loshchilov and Hutter, 2017).

    Args:
        optimizer (Optimizer): the optimizer.
        T_0 (int): the length of the first cycle.
        T_mult (int): each cycle is this many times longer than the one before (1).
        eta_min (float): the lowest rate (0).
        last_epoch (int): the step to resume after (-1: start).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import optim
        >>> from minigrad.optim import lr_scheduler
        >>> opt = optim.SGD([mg.zeros(1, requires_grad=True)], lr=1.0)
        >>> sched = lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=2)
        >>> lrs = []
        >>> for _ in range(4):
        ...     lrs.append(round(sched.get_last_lr()[0], 10))
        ...     sched.step()
        >>> lrs
        [1.0, 0.5, 1.0, 0.5]
    """

    def __init__(self, optimizer, T_0: int, T_mult: int = 1, eta_min: float = 0.0,
                 last_epoch: int = -1):
        who = "CosineAnnealingWarmRestarts"
        self.T_0 = _positive_int(T_0, "T_0", who)
        if isinstance(T_mult, bool) or not isinstance(T_mult, numbers.Integral) or T_mult < 1:
            raise ValueError(f"{who}: T_mult must be an integer >= 1, got {T_mult!r}.")
        if isinstance(eta_min, bool) or not isinstance(eta_min, numbers.Real):
            raise ValueError(f"{who}: eta_min must be a number, got {eta_min!r}.")
        self.T_i = self.T_0
        self.T_mult = int(T_mult)
        self.eta_min = eta_min
        self.T_cur = last_epoch
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        return [self.eta_min + (base - self.eta_min) * (1 + math.cos(math.pi * self.T_cur
                                                                     / self.T_i)) / 2
                for base in self.base_lrs]

    def step(self, epoch=None) -> None:
        """Move on one step (or, with ``epoch``, to that possibly fractional step, which is
        this schedule's documented use of the argument: ``step(epoch + i / iters)``).

        Args:
            epoch (float, optional): the step to go to.
        """
        if epoch is None and self.last_epoch < 0:
            epoch = 0
        if epoch is None:
            epoch = self.last_epoch + 1
            self.T_cur = self.T_cur + 1
            if self.T_cur >= self.T_i:
                self.T_cur = self.T_cur % self.T_i
                self.T_i = self.T_i * self.T_mult
        else:
            if epoch < 0:
                raise ValueError(f"CosineAnnealingWarmRestarts: epoch must be non-negative, "
                                 f"got {epoch}.")
            if epoch >= self.T_0:
                if self.T_mult == 1:
                    self.T_cur = epoch % self.T_0
                else:
                    n = int(math.log(epoch / self.T_0 * (self.T_mult - 1) + 1, self.T_mult))
                    self.T_cur = epoch - self.T_0 * (self.T_mult ** n - 1) / (self.T_mult - 1)
                    self.T_i = self.T_0 * self.T_mult ** n
            else:
                self.T_i = self.T_0
                self.T_cur = epoch
        self.last_epoch = math.floor(epoch)
        self._get_lr_called_within_step = True
        try:
            values = self.get_lr()
        finally:
            self._get_lr_called_within_step = False
        for group, lr in zip(self.optimizer.param_groups, values):
            group["lr"] = lr
        self._last_lr = self._current()


class CyclicLR(LRScheduler):
    """The cyclical learning rate policy (Smith, 2017): the rate goes from ``base_lr`` up to
    ``max_lr`` in ``step_size_up`` steps and back down in ``step_size_down``, again and
    again; stepped once per *batch*.  With ``cycle_momentum`` the momentum (SGD's
    ``momentum``, Adam's β₁) moves the opposite way, between ``max_momentum`` and
    ``base_momentum``.

    Args:
        optimizer (Optimizer): the optimizer.
        base_lr (float or list): the lower rate (per group, or one for all).
        max_lr (float or list): the upper rate (the peak is lower for the decaying modes).
        step_size_up (int): steps from base to max (2000).
        step_size_down (int, optional): steps back (``step_size_up`` by default).
        mode (str): ``'triangular'`` (the same height every cycle), ``'triangular2'``
            (half the height each cycle) or ``'exp_range'`` (height × gamma^step).
        gamma (float): the decay of ``'exp_range'`` (1).
        scale_fn (function, optional): your own height factor, instead of ``mode``.
        scale_mode (str): ``scale_fn`` takes the ``'cycle'`` number or the step
            (``'iterations'``).
        cycle_momentum (bool): move the momentum too (True).
        base_momentum (float or list): the lower momentum (0.8).
        max_momentum (float or list): the upper momentum (0.9).
        last_epoch (int): the step to resume after (-1: start).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import optim
        >>> from minigrad.optim import lr_scheduler
        >>> opt = optim.SGD([mg.zeros(1, requires_grad=True)], lr=0.1, momentum=0.9)
        >>> sched = lr_scheduler.CyclicLR(opt, base_lr=0.0, max_lr=1.0, step_size_up=2)
        >>> lrs = []
        >>> for _ in range(5):
        ...     lrs.append(sched.get_last_lr()[0])
        ...     sched.step()
        >>> lrs
        [0.0, 0.5, 1.0, 0.5, 0.0]
    """

    def __init__(self, optimizer, base_lr, max_lr, step_size_up: int = 2000,
                 step_size_down=None, mode: str = "triangular", gamma: float = 1.0,
                 scale_fn=None, scale_mode: str = "cycle", cycle_momentum: bool = True,
                 base_momentum=0.8, max_momentum=0.9, last_epoch: int = -1):
        _check_optimizer(optimizer, "CyclicLR")
        self.optimizer = optimizer
        base_lrs = _format_param("base_lr", optimizer, base_lr)
        if last_epoch == -1:
            for lr, group in zip(base_lrs, optimizer.param_groups):
                group["lr"] = lr
        self.max_lrs = _format_param("max_lr", optimizer, max_lr)
        up = _positive_number(step_size_up, "step_size_up", "CyclicLR")
        down = (_positive_number(step_size_down, "step_size_down", "CyclicLR")
                if step_size_down is not None else up)
        self.total_size = up + down
        self.step_ratio = up / self.total_size
        if mode not in ("triangular", "triangular2", "exp_range") and scale_fn is None:
            raise ValueError(f"CyclicLR: mode must be 'triangular', 'triangular2' or "
                             f"'exp_range' (or pass scale_fn), got {mode!r}.")
        if scale_mode not in ("cycle", "iterations"):
            raise ValueError(f"CyclicLR: scale_mode must be 'cycle' or 'iterations', got "
                             f"{scale_mode!r}.")
        self.mode = mode
        self.gamma = gamma
        self._scale_fn_custom = scale_fn
        self.scale_mode = scale_mode
        self._init_scale_fn()
        self.cycle_momentum = cycle_momentum
        if cycle_momentum:
            if "momentum" not in optimizer.defaults and "betas" not in optimizer.defaults:
                raise ValueError("CyclicLR: the optimizer has no momentum to cycle (no "
                                 "'momentum' or 'betas'); pass cycle_momentum=False.")
            self.use_beta1 = "betas" in optimizer.defaults
            self.base_momentums = _format_param("base_momentum", optimizer, base_momentum)
            self.max_momentums = _format_param("max_momentum", optimizer, max_momentum)
            if last_epoch == -1:
                for high, low, group in zip(self.max_momentums, self.base_momentums,
                                            optimizer.param_groups):
                    if self.use_beta1:
                        group["betas"] = (high, *group["betas"][1:])
                    else:
                        group["momentum"] = high
                    group["max_momentum"] = high
                    group["base_momentum"] = low
        super().__init__(optimizer, last_epoch)
        self.base_lrs = base_lrs

    def _init_scale_fn(self) -> None:
        if self._scale_fn_custom is not None:
            return
        if self.mode == "triangular":
            self._scale_fn_ref = self._triangular_scale_fn
            self.scale_mode = "cycle"
        elif self.mode == "triangular2":
            self._scale_fn_ref = self._triangular2_scale_fn
            self.scale_mode = "cycle"
        elif self.mode == "exp_range":
            self._scale_fn_ref = partial(self._exp_range_scale_fn, self.gamma)
            self.scale_mode = "iterations"

    def scale_fn(self, x) -> float:
        """The height factor at cycle (or step) ``x``: ``scale_fn``'s, or the mode's."""
        if self._scale_fn_custom is not None:
            return self._scale_fn_custom(x)
        return self._scale_fn_ref(x)

    @staticmethod
    def _triangular_scale_fn(x: float) -> float:
        return 1.0

    @staticmethod
    def _triangular2_scale_fn(x: float) -> float:
        return 1 / (2.0 ** (x - 1))

    @staticmethod
    def _exp_range_scale_fn(gamma: float, x: float) -> float:
        return gamma ** x

    def get_lr(self):
        cycle = math.floor(1 + self.last_epoch / self.total_size)
        x = 1.0 + self.last_epoch / self.total_size - cycle
        if x <= self.step_ratio:
            scale_factor = x / self.step_ratio
        else:
            scale_factor = (x - 1) / (self.step_ratio - 1)
        at = cycle if self.scale_mode == "cycle" else self.last_epoch
        lrs = [base + (top - base) * scale_factor * self.scale_fn(at)
               for base, top in zip(self.base_lrs, self.max_lrs)]
        if self.cycle_momentum:
            for group, low, high in zip(self.optimizer.param_groups, self.base_momentums,
                                        self.max_momentums):
                momentum = high - (high - low) * scale_factor * self.scale_fn(at)
                if self.use_beta1:
                    group["betas"] = (momentum, *group["betas"][1:])
                else:
                    group["momentum"] = momentum
        return lrs

    def state_dict(self) -> dict:
        """Every attribute but the optimizer and the scale function (a callable object's
        attributes are kept)."""
        state = super().state_dict()
        state.pop("_scale_fn_ref", None)
        fn = state.pop("_scale_fn_custom")
        state["_scale_fn_custom"] = (None if fn is None or isinstance(fn, types.FunctionType)
                                     else dict(vars(fn)))
        return state

    def load_state_dict(self, state_dict: dict) -> None:
        """Restore what :meth:`state_dict` saved; the scale function itself stays."""
        state = dict(state_dict)
        fn = state.pop("_scale_fn_custom", None)
        custom = self._scale_fn_custom
        super().load_state_dict(state)
        self._scale_fn_custom = custom
        if fn is not None and custom is not None:
            vars(custom).update(fn)
        self._init_scale_fn()


class OneCycleLR(LRScheduler):
    """The one-cycle policy (Smith, 2018), stepped once per *batch*.

    The rate rises from ``max_lr / div_factor`` to ``max_lr`` over the first
    ``pct_start`` of the ``total_steps`` (or ``epochs · steps_per_epoch``), then
    falls to ``max_lr / (div_factor · final_div_factor)``; with ``cycle_momentum``
    the momentum (SGD's ``momentum``, Adam's β₁) moves the opposite way, between
    ``max_momentum`` and ``base_momentum``.

    Args:
        optimizer (Optimizer): the optimizer.
        max_lr (float or list): the peak rate (per group, or one for all).
        total_steps (int, optional): the number of steps in the cycle.
        epochs (int, optional): with ``steps_per_epoch``, instead of ``total_steps``.
        steps_per_epoch (int, optional): batches per epoch.
        pct_start (float): the fraction of the cycle spent rising (0.3).
        anneal_strategy (str): ``'cos'`` or ``'linear'``.
        cycle_momentum (bool): move the momentum too (True).
        base_momentum (float or list): the lower momentum (0.85).
        max_momentum (float or list): the upper momentum (0.95).
        div_factor (float): the starting rate is ``max_lr / div_factor`` (25).
        final_div_factor (float): the final rate is the starting rate / this (1e4).
        three_phase (bool): come back down to the starting rate before the final descent.
        last_epoch (int): the step to resume after (-1: start).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import optim
        >>> from minigrad.optim import lr_scheduler
        >>> opt = optim.SGD([mg.zeros(1, requires_grad=True)], lr=0.1, momentum=0.9)
        >>> sched = lr_scheduler.OneCycleLR(opt, max_lr=1.0, total_steps=10)
        >>> round(sched.get_last_lr()[0], 10), opt.param_groups[0]["momentum"]
        (0.04, 0.95)
    """

    def __init__(self, optimizer, max_lr, total_steps=None, epochs=None, steps_per_epoch=None,
                 pct_start: float = 0.3, anneal_strategy: str = "cos",
                 cycle_momentum: bool = True, base_momentum=0.85, max_momentum=0.95,
                 div_factor: float = 25.0, final_div_factor: float = 1e4,
                 three_phase: bool = False, last_epoch: int = -1):
        _check_optimizer(optimizer, "OneCycleLR")
        self.optimizer = optimizer
        if total_steps is not None:
            self.total_steps = _positive_int(total_steps, "total_steps", "OneCycleLR")
        elif epochs is not None and steps_per_epoch is not None:
            self.total_steps = (_positive_int(epochs, "epochs", "OneCycleLR")
                                * _positive_int(steps_per_epoch, "steps_per_epoch", "OneCycleLR"))
        else:
            raise ValueError("OneCycleLR: give total_steps, or both epochs and steps_per_epoch.")
        T, p = self.total_steps, pct_start

        def phase(end, lr_a, lr_b, mom_a, mom_b):
            return {"end_step": end, "start_lr": lr_a, "end_lr": lr_b, "start_momentum": mom_a,
                    "end_momentum": mom_b}

        if three_phase:
            self._schedule_phases = [
                phase(float(p * T) - 1, "initial_lr", "max_lr", "max_momentum", "base_momentum"),
                phase(float(2 * p * T) - 2, "max_lr", "initial_lr", "base_momentum",
                      "max_momentum"),
                phase(T - 1, "initial_lr", "min_lr", "max_momentum", "max_momentum")]
        else:
            self._schedule_phases = [
                phase(float(p * T) - 1, "initial_lr", "max_lr", "max_momentum", "base_momentum"),
                phase(T - 1, "max_lr", "min_lr", "base_momentum", "max_momentum")]
        if not 0 <= pct_start <= 1:
            raise ValueError(f"OneCycleLR: pct_start must be in [0, 1], got {pct_start}.")
        if anneal_strategy not in ("cos", "linear"):
            raise ValueError(f"OneCycleLR: anneal_strategy must be 'cos' or 'linear', got "
                             f"{anneal_strategy!r}.")
        self._anneal_func_type = anneal_strategy
        groups = optimizer.param_groups
        if last_epoch == -1:
            for group, top in zip(groups, _format_param("max_lr", optimizer, max_lr)):
                group["initial_lr"] = top / div_factor
                group["max_lr"] = top
                group["min_lr"] = group["initial_lr"] / final_div_factor
        self.cycle_momentum = cycle_momentum
        if cycle_momentum:
            if "momentum" not in optimizer.defaults and "betas" not in optimizer.defaults:
                raise ValueError("OneCycleLR: the optimizer has no momentum to cycle (no "
                                 "'momentum' or 'betas'); pass cycle_momentum=False.")
            self.use_beta1 = "betas" in optimizer.defaults
            if last_epoch == -1:
                for group, low, high in zip(
                        groups, _format_param("base_momentum", optimizer, base_momentum),
                        _format_param("max_momentum", optimizer, max_momentum)):
                    self._set_momentum(group, high)
                    group["max_momentum"], group["base_momentum"] = high, low
        super().__init__(optimizer, last_epoch)

    def _set_momentum(self, group: dict, value: float) -> None:
        if self.use_beta1:
            group["betas"] = (value, *group["betas"][1:])
        else:
            group["momentum"] = value

    def _anneal(self, start: float, end: float, pct: float) -> float:
        if self._anneal_func_type == "cos":
            return end + (start - end) / 2.0 * (math.cos(math.pi * pct) + 1)
        return (end - start) * pct + start

    def get_lr(self):
        step = self.last_epoch
        if step > self.total_steps:
            raise ValueError(f"OneCycleLR: tried to step {step} times, but total_steps is "
                             f"{self.total_steps}.")
        lrs = []
        for group in self.optimizer.param_groups:
            start = 0.0
            for i, phase in enumerate(self._schedule_phases):
                end = phase["end_step"]
                if step <= end or i == len(self._schedule_phases) - 1:
                    pct = (step - start) / (end - start)
                    lrs.append(self._anneal(group[phase["start_lr"]], group[phase["end_lr"]],
                                            pct))
                    if self.cycle_momentum:
                        self._set_momentum(group, self._anneal(
                            group[phase["start_momentum"]], group[phase["end_momentum"]], pct))
                    break
                start = end
        return lrs


class ReduceLROnPlateau(LRScheduler):
    """Multiply each group's rate by ``factor`` when a metric has not improved for
    ``patience`` steps: call ``step(metric)`` with the validation loss (or accuracy, with
    ``mode='max'``) after each epoch.

    Args:
        optimizer (Optimizer): the optimizer.
        mode (str): ``'min'`` (lower is better, the default) or ``'max'``.
        factor (float): the factor, below 1 (0.1).
        patience (int): how many steps without improvement are tolerated (10).
        threshold (float): how much better counts as better (1e-4).
        threshold_mode (str): ``'rel'`` (better by a fraction ``threshold`` of the best) or
            ``'abs'`` (by ``threshold`` itself).
        cooldown (int): steps to wait after a reduction before counting again (0).
        min_lr (float or list): no rate goes below this (per group, or one for all).
        eps (float): a reduction smaller than this is skipped (1e-8).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import optim
        >>> from minigrad.optim import lr_scheduler
        >>> opt = optim.SGD([mg.zeros(1, requires_grad=True)], lr=1.0)
        >>> sched = lr_scheduler.ReduceLROnPlateau(opt, patience=1, factor=0.5)
        >>> for val_loss in [1.0, 0.9, 0.9, 0.9, 0.8]:
        ...     sched.step(val_loss)
        >>> sched.get_last_lr()       # halved after the second step without improvement
        [0.5]
    """

    def __init__(self, optimizer, mode: str = "min", factor: float = 0.1, patience: int = 10,
                 threshold: float = 1e-4, threshold_mode: str = "rel", cooldown: int = 0,
                 min_lr=0, eps: float = 1e-8):
        if factor >= 1.0:
            raise ValueError(f"ReduceLROnPlateau: factor must be below 1, got {factor}.")
        self.factor = factor
        _check_optimizer(optimizer, "ReduceLROnPlateau")
        self.optimizer = optimizer
        if isinstance(min_lr, (list, tuple)):
            if len(min_lr) != len(optimizer.param_groups):
                raise ValueError(f"ReduceLROnPlateau: expected {len(optimizer.param_groups)} "
                                 f"min_lr values (one per group), got {len(min_lr)}.")
            self.default_min_lr = None
            self.min_lrs = list(min_lr)
        else:
            self.default_min_lr = min_lr
            self.min_lrs = [min_lr] * len(optimizer.param_groups)
        self.patience = patience
        self.cooldown = cooldown
        self.eps = eps
        self.last_epoch = 0
        self._last_lr = self._current()
        self._init_is_better(mode=mode, threshold=threshold, threshold_mode=threshold_mode)
        self._reset()

    def _reset(self) -> None:
        self.best = self.mode_worse
        self.cooldown_counter = 0
        self.num_bad_epochs = 0

    def step(self, metrics, epoch=None) -> None:
        """Count ``metrics`` (a number, or a one-element tensor) and reduce the rates when
        it has not improved for more than ``patience`` steps.

        Args:
            metrics: the quantity watched, e.g. the validation loss.
            epoch (int, optional): deprecated, as in PyTorch; warns.
        """
        try:
            current = float(metrics)
        except TypeError:
            raise TypeError(f"ReduceLROnPlateau.step expects the metric (a number, e.g. the "
                            f"validation loss), got {type(metrics).__name__}; did you call "
                            f"step() without it?") from None
        if epoch is None:
            epoch = self.last_epoch + 1
        else:
            warnings.warn(_EPOCH_WARNING, UserWarning, stacklevel=2)
        self.last_epoch = epoch
        if self._is_better(current, self.best):
            self.best = current
            self.num_bad_epochs = 0
        else:
            self.num_bad_epochs += 1
        if self.in_cooldown:
            self.cooldown_counter -= 1
            self.num_bad_epochs = 0
        if self.num_bad_epochs > self.patience:
            self._reduce_lr()
            self.cooldown_counter = self.cooldown
            self.num_bad_epochs = 0
        self._last_lr = self._current()

    def _reduce_lr(self) -> None:
        if len(self.optimizer.param_groups) != len(self.min_lrs):
            if self.default_min_lr is None:
                raise RuntimeError(f"ReduceLROnPlateau: the optimizer now has "
                                   f"{len(self.optimizer.param_groups)} parameter groups but "
                                   f"min_lr gave {len(self.min_lrs)}; update min_lrs.")
            self.min_lrs = [self.default_min_lr] * len(self.optimizer.param_groups)
        for i, group in enumerate(self.optimizer.param_groups):
            old = float(group["lr"])
            new = max(old * self.factor, self.min_lrs[i])
            if old - new > self.eps:
                group["lr"] = new

    @property
    def in_cooldown(self) -> bool:
        """Whether the schedule is waiting after a reduction."""
        return self.cooldown_counter > 0

    def _is_better(self, a: float, best: float) -> bool:
        if self.mode == "min" and self.threshold_mode == "rel":
            return a < best * (1.0 - self.threshold)
        if self.mode == "min":
            return a < best - self.threshold
        if self.threshold_mode == "rel":
            return a > best * (self.threshold + 1.0)
        return a > best + self.threshold

    def _init_is_better(self, mode: str, threshold: float, threshold_mode: str) -> None:
        if mode not in ("min", "max"):
            raise ValueError(f"ReduceLROnPlateau: mode must be 'min' or 'max', got {mode!r}.")
        if threshold_mode not in ("rel", "abs"):
            raise ValueError(f"ReduceLROnPlateau: threshold_mode must be 'rel' or 'abs', got "
                             f"{threshold_mode!r}.")
        self.mode_worse = math.inf if mode == "min" else -math.inf
        self.mode, self.threshold, self.threshold_mode = mode, threshold, threshold_mode

    def load_state_dict(self, state_dict: dict) -> None:
        """Restore what :meth:`state_dict` saved (here or in PyTorch).

        Args:
            state_dict (dict): the saved state.
        """
        super().load_state_dict(state_dict)
        self._init_is_better(mode=self.mode, threshold=self.threshold,
                             threshold_mode=self.threshold_mode)


def _check_members(schedulers, optimizer, who: str) -> None:
    if len(schedulers) < 1:
        raise ValueError(f"{who} expects at least one schedule, got none.")
    for i, s in enumerate(schedulers):
        if not hasattr(s, "optimizer"):
            raise TypeError(f"{who}: item {i} is a {type(s).__name__}, not a schedule.")
        if isinstance(s, ReduceLROnPlateau):
            raise ValueError(f"{who}: item {i} is a ReduceLROnPlateau, whose step() needs the "
                             f"metric; it cannot be stepped with the others.")
        if s.optimizer is not optimizer:
            raise ValueError(f"{who}: every schedule must belong to the same optimizer, but "
                             f"item {i} ({type(s).__name__}) has another one.")


def _members_state(self) -> dict:
    state = {k: v for k, v in vars(self).items() if k not in ("optimizer", "_schedulers")}
    state["_schedulers"] = [s.state_dict() for s in self._schedulers]
    return state


def _load_members_state(self, state_dict: dict) -> None:
    state = dict(state_dict)
    members = state.pop("_schedulers")
    vars(self).update(state)
    for s, saved in zip(self._schedulers, members):
        s.load_state_dict(saved)


class SequentialLR(LRScheduler):
    """One schedule after another: ``schedulers[i]`` runs from ``milestones[i-1]`` on (each
    restarting from the base rates), e.g. a linear warm-up then a cosine decay.

    Args:
        optimizer (Optimizer): the optimizer every schedule belongs to.
        schedulers (list): the schedules, in order.
        milestones (list of ints): the steps at which to switch (one fewer than schedules).
        last_epoch (int): the step to resume after (-1: start).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import optim
        >>> from minigrad.optim import lr_scheduler
        >>> opt = optim.SGD([mg.zeros(1, requires_grad=True)], lr=1.0)
        >>> warmup = lr_scheduler.LinearLR(opt, start_factor=0.5, total_iters=2)
        >>> decay = lr_scheduler.ExponentialLR(opt, gamma=0.5)
        >>> sched = lr_scheduler.SequentialLR(opt, [warmup, decay], milestones=[2])
        >>> lrs = []
        >>> for _ in range(5):
        ...     lrs.append(sched.get_last_lr()[0])
        ...     sched.step()
        >>> lrs
        [0.5, 0.75, 1.0, 0.5, 0.25]
    """

    def __init__(self, optimizer, schedulers, milestones, last_epoch: int = -1):
        _check_members(schedulers, optimizer, "SequentialLR")
        if len(milestones) != len(schedulers) - 1:
            raise ValueError(f"SequentialLR: expected {len(schedulers) - 1} milestone(s) (one "
                             f"fewer than schedules), got {len(milestones)}.")
        self._schedulers = schedulers
        self._milestones = milestones
        self.last_epoch = last_epoch + 1
        self.optimizer = optimizer
        for group in optimizer.param_groups:
            group["lr"] = group["initial_lr"]
        self.recursive_undo()
        idx = bisect_right(self._milestones, 0)
        self._schedulers[idx]._initial_step()
        self._last_lr = schedulers[idx].get_last_lr()

    def recursive_undo(self, sched=None) -> None:
        """Take back the step each schedule took when it was created (nested ones too).

        Args:
            sched (optional): where to start (this schedule by default).
        """
        scheds = self if sched is None else sched
        if hasattr(scheds, "_schedulers"):
            for s in scheds._schedulers:
                self.recursive_undo(s)
        elif hasattr(scheds, "last_epoch"):
            scheds.last_epoch -= 1

    def step(self) -> None:
        """Move on one step: the current schedule steps, or the next one starts."""
        self.last_epoch += 1
        idx = bisect_right(self._milestones, self.last_epoch)
        scheduler = self._schedulers[idx]
        if idx > 0 and self._milestones[idx - 1] == self.last_epoch:
            scheduler._update_lr(0)
        else:
            scheduler.step()
        self._last_lr = scheduler.get_last_lr()

    def state_dict(self) -> dict:
        """Every attribute but the optimizer, with each schedule's own state."""
        return _members_state(self)

    def load_state_dict(self, state_dict: dict) -> None:
        """Restore what :meth:`state_dict` saved, each schedule's state included."""
        _load_members_state(self, state_dict)


class ChainedScheduler(LRScheduler):
    """Several schedules stepped together: each ``step()`` steps every one of them, in order,
    so their factors multiply (e.g. a constant warm-up factor and an exponential decay).

    Args:
        schedulers (list): the schedules.
        optimizer (Optimizer, optional): the optimizer they all belong to (the first's by
            default).

    Example:
        >>> import minigrad as mg
        >>> from minigrad import optim
        >>> from minigrad.optim import lr_scheduler
        >>> opt = optim.SGD([mg.zeros(1, requires_grad=True)], lr=1.0)
        >>> sched = lr_scheduler.ChainedScheduler([
        ...     lr_scheduler.ConstantLR(opt, factor=0.5, total_iters=2),
        ...     lr_scheduler.ExponentialLR(opt, gamma=0.5)])
        >>> lrs = []
        >>> for _ in range(4):
        ...     lrs.append(sched.get_last_lr()[0])
        ...     sched.step()
        >>> lrs
        [0.5, 0.25, 0.25, 0.125]
    """

    def __init__(self, schedulers, optimizer=None):
        if len(schedulers) < 1:
            raise ValueError("ChainedScheduler expects at least one schedule, got none.")
        optimizer = optimizer or schedulers[0].optimizer
        _check_members(schedulers, optimizer, "ChainedScheduler")
        self._schedulers = schedulers
        self.optimizer = optimizer
        self._last_lr = [group["lr"] for group in self._schedulers[-1].optimizer.param_groups]

    def step(self) -> None:
        """Step every schedule once, in order."""
        for scheduler in self._schedulers:
            scheduler.step()
        self._last_lr = [group["lr"] for group in self._schedulers[-1].optimizer.param_groups]

    def state_dict(self) -> dict:
        """Every attribute but the optimizer, with each schedule's own state."""
        return _members_state(self)

    def load_state_dict(self, state_dict: dict) -> None:
        """Restore what :meth:`state_dict` saved, each schedule's state included."""
        _load_members_state(self, state_dict)


__all__ = ["LRScheduler", "StepLR", "MultiStepLR", "ExponentialLR", "CosineAnnealingLR",
           "LambdaLR", "LinearLR", "OneCycleLR", "MultiplicativeLR", "ConstantLR",
           "PolynomialLR", "CosineAnnealingWarmRestarts", "CyclicLR", "ReduceLROnPlateau",
           "SequentialLR", "ChainedScheduler"]
