"""``Module``: the base class of every layer, and ``Parameter``, the tensors it learns.

A module is an object that holds parameters and other modules as ordinary
attributes and computes something in ``forward``.  The base class finds them by
looking at the attributes, in the order they were set, so a layer written as

    class TwoLayer(Module):
        def __init__(self):
            super().__init__()
            self.hidden = Linear(2, 10)
            self.out = Linear(10, 1)

        def forward(self, x):
            return self.out(self.hidden(x).sigmoid())

gets ``parameters()``, ``zero_grad()``, ``train()``/``eval()``, ``state_dict()``
and a printable tree without writing any of them.  Lists and tuples of modules
(as in :class:`Sequential`) are found too; their items are named ``0``, ``1`` …
"""

from __future__ import annotations

from collections import OrderedDict

import numpy as np

from ..tensor import Tensor


class Parameter(Tensor):
    """A tensor that a module learns: a leaf that requires a gradient.

    It is an ordinary :class:`~minigrad.Tensor` in every other way; the type only
    tells :class:`Module` which attributes to hand to an optimizer.
    """

    __slots__ = ()

    def __init__(self, data, requires_grad: bool = True, dtype=None):
        super().__init__(data, requires_grad=requires_grad, dtype=dtype)

    def __repr__(self) -> str:
        return "Parameter containing:\n" + super().__repr__()


class Module:
    """Base class for layers and models: subclass it, set attributes, write ``forward``."""

    #: True in training mode (the default), False after ``eval()``; Dropout reads it.
    training: bool = True

    def __init__(self):
        self.training = True

    # -- running ---------------------------------------------------------------------
    def forward(self, *args, **kwargs):
        raise NotImplementedError(
            f"{type(self).__name__} has no forward() method: a Module subclass must define "
            f"forward(self, ...) to say what calling the module computes.")

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)

    # -- finding parameters and sub-modules ------------------------------------------
    def _members(self):
        """(name, value) for every Parameter and Module held by this module directly."""
        for name, value in vars(self).items():
            if isinstance(value, (Parameter, Module)):
                yield name, value
            elif isinstance(value, (list, tuple)):
                for i, item in enumerate(value):
                    if isinstance(item, (Parameter, Module)):
                        yield f"{name}.{i}", item

    def named_children(self):
        """(name, module) for each direct sub-module."""
        for name, value in self._members():
            if isinstance(value, Module):
                yield name, value

    def children(self):
        for _, module in self.named_children():
            yield module

    def named_modules(self, prefix: str = ""):
        """(dotted name, module) for this module and every module inside it, each once."""
        seen = set()
        stack = [(prefix, self)]
        while stack:
            name, module = stack.pop()
            if id(module) in seen:
                continue
            seen.add(id(module))
            yield name, module
            kids = [(f"{name}.{n}" if name else n, m) for n, m in module.named_children()]
            stack.extend(reversed(kids))

    def modules(self):
        for _, module in self.named_modules():
            yield module

    def named_parameters(self, prefix: str = ""):
        """(dotted name, parameter) for every parameter, each once even when shared."""
        seen = set()
        for mod_name, module in self.named_modules(prefix):
            for name, value in module._members():
                if isinstance(value, Parameter) and id(value) not in seen:
                    seen.add(id(value))
                    yield (f"{mod_name}.{name}" if mod_name else name), value

    def parameters(self):
        """Every parameter of this module and its sub-modules (what an optimizer needs)."""
        for _, p in self.named_parameters():
            yield p

    def num_parameters(self) -> int:
        """How many numbers the module learns."""
        return sum(p.data.size for p in self.parameters())

    # -- training helpers ------------------------------------------------------------
    def zero_grad(self) -> None:
        """Forget every parameter's gradient (each ``.grad`` becomes None)."""
        for p in self.parameters():
            p.grad = None

    def train(self, mode: bool = True) -> "Module":
        """Switch this module and all sub-modules to training mode (or evaluation with False)."""
        for module in self.modules():
            module.training = bool(mode)
        return self

    def eval(self) -> "Module":
        """Evaluation mode: Dropout passes inputs through unchanged."""
        return self.train(False)

    # -- saving and loading ----------------------------------------------------------
    def state_dict(self) -> "OrderedDict[str, np.ndarray]":
        """A copy of every parameter's values, by dotted name."""
        return OrderedDict((name, p.data.copy()) for name, p in self.named_parameters())

    def load_state_dict(self, state) -> None:
        """Copy values from ``state`` (as made by :meth:`state_dict`) into the parameters.

        Every name and shape is checked before anything is written, so a state that
        does not fit leaves the module exactly as it was.
        """
        if not hasattr(state, "items"):
            raise TypeError(f"load_state_dict expects a mapping of name -> array, "
                            f"got {type(state).__name__}.")
        own = dict(self.named_parameters())
        values = {k: (v.data if isinstance(v, Tensor) else np.asarray(v)) for k, v in state.items()}
        problems = []
        missing = [k for k in own if k not in values]
        unexpected = [k for k in values if k not in own]
        if missing:
            problems.append(f"missing: {', '.join(missing)}")
        if unexpected:
            problems.append(f"unexpected: {', '.join(unexpected)}")
        for name, p in own.items():
            if name in values and values[name].shape != p.data.shape:
                problems.append(f"{name} has shape {values[name].shape} in the state but "
                                f"{p.data.shape} in the model")
        if problems:
            raise ValueError(f"load_state_dict: the state does not fit this "
                             f"{type(self).__name__}; nothing was loaded. " + "; ".join(problems))
        for name, p in own.items():
            p.data = np.array(values[name], dtype=p.data.dtype)

    # -- printing --------------------------------------------------------------------
    def extra_repr(self) -> str:
        """What to show between the brackets of this module's repr (its settings)."""
        return ""

    def __repr__(self) -> str:
        kids = list(self.named_children())
        head = f"{type(self).__name__}({self.extra_repr()}"
        if not kids:
            return head + ")"
        lines = [head]
        for name, module in kids:
            body = repr(module).replace("\n", "\n  ")
            lines.append(f"  ({name}): {body}")
        return "\n".join(lines) + "\n)"
