"""Initialisation (``minigrad.nn.init``): filling weights with well-scaled random numbers.

Chapter 11 explains why the scale matters: a layer sums ``fan_in`` products, so
weights of variance ``1/fan_in`` keep the variance of activations steady from
layer to layer.  Xavier (Glorot) averages the forward and backward views
(``2/(fan_in + fan_out)``), Kaiming (He) corrects for what an activation
throws away (ReLU halves the variance, hence its gain √2).

Every function here has PyTorch's name and arguments, fills the tensor **in
place** (its data array keeps its identity and dtype, outside the graph) and
returns it.  The numbers come from ``minigrad.manual_seed``'s generator unless
an ``rng`` (a ``numpy.random.Generator``) is given.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from ..random import get_rng
from ..tensor import Tensor

_GAINS = {"linear": 1.0, "identity": 1.0, "conv1d": 1.0, "conv2d": 1.0, "conv3d": 1.0,
          "conv_transpose1d": 1.0, "conv_transpose2d": 1.0, "conv_transpose3d": 1.0,
          "sigmoid": 1.0, "tanh": 5.0 / 3, "relu": math.sqrt(2.0), "selu": 3.0 / 4}


def calculate_gain(nonlinearity: str, param=None) -> float:
    """The factor by which to scale weights feeding ``nonlinearity`` (PyTorch's table)."""
    if nonlinearity == "leaky_relu":
        slope = 0.01 if param is None else param
        if isinstance(slope, bool) or not isinstance(slope, numbers.Real):
            raise ValueError(f"calculate_gain: negative_slope {param!r} is not a number.")
        return math.sqrt(2.0 / (1 + slope ** 2))
    if nonlinearity not in _GAINS:
        raise ValueError(f"calculate_gain: unsupported nonlinearity {nonlinearity!r}; choose one "
                         f"of {sorted(_GAINS) + ['leaky_relu']}.")
    return _GAINS[nonlinearity]


def _check(tensor, fn: str) -> Tensor:
    if not isinstance(tensor, Tensor):
        raise TypeError(f"init.{fn}: expected a Tensor (e.g. layer.weight), got "
                        f"{type(tensor).__name__}.")
    if tensor.dtype.kind != "f":
        raise TypeError(f"init.{fn}: the tensor must be floating-point, got {tensor.dtype}.")
    return tensor


def _fill(tensor: Tensor, values) -> Tensor:
    tensor.data[...] = values
    return tensor


def _calculate_fan_in_and_fan_out(tensor: Tensor, fn: str = "fan") -> tuple:
    """(fan_in, fan_out) of a weight: (out, in, *kernel) -> in·k and out·k."""
    if tensor.ndim < 2:
        raise ValueError(f"init.{fn}: fan in and fan out need a tensor with at least 2 "
                         f"dimensions, got shape {tensor.shape}.")
    receptive = int(np.prod(tensor.shape[2:])) if tensor.ndim > 2 else 1
    return tensor.shape[1] * receptive, tensor.shape[0] * receptive


def _fan(tensor: Tensor, mode: str, fn: str) -> int:
    if mode not in ("fan_in", "fan_out"):
        raise ValueError(f"init.{fn}: mode must be 'fan_in' or 'fan_out', got {mode!r}.")
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor, fn)
    return fan_in if mode == "fan_in" else fan_out


def uniform_(tensor, a: float = 0.0, b: float = 1.0, rng=None) -> Tensor:
    """Uniform numbers in [a, b)."""
    _check(tensor, "uniform_")
    if not a <= b:
        raise ValueError(f"init.uniform_: needs a <= b, got a={a}, b={b}.")
    return _fill(tensor, get_rng(rng).uniform(a, b, tensor.shape))


def normal_(tensor, mean: float = 0.0, std: float = 1.0, rng=None) -> Tensor:
    """Normal numbers with the given mean and standard deviation."""
    _check(tensor, "normal_")
    if std < 0:
        raise ValueError(f"init.normal_: std must be >= 0, got {std}.")
    return _fill(tensor, get_rng(rng).normal(mean, std, tensor.shape))


def trunc_normal_(tensor, mean: float = 0.0, std: float = 1.0, a: float = -2.0, b: float = 2.0,
                  rng=None) -> Tensor:
    """Normal numbers redrawn until they fall in [a, b] (bounds in absolute units, as PyTorch)."""
    _check(tensor, "trunc_normal_")
    if not a < b or std <= 0:
        raise ValueError(f"init.trunc_normal_: needs a < b and std > 0, got a={a}, b={b}, "
                         f"std={std}.")
    gen = get_rng(rng)
    out = gen.normal(mean, std, tensor.shape)
    bad = (out < a) | (out > b)
    while bad.any():
        out[bad] = gen.normal(mean, std, int(bad.sum()))
        bad = (out < a) | (out > b)
    return _fill(tensor, out)


def constant_(tensor, val: float) -> Tensor:
    return _fill(_check(tensor, "constant_"), val)


def zeros_(tensor) -> Tensor:
    return _fill(_check(tensor, "zeros_"), 0.0)


def ones_(tensor) -> Tensor:
    return _fill(_check(tensor, "ones_"), 1.0)


def xavier_uniform_(tensor, gain: float = 1.0, rng=None) -> Tensor:
    """Uniform in ±gain·√(6 / (fan_in + fan_out)): variance gain²·2/(fan_in + fan_out)."""
    _check(tensor, "xavier_uniform_")
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor, "xavier_uniform_")
    bound = gain * math.sqrt(6.0 / (fan_in + fan_out))
    return _fill(tensor, get_rng(rng).uniform(-bound, bound, tensor.shape))


def xavier_normal_(tensor, gain: float = 1.0, rng=None) -> Tensor:
    """Normal with standard deviation gain·√(2 / (fan_in + fan_out))."""
    _check(tensor, "xavier_normal_")
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor, "xavier_normal_")
    std = gain * math.sqrt(2.0 / (fan_in + fan_out))
    return _fill(tensor, get_rng(rng).normal(0.0, std, tensor.shape))


def kaiming_uniform_(tensor, a: float = 0.0, mode: str = "fan_in",
                     nonlinearity: str = "leaky_relu", rng=None) -> Tensor:
    """Uniform in ±gain·√(3 / fan): variance gain²/fan, with ``gain`` for ``nonlinearity``
    (``a`` is the negative slope of a leaky ReLU; PyTorch's layers use a = √5)."""
    _check(tensor, "kaiming_uniform_")
    bound = calculate_gain(nonlinearity, a) * math.sqrt(3.0 / _fan(tensor, mode,
                                                                    "kaiming_uniform_"))
    return _fill(tensor, get_rng(rng).uniform(-bound, bound, tensor.shape))


def kaiming_normal_(tensor, a: float = 0.0, mode: str = "fan_in",
                    nonlinearity: str = "leaky_relu", rng=None) -> Tensor:
    """Normal with standard deviation gain/√fan."""
    _check(tensor, "kaiming_normal_")
    std = calculate_gain(nonlinearity, a) / math.sqrt(_fan(tensor, mode, "kaiming_normal_"))
    return _fill(tensor, get_rng(rng).normal(0.0, std, tensor.shape))


__all__ = ["calculate_gain", "uniform_", "normal_", "trunc_normal_", "constant_", "zeros_",
           "ones_", "xavier_uniform_", "xavier_normal_", "kaiming_uniform_", "kaiming_normal_"]
