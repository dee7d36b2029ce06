"""One random-number generator for everything minigrad draws at random.

Layer initialisation and dropout take their numbers from here, so a single
``minigrad.manual_seed(0)`` at the top of a notebook makes a whole training run
repeatable (PyTorch's ``torch.manual_seed`` plays the same role).  Code that
wants its own stream can pass a ``numpy.random.Generator`` where a layer accepts
``rng=`` (or a factory ``generator=``), or a :class:`Generator`, PyTorch's spelling
(``minigrad.Generator().manual_seed(42)``).

The draws come from NumPy's generator, so they are not the numbers PyTorch's generator
would give from the same seed: a seed makes a run repeatable, not equal to PyTorch's.
"""

import numbers

import numpy as np

_rng = np.random.default_rng()


def manual_seed(seed: int) -> np.random.Generator:
    """Restart minigrad's generator from ``seed``; returns the new generator.

    Args:
        seed (int): any integer.

    Returns:
        the ``numpy.random.Generator`` that layers, dropout and the random factories now
        draw from.

    Example:
        >>> import minigrad as mg
        >>> _ = mg.manual_seed(0)
        >>> a = mg.randn(3)
        >>> _ = mg.manual_seed(0)
        >>> bool(mg.equal(a, mg.randn(3)))
        True
    """
    global _rng
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
        raise TypeError(f"manual_seed expects an int, got {type(seed).__name__}.")
    _rng = np.random.default_rng(int(seed))
    return _rng


class Generator:
    """A random-number generator of its own, PyTorch's ``torch.Generator``: pass it as
    ``generator=`` (to ``random_split``, ``DataLoader``, ``randperm``, ``randn`` …) or
    ``rng=`` (to a layer) for a stream that does not touch minigrad's shared one.

    Args:
        device: ``"cpu"`` (or None).

    Example:
        >>> import minigrad as mg
        >>> g = mg.Generator().manual_seed(42)
        >>> a = mg.randperm(5, generator=g)
        >>> bool(mg.equal(a, mg.randperm(5, generator=mg.Generator().manual_seed(42))))
        True
        >>> g.initial_seed()
        42
    """

    def __init__(self, device="cpu"):
        from .device import check_device

        check_device(device, "Generator")
        self.device = "cpu"
        self._seed = int(np.random.SeedSequence().entropy % 2**63)
        self.numpy = np.random.default_rng(self._seed)

    def manual_seed(self, seed: int) -> "Generator":
        """Restart from ``seed``; returns the generator itself (so it chains)."""
        if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
            raise TypeError(f"Generator.manual_seed expects an int, got {type(seed).__name__}.")
        self._seed = int(seed)
        self.numpy = np.random.default_rng(self._seed)
        return self

    def seed(self) -> int:
        """Restart from a fresh random seed; returns it."""
        self._seed = int(np.random.SeedSequence().entropy % 2**63)
        self.numpy = np.random.default_rng(self._seed)
        return self._seed

    def initial_seed(self) -> int:
        """The seed the generator was last started from."""
        return self._seed

    def __repr__(self) -> str:
        return f"Generator(initial_seed={self._seed})"


def get_rng(rng=None) -> np.random.Generator:
    """``rng`` as a NumPy generator: minigrad's shared one when ``rng`` is None, the NumPy
    generator inside a :class:`Generator`, or ``rng`` itself.

    Args:
        rng (numpy.random.Generator, Generator or None): where to draw from.

    Example:
        >>> import numpy as np
        >>> from minigrad.random import get_rng
        >>> g = np.random.default_rng(0)
        >>> get_rng(g) is g
        True
    """
    if rng is None:
        return _rng
    if isinstance(rng, Generator):
        return rng.numpy
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator (np.random.default_rng(seed)) or "
                        f"a minigrad.Generator, got {type(rng).__name__}.")
    return rng
