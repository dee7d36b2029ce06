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

**Buffers** (chapter 11) are tensors a module keeps and saves but does not learn,
such as BatchNorm's running mean: ``self.register_buffer("running_mean", t)``.
They are in ``state_dict()`` and ``buffers()``, never in ``parameters()``, so an
optimizer leaves them alone.  ``apply(fn)`` (used by ``nn.init`` recipes),
``requires_grad_()`` (freezing a part of a model) and ``named_modules()`` walk
the same tree.
"""

from __future__ import annotations

from collections import OrderedDict, namedtuple

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


#: What ``load_state_dict(..., strict=False)`` reports, as PyTorch's ``_IncompatibleKeys``.
IncompatibleKeys = namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])


class Module:
    """Base class for layers and models: subclass it, set attributes, write ``forward``."""

    #: True in training mode (the default), False after ``eval()``; Dropout reads it.
    training: bool = True
    #: Names of this module's buffers -> whether each is saved in ``state_dict``.
    _buffers: dict = {}

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

    # -- buffers ---------------------------------------------------------------------
    def register_buffer(self, name: str, tensor, persistent: bool = True) -> None:
        """Keep ``tensor`` as ``self.<name>``: saved in ``state_dict`` (unless
        ``persistent=False``) and listed by ``buffers()``, but not a parameter.

        ``tensor`` may be a Tensor, a NumPy array, or None (a slot filled later).
        Assigning ``self.<name> = other_tensor`` afterwards keeps it a buffer.
        """
        where = f"{type(self).__name__}.register_buffer"
        if not isinstance(name, str) or not name or "." in name:
            raise KeyError(f"{where}: the name must be a non-empty string without '.', "
                           f"got {name!r}.")
        if name not in self._buffers and name in vars(self):
            raise KeyError(f"{where}: attribute {name!r} already exists and is not a buffer.")
        if isinstance(tensor, np.ndarray):
            tensor = Tensor._from_op(tensor)
        if isinstance(tensor, Parameter):
            raise TypeError(f"{where}: {name!r} is a Parameter; a buffer is a tensor that is not "
                            f"learned (pass a plain Tensor, or assign the Parameter as an "
                            f"attribute to learn it).")
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError(f"{where}: a buffer must be a Tensor, a NumPy array or None, got "
                            f"{type(tensor).__name__}.")
        if "_buffers" not in vars(self):
            self._buffers = {}
        self._buffers[name] = bool(persistent)
        setattr(self, name, tensor)

    def named_buffers(self, prefix: str = "", recurse: bool = True):
        """(dotted name, buffer) for every buffer that is not None, each module once."""
        modules = self.named_modules(prefix) if recurse else [(prefix, self)]
        for mod_name, module in modules:
            for name in module._buffers:
                value = getattr(module, name, None)
                if value is not None:
                    yield (f"{mod_name}.{name}" if mod_name else name), value

    def buffers(self, recurse: bool = True):
        for _, b in self.named_buffers(recurse=recurse):
            yield b

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

    def named_parameters(self, prefix: str = "", recurse: bool = True):
        """(dotted name, parameter) for every parameter, each once even when shared."""
        seen = set()
        modules = self.named_modules(prefix) if recurse else [(prefix, self)]
        for mod_name, module in modules:
            for name, value in module._members():
                if isinstance(value, Parameter) and id(value) not in seen:
                    seen.add(id(value))
                    yield (f"{mod_name}.{name}" if mod_name else name), value

    def parameters(self, recurse: bool = True):
        """Every parameter of this module and its sub-modules (what an optimizer needs)."""
        for _, p in self.named_parameters(recurse=recurse):
            yield p

    def apply(self, fn) -> "Module":
        """Call ``fn(module)`` on every sub-module, then on this one (PyTorch's order);
        e.g. ``model.apply(init_weights)``.  Returns this module."""
        if not callable(fn):
            raise TypeError(f"apply expects a function of one module, got {type(fn).__name__}.")
        order, stack = [], [(self, False)]
        while stack:                      # children before parents, without recursion
            module, expanded = stack.pop()
            if expanded:
                order.append(module)
                continue
            stack.append((module, True))
            stack.extend((child, False) for child in reversed(list(module.children())))
        for module in order:
            fn(module)
        return self

    def requires_grad_(self, requires_grad: bool = True) -> "Module":
        """Switch gradient tracking of every parameter on or off: ``requires_grad_(False)``
        freezes the module (backward then leaves its parameters' ``.grad`` alone)."""
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

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
    def _state_entries(self):
        """(dotted name, tensor) of everything ``state_dict`` saves: for each module in
        ``named_modules`` order, its own parameters, then its persistent buffers."""
        for mod_name, module in self.named_modules():
            def full(name):
                return f"{mod_name}.{name}" if mod_name else name
            for name, value in module._members():
                if isinstance(value, Parameter):
                    yield full(name), value
            for name, persistent in module._buffers.items():
                value = getattr(module, name, None)
                if persistent and value is not None:
                    yield full(name), value

    def state_dict(self) -> "OrderedDict[str, np.ndarray]":
        """A copy of every parameter's and persistent buffer's values, by dotted name
        (PyTorch's names and order, so a state moves between the two libraries)."""
        return OrderedDict((name, t.data.copy()) for name, t in self._state_entries())

    def load_state_dict(self, state, strict: bool = True) -> IncompatibleKeys:
        """Copy values from ``state`` (as made by :meth:`state_dict`, here or in PyTorch)
        into the parameters and buffers, in place: their arrays stay the same objects.

        Every name and shape is checked before anything is written, so a state that
        does not fit leaves the module exactly as it was.  With ``strict=False``, missing
        and unexpected names are allowed (and returned); a wrong shape never is.
        """
        if not hasattr(state, "items"):
            raise TypeError(f"load_state_dict expects a mapping of name -> array, "
                            f"got {type(state).__name__}.")
        own = dict(self._state_entries())
        values = {k: (v.data if isinstance(v, Tensor) else np.asarray(v)) for k, v in state.items()}
        problems = []
        converted = {}                  # everything is converted before anything is written
        for name, t in own.items():
            if name not in values:
                continue
            if values[name].dtype.kind not in "biuf":
                problems.append(f"{name} holds {values[name].dtype} values, not numbers")
                continue
            converted[name] = np.array(values[name], dtype=t.data.dtype)
        missing = [k for k in own if k not in values]
        unexpected = [k for k in values if k not in own]
        if strict and missing:
            problems.append(f"missing: {', '.join(missing)}")
        if strict and unexpected:
            problems.append(f"unexpected: {', '.join(unexpected)}")
        for name, t in own.items():
            if name in values and values[name].shape != t.data.shape:
                problems.append(f"{name} has shape {values[name].shape} in the state but "
                                f"{t.data.shape} in the model")
        if problems:
            raise ValueError(f"load_state_dict: the state does not fit this "
                             f"{type(self).__name__}; nothing was loaded. " + "; ".join(problems))
        for name, array in converted.items():
            # into the existing array, as PyTorch's copy_: an array taken earlier with
            # p.numpy() (or p.data) sees the loaded values, and the version counts the change
            target = own[name]
            if target.data.flags.writeable:
                np.copyto(target.data, array)
                target.bump_version()
            else:                                      # a read-only array: replaced instead
                target.data = array
        return IncompatibleKeys(missing, unexpected)

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
