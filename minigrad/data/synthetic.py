"""Small made-up data sets whose right answer is known in advance.

The early chapters need data where you can *see* whether a model learned the
right thing: a target that copies one input, a line with known weights, a
product a linear model cannot fit, classes no straight line can separate.
Each function builds one such set from a fixed formula, returns plain NumPy
arrays (float64 inputs, so gradients are exact enough to check), and takes a
``seed`` whenever randomness is involved, so every run of a notebook sees the
same numbers.
"""

from __future__ import annotations

import numbers

import numpy as np


def _check_count(name: str, value, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}, got {value!r}.")
    return int(value)


def _check_noise(value) -> float:
    if not isinstance(value, numbers.Real) or not value >= 0:
        raise ValueError(f"noise must be a number >= 0 (a standard deviation), got {value!r}.")
    return float(value)


def toy4() -> tuple[np.ndarray, np.ndarray]:
    """The four-row toy set of the first chapters: the target copies the second input.

    Returns ``(X, y)`` with ``X`` of shape (4, 2) holding every pair of bits and
    ``y`` of shape (4, 1).  Small enough to follow every number by hand, and a
    single weight (on column 1) explains it completely.

    Example:
        >>> from minigrad.data import toy4
        >>> X, y = toy4()
        >>> X.shape, y[:, 0].tolist()
        ((4, 2), [0.0, 1.0, 0.0, 1.0])
    """
    X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    y = X[:, 1:].copy()
    return X, y


def linear_regression(n: int = 100, features: int = 10, noise: float = 0.0, seed: int = 0):
    """Data from a known linear model, to check that training recovers its weights.

    Returns ``(X, y, true_w, true_b)``: ``X`` (n, features) standard normal,
    ``true_w`` (features, 1), ``true_b`` (1,) (the shapes of a ``Linear(features, 1)``
    layer's parameters) and ``y = X @ true_w + true_b`` of shape (n, 1), plus
    Gaussian noise with standard deviation ``noise``.  With ``noise=0`` a perfect fit
    exists, so the loss can go to zero.  ``X`` and the true parameters depend only on
    ``seed``, not on ``noise``, so you can compare noise levels on the same inputs.

    Args:
        n (int): rows (100).
        features (int): inputs per row (10).
        noise (float): the standard deviation of the noise added to y (0).
        seed (int): fixes X and the true parameters.

    Example:
        >>> from minigrad.data import linear_regression
        >>> X, y, w, b = linear_regression(n=50, features=3)
        >>> X.shape, y.shape, w.shape, b.shape
        ((50, 3), (50, 1), (3, 1), (1,))
    """
    n = _check_count("n", n)
    features = _check_count("features", features)
    noise = _check_noise(noise)
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, features))
    true_w = rng.standard_normal((features, 1))
    true_b = rng.standard_normal(1)
    y = X @ true_w + true_b
    if noise > 0:
        y = y + noise * rng.standard_normal((n, 1))
    return X, y, true_w, true_b


def product(n: int = 1000, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Points in the square [-1, 1]^2 with target ``x1 * x2``.

    Returns ``(X, y)`` of shapes (n, 2) and (n, 1).  The best linear fit of a
    product is the constant 0, so this set shows what a hidden layer buys: an MLP
    learns it, a linear model cannot.

    Args:
        n (int): rows (1000).
        seed (int): fixes the points.

    Example:
        >>> import numpy as np
        >>> from minigrad.data import product
        >>> X, y = product(n=10)
        >>> bool(np.allclose(y[:, 0], X[:, 0] * X[:, 1]))
        True
    """
    n = _check_count("n", n)
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1.0, 1.0, size=(n, 2))
    y = (X[:, 0] * X[:, 1])[:, None]
    return X, y


def xor(n: int = 200, noise: float = 0.1, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Clouds around the four corners (+-1, +-1), labelled 1 where the signs differ.

    Returns ``(X, y)``: ``X`` (n, 2) float64 and integer labels ``y`` (n,) int64.
    The classic set that no single straight line separates.  The corners get
    ``n // 4`` points each (the first ``n % 4`` corners one more), in random order;
    ``noise`` is the standard deviation of the Gaussian jitter around each corner.

    Args:
        n (int): rows (200).
        noise (float): the jitter around each corner (0.1).
        seed (int): fixes the points.

    Example:
        >>> from minigrad.data import xor
        >>> X, y = xor(n=8)
        >>> X.shape, sorted(set(y.tolist()))
        ((8, 2), [0, 1])
    """
    n = _check_count("n", n)
    noise = _check_noise(noise)
    rng = np.random.default_rng(seed)
    corners = np.array([[-1.0, -1.0], [-1.0, 1.0], [1.0, -1.0], [1.0, 1.0]])
    which = rng.permutation(np.arange(n) % 4)  # balanced corners, shuffled
    X = corners[which] + noise * rng.standard_normal((n, 2))
    y = (corners[which, 0] != corners[which, 1]).astype(np.int64)
    return X, y


def spirals(n_per_class: int = 100, classes: int = 3, noise: float = 0.2, seed: int = 0):
    """Interleaved spiral arms in the plane, one arm per class.

    Returns ``(X, y)``: ``X`` (n_per_class * classes, 2) float64 and labels ``y``
    int64 in ``0 .. classes-1``, grouped by class (shuffle with a DataLoader).

    Arm ``c`` starts near the centre at angle ``2*pi*c/classes`` and winds outwards
    through about one turn: a point at position ``t`` in [0, 1] along the arm has
    radius ``0.1 + 0.9*t`` and angle ``2*pi*c/classes + 2*pi*t``, plus Gaussian
    jitter of standard deviation ``noise`` (in radians) on the angle.  Class
    boundaries curl around the centre, which a linear model cannot follow.

    Args:
        n_per_class (int): points per arm (100).
        classes (int): arms (3).
        noise (float): the jitter of the angle, in radians (0.2).
        seed (int): fixes the points.

    Example:
        >>> from minigrad.data import spirals
        >>> X, y = spirals(n_per_class=10, classes=3)
        >>> X.shape, y.tolist()[::10]
        ((30, 2), [0, 1, 2])
    """
    n_per_class = _check_count("n_per_class", n_per_class)
    classes = _check_count("classes", classes, minimum=2)
    noise = _check_noise(noise)
    rng = np.random.default_rng(seed)
    t = np.tile(np.linspace(0.0, 1.0, n_per_class), classes)
    y = np.repeat(np.arange(classes, dtype=np.int64), n_per_class)
    radius = 0.1 + 0.9 * t
    angle = 2 * np.pi * y / classes + 2 * np.pi * t + noise * rng.standard_normal(t.shape)
    X = np.stack([radius * np.cos(angle), radius * np.sin(angle)], axis=1)
    return X, y
