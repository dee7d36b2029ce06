"""The activations deep networks use beyond ReLU, as functions and modules (chapter 11).

* ``leaky_relu`` / ``LeakyReLU``: a small slope for negative inputs instead of 0, so
  no unit is ever completely dead;
* ``gelu`` / ``GELU``: x·Φ(x), the input weighted by how likely a standard normal is
  to be below it (transformers use it), exactly or with PyTorch's ``tanh`` approximation;
* ``silu`` / ``SiLU``: x·σ(x), the "swish";
* ``Softmax``, ``LogSoftmax``: modules around :func:`minigrad.nn.functional.softmax`.

Each function is one recorded op with its derivative written beside it.
The exact GELU needs the normal distribution function Φ, which NumPy lacks (it
has no ``erf``); :func:`normal_cdf` computes it from a polynomial fitted on first
use to Python's ``math.erfc``, accurate to about 1e-13 in float64.
"""

from __future__ import annotations

import math
import warnings

import numpy as np

from ..autograd import record
from ..autograd import elementwise, graph_backward, vjp
from ..dtypes import require_float
from ..ops.elementwise import relu as _relu
from ..ops.elementwise import sigmoid, tanh  # noqa: F401  (F.sigmoid, F.tanh, as PyTorch)
from ..tensor import Tensor
from . import functional as F
from .module import Module


def _tensor(x, fn: str) -> Tensor:
    return F._tensor(x, "input", fn)


# -- Φ, the standard normal distribution function ------------------------------------------
# erfc(z) = t·exp(P(u) - z²) with t = 2 / (2 + z) for z >= 0, where u maps t in [T0, 1]
# (z in [0, 27.3]; beyond that erfc is below the smallest float64) onto [-1, 1] and P is
# smooth.  P interpolates at Chebyshev nodes, fitted once per dtype (to the accuracy that
# dtype can hold) on first use, and is evaluated by Horner's rule, in place: two passes per
# degree.
_Z_MAX = 27.3
_T0 = 2.0 / (2.0 + _Z_MAX)
_DEGREE = {np.dtype(np.float64): 22, np.dtype(np.float32): 10}
_COEFFS: dict = {}


def _log_erfc_plus_square(z: float) -> float:
    """log(erfc(z)) + z², also where erfc(z) itself is too small for a float (z > 20): there
    from the asymptotic series erfc(z)·e^{z²}·z√π = 1 - 1/(2z²) + 3/(2z²)² - 15/(2z²)³ …"""
    if z <= 20:
        return math.log(math.erfc(z)) + z * z
    term, total, u = 1.0, 1.0, 1 / (2 * z * z)
    for k in range(1, 8):
        term *= -(2 * k - 1) * u
        total += term
    return math.log(total) - math.log(z * math.sqrt(math.pi))


def _erfc_polynomial(dtype: np.dtype) -> np.ndarray:
    """P's coefficients, highest power first, in ``dtype``."""
    if dtype not in _COEFFS:
        from numpy.polynomial import chebyshev   # only when first needed: keeps import light

        deg = _DEGREE.get(dtype, 22)
        u = np.cos(np.pi * (np.arange(deg + 1) + 0.5) / (deg + 1))      # Chebyshev nodes
        t = _T0 + (u + 1) / 2 * (1 - _T0)
        z = 2 / t - 2
        p = [_log_erfc_plus_square(zi) - math.log(ti) for zi, ti in zip(z, t)]
        power = chebyshev.cheb2poly(chebyshev.chebfit(u, p, deg))     # |coefficients| < 1
        _COEFFS[dtype] = power[::-1].astype(dtype)
    return _COEFFS[dtype]


def _erfc_nonneg(z: np.ndarray) -> np.ndarray:
    """erfc(z) for z >= 0, elementwise, in z's dtype."""
    coeffs = _erfc_polynomial(z.dtype)
    z = np.minimum(z, np.asarray(_Z_MAX, z.dtype))
    t = 2 / (2 + z)
    u = t * np.asarray(2 / (1 - _T0), z.dtype)
    u -= np.asarray(1 + 2 * _T0 / (1 - _T0), z.dtype)
    acc = np.full_like(z, coeffs[0])
    for a in coeffs[1:]:
        acc *= u
        acc += a
    acc -= z * z
    np.exp(acc, out=acc)
    acc *= t
    return acc


def normal_cdf(x: np.ndarray) -> np.ndarray:
    """Φ(x) = P(N(0, 1) <= x) for a floating-point array, accurate in both tails."""
    tail = _erfc_nonneg(np.abs(x) * np.asarray(1 / math.sqrt(2), x.dtype))
    tail *= 0.5                      # Φ(x) for x < 0, and 1 - Φ(x) for x >= 0 ...
    # ... picked without np.where (whose branches mispredict on mixed signs): for x < 0
    # this adds exactly 0, so the tail keeps its relative accuracy.
    return tail + (x >= 0) * (1 - 2 * tail)


# -- functions -----------------------------------------------------------------------------
def relu(input, inplace: bool = False) -> Tensor:
    """max(x, 0), elementwise; ``inplace=True`` writes the result into ``input``, as PyTorch's
    (the input itself changes, and is returned).

    Args:
        input (Tensor): the input.
        inplace (bool): write the result into ``input``.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.relu(mg.tensor([-1.0, 2.0]))
        tensor([0., 2.])
    """
    x = _tensor(input, "relu")
    return F.in_place(x, _relu(x), "relu") if inplace else _relu(x)


def leaky_relu(x, negative_slope: float = 0.01, inplace: bool = False) -> Tensor:
    """x where x > 0, else ``negative_slope``·x: a small slope for negative inputs instead of
    0, so no unit is ever completely dead.

    Args:
        x (Tensor): the input.
        negative_slope (float): the slope for x < 0 (0.01).
        inplace (bool): write the result into ``x``.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.leaky_relu(mg.tensor([-10.0, 2.0]), 0.1)
        tensor([-1.,  2.])
    """
    x = _tensor(x, "leaky_relu")
    X = x.data
    require_float(X.dtype, "leaky_relu")
    slope = np.where(X > 0, np.asarray(1, X.dtype), np.asarray(negative_slope, X.dtype))

    def backward(g):
        return (g * slope,)

    out = record(X * slope, (x,), backward, "leaky_relu")      # reads its own slope
    return F.in_place(x, out, "leaky_relu") if inplace else out


@graph_backward("leaky_relu")
def _leaky_relu_graph(ctx, g):
    """leaky_relu's slope is a constant: its second derivative is 0."""
    return (g * Tensor(ctx.saved("slope")),)


def gelu(x, approximate: str = "none") -> Tensor:
    """x·Φ(x), the input weighted by how likely a standard normal is to be below it
    (transformers use it); ``approximate='tanh'`` uses ½x(1 + tanh(√(2/π)(x + 0.044715x³))),
    as PyTorch.

    Args:
        x (Tensor): the input.
        approximate (str): ``'none'`` (exact) or ``'tanh'``.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.gelu(mg.tensor([-1.0, 0.0, 1.0]))
        tensor([-0.15865525,  0.        ,  0.84134475])
    """
    x = _tensor(x, "gelu")
    X = x.data
    require_float(X.dtype, "gelu")
    if approximate == "none":
        cdf = normal_cdf(X)

        def backward(g):
            # (xΦ)' = Φ + x·φ, with φ(x) = e^{-x²/2}/√(2π)
            pdf = np.exp(-0.5 * X * X) * np.asarray(1 / math.sqrt(2 * math.pi), X.dtype)
            return (g * (cdf + X * pdf),)

        return record(X * cdf, (x,), backward, "gelu", saved=(x,))
    if approximate == "tanh":
        k = np.asarray(math.sqrt(2 / math.pi), X.dtype)
        a = np.asarray(0.044715, X.dtype)
        th = np.tanh(k * (X + a * X * X * X))

        def backward(g):
            inner_grad = k * (1 + 3 * a * X * X)
            return (g * (0.5 * (1 + th) + 0.5 * X * (1 - th * th) * inner_grad),)

        return record(0.5 * X * (1 + th), (x,), backward, "gelu", saved=(x,))
    raise ValueError(f"gelu: approximate must be 'none' or 'tanh', got {approximate!r}.")


@graph_backward("gelu")
def _gelu_graph(ctx, g):
    """gelu's backward with tensor ops: g·(Φ + xφ) (exact), or through its tanh formula."""
    X = ctx.saved("X")
    x = ctx.input(0, X)
    if ctx.has("th"):
        k, a = float(ctx.saved("k")), float(ctx.saved("a"))
        return vjp(lambda x: 0.5 * x * (1 + (k * (x + a * x * x * x)).tanh()), (x,), g)
    pdf = (x * x * -0.5).exp() * (1 / math.sqrt(2 * math.pi))
    cdf = elementwise(x, ctx.saved("cdf"),
                      lambda x: (x * x * -0.5).exp() * (1 / math.sqrt(2 * math.pi)))
    return (g * (cdf + x * pdf),)


def silu(x, inplace: bool = False) -> Tensor:
    """x·σ(x), the "swish".  Its slope σ(x)(1 + x(1 - σ(x))) is finite everywhere.

    Args:
        x (Tensor): the input.
        inplace (bool): write the result into ``x``.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import functional as F
        >>> F.silu(mg.tensor([0.0, 1.0]))
        tensor([0.        , 0.73105858])
    """
    x = _tensor(x, "silu")
    X = x.data
    require_float(X.dtype, "silu")
    s = 0.5 * (np.tanh(0.5 * X) + 1)          # σ without overflow, as minigrad's sigmoid
    if inplace:                 # x is about to be overwritten: backward reads its own copy
        X = X.copy()

    def backward(g):
        return (g * (s * (1 + X * (1 - s))),)

    out = record(X * s, (x,), backward, "silu", saved=() if inplace else (x,))
    return F.in_place(x, out, "silu") if inplace else out


@graph_backward("silu")
def _silu_graph(ctx, g):
    return vjp(lambda x: x * x.sigmoid(), (ctx.input(0, ctx.saved("X")),), g)


# -- modules -------------------------------------------------------------------------------
class LeakyReLU(Module):
    """:func:`leaky_relu` as a layer.

    Args:
        negative_slope (float): the slope for x < 0 (0.01).
        inplace (bool): write the result into the input.

    Shape:
        x: any shape; the output has the same.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.LeakyReLU(0.2)(mg.tensor([-1.0, 1.0]))
        tensor([-0.2,  1. ])
    """
    def __init__(self, negative_slope: float = 0.01, inplace: bool = False):
        super().__init__()
        self.negative_slope, self.inplace = float(negative_slope), inplace

    def forward(self, x):
        return leaky_relu(x, self.negative_slope, self.inplace)

    def extra_repr(self) -> str:
        return f"negative_slope={self.negative_slope}" + (", inplace=True" if self.inplace
                                                          else "")


class GELU(Module):
    """:func:`gelu` as a layer.

    Args:
        approximate (str): ``'none'`` (exact, the default) or ``'tanh'``.

    Shape:
        x: any shape; the output has the same.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.GELU(approximate="tanh")(mg.tensor([0.0]))
        tensor([0.])
    """
    def __init__(self, approximate: str = "none"):
        super().__init__()
        if approximate not in ("none", "tanh"):
            raise ValueError(f"GELU: approximate must be 'none' or 'tanh', got {approximate!r}.")
        self.approximate = approximate

    def forward(self, x):
        return gelu(x, self.approximate)

    def extra_repr(self) -> str:
        return f"approximate={self.approximate!r}"


class SiLU(Module):
    """:func:`silu` as a layer.

    Args:
        inplace (bool): write the result into the input.

    Shape:
        x: any shape; the output has the same.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.SiLU()(mg.tensor([0.0]))
        tensor([0.])
    """
    def __init__(self, inplace: bool = False):
        super().__init__()
        self.inplace = inplace

    def forward(self, x):
        return silu(x, self.inplace)

    def extra_repr(self) -> str:
        return "inplace=True" if self.inplace else ""


def _implicit_dim(ndim: int, layer: str) -> int:
    warnings.warn(f"Implicit dimension choice for {layer} has been deprecated (as in PyTorch): "
                  f"pass dim, e.g. {layer}(dim=-1).", UserWarning, stacklevel=3)
    return 0 if ndim in (0, 1, 3) else 1


class _AlongDim(Module):
    _fn = staticmethod(F.softmax)

    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        dim = self.dim if self.dim is not None else _implicit_dim(x.ndim, type(self).__name__)
        return self._fn(x, dim)

    def extra_repr(self) -> str:
        return f"dim={self.dim}"


class Softmax(_AlongDim):
    """Softmax along ``dim`` (:func:`minigrad.nn.functional.softmax`): probabilities that sum
    to 1 along it.

    Args:
        dim (int): the axis (no default is deprecated in PyTorch: pass it).

    Shape:
        x: any shape; the output has the same.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.Softmax(dim=1)(mg.tensor([[0.0, 0.0]]))
        tensor([[0.5, 0.5]])
    """
    _fn = staticmethod(F.softmax)


class LogSoftmax(_AlongDim):
    """log(softmax(x)) along ``dim``, computed stably (:func:`minigrad.nn.functional.log_softmax`).

    Args:
        dim (int): the axis.

    Shape:
        x: any shape; the output has the same.

    Example:
        >>> import minigrad as mg
        >>> from minigrad import nn
        >>> nn.LogSoftmax(dim=-1)(mg.tensor([0.0, 0.0]))
        tensor([-0.69314718, -0.69314718])
    """
    _fn = staticmethod(F.log_softmax)
