"""Tensors made like another one: ``t.new_zeros(...)`` and the other ``new_*`` factories (the
dtype of ``t``), ``t.type(dtype)`` and ``t.type_as(other)`` (a dtype), ``t.view_as(other)``,
``t.reshape_as(other)`` and ``t.expand_as(other)`` (a shape), as in PyTorch.

PyTorch code uses them to make a tensor that fits an existing one without naming its dtype
(``x.new_zeros(n)`` is float32 when ``x`` is).  No chapter uses this module.
"""

import numpy as np

from .. import dtypes
from ..tensor import Tensor, tensor_method
from .operands import shape_arg

#: ``t.type()``'s names, PyTorch's legacy tensor types (``torch.FloatTensor`` …)
_TYPE_NAMES = {"float32": "FloatTensor", "float64": "DoubleTensor", "float16": "HalfTensor",
               "int64": "LongTensor", "int32": "IntTensor", "int16": "ShortTensor",
               "int8": "CharTensor", "uint8": "ByteTensor", "bool": "BoolTensor"}


def _new(a, shape, fill, dtype, requires_grad, op: str) -> Tensor:
    from ..factories import _finish

    dtype = a.dtype if dtype is None else dtypes.resolve(dtype, op)
    array = np.empty(shape, dtype=dtype) if fill is None else np.full(shape, fill, dtype=dtype)
    if requires_grad and array.dtype.kind != "f":
        raise TypeError(f"{op}: only floating-point tensors can require gradients, got dtype "
                        f"{array.dtype}.")
    return _finish(array, requires_grad)


def _device(device, op: str) -> None:
    from ..device import check_device

    check_device(device, op)


@tensor_method("new_zeros")
def new_zeros(a, *size, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    """Zeros of shape ``size``, with ``a``'s dtype unless ``dtype`` says otherwise.

    Args:
        size (ints or a tuple): the shape.
        dtype (optional): the dtype (``a``'s by default).
        device: ``"cpu"`` or None.
        requires_grad (bool): make it a leaf that requires grad.

    Example:
        >>> import minigrad as mg
        >>> x = mg.ones(2, dtype=mg.float32)
        >>> x.new_zeros(2, 3).dtype
        dtype('float32')
    """
    _device(device, "new_zeros")
    return _new(a, shape_arg(size, "new_zeros", False), 0, dtype, requires_grad, "new_zeros")


@tensor_method("new_ones")
def new_ones(a, *size, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    """Ones of shape ``size``, with ``a``'s dtype unless ``dtype`` says otherwise.

    Args:
        size (ints or a tuple): the shape.
        dtype (optional): the dtype (``a``'s by default).
        device: ``"cpu"`` or None.
        requires_grad (bool): make it a leaf that requires grad.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([1, 2]).new_ones(3)
        tensor([1, 1, 1], dtype=int64)
    """
    _device(device, "new_ones")
    return _new(a, shape_arg(size, "new_ones", False), 1, dtype, requires_grad, "new_ones")


@tensor_method("new_empty")
def new_empty(a, *size, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    """A tensor of shape ``size`` whose values are whatever memory held (fill it before
    reading), with ``a``'s dtype unless ``dtype`` says otherwise.

    Args:
        size (ints or a tuple): the shape.
        dtype (optional): the dtype (``a``'s by default).
        device: ``"cpu"`` or None.
        requires_grad (bool): make it a leaf that requires grad.

    Example:
        >>> import minigrad as mg
        >>> mg.zeros(1).new_empty(2, 2).shape
        (2, 2)
    """
    _device(device, "new_empty")
    return _new(a, shape_arg(size, "new_empty", False), None, dtype, requires_grad, "new_empty")


@tensor_method("new_full")
def new_full(a, size, fill_value, *, dtype=None, device=None,
             requires_grad: bool = False) -> Tensor:
    """A tensor of shape ``size`` filled with ``fill_value``, with ``a``'s dtype unless
    ``dtype`` says otherwise.

    Args:
        size (tuple of ints): the shape.
        fill_value (number): the value.
        dtype (optional): the dtype (``a``'s by default).
        device: ``"cpu"`` or None.
        requires_grad (bool): make it a leaf that requires grad.

    Example:
        >>> import minigrad as mg
        >>> mg.zeros(1).new_full((2,), 7)
        tensor([7., 7.])
    """
    from ..factories import _number

    _device(device, "new_full")
    value = _number(fill_value, "fill_value", "new_full")
    shape = shape_arg(size if isinstance(size, (tuple, list)) else (size,), "new_full", False)
    return _new(a, shape, value, dtype, requires_grad, "new_full")


@tensor_method("new_tensor")
def new_tensor(a, data, *, dtype=None, device=None, requires_grad: bool = False) -> Tensor:
    """A copy of ``data`` as a tensor with ``a``'s dtype (PyTorch's rule, even for a list of
    ints) unless ``dtype`` says otherwise.

    Args:
        data: numbers, (nested) lists, an array or a tensor.
        dtype (optional): the dtype (``a``'s by default).
        device: ``"cpu"`` or None.
        requires_grad (bool): make it a leaf that requires grad.

    Example:
        >>> import minigrad as mg
        >>> mg.zeros(1).new_tensor([1, 2])
        tensor([1., 2.])
    """
    from ..factories import tensor

    return tensor(data, dtype=a.dtype if dtype is None else dtype, device=device,
                  requires_grad=requires_grad)


@tensor_method("type")
def type_(a, dtype=None, non_blocking: bool = False):
    """With no argument, the name of the tensor's type, PyTorch's way
    (``'minigrad.FloatTensor'`` for float32); with a ``dtype``, the tensor cast to it
    (``t.to(dtype)``).

    Args:
        dtype (optional): the dtype to cast to.
        non_blocking (bool): ignored (nothing is asynchronous on the CPU).

    Example:
        >>> import minigrad as mg
        >>> x = mg.tensor([1.5, -2.0])
        >>> x.type()
        'minigrad.DoubleTensor'
        >>> (x > 0).type(mg.float32)
        tensor([1., 0.], dtype=float32)
    """
    if dtype is None:
        return "minigrad." + _TYPE_NAMES.get(str(a.dtype), f"{a.dtype}Tensor")
    return a.to(dtype)


@tensor_method("type_as")
def type_as(a, other) -> Tensor:
    """``a`` cast to ``other``'s dtype (``a`` itself when it has it already).

    Args:
        other (Tensor): the tensor whose dtype to take.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([1, 2]).type_as(mg.zeros(1, dtype=mg.float32))
        tensor([1., 2.], dtype=float32)
    """
    if not isinstance(other, Tensor):
        raise TypeError(f"type_as: expects a Tensor, got {type(other).__name__}.")
    return a.to(other.dtype)


@tensor_method("view_as")
def view_as(a, other) -> Tensor:
    """``a`` with ``other``'s shape (``a.view(other.shape)``).

    Args:
        other (Tensor): the tensor whose shape to take.

    Example:
        >>> import minigrad as mg
        >>> mg.arange(6).view_as(mg.zeros(2, 3)).shape
        (2, 3)
    """
    return a.view(_shape_of(other, "view_as"))


@tensor_method("reshape_as")
def reshape_as(a, other) -> Tensor:
    """``a`` with ``other``'s shape (``a.reshape(other.shape)``).

    Args:
        other (Tensor): the tensor whose shape to take.

    Example:
        >>> import minigrad as mg
        >>> mg.arange(6).reshape_as(mg.zeros(3, 2)).shape
        (3, 2)
    """
    return a.reshape(_shape_of(other, "reshape_as"))


@tensor_method("expand_as")
def expand_as(a, other) -> Tensor:
    """``a`` broadcast to ``other``'s shape (PyTorch's ``expand_as``; the course's
    ``expand(dim, copies)`` is another op).

    Args:
        other (Tensor): the tensor whose shape to take.

    Example:
        >>> import minigrad as mg
        >>> mg.tensor([[1.0], [2.0]]).expand_as(mg.zeros(2, 3))
        tensor([[1., 1., 1.],
                [2., 2., 2.]])
    """
    return a.broadcast_to(_shape_of(other, "expand_as"))


def _shape_of(other, op: str) -> tuple:
    if not isinstance(other, Tensor):
        raise TypeError(f"{op}: expects a Tensor, got {type(other).__name__}.")
    return other.shape
