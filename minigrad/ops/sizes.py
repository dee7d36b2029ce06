"""What a tensor's shape is, asked PyTorch's way: ``t.size()``, ``t.size(dim)``, ``t.dim()``.

PyTorch code reads sizes with methods (``x.size(0)`` for the batch size, ``x.dim()`` for
the number of axes); ``t.shape`` and ``t.ndim`` say the same as attributes.  ``size`` is
a method here as in PyTorch, so ``t.size`` without a call is the method, not a number:
``t.numel()`` counts the elements.  No chapter needs this module.
"""

from ..tensor import Tensor, tensor_method
from .operands import axis


@tensor_method("size")
def size(a, dim=None):
    """The shape, or the length of one axis: PyTorch's ``Tensor.size``.

    Args:
        dim (int, optional): an axis (negative counts from the end).  Without it the whole
            shape is returned.

    Returns:
        a tuple of ints (the shape) when ``dim`` is None, else one int.

    Example:
        >>> import minigrad as mg
        >>> x = mg.zeros(3, 4)
        >>> x.size()
        (3, 4)
        >>> x.size(0), x.size(-1)
        (3, 4)
    """
    if dim is None:
        return a.shape
    return a.shape[axis(dim, a.ndim, "size")] if a.ndim else _no_axes(dim)


def _no_axes(dim):
    raise IndexError(f"size: a 0-d tensor has no dimensions, so dim {dim} does not exist; "
                     f"size() (without dim) is its shape, ().")


@tensor_method("dim", "ndimension")
def dim(a) -> int:
    """The number of axes (``t.ndim``): 0 for a number, 1 for a vector, 2 for a matrix.

    Example:
        >>> import minigrad as mg
        >>> mg.zeros(2, 3).dim()
        2
    """
    return a.ndim


def numel(a: Tensor) -> int:
    """The number of elements of ``a`` (``torch.numel``; the method is ``t.numel()``).

    Args:
        a (Tensor): any tensor.

    Example:
        >>> import minigrad as mg
        >>> mg.numel(mg.zeros(2, 3))
        6
    """
    if not isinstance(a, Tensor):
        raise TypeError(f"numel: expected a Tensor, got {type(a).__name__}.")
    return a.numel()


def is_tensor(obj) -> bool:
    """Whether ``obj`` is a minigrad Tensor (a Parameter counts), as ``torch.is_tensor``.

    Args:
        obj: anything.

    Example:
        >>> import numpy as np
        >>> import minigrad as mg
        >>> mg.is_tensor(mg.zeros(2)), mg.is_tensor(np.zeros(2))
        (True, False)
    """
    return isinstance(obj, Tensor)
