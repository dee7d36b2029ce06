"""``minigrad.cuda``: there is no GPU, and this says so where PyTorch code asks
(``torch.cuda.is_available()``), so that such code picks the CPU and runs."""


def is_available() -> bool:
    """Always False: minigrad computes with NumPy on the CPU.

    Example:
        >>> import minigrad as mg
        >>> mg.cuda.is_available()
        False
    """
    return False


def device_count() -> int:
    """Always 0: there is no GPU.

    Example:
        >>> import minigrad as mg
        >>> mg.cuda.device_count()
        0
    """
    return 0


__all__ = ["is_available", "device_count"]
