"""Where a tensor lives: always the CPU, since minigrad computes with NumPy.

PyTorch code passes ``device=`` to factories and calls ``.to(device)``; minigrad
accepts ``"cpu"`` (or a device object whose ``type`` is ``"cpu"``) so such code
runs unchanged, and refuses any other device with an error that says why.
"""

from __future__ import annotations


def check_device(device, op: str) -> None:
    """Accept None, ``"cpu"`` or ``"cpu:0"``, or an object whose ``.type`` is ``"cpu"``."""
    if device is None:
        return
    name = device if isinstance(device, str) else getattr(device, "type", None)
    if not isinstance(name, str):
        raise TypeError(f"{op}: device must be a string such as 'cpu', got "
                        f"{type(device).__name__} {device!r}.")
    if name not in ("cpu", "cpu:0"):
        raise ValueError(f"{op}: device must be 'cpu': minigrad computes with NumPy on the CPU "
                         f"and has no {name!r} device.")


class device:
    """PyTorch's ``torch.device``: where tensors live, here always the CPU, so that
    ``device = torch.device("cuda" if torch.cuda.is_available() else "cpu")`` runs with
    ``minigrad`` in place of ``torch`` (``minigrad.cuda.is_available()`` is False).

    Args:
        type (str): ``"cpu"`` or ``"cpu:0"`` (any other device is refused).
        index (int, optional): 0 or None.

    Example:
        >>> import minigrad as mg
        >>> dev = mg.device("cuda" if mg.cuda.is_available() else "cpu")
        >>> dev, dev.type
        (device(type='cpu'), 'cpu')
        >>> mg.zeros(2, device=dev).device
        'cpu'
    """

    def __init__(self, type="cpu", index=None):
        check_device(type, "device")
        if index not in (None, 0) or (isinstance(type, str) and ":" in type and index):
            raise ValueError(f"device: the CPU has only index 0, got {index!r}.")
        self.type = "cpu"
        self.index = index

    def __eq__(self, other) -> bool:
        return isinstance(other, device) and other.type == self.type

    def __hash__(self) -> int:
        return hash(self.type)

    def __str__(self) -> str:
        return "cpu"

    def __repr__(self) -> str:
        return "device(type='cpu')"
