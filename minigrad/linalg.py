"""``minigrad.linalg``: PyTorch's ``torch.linalg`` norms (the ops live in ``ops/norm.py``).

* :func:`vector_norm`: the p-norm of the entries over some axes;
* :func:`matrix_norm`: the Frobenius, nuclear, spectral, column-sum or row-sum norm of
  matrices;
* :func:`norm`: one or the other, chosen by ``dim`` and ``ord``.

No chapter uses this module.
"""

from .ops.norm import linalg_norm as norm
from .ops.norm import matrix_norm, vector_norm

__all__ = ["vector_norm", "matrix_norm", "norm"]
