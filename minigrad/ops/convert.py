"""Conversions: to Python numbers and lists, and between dtypes (``.float()``, ``.to(dtype)``).

``float(t)``, ``int(t)`` and ``bool(t)`` need a one-element tensor; ``tolist()`` gives
nested Python lists (a number for a 0-d tensor).  ``.float()`` is float32 and
``.double()`` float64, as in PyTorch.

A cast between floating-point dtypes is recorded, so gradients flow through it (cast
back to the input's dtype).  A cast to an integer or boolean dtype is not: such a
tensor cannot carry a gradient.  ``.to()`` also accepts a device, which must be
``"cpu"`` (minigrad computes with NumPy), so PyTorch code calling ``.to(device)``
runs unchanged.
"""

import numpy as np

from .. import dtypes
from ..autograd import record
from ..autograd import graph_backward
from ..device import check_device
from ..tensor import Tensor, tensor_method


def _one_element(a, what: str):
    if a.data.size != 1:
        raise ValueError(f"{what}: only one-element tensors can be converted to Python "
                         f"numbers, but this one has shape {a.shape} ({a.data.size} elements).")
    return a.data.reshape(())


@tensor_method("__float__")
def to_float_number(a) -> float:
    """``float(t)`` for a one-element tensor."""
    return float(_one_element(a, "float(tensor)"))


@tensor_method("__int__")
def to_int_number(a) -> int:
    """``int(t)`` for a one-element tensor (a float is truncated toward zero, as ``int(2.7)``)."""
    return int(_one_element(a, "int(tensor)"))


@tensor_method("__index__")
def to_index(a) -> int:
    """A one-element integer tensor used where Python needs an index: ``items[t]``."""
    if a.data.dtype.kind not in "iu" or a.data.size != 1:
        raise TypeError(f"only integer tensors of a single element can be used as an index, "
                        f"got a tensor of dtype {a.dtype} and shape {a.shape}.")
    return int(a.data.reshape(()))


@tensor_method("tolist")
def tolist(a):
    """The values as (nested) Python lists of Python numbers; a number for a 0-d tensor.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([[1, 2], [3, 4]]).tolist()
        [[1, 2], [3, 4]]
    """
    return a.data.tolist()


def cast(a: Tensor, dtype, op: str, copy: bool = False) -> Tensor:
    """``a`` as ``dtype``: ``a`` itself when it already has it (unless ``copy``)."""
    dtype = dtypes.resolve(dtype, op)
    if dtype == a.data.dtype and not copy:
        return a
    out = a.data.astype(dtype)
    if dtype.kind != "f":
        return Tensor._from_op(out)          # integers and booleans carry no gradient
    in_dtype = a.data.dtype

    def backward(g):
        return (g.astype(in_dtype, copy=False),)

    return record(out, (a,), backward, "to")


@graph_backward("to")
def _cast_graph(ctx, g):
    return (g.to(ctx.saved("in_dtype")),)


def _cast_method(name: str, dtype, doc: str):
    def method(a) -> Tensor:
        return cast(a, dtype, name)

    method.__name__, method.__doc__ = name, doc
    return tensor_method(name)(method)


float_ = _cast_method("float", np.float32, "A float32 copy (PyTorch's ``.float()``); the "
                      "tensor itself when it is float32 already.")
double = _cast_method("double", np.float64, "A float64 copy (PyTorch's ``.double()``); the "
                      "tensor itself when it is float64 already.")
half = _cast_method("half", np.float16, "A float16 copy.")
long = _cast_method("long", np.int64, "An int64 copy (floats are truncated toward zero); it "
                    "carries no gradient.")
int_ = _cast_method("int", np.int32, "An int32 copy (floats are truncated toward zero); it "
                    "carries no gradient.")
bool_ = _cast_method("bool", np.bool_, "A boolean copy: True where the value is nonzero.")


def _is_device(x) -> bool:
    """A device ('cpu', 'cuda:0', a torch.device), as opposed to a dtype ('float32')."""
    if type(x).__name__ == "device":
        return True
    if not isinstance(x, str):
        return False
    try:
        np.dtype(x)
    except TypeError:
        return True
    return False


@tensor_method("to")
def to(a, *args, dtype=None, device=None, copy: bool = False, non_blocking: bool = False):
    """``t.to(dtype)``, ``t.to("cpu")``, ``t.to("cpu", dtype)``, ``t.to(other_tensor)``: the
    tensor cast to a dtype (a cast between float dtypes passes the gradient).  Returns
    ``t`` itself when nothing changes (unless ``copy=True``), as PyTorch does.

    Args:
        args: a dtype, a device, both (device first), or a tensor whose dtype to take.
        dtype (optional): the dtype, by name.
        device (optional): ``"cpu"`` (the only device).
        copy (bool): a new tensor even when nothing changes.
        non_blocking (bool): ignored (nothing is asynchronous on the CPU).

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([1.5]).to(mg.float32)
        tensor([1.5], dtype=float32)
    """
    if len(args) > 2:
        raise TypeError(f"to: takes at most a device and a dtype, got {len(args)} arguments.")
    if len(args) == 2:                          # to(device, dtype), as PyTorch
        device, dtype = args
    elif args and isinstance(args[0], Tensor):  # to(other): other's dtype
        dtype = args[0].dtype
    elif args and _is_device(args[0]):
        device = args[0]
    elif args:
        dtype = args[0]
    check_device(device, "to")
    return a if dtype is None and not copy else cast(a, a.dtype if dtype is None else dtype,
                                                     "to", copy)


@tensor_method("cpu")
def cpu(a) -> Tensor:
    """The tensor itself: minigrad tensors always live on the CPU.

    Example:
        >>> import minigrad as mg
        >>> x = mg.zeros(2)
        >>> x.cpu() is x
        True
    """
    return a


@tensor_method("cuda")
def cuda(a, *args, **kwargs):
    """Always an error: minigrad has no GPU (the message says to use ``.to(device)`` with
    ``device = "cpu"``).

    Args:
        args, kwargs: PyTorch's arguments, not used.
    """
    raise ValueError("cuda: minigrad computes with NumPy on the CPU and has no GPU; "
                     "remove the .cuda() call (or use .to(device) with device = 'cpu').")


@tensor_method("device", prop=True)
def device(a) -> str:
    """Where the tensor lives: always ``"cpu"``."""
    return "cpu"
