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
    """The factor by which to scale weights feeding ``nonlinearity`` (PyTorch's table): 1 for
    linear, sigmoid and convolutions, 5/3 for tanh, √2 for relu, √(2 / (1 + slope²)) for
    leaky_relu, 3/4 for selu.

    Args:
        nonlinearity (str): the activation's name.
        param (float, optional): leaky_relu's negative slope (0.01).

    Example:
        >>> from minigrad.nn import init
        >>> round(init.calculate_gain("relu"), 6), init.calculate_gain("tanh")
        (1.414214, 1.6666666666666667)
    """
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
    """Fill ``tensor`` with uniform numbers in [a, b), in place; returns it.

    Args:
        tensor (Tensor): the floating-point tensor to fill (e.g. ``layer.weight``), in place.
        a (float): the lower end (0).
        b (float): the upper end (1).
        rng (numpy.random.Generator, optional): where to draw from (minigrad's generator).

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import init
        >>> w = init.uniform_(mg.empty(100), -0.1, 0.1)
        >>> bool((w.abs() <= 0.1).all())
        True
    """
    _check(tensor, "uniform_")
    if not a <= b:
        raise ValueError(f"init.uniform_: needs a <= b, got a={a}, b={b}.")
    return _fill(tensor, get_rng(rng).uniform(a, b, tensor.shape))


def normal_(tensor, mean: float = 0.0, std: float = 1.0, rng=None) -> Tensor:
    """Fill ``tensor`` with normal numbers of the given mean and standard deviation, in place.

    Args:
        tensor (Tensor): the floating-point tensor to fill (e.g. ``layer.weight``), in place.
        mean (float): the mean (0).
        std (float): the standard deviation (1).
        rng (numpy.random.Generator, optional): where to draw from (minigrad's generator).

    Example:
        >>> import numpy as np
        >>> import minigrad as mg
        >>> from minigrad.nn import init
        >>> w = init.normal_(mg.empty(10000), std=0.02, rng=np.random.default_rng(0))
        >>> round(float(w.std()), 2)
        0.02
    """
    _check(tensor, "normal_")
    if std < 0:
        raise ValueError(f"init.normal_: std must be >= 0, got {std}.")
    return _fill(tensor, get_rng(rng).normal(mean, std, tensor.shape))


def trunc_normal_(tensor, mean: float = 0.0, std: float = 1.0, a: float = -2.0, b: float = 2.0,
                  rng=None) -> Tensor:
    """Fill ``tensor`` with normal numbers redrawn until they fall in [a, b] (bounds in
    absolute units, as PyTorch's).

    Args:
        tensor (Tensor): the floating-point tensor to fill (e.g. ``layer.weight``), in place.
        mean (float): the mean (0).
        std (float): the standard deviation (1).
        a (float): the lowest value kept (-2).
        b (float): the highest value kept (2).
        rng (numpy.random.Generator, optional): where to draw from (minigrad's generator).

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import init
        >>> w = init.trunc_normal_(mg.empty(1000), std=1.0, a=-1.0, b=1.0)
        >>> bool((w.abs() <= 1).all())
        True
    """
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
    """Fill ``tensor`` with ``val``, in place; returns it.

    Args:
        tensor (Tensor): the floating-point tensor to fill (e.g. ``layer.weight``), in place.
        val (float): the value.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import init
        >>> init.constant_(mg.empty(3), 0.5)
        tensor([0.5, 0.5, 0.5])
    """
    return _fill(_check(tensor, "constant_"), val)


def zeros_(tensor) -> Tensor:
    """Fill ``tensor`` with zeros, in place (a common choice for biases); returns it.

    Args:
        tensor (Tensor): the floating-point tensor to fill (e.g. ``layer.weight``), in place.

    Example:
        >>> from minigrad import nn
        >>> nn.init.zeros_(nn.Linear(2, 3).bias)
        Parameter containing:
        tensor([0., 0., 0.], requires_grad=True)
    """
    return _fill(_check(tensor, "zeros_"), 0.0)


def ones_(tensor) -> Tensor:
    """Fill ``tensor`` with ones, in place (a normalisation layer's scale starts there).

    Args:
        tensor (Tensor): the floating-point tensor to fill (e.g. ``layer.weight``), in place.

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import init
        >>> init.ones_(mg.empty(2))
        tensor([1., 1.])
    """
    return _fill(_check(tensor, "ones_"), 1.0)


def xavier_uniform_(tensor, gain: float = 1.0, rng=None) -> Tensor:
    """Xavier (Glorot) initialisation: uniform in ±gain·√(6 / (fan_in + fan_out)), variance
    gain²·2/(fan_in + fan_out), keeping the forward and the backward signal steady.

    Args:
        tensor (Tensor): the floating-point tensor to fill (e.g. ``layer.weight``), in
            place; at least 2-D: fan_in and fan_out come from its shape.
        gain (float): e.g. ``calculate_gain("tanh")`` (1).
        rng (numpy.random.Generator, optional): where to draw from (minigrad's generator).

    Example:
        >>> from minigrad import nn
        >>> layer = nn.Linear(300, 100)
        >>> w = nn.init.xavier_uniform_(layer.weight)
        >>> bool((w.abs() <= (6 / 400) ** 0.5).all())
        True
    """
    _check(tensor, "xavier_uniform_")
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor, "xavier_uniform_")
    bound = gain * math.sqrt(6.0 / (fan_in + fan_out))
    return _fill(tensor, get_rng(rng).uniform(-bound, bound, tensor.shape))


def xavier_normal_(tensor, gain: float = 1.0, rng=None) -> Tensor:
    """Xavier (Glorot) initialisation with normal numbers of standard deviation
    gain·√(2 / (fan_in + fan_out)).

    Args:
        tensor (Tensor): the floating-point tensor to fill (e.g. ``layer.weight``), in
            place; at least 2-D.
        gain (float): e.g. ``calculate_gain("tanh")`` (1).
        rng (numpy.random.Generator, optional): where to draw from (minigrad's generator).

    Example:
        >>> import numpy as np
        >>> import minigrad as mg
        >>> from minigrad.nn import init
        >>> w = init.xavier_normal_(mg.empty(300, 200), rng=np.random.default_rng(0))
        >>> round(float(w.std()) / (2 / 500) ** 0.5, 1)
        1.0
    """
    _check(tensor, "xavier_normal_")
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor, "xavier_normal_")
    std = gain * math.sqrt(2.0 / (fan_in + fan_out))
    return _fill(tensor, get_rng(rng).normal(0.0, std, tensor.shape))


def kaiming_uniform_(tensor, a: float = 0.0, mode: str = "fan_in",
                     nonlinearity: str = "leaky_relu", rng=None) -> Tensor:
    """Kaiming (He) initialisation: uniform in ±gain·√(3 / fan), variance gain²/fan, with
    ``gain`` for ``nonlinearity`` (``a`` is the negative slope of a leaky ReLU; PyTorch's
    layers use a = √5).

    Args:
        tensor (Tensor): the floating-point tensor to fill (e.g. ``layer.weight``), in
            place; at least 2-D.
        a (float): the leaky ReLU's negative slope (0).
        mode (str): ``'fan_in'`` (keep the forward signal steady) or ``'fan_out'`` (the
            backward one).
        nonlinearity (str): ``'leaky_relu'`` (the default) or ``'relu'`` …
        rng (numpy.random.Generator, optional): where to draw from (minigrad's generator).

    Example:
        >>> import minigrad as mg
        >>> from minigrad.nn import init
        >>> w = init.kaiming_uniform_(mg.empty(64, 32), nonlinearity="relu")
        >>> bool((w.abs() <= (6 / 32) ** 0.5).all())
        True
    """
    _check(tensor, "kaiming_uniform_")
    bound = calculate_gain(nonlinearity, a) * math.sqrt(3.0 / _fan(tensor, mode,
                                                                    "kaiming_uniform_"))
    return _fill(tensor, get_rng(rng).uniform(-bound, bound, tensor.shape))


def kaiming_normal_(tensor, a: float = 0.0, mode: str = "fan_in",
                    nonlinearity: str = "leaky_relu", rng=None) -> Tensor:
    """Kaiming (He) initialisation with normal numbers of standard deviation gain/√fan.

    Args:
        tensor (Tensor): the floating-point tensor to fill (e.g. ``layer.weight``), in
            place; at least 2-D.
        a (float): the leaky ReLU's negative slope (0).
        mode (str): ``'fan_in'`` or ``'fan_out'``.
        nonlinearity (str): ``'leaky_relu'`` (the default) or ``'relu'`` …
        rng (numpy.random.Generator, optional): where to draw from (minigrad's generator).

    Example:
        >>> import numpy as np
        >>> import minigrad as mg
        >>> from minigrad.nn import init
        >>> w = init.kaiming_normal_(mg.empty(400, 200), nonlinearity="relu",
        ...                          rng=np.random.default_rng(0))
        >>> round(float(w.std()) / (2 / 200) ** 0.5, 1)
        1.0
    """
    _check(tensor, "kaiming_normal_")
    std = calculate_gain(nonlinearity, a) / math.sqrt(_fan(tensor, mode, "kaiming_normal_"))
    return _fill(tensor, get_rng(rng).normal(0.0, std, tensor.shape))


__all__ = ["calculate_gain", "uniform_", "normal_", "trunc_normal_", "constant_", "zeros_",
           "ones_", "xavier_uniform_", "xavier_normal_", "kaiming_uniform_", "kaiming_normal_"]
