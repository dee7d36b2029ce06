"""Undoing NumPy broadcasting in the backward pass: the one helper every binary op uses.

When ``a`` of shape (3, 1) meets ``b`` of shape (4,), NumPy silently treats both as
shape (3, 4): ``a`` is copied along axis 1 and ``b`` along a new leading axis.  A
copy in the forward pass is a *sum* in the backward pass, so the gradient that
arrives with shape (3, 4) must be summed back down to each input's own shape.
"""

import numpy as np


def broadcast_axes(shape: tuple, target: tuple) -> tuple:
    """The axes of ``target`` along which an array of ``shape`` was copied by broadcasting
    (chapter 4): the new leading axes, and the axes where ``shape`` has a 1.

    Args:
        shape (tuple): the array's own shape.
        target (tuple): the shape it was broadcast to.

    Example:
        >>> from minigrad import broadcast_axes
        >>> broadcast_axes((3, 1), (2, 3, 4))
        (0, 2)
    """
    lead = len(target) - len(shape)
    if lead < 0:
        raise ValueError(f"cannot broadcast shape {shape} to the smaller shape {target}")
    stretched = tuple(lead + i for i, n in enumerate(shape) if n == 1 and target[lead + i] != 1)
    return tuple(range(lead)) + stretched


def sum_to(grad: np.ndarray, shape: tuple) -> np.ndarray:
    """Sum ``grad`` over the broadcast axes so that it has ``shape`` again: the backward of
    broadcasting, which every binary op uses (chapter 4).

    Args:
        grad (ndarray): a gradient of the broadcast shape.
        shape (tuple): the input's own shape.

    Example:
        >>> import numpy as np
        >>> from minigrad import sum_to
        >>> sum_to(np.ones((2, 3, 4)), (3, 1))
        array([[8.],
               [8.],
               [8.]])
    """
    if grad.shape == shape:
        return grad
    axes = broadcast_axes(shape, grad.shape)
    return grad.sum(axis=axes, keepdims=True).reshape(shape)


def sum_to_tensor(grad, shape: tuple):
    """:func:`sum_to` for a Tensor, with tensor ops (so that it is recorded): what
    graph-building backwards (``create_graph=True``) use."""
    if grad.shape == tuple(shape):
        return grad
    return grad.sum(broadcast_axes(shape, grad.shape), keepdim=True).reshape(shape)
