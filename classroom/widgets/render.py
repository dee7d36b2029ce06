"""Turning matplotlib figures into PNG bytes for ``ipywidgets.Image``.

Widgets show pictures as Image widgets whose ``.value`` is replaced on every
change.  Drawing happens on a figure created with :func:`new_figure` (never
attached to pyplot, so nothing is shown twice and no global state leaks between
widgets), and :func:`png` turns it into bytes.
"""

from __future__ import annotations

import io


def new_figure(width: float = 5.0, height: float = 3.5, dpi: int = 100):
    """A matplotlib Figure that pyplot does not know about (so it is never auto-shown)."""
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=dpi)


def png(figure) -> bytes:
    """The figure as PNG bytes (tight bounding box)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", bbox_inches="tight")
    return buffer.getvalue()


def image_widget(figure, **layout):
    """An ``ipywidgets.Image`` showing ``figure``; update it later with ``widget.value = png(fig)``."""
    import ipywidgets

    return ipywidgets.Image(value=png(figure), format="png", **layout)
