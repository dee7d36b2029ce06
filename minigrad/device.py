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
