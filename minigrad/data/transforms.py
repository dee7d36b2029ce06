"""Preparing arrays before training: standardising features and shifting images.

Both matter more than any choice of layer size on a small data set such as the
8×8 digits: an MLP on raw pixels reaches about 96 % there, on standardised pixels
about 97 %, and with the shifted copies below about 98 %.
"""

from __future__ import annotations

import numpy as np


def standardize(train: np.ndarray, *others: np.ndarray, eps: float = 0.1):
    """Scale every column to mean 0 and standard deviation about 1, using ``train``'s statistics.

    Returns ``(train_scaled, *others_scaled)``.  The statistics come from the
    training rows only, so nothing about the test rows leaks into training.
    ``eps`` is added to each standard deviation so that a column that is almost
    constant (a border pixel that is nearly always blank) is not blown up.

    Args:
        train (ndarray): the training rows (the statistics come from them).
        others (ndarrays): more arrays to scale the same way (validation, test).
        eps (float): added to each standard deviation (0.1).

    Example:
        >>> import numpy as np
        >>> from minigrad.data import standardize
        >>> train, test = standardize(np.array([[0.0], [2.0]]), np.array([[1.0]]))
        >>> train.ravel().round(3).tolist(), test.ravel().tolist()
        ([-0.909, 0.909], [0.0])
    """
    train = np.asarray(train)
    if train.ndim != 2:
        raise ValueError(f"standardize expects 2-D arrays (rows, features), got shape "
                         f"{train.shape}; flatten images first.")
    for i, other in enumerate(others):
        if np.ndim(other) != 2 or np.shape(other)[1] != train.shape[1]:
            raise ValueError(f"standardize: array {i + 1} has shape {np.shape(other)}, but it "
                             f"must have the training array's {train.shape[1]} columns.")
    mean = train.mean(axis=0)
    scale = train.std(axis=0) + eps
    scaled = [((np.asarray(a) - mean) / scale).astype(train.dtype, copy=False)
              for a in (train, *others)]
    return tuple(scaled) if others else scaled[0]


def shifted_copies(X: np.ndarray, y: np.ndarray, image_shape: tuple, pixels: int = 1):
    """``X`` and ``y`` plus four copies of every image moved by ``pixels`` up, down, left, right.

    A digit moved by a pixel is still the same digit, so the copies are free extra
    training data that teach the model not to care exactly where the strokes are.
    Pixels shifted in at the border are 0 (blank).  Returns ``(X5, y5)`` with five
    times the rows; the originals come first.

    Args:
        X (ndarray): images as rows, (N, H·W) (or (N, H, W)).
        y (ndarray): their labels, (N,).
        image_shape (tuple): (H, W).
        pixels (int): how far to move (1).

    Example:
        >>> import numpy as np
        >>> from minigrad.data import shifted_copies
        >>> X5, y5 = shifted_copies(np.ones((2, 16)), np.array([3, 7]), (4, 4))
        >>> X5.shape, y5.tolist()
        ((10, 16), [3, 7, 3, 7, 3, 7, 3, 7, 3, 7])
    """
    X, y = np.asarray(X), np.asarray(y)
    h, w = image_shape
    if X.ndim != 2 or X.shape[1] != h * w:
        raise ValueError(f"shifted_copies: X must have shape (N, {h * w}) for {h}×{w} images, "
                         f"got {X.shape}.")
    if len(y) != len(X):
        raise ValueError(f"shifted_copies: X has {len(X)} rows but y has {len(y)}.")
    if not 0 < pixels < min(h, w):
        raise ValueError(f"shifted_copies: pixels must be between 1 and {min(h, w) - 1}, "
                         f"got {pixels}.")
    images = X.reshape(-1, h, w)
    copies = [images]
    p = pixels
    for rows, cols, src_rows, src_cols in [
            (slice(p, None), slice(None), slice(None, -p), slice(None)),   # down
            (slice(None, -p), slice(None), slice(p, None), slice(None)),   # up
            (slice(None), slice(p, None), slice(None), slice(None, -p)),   # right
            (slice(None), slice(None, -p), slice(None), slice(p, None))]:  # left
        moved = np.zeros_like(images)
        moved[:, rows, cols] = images[:, src_rows, src_cols]
        copies.append(moved)
    return np.concatenate(copies).reshape(-1, h * w), np.tile(y, 5)
