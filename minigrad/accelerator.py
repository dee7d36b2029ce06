"""``minigrad.accelerator``: there is none; PyTorch's tutorials choose their device with
``torch.accelerator.current_accelerator().type if torch.accelerator.is_available() else
"cpu"``, which picks the CPU here."""


def is_available() -> bool:
    """Always False: minigrad computes with NumPy on the CPU.

    Example:
        >>> import minigrad as mg
        >>> mg.accelerator.is_available()
        False
    """
    return False


def current_accelerator(check_available: bool = False):
    """Always None: there is no accelerator.

    Args:
        check_available (bool): PyTorch's argument; the answer is None either way.

    Example:
        >>> import minigrad as mg
        >>> mg.accelerator.current_accelerator() is None
        True
    """
    return None


__all__ = ["is_available", "current_accelerator"]
