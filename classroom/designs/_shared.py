"""Two NumPy helpers that several designs need, so each design file can stay about its idea.

* :func:`unbroadcast` sums a gradient back down to the shape of the input it belongs to
  (a copy made by broadcasting in the forward pass is a sum in the backward pass).
* :func:`matmul_grads` is the backward of ``A @ B`` for vectors, matrices and batches.
"""

import numpy as np

from minigrad.broadcasting import sum_to as unbroadcast

__all__ = ["unbroadcast", "matmul_grads", "as_array"]


def as_array(x) -> np.ndarray:
    """``x`` as a NumPy array; Python numbers and lists become float64 (as in minigrad)."""
    if isinstance(x, np.ndarray):
        return x
    if isinstance(x, np.generic):
        return np.asarray(x)
    return np.asarray(x, dtype=np.float64)


def matmul_grads(A: np.ndarray, B: np.ndarray, g: np.ndarray) -> tuple:
    """The gradients of ``A @ B`` with respect to ``A`` and ``B``, given the gradient ``g`` of
    the result.

    For matrices this is ``g @ B.T`` and ``A.T @ g``.  A vector is treated as a one-row (on
    the left) or one-column (on the right) matrix, and batch axes that broadcasting added are
    summed away, so each gradient has its input's shape.
    """
    A2 = A[None, :] if A.ndim == 1 else A
    B2 = B[:, None] if B.ndim == 1 else B
    out_shape = np.broadcast_shapes(A2.shape[:-2], B2.shape[:-2]) + (A2.shape[-2], B2.shape[-1])
    g2 = np.reshape(g, out_shape)
    gA = unbroadcast(g2 @ np.swapaxes(B2, -1, -2), A2.shape).reshape(A.shape)
    gB = unbroadcast(np.swapaxes(A2, -1, -2) @ g2, B2.shape).reshape(B.shape)
    return gA, gB
