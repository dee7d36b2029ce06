"""Module hooks: functions called around a module's forward, and when its gradients are
known, with PyTorch's signatures and rules (``Module.register_forward_hook`` and friends).

Forward hooks are plain calls before and after ``forward``.  A *full backward hook* must
see the gradients with respect to the module's inputs and outputs together, once per
backward pass.  As PyTorch does, the module's tensor inputs and outputs are passed
through an identity op on the way in and out.  minigrad's ops have one output each, so
the identity is made of two kinds of ops:

* ``BackwardHookFunction`` takes the tensors that require grad and lays them out as one
  flat array (a view when there is only one), so its backward receives every gradient at
  once; that is where the hooks are called;
* ``BackwardHookUnpack`` gives each tensor back from the flat array, and its backward
  puts the tensor's gradient in its place (and notes that it had one).

On the way out the same pair collects the gradients of the outputs (``grad_output``) and
runs the backward pre-hooks; on the way in, it collects the gradients of the inputs
(``grad_input``), runs the backward hooks, and sends on whatever they return.
No chapter uses this module.
"""

from __future__ import annotations

import warnings
import weakref
from collections import OrderedDict

import numpy as np

from ..autograd import is_grad_enabled, record
from ..tensor import Tensor


class RemovableHandle:
    """What registering a hook returns: ``remove()`` unregisters it (also on leaving a
    ``with handle:`` block), as PyTorch's ``torch.utils.hooks.RemovableHandle``.

    Args:
        hooks_dict (OrderedDict): the registry the hook was put in, under ``handle.id``.
        extra_dict (set or list of sets, optional): other registries that hold ``id``
            (the set of hooks taking keyword arguments …), cleaned up too.

    Example:
        >>> from minigrad import nn
        >>> layer = nn.Linear(2, 2)
        >>> handle = layer.register_forward_hook(lambda module, args, output: None)
        >>> handle.remove()
        >>> len(layer._forward_hooks)
        0
    """

    next_id = 0

    def __init__(self, hooks_dict: dict, *, extra_dict=None):
        self.hooks_dict_ref = weakref.ref(hooks_dict)
        self.id = RemovableHandle.next_id
        RemovableHandle.next_id += 1
        extras = [] if extra_dict is None else \
            [extra_dict] if not isinstance(extra_dict, list) else extra_dict
        self.extra_dict_ref = tuple(weakref.ref(d) for d in extras)

    def remove(self) -> None:
        """Unregister the hook (doing it twice is harmless)."""
        for ref in (self.hooks_dict_ref,) + self.extra_dict_ref:
            registry = ref()
            if registry is not None:
                if isinstance(registry, set):
                    registry.discard(self.id)
                else:
                    registry.pop(self.id, None)

    def __enter__(self) -> "RemovableHandle":
        return self

    def __exit__(self, *exc) -> None:
        self.remove()


def add_hook(registry: OrderedDict, hook, prepend: bool, extra=None) -> RemovableHandle:
    """Put ``hook`` in ``registry`` (first when ``prepend``) and return its handle."""
    if not callable(hook):
        raise TypeError(f"a hook must be a function, got {type(hook).__name__}.")
    handle = RemovableHandle(registry, extra_dict=extra)
    registry[handle.id] = hook
    if prepend:
        registry.move_to_end(handle.id, last=False)
    return handle


# -- the identity ops that carry the backward hooks -----------------------------------------
def _pack(tensors: list, on_grads, op: str) -> list:
    """``tensors`` (each requires grad) passed through one identity op whose backward calls
    ``on_grads(list of arrays, list of 'received' flags)`` and returns what it gives back."""
    n = len(tensors)
    shapes = [t.shape for t in tensors]
    sizes = [t.data.size for t in tensors]
    dtypes = [t.dtype for t in tensors]
    if len(tensors) == 1:
        flat = tensors[0].data.reshape(-1)
    else:
        common = np.result_type(*dtypes)
        flat = np.concatenate([t.data.reshape(-1).astype(common, copy=False) for t in tensors])
    offsets = np.cumsum([0] + sizes)
    received = [False] * n

    def backward(g):
        pieces = [g[offsets[i]:offsets[i + 1]].reshape(shapes[i]).astype(dtypes[i], copy=False)
                  for i in range(n)]
        flags = list(received)
        received[:] = [False] * len(received)
        out = on_grads(pieces, flags)
        return tuple(None if p is None else np.asarray(p).astype(d, copy=False)
                     for p, d in zip(out, dtypes))

    packed = record(flat, tuple(tensors), backward, op)
    return [_unpack(packed, i, offsets, shapes[i], dtypes[i], received) for i in range(n)]


def _unpack(packed: Tensor, i: int, offsets, shape: tuple, dtype, received: list) -> Tensor:
    start, stop = offsets[i], offsets[i + 1]
    flat = packed.data
    total, flat_dtype = flat.size, flat.dtype
    data = flat[start:stop].reshape(shape).astype(dtype, copy=False)

    def backward(g):
        received[i] = True
        if stop - start == total:
            return (g.reshape(-1).astype(flat_dtype, copy=False),)
        full = np.zeros(total, dtype=flat_dtype)
        full[start:stop] = g.reshape(-1)
        return (full,)

    return record(data, (packed,), backward, "BackwardHookUnpack")


def _as_grads(result, expected: list, what: str) -> list:
    """A hook's returned gradients as arrays (None where it gave None), checked."""
    if not isinstance(result, (tuple, list)):
        result = (result,)
    if len(result) != len(expected):
        raise RuntimeError(f"a backward {what} returned {len(result)} gradient(s) but the "
                           f"module has {len(expected)}; return a tuple with one entry per "
                           f"{'output' if what == 'pre-hook' else 'positional input'} (or None).")
    out = []
    for i, (g, ref) in enumerate(zip(result, expected)):
        if g is None:
            out.append(None)
            continue
        if not isinstance(g, Tensor):
            raise TypeError(f"a backward {what} returned a {type(g).__name__} for entry "
                            f"{i}; return Tensors (or None).")
        if ref is not None and g.shape != ref.shape:
            raise RuntimeError(f"a backward {what} returned a gradient of shape {g.shape} "
                               f"for entry {i}, which has shape {ref.shape}.")
        out.append(g)
    return out


class BackwardHook:
    """One forward call's backward hooks (PyTorch's ``torch.utils.hooks.BackwardHook``).

    Args:
        module (Module): the module the hooks belong to.
        user_hooks (list): ``hook(module, grad_input, grad_output)`` functions.
        user_pre_hooks (list): ``hook(module, grad_output)`` functions.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> seen = []
        >>> layer = nn.Linear(2, 1)
        >>> _ = layer.register_full_backward_hook(lambda m, gi, go: seen.append(go[0].shape))
        >>> layer(mg.ones(3, 2, requires_grad=True)).sum().backward()
        >>> seen
        [(3, 1)]
    """

    def __init__(self, module, user_hooks: list, user_pre_hooks: list):
        self.module = module
        self.user_hooks, self.user_pre_hooks = user_hooks, user_pre_hooks
        self.grad_outputs = None
        self.n_inputs = self.n_outputs = -1
        self.input_tensors = self.output_index = None

    def setup_input_hook(self, args: tuple) -> tuple:
        """``args`` with each tensor that requires grad replaced by its identity."""
        self.n_inputs = len(args)
        # (shape, dtype) of each tensor argument, for the zeros PyTorch reports for those
        # that need no gradient (not the tensors: the graph should not keep them alive)
        self.input_tensors = [(a.shape, a.dtype) if isinstance(a, Tensor) else None
                              for a in args]
        wanted = [i for i, a in enumerate(args) if isinstance(a, Tensor) and a.requires_grad]
        if not (wanted and is_grad_enabled()):
            self.input_tensors = None
            return args
        self.input_index = wanted
        new = _pack([args[i] for i in wanted], self._input_grads, "BackwardHookFunction")
        out = list(args)
        for i, t in zip(wanted, new):
            out[i] = t
        return tuple(out)

    def setup_output_hook(self, result):
        """``result`` (a Tensor or a tuple) with each tensor that requires grad replaced by
        its identity."""
        single = not isinstance(result, tuple)
        items = (result,) if single else result
        self.n_outputs = len(items)
        wanted = [i for i, a in enumerate(items) if isinstance(a, Tensor) and a.requires_grad]
        if not (wanted and is_grad_enabled()):
            return result
        self.output_index = wanted
        new = _pack([items[i] for i in wanted], self._output_grads, "BackwardHookFunction")
        out = list(items)
        for i, t in zip(wanted, new):
            out[i] = t
        return out[0] if single else tuple(out)

    def _output_grads(self, pieces: list, received: list) -> list:
        grads = [None] * self.n_outputs
        for i, g, got in zip(self.output_index, pieces, received):
            grads[i] = Tensor._from_op(g) if got else None
        for hook in self.user_pre_hooks:
            result = hook(self.module, tuple(grads))
            if result is not None:
                grads = _as_grads(result, grads, "pre-hook")
        self.grad_outputs = tuple(grads)
        if self.input_tensors is None:          # no input requires grad: call the hooks now
            warnings.warn("a full backward hook is called with the gradients of the module's "
                          "outputs only, since none of its inputs requires grad (as PyTorch "
                          "does).", UserWarning, stacklevel=2)
            grad_inputs = (None,) * self.n_inputs
            for hook in self.user_hooks:
                result = hook(self.module, grad_inputs, self.grad_outputs)
                if result is not None and not (isinstance(result, tuple)
                                               and all(r is None for r in result)):
                    raise RuntimeError("a backward hook of a module none of whose inputs "
                                       "requires grad must return None (or only Nones).")
            self.grad_outputs = None
        return [None if grads[i] is None else grads[i].data for i in self.output_index]

    def _input_grads(self, pieces: list, received: list) -> list:
        if self.grad_outputs is None:     # the gradient did not come through the outputs
            return pieces
        grads = [None if t is None else Tensor._from_op(np.zeros(t[0], dtype=t[1]))
                 for t in self.input_tensors]
        for i, g in zip(self.input_index, pieces):
            grads[i] = Tensor._from_op(g)
        for hook in self.user_hooks:
            result = hook(self.module, tuple(grads), self.grad_outputs)
            if result is not None:
                grads = _as_grads(result, grads, "hook")
        self.grad_outputs = None
        return [None if grads[i] is None else grads[i].data for i in self.input_index]
