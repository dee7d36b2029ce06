"""One random-number generator for everything minigrad draws at random.

Layer initialisation and dropout take their numbers from here, so a single
``minigrad.manual_seed(0)`` at the top of a notebook makes a whole training run
repeatable (PyTorch's ``torch.manual_seed`` plays the same role).  Code that
wants its own stream can pass a ``numpy.random.Generator`` where a layer accepts
``rng=``.
"""

import numpy as np

_rng = np.random.default_rng()


def manual_seed(seed: int) -> np.random.Generator:
    """Restart minigrad's generator from ``seed``; returns the new generator."""
    global _rng
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
        raise TypeError(f"manual_seed expects an int, got {type(seed).__name__}.")
    _rng = np.random.default_rng(int(seed))
    return _rng


def get_rng(rng=None) -> np.random.Generator:
    """``rng`` when one is given, otherwise minigrad's shared generator."""
    if rng is None:
        return _rng
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator (np.random.default_rng(seed)), "
                        f"got {type(rng).__name__}.")
    return rng
