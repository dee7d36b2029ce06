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

Beyond the chapters, PyTorch's everyday module API: ``to(dtype)``, ``float()``,
``double()``, ``half()``; ``add_module``, ``register_parameter``, ``get_submodule``,
``get_parameter``; ``state_dict(prefix=..., keep_vars=...)``; and hooks
(``register_forward_pre_hook``, ``register_forward_hook``, ``register_full_backward_hook``,
``register_full_backward_pre_hook``; see ``hooks.py``), each returning a handle whose
``remove()`` unregisters it.
"""

from __future__ import annotations

import warnings
from collections import OrderedDict, namedtuple

import numpy as np

from .. import dtypes
from ..device import check_device
from ..tensor import Tensor
from . import hooks as _hooks


class Parameter(Tensor):
    """A tensor that a module learns: a leaf that requires a gradient.

    It is an ordinary :class:`~minigrad.Tensor` in every other way; the type only tells
    :class:`Module` which attributes to hand to an optimizer.

    Args:
        data: the initial values (a tensor, an array, numbers).
        requires_grad (bool): True (a frozen parameter may say False).
        dtype (optional): the dtype.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.Parameter(mg.zeros(2))
        Parameter containing:
        tensor([0., 0.], requires_grad=True)
    """

    __slots__ = ()

    def __init__(self, data, requires_grad: bool = True, dtype=None):
        super().__init__(data, requires_grad=requires_grad, dtype=dtype)

    def __repr__(self) -> str:
        return "Parameter containing:\n" + super().__repr__()


#: What ``load_state_dict(..., strict=False)`` reports, as PyTorch's ``_IncompatibleKeys``.
IncompatibleKeys = namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])


class Module:
    """Base class for layers and models: subclass it, set attributes, write ``forward``.

    Parameters and sub-modules assigned as attributes (or held in lists, tuples,
    ``ModuleList`` and ``ModuleDict``) are found automatically, in the order they were
    set, so ``parameters()``, ``zero_grad()``, ``train()``/``eval()``, ``state_dict()`` and
    a printable tree come for free.  Calling the module (``model(x)``) runs ``forward``
    with the hooks around it.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> class TwoLayer(nn.Module):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.hidden = nn.Linear(2, 10)
        ...         self.out = nn.Linear(10, 1)
        ...     def forward(self, x):
        ...         return self.out(self.hidden(x).sigmoid())
        >>> net = TwoLayer()
        >>> net(mg.randn(4, 2)).shape, net.num_parameters()
        ((4, 1), 41)
        >>> net
        TwoLayer(
          (hidden): Linear(in_features=2, out_features=10, bias=True)
          (out): Linear(in_features=10, out_features=1, bias=True)
        )
    """

    #: True in training mode (the default), False after ``eval()``; Dropout reads it.
    training: bool = True
    #: Names of this module's buffers -> whether each is saved in ``state_dict``.
    _buffers: dict = {}
    # Hooks by handle id; a module gets its own registries when its first hook is
    # registered (until then these empty class-level ones are read, never written).
    _forward_pre_hooks: OrderedDict = OrderedDict()
    _forward_hooks: OrderedDict = OrderedDict()
    _backward_hooks: OrderedDict = OrderedDict()
    _backward_pre_hooks: OrderedDict = OrderedDict()
    _hooks_with_kwargs: set = frozenset()
    _hooks_always_called: set = frozenset()

    def __init__(self):
        self.training = True

    # -- running ---------------------------------------------------------------------
    def forward(self, *args, **kwargs):
        """What calling the module computes; every subclass defines it.  Call the module
        (``module(x)``), not ``forward``, so that its hooks run.

        Args:
            args, kwargs: whatever the subclass's forward takes.
        """
        raise NotImplementedError(
            f"{type(self).__name__} has no forward() method: a Module subclass must define "
            f"forward(self, ...) to say what calling the module computes.")

    def __call__(self, *args, **kwargs):
        if not (self._forward_pre_hooks or self._forward_hooks or self._backward_hooks
                or self._backward_pre_hooks):
            return self.forward(*args, **kwargs)
        return self._call_with_hooks(args, kwargs)

    def _call_with_hooks(self, args: tuple, kwargs: dict):
        """``forward`` with the hooks around it, in PyTorch's order: forward pre-hooks, the
        inputs' backward-hook identity, forward, forward hooks, the outputs' identity."""
        result, called = None, set()
        try:
            for hook_id, hook in list(self._forward_pre_hooks.items()):
                if hook_id in self._hooks_with_kwargs:
                    new = hook(self, args, kwargs)
                    if new is not None:
                        if not (isinstance(new, tuple) and len(new) == 2):
                            raise RuntimeError(f"a forward pre-hook with kwargs must return None "
                                               f"or a pair (new_args, new_kwargs), got {new!r}.")
                        args, kwargs = new
                else:
                    new = hook(self, args)
                    if new is not None:
                        args = new if isinstance(new, tuple) else (new,)
            bw_hook = None
            if self._backward_hooks or self._backward_pre_hooks:
                bw_hook = _hooks.BackwardHook(self, list(self._backward_hooks.values()),
                                              list(self._backward_pre_hooks.values()))
                args = bw_hook.setup_input_hook(args)
            result = self.forward(*args, **kwargs)
            for hook_id, hook in list(self._forward_hooks.items()):
                called.add(hook_id)
                new = (hook(self, args, kwargs, result) if hook_id in self._hooks_with_kwargs
                       else hook(self, args, result))
                if new is not None:
                    result = new
            if bw_hook is not None:
                if not isinstance(result, (Tensor, tuple)):
                    warnings.warn(f"backward hooks of {type(self).__name__} are called only when "
                                  f"its output is a Tensor or a tuple of Tensors, not "
                                  f"{type(result).__name__}.", UserWarning, stacklevel=3)
                result = bw_hook.setup_output_hook(result)
            return result
        except Exception:
            for hook_id, hook in list(self._forward_hooks.items()):
                if hook_id in self._hooks_always_called and hook_id not in called:
                    try:
                        new = (hook(self, args, kwargs, result)
                               if hook_id in self._hooks_with_kwargs else hook(self, args, result))
                        if new is not None:
                            result = new
                    except Exception as err:
                        warnings.warn(f"a forward hook with always_call=True raised {err!r}, "
                                      f"which was silenced as forward had raised first.",
                                      UserWarning, stacklevel=3)
            raise

    # -- hooks -----------------------------------------------------------------------
    def _registry(self, name: str) -> OrderedDict:
        if name not in vars(self):
            setattr(self, name, OrderedDict())
        return vars(self)[name]

    def _id_set(self, name: str) -> set:
        if name not in vars(self):
            setattr(self, name, set())
        return vars(self)[name]

    def register_forward_pre_hook(self, hook, *, prepend: bool = False,
                                  with_kwargs: bool = False) -> "_hooks.RemovableHandle":
        """Call ``hook(module, args)`` before every ``forward``; a hook that returns
        something other than None replaces the positional arguments (a non-tuple is
        wrapped in one).  With ``with_kwargs=True`` it is ``hook(module, args, kwargs)``
        and returns None or a pair ``(args, kwargs)``.

        Args:
            hook: the function.
            prepend (bool): run it before the hooks already registered.
            with_kwargs (bool): pass (and let it replace) the keyword arguments too.

        Returns:
            a handle; ``handle.remove()`` unregisters the hook.

        Example:
            >>> import minigrad as mg
            >>> from minigrad import nn
            >>> double = nn.Identity()
            >>> handle = double.register_forward_pre_hook(lambda m, args: args[0] * 2)
            >>> double(mg.tensor([1.0, 2.0]))
            tensor([2., 4.])
            >>> handle.remove()
        """
        extra = self._id_set("_hooks_with_kwargs")
        handle = _hooks.add_hook(self._registry("_forward_pre_hooks"), hook, prepend, extra)
        if with_kwargs:
            extra.add(handle.id)
        return handle

    def register_forward_hook(self, hook, *, prepend: bool = False, with_kwargs: bool = False,
                              always_call: bool = False) -> "_hooks.RemovableHandle":
        """Call ``hook(module, args, output)`` after every ``forward``; a hook that returns
        something other than None replaces the output.  A common use is to keep a layer's
        activations for inspection.

        Args:
            hook: the function.
            prepend (bool): run it before the hooks already registered.
            with_kwargs (bool): call ``hook(module, args, kwargs, output)`` instead.
            always_call (bool): also call it when ``forward`` raises (an error the hook raises
                then is turned into a warning).

        Returns:
            a handle; ``handle.remove()`` unregisters the hook.

        Example:
            >>> import minigrad as mg
            >>> from minigrad import nn
            >>> model = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 1))
            >>> seen = {}
            >>> handle = model[1].register_forward_hook(
            ...     lambda module, args, output: seen.update(relu=output.shape))
            >>> _ = model(mg.randn(5, 4))
            >>> seen
            {'relu': (5, 3)}
            >>> handle.remove()
        """
        kw, always = self._id_set("_hooks_with_kwargs"), self._id_set("_hooks_always_called")
        handle = _hooks.add_hook(self._registry("_forward_hooks"), hook, prepend, [kw, always])
        if with_kwargs:
            kw.add(handle.id)
        if always_call:
            always.add(handle.id)
        return handle

    def register_full_backward_hook(self, hook, prepend: bool = False
                                    ) -> "_hooks.RemovableHandle":
        """Call ``hook(module, grad_input, grad_output)`` when the gradients with respect to
        the module's positional inputs are computed, during ``backward()``.

        ``grad_input`` has one entry per positional argument of ``forward``: the gradient
        for a tensor that requires grad, zeros for another tensor, None for anything else.
        ``grad_output`` has one per output (a tensor, or each item of a returned tuple):
        its gradient, or None where none arrived.  The hook may return a tuple of new
        ``grad_input`` (one entry per positional argument) to send on instead.  When no
        input requires grad, the hook is called with ``grad_input`` all None (and a
        warning), as in PyTorch.

        Args:
            hook: the function.
            prepend (bool): run it before the hooks already registered.

        Returns:
            a handle; ``handle.remove()`` unregisters the hook.

        Example:
            >>> import minigrad as mg
            >>> from minigrad import nn
            >>> layer = nn.Linear(3, 2)
            >>> def halve(module, grad_input, grad_output):
            ...     return (grad_input[0] / 2,)
            >>> handle = layer.register_full_backward_hook(halve)
            >>> x = mg.ones(1, 3, requires_grad=True)
            >>> layer(x).sum().backward()
            >>> bool(mg.allclose(x.grad, layer.weight.sum(0, keepdim=True) / 2))
            True
        """
        return _hooks.add_hook(self._registry("_backward_hooks"), hook, prepend)

    def register_full_backward_pre_hook(self, hook, prepend: bool = False
                                        ) -> "_hooks.RemovableHandle":
        """Call ``hook(module, grad_output)`` when the gradients with respect to the
        module's outputs are known, before they go into the module's backward; a hook that
        returns a tuple (one entry per output) replaces them.

        Args:
            hook: the function.
            prepend (bool): run it before the hooks already registered.

        Returns:
            a handle; ``handle.remove()`` unregisters the hook.

        Example:
            >>> import minigrad as mg
            >>> from minigrad import nn
            >>> layer = nn.Linear(3, 1)
            >>> _ = layer.register_full_backward_pre_hook(lambda m, go: (go[0] * 0,))
            >>> layer(mg.ones(2, 3, requires_grad=True)).sum().backward()
            >>> layer.bias.grad
            tensor([0.])
        """
        return _hooks.add_hook(self._registry("_backward_pre_hooks"), hook, prepend)

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

    def add_module(self, name: str, module) -> None:
        """Add ``module`` as the sub-module ``name`` (the same as ``self.<name> = module``,
        with the name checked); ``module`` may be None, a slot filled later.

        Args:
            name (str): the attribute name (no ``.``).
            module (Module or None): the sub-module.

        Example:
            >>> from minigrad import nn
            >>> net = nn.Module()
            >>> net.add_module("head", nn.Linear(2, 1))
            >>> [name for name, _ in net.named_parameters()]
            ['head.weight', 'head.bias']
        """
        where = f"{type(self).__name__}.add_module"
        if module is not None and not isinstance(module, Module):
            raise TypeError(f"{where}: {module!r} is not a Module (did you pass a class instead "
                            f"of an instance?).")
        self._check_new_name(name, where)
        setattr(self, name, module)

    register_module = add_module

    def register_parameter(self, name: str, param) -> None:
        """Add ``param`` (a Parameter, or None) as ``self.<name>``, with the name checked.

        Args:
            name (str): the attribute name (no ``.``).
            param (Parameter or None): the parameter.

        Example:
            >>> import minigrad as mg
            >>> from minigrad import nn
            >>> m = nn.Module()
            >>> m.register_parameter("scale", nn.Parameter(mg.ones(3)))
            >>> [name for name, _ in m.named_parameters()]
            ['scale']
        """
        where = f"{type(self).__name__}.register_parameter"
        if param is not None and not isinstance(param, Parameter):
            raise TypeError(f"{where}: {name!r} must be a Parameter (or None), got "
                            f"{type(param).__name__}; wrap a tensor as nn.Parameter(t).")
        self._check_new_name(name, where)
        setattr(self, name, param)

    def _check_new_name(self, name, where: str) -> None:
        if not isinstance(name, str) or not name or "." in name:
            raise KeyError(f"{where}: the name must be a non-empty string without '.', got "
                           f"{name!r}.")
        if name in vars(self) and not isinstance(vars(self)[name], (Module, Parameter,
                                                                    type(None))):
            raise KeyError(f"{where}: attribute {name!r} already exists.")

    def get_submodule(self, target: str) -> "Module":
        """The sub-module at the dotted path ``target`` (``"encoder.layers.0"``); ``""`` is
        this module itself.

        Args:
            target (str): the dotted path, as ``named_modules()`` names it.

        Example:
            >>> from minigrad import nn
            >>> net = nn.Sequential(nn.Linear(2, 3), nn.ReLU())
            >>> net.get_submodule("0")
            Linear(in_features=2, out_features=3, bias=True)
        """
        if target == "":
            return self
        modules = dict(self.named_modules())
        if target not in modules:
            raise AttributeError(f"{type(self).__name__} has no sub-module {target!r}; its "
                                 f"sub-modules are {sorted(k for k in modules if k)}.")
        return modules[target]

    def get_parameter(self, target: str) -> "Parameter":
        """The parameter at the dotted path ``target`` (``"0.weight"``).

        Args:
            target (str): the dotted name, as ``named_parameters()`` gives it.

        Example:
            >>> from minigrad import nn
            >>> nn.Sequential(nn.Linear(2, 3)).get_parameter("0.bias").shape
            (3,)
        """
        params = dict(self.named_parameters())
        if target not in params:
            raise AttributeError(f"{type(self).__name__} has no parameter {target!r}; its "
                                 f"parameters are {list(params)}.")
        return params[target]

    def get_buffer(self, target: str) -> Tensor:
        """The buffer at the dotted path ``target`` (``"0.running_mean"``).

        Args:
            target (str): the dotted name, as ``named_buffers()`` gives it.

        Example:
            >>> from minigrad import nn
            >>> nn.Sequential(nn.BatchNorm1d(3)).get_buffer("0.running_var")
            tensor([1., 1., 1.])
        """
        found = dict(self.named_buffers())
        if target not in found:
            raise AttributeError(f"{type(self).__name__} has no buffer {target!r}; its buffers "
                                 f"are {list(found)}.")
        return found[target]

    def named_buffers(self, prefix: str = "", recurse: bool = True):
        """(dotted name, buffer) for every buffer that is not None, each module once.

        Args:
            prefix (str): put before every name.
            recurse (bool): include the sub-modules' buffers (True).
        """
        modules = self.named_modules(prefix) if recurse else [(prefix, self)]
        for mod_name, module in modules:
            for name in module._buffers:
                value = getattr(module, name, None)
                if value is not None:
                    yield (f"{mod_name}.{name}" if mod_name else name), value

    def buffers(self, recurse: bool = True):
        """Every buffer (running statistics …) that is not None; see :meth:`named_buffers`.

        Args:
            recurse (bool): include the sub-modules' buffers (True).
        """
        for _, b in self.named_buffers(recurse=recurse):
            yield b

    def named_children(self):
        """(name, module) for each direct sub-module."""
        for name, value in self._members():
            if isinstance(value, Module):
                yield name, value

    def children(self):
        """The direct sub-modules, in the order they were set."""
        for _, module in self.named_children():
            yield module

    def named_modules(self, prefix: str = ""):
        """(dotted name, module) for this module (named ``prefix``) and every module inside it,
        each once.

        Args:
            prefix (str): the name of this module, put before every other name.
        """
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
        """This module and every module inside it, each once (see :meth:`named_modules`)."""
        for _, module in self.named_modules():
            yield module

    def named_parameters(self, prefix: str = "", recurse: bool = True):
        """(dotted name, parameter) for every parameter, each once even when shared: PyTorch's
        names (``0.weight``, ``encoder.layers.1.bias`` …).

        Args:
            prefix (str): put before every name.
            recurse (bool): include the sub-modules' parameters (True).
        """
        seen = set()
        modules = self.named_modules(prefix) if recurse else [(prefix, self)]
        for mod_name, module in modules:
            for name, value in module._members():
                if isinstance(value, Parameter) and id(value) not in seen:
                    seen.add(id(value))
                    yield (f"{mod_name}.{name}" if mod_name else name), value

    def parameters(self, recurse: bool = True):
        """Every parameter of this module and its sub-modules (what an optimizer needs), each once.

        Args:
            recurse (bool): include the sub-modules' parameters (True).
        """
        for _, p in self.named_parameters(recurse=recurse):
            yield p

    def apply(self, fn) -> "Module":
        """Call ``fn(module)`` on every sub-module, then on this one (PyTorch's order); e.g.
        ``model.apply(init_weights)``.  Returns this module.

        Args:
            fn: a function of one module.
        """
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
        """Switch gradient tracking of every parameter on or off: ``requires_grad_(False)`` freezes
        the module (backward then leaves its parameters' ``.grad`` alone).  Returns the module.

        Args:
            requires_grad (bool): True to track.
        """
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def num_parameters(self) -> int:
        """How many numbers the module learns."""
        return sum(p.data.size for p in self.parameters())

    # -- dtypes and devices --------------------------------------------------------------
    def _cast_floats(self, dtype) -> "Module":
        """Cast every floating-point parameter (in place: the same Parameter objects, so an
        optimizer built earlier still holds them) and buffer (a new tensor) to ``dtype``,
        with their gradients, as PyTorch's ``Module._apply``."""
        done = set()
        for module in self.modules():
            for name, value in module._members():
                if isinstance(value, Parameter) and id(value) not in done:
                    done.add(id(value))
                    if value.dtype.kind == "f" and value.dtype != dtype:
                        value.data = value.data.astype(dtype)
                        if value.grad is not None:
                            value.grad = Tensor._from_op(value.grad.data.astype(dtype))
            for name in module._buffers:
                buf = getattr(module, name, None)
                if buf is not None and id(buf) not in done and buf.dtype.kind == "f" \
                        and buf.dtype != dtype:
                    done.add(id(buf))
                    setattr(module, name, Tensor._from_op(buf.data.astype(dtype)))
        return self

    def to(self, *args, **kwargs) -> "Module":
        """Cast the floating-point parameters and buffers: ``to(dtype)``, ``to(device)``,
        ``to(device, dtype)``, ``to(tensor)`` (its dtype), as PyTorch's ``Module.to``.

        Parameters stay the same objects (their values are replaced), so an optimizer made
        before still updates them; integer buffers (a batch count) keep their dtype.  The
        only device is ``"cpu"``.  Returns the module itself.

        Args:
            args: a dtype, a device, both (device first), or a tensor.
            kwargs: ``dtype=``, ``device=``, ``non_blocking=`` (ignored), ``copy=`` (not
                allowed, as in PyTorch).

        Example:
            >>> import minigrad as mg
            >>> from minigrad import nn
            >>> layer = nn.Linear(2, 2).to(mg.float32)
            >>> layer.weight.dtype
            dtype('float32')
            >>> layer.to("cpu") is layer
            True
        """
        from ..ops.convert import _is_device

        dtype, device = kwargs.pop("dtype", None), kwargs.pop("device", None)
        kwargs.pop("non_blocking", None)
        if kwargs:
            raise TypeError(f"Module.to: unexpected argument(s) {sorted(kwargs)}; it takes a "
                            f"dtype, a device or a tensor.")
        if len(args) > 2:
            raise TypeError(f"Module.to: takes at most a device and a dtype, got {len(args)} "
                            f"arguments.")
        if len(args) == 2:
            device, dtype = args
        elif args and isinstance(args[0], Tensor):
            dtype = args[0].dtype
        elif args and _is_device(args[0]):
            device = args[0]
        elif args:
            dtype = args[0]
        check_device(device, "Module.to")
        if dtype is None:
            return self
        dtype = dtypes.resolve(dtype, "Module.to")
        if dtype.kind != "f":
            raise TypeError(f"Module.to only accepts floating-point dtypes (as PyTorch), got "
                            f"{dtype}: parameters must stay floating-point to have gradients.")
        return self._cast_floats(dtype)

    def float(self) -> "Module":
        """Cast every floating-point parameter and buffer to float32; returns the module.

        Example:
            >>> from minigrad import nn
            >>> nn.Linear(2, 2).float().weight.dtype
            dtype('float32')
        """
        return self._cast_floats(np.dtype(np.float32))

    def double(self) -> "Module":
        """Cast every floating-point parameter and buffer to float64; returns the module.

        Example:
            >>> import minigrad as mg
            >>> from minigrad import nn
            >>> nn.Linear(2, 2, dtype=mg.float32).double().weight.dtype
            dtype('float64')
        """
        return self._cast_floats(np.dtype(np.float64))

    def half(self) -> "Module":
        """Cast every floating-point parameter and buffer to float16; returns the module.

        Example:
            >>> from minigrad import nn
            >>> nn.Linear(2, 2).half().bias.dtype
            dtype('float16')
        """
        return self._cast_floats(np.dtype(np.float16))

    def cpu(self) -> "Module":
        """The module itself: minigrad computes on the CPU.

        Example:
            >>> from minigrad import nn
            >>> layer = nn.Linear(2, 2)
            >>> layer.cpu() is layer
            True
        """
        return self

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

    def state_dict(self, *args, destination=None, prefix: str = "",
                   keep_vars: bool = False) -> "OrderedDict[str, np.ndarray]":
        """A copy of every parameter's and persistent buffer's values, by dotted name
        (PyTorch's names and order, so a state moves between the two libraries).

        Args:
            args: PyTorch's deprecated positional form, refused (pass the others by name).
            destination (dict, optional): put the entries here (and return it).
            prefix (str): put this before every name (``"model."``).
            keep_vars (bool): the Parameter and buffer tensors themselves instead of copies
                of their arrays.

        Example:
            >>> from minigrad import nn
            >>> list(nn.Linear(2, 1).state_dict(prefix="head."))
            ['head.weight', 'head.bias']
        """
        if args:
            raise TypeError("state_dict takes destination, prefix and keep_vars by name "
                            "(PyTorch's positional form is deprecated).")
        if destination is None:
            destination = OrderedDict()
        for name, t in self._state_entries():
            destination[prefix + name] = t if keep_vars else t.data.copy()
        return destination

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
