"""``Optimizer``: what every optimizer shares — parameter groups, state, ``zero_grad``,
``step`` and saving (chapter 5; groups, state_dict and schedules: chapter 11).

A subclass lists its hyperparameters' defaults and writes ``_update(p, g, state,
group)``, the rule that changes one parameter ``p`` given its gradient ``g`` (a
NumPy array), its own ``state`` dict (momentum buffers, running averages …) and
its group's hyperparameters.  ``step()`` calls it for each parameter that has a
gradient; a parameter without one (it did not take part in this loss) is
skipped, as in PyTorch.  Updates change ``param.data`` in place, outside the graph.

**Parameter groups**, as in PyTorch: ``params`` may be a list of dicts, each with
its ``"params"`` and any hyperparameters that differ from the defaults::

    SGD([{"params": model.body.parameters()},
         {"params": model.head.parameters(), "lr": 1e-3}], lr=1e-2, momentum=0.9)

``param_groups`` is that list, completed with the defaults; a learning-rate
schedule changes ``group["lr"]`` there.  ``state`` maps each parameter to its
state dict.  ``state_dict()`` / ``load_state_dict()`` save and restore both,
with parameters numbered in group order, PyTorch's layout (NumPy arrays instead
of tensors), so a run can be resumed exactly.
"""

from __future__ import annotations

import copy
import numbers

import numpy as np

from ..autograd import enable_grad
from ..tensor import Tensor


def _check_hyper(name: str, value, low: float = 0.0, high: float = None, opt: str = "") -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{opt}: {name} must be a number, got {type(value).__name__}.")
    if value < low or (high is not None and value >= high) or value != value:
        span = f"in [{low}, {high})" if high is not None else f">= {low}"
        raise ValueError(f"{opt}: {name} must be {span}, got {value}.")
    return float(value)


def _check_betas(betas, opt: str) -> tuple:
    if not isinstance(betas, (tuple, list)) or len(betas) != 2:
        raise TypeError(f"{opt}: betas must be a pair (beta1, beta2), got {betas!r}.")
    return (_check_hyper("betas[0]", betas[0], 0.0, 1.0, opt),
            _check_hyper("betas[1]", betas[1], 0.0, 1.0, opt))


class Optimizer:
    """Base class of the optimizers: holds the parameter groups and per-parameter state
    (chapter 5; groups, state_dict and schedules: chapter 11).

    A subclass lists its hyperparameters' defaults and writes ``_update(p, g, state,
    group)``, the rule that changes one parameter ``p`` given its gradient ``g``, its own
    ``state`` dict and its group's hyperparameters; ``step()`` calls it for each parameter
    that has a gradient.

    Args:
        params (iterable): tensors to optimize, or parameter groups (dicts with
            ``"params"`` and any hyperparameter that differs from the defaults).
        defaults (dict): the hyperparameters' defaults.

    Example:
        >>> import numpy as np
        >>> import minigrad as mg
        >>> from minigrad.optim import Optimizer
        >>> class SignSGD(Optimizer):
        ...     def __init__(self, params, lr=0.01):
        ...         super().__init__(params, dict(lr=lr))
        ...     def _update(self, p, g, state, group):
        ...         p.data -= group["lr"] * np.sign(g)
        >>> w = mg.tensor([1.0, -1.0], requires_grad=True)
        >>> opt = SignSGD([w], lr=0.5)
        >>> (w * 3).sum().backward(); opt.step()
        >>> w
        tensor([ 0.5, -1.5], requires_grad=True)
    """

    def __init__(self, params, defaults: dict):
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
        if not items:
            raise ValueError(f"{name} got an empty parameter list: does the model have any "
                             f"layers with parameters? (A generator such as model.parameters() "
                             f"can only be used once.)")
        self.defaults = dict(defaults)
        self.param_groups: list = []
        self.state: dict = {}
        groups = items if isinstance(items[0], dict) else [{"params": items}]
        for group in groups:
            self.add_param_group(group)

    def _check_group(self, group: dict) -> dict:
        """Validate a group's hyperparameters (subclasses check their own)."""
        group["lr"] = _check_hyper("lr", group["lr"], opt=type(self).__name__)
        return group

    def add_param_group(self, param_group: dict) -> None:
        """Add a group of parameters with its own hyperparameters (the rest from the defaults),
        e.g. to unfreeze a layer during training; a parameter can be in only one group.

        Args:
            param_group (dict): ``{"params": [...], "lr": ...}``.
        """
        name = type(self).__name__
        if not isinstance(param_group, dict) or "params" not in param_group:
            raise TypeError(f"{name}: a parameter group is a dict with a 'params' entry, "
                            f"got {param_group!r}.")
        unknown = set(param_group) - set(self.defaults) - {"params", "initial_lr"}
        unknown -= {k for k in param_group if k.endswith(("_lr", "_momentum"))}  # schedules'
        if unknown:
            raise ValueError(f"{name}: unknown hyperparameter(s) {sorted(unknown)} in a parameter "
                             f"group; {name} takes {sorted(self.defaults)}.")
        params = param_group["params"]
        params = [params] if isinstance(params, Tensor) else list(params)
        seen = {id(p) for g in self.param_groups for p in g["params"]}
        kept = []
        for i, p in enumerate(params):
            if not isinstance(p, Tensor):
                raise TypeError(f"{name}: parameter {i} is a {type(p).__name__}, not a Tensor.")
            if not p.is_leaf:
                raise ValueError(f"{name}: parameter {i} is the result of an operation "
                                 f"(op '{p.op}'); only leaf tensors can be optimized.")
            if id(p) in seen:
                if any(p is q for g in self.param_groups for q in g["params"]):
                    raise ValueError(f"{name}: parameter {i} already belongs to another "
                                     f"parameter group; a parameter can be in only one.")
                continue                # a shared parameter listed twice is updated once
            seen.add(id(p))
            kept.append(p)
        group = {"params": kept}
        for key, default in self.defaults.items():
            group[key] = param_group.get(key, default)
        for key, value in param_group.items():
            group.setdefault(key, value)
        if not kept:
            raise ValueError(f"{name} got an empty parameter list: does the model have any "
                             f"layers with parameters? (A generator such as model.parameters() "
                             f"can only be used once.)")
        self.param_groups.append(self._check_group(group))

    # -- conveniences -----------------------------------------------------------------
    @property
    def params(self) -> list:
        """Every parameter, in group order."""
        return [p for g in self.param_groups for p in g["params"]]

    @property
    def lr(self) -> float:
        """The learning rate of the first group (setting it sets every group's)."""
        return self.param_groups[0]["lr"]

    @lr.setter
    def lr(self, value: float) -> None:
        value = _check_hyper("lr", value, opt=type(self).__name__)
        for group in self.param_groups:
            group["lr"] = value

    # -- the loop ---------------------------------------------------------------------
    def zero_grad(self, set_to_none: bool = True) -> None:
        """Forget every parameter's gradient: ``.grad`` becomes None (as in PyTorch), or
        zeros in place with ``set_to_none=False``."""
        for p in self.params:
            if set_to_none or p.grad is None:
                p.grad = None
            else:
                p.grad.data[...] = 0

    def step(self, closure=None):
        """Update every parameter that has a gradient, once.  ``closure`` (optional)
        recomputes the loss with gradients and returns it; step returns that loss."""
        loss = None
        if closure is not None:
            with enable_grad():
                loss = closure()
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    g = p.grad.data
                    if group.get("maximize"):
                        g = -g
                    self._update(p, g, self.state.setdefault(p, {}), group)
        return loss

    def _update(self, p: Tensor, g: np.ndarray, state: dict, group: dict) -> None:
        raise NotImplementedError(f"{type(self).__name__} must define "
                                  f"_update(param, grad, state, group).")

    # -- saving -----------------------------------------------------------------------
    def state_dict(self) -> dict:
        """``{"state": {index: {...}}, "param_groups": [{..., "params": [indices]}]}``, with
        parameters numbered across groups in order and every array copied."""
        index = {id(p): i for i, p in enumerate(self.params)}
        groups = []
        for group in self.param_groups:
            saved = {k: copy.deepcopy(v) for k, v in group.items() if k != "params"}
            saved["params"] = [index[id(p)] for p in group["params"]]
            groups.append(saved)
        state = {index[id(p)]: {k: (v.copy() if isinstance(v, np.ndarray) else v)
                                for k, v in s.items()}
                 for p, s in self.state.items() if s}
        return {"state": state, "param_groups": groups}

    def load_state_dict(self, state_dict: dict) -> None:
        """Restore what :meth:`state_dict` saved into an optimizer built over the same
        parameters (same groups, same sizes); checked before anything changes."""
        name = type(self).__name__
        if not isinstance(state_dict, dict) or set(state_dict) != {"state", "param_groups"}:
            raise ValueError(f"{name}.load_state_dict: expected a dict with 'state' and "
                             f"'param_groups', as state_dict() makes.")
        groups = state_dict["param_groups"]
        if len(groups) != len(self.param_groups):
            raise ValueError(f"{name}.load_state_dict: the state has {len(groups)} parameter "
                             f"group(s) but this optimizer has {len(self.param_groups)}.")
        for i, (saved, own) in enumerate(zip(groups, self.param_groups)):
            if len(saved["params"]) != len(own["params"]):
                raise ValueError(f"{name}.load_state_dict: group {i} has {len(saved['params'])} "
                                 f"parameters in the state but {len(own['params'])} here.")
        by_index = {}
        for saved, own in zip(groups, self.param_groups):
            for i, p in zip(saved["params"], own["params"]):
                by_index[int(i)] = p
        new_state = {}
        for i, s in state_dict["state"].items():
            p = by_index.get(int(i))
            if p is None:
                raise ValueError(f"{name}.load_state_dict: state for parameter {i}, which no "
                                 f"group lists.")
            entry = {}
            for key, value in s.items():
                if isinstance(value, Tensor):
                    value = value.data
                if hasattr(value, "shape") and np.ndim(value) and value.shape != p.shape:
                    raise ValueError(f"{name}.load_state_dict: {key!r} of parameter {i} has "
                                     f"shape {value.shape} but the parameter has {p.shape}.")
                if np.ndim(value):
                    value = np.array(value, dtype=p.data.dtype)
                elif key == "step":
                    value = int(np.asarray(value))
                entry[key] = value
            new_state[p] = entry
        for saved, own in zip(groups, self.param_groups):
            for key, value in saved.items():
                if key != "params":
                    own[key] = tuple(value) if isinstance(value, list) else value
        self.state = new_state

    # -- printing ---------------------------------------------------------------------
    def __repr__(self) -> str:
        shown = [self._hyper_text(g) for g in self.param_groups]
        if len(shown) == 1:
            return f"{type(self).__name__}({len(self.params)} parameters, {shown[0]})"
        parts = "; ".join(f"group {i}: {len(g['params'])} parameters, {text}"
                          for i, (g, text) in enumerate(zip(self.param_groups, shown)))
        return f"{type(self).__name__}({parts})"

    def _hyper_text(self, group: dict) -> str:
        """The hyperparameters always shown, then any others that differ from the default."""
        always = self._shown
        text = [f"{k}={group[k]}" for k in always]
        text += [f"{k}={group[k]}" for k, v in self.defaults.items()
                 if k not in always and group[k] != v]
        return ", ".join(text)

    #: hyperparameters always printed by repr (others only when not at their default)
    _shown: tuple = ("lr",)

    def hyperparameters(self) -> dict:
        """The first group's hyperparameters."""
        return {k: v for k, v in self.param_groups[0].items() if k in self.defaults}
