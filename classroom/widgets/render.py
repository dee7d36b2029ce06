"""Turning matplotlib figures into pictures for ``ipywidgets.Image``, shown at their size.

Widgets show pictures as Image widgets whose ``.value`` is replaced on every
change.  Drawing happens on a figure created with :func:`new_figure` (never
attached to pyplot, so nothing is shown twice and no global state leaks between
widgets), and :func:`show` puts it into an Image widget.

Why :func:`show` also sets the widget's size: an Image in a VBox is stretched to the
box's width (a 480-pixel picture scaled up 2x, its text soft), and one in an HBox is
squeezed when the row is full.  Pinning the CSS size to the PNG's own pixel size
shows every picture exactly as drawn, so figures are drawn at the size they are
meant to be read at (:data:`DPI`, fonts of at least 9 points).
"""

from __future__ import annotations

import io
import struct

#: Dots per inch of every widget picture: shown one PNG pixel per CSS pixel, a figure
#: 9 inches wide fills a notebook's output area (about 950 pixels) without scaling.
DPI = 100


def new_figure(width: float = 5.0, height: float = 3.5, dpi: int = DPI):
    """A matplotlib Figure that pyplot does not know about (so it is never auto-shown)."""
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=dpi)


def png(figure) -> bytes:
    """The figure as PNG bytes (tight bounding box)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", bbox_inches="tight")
    return buffer.getvalue()


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) in pixels of PNG ``data``, read from its header."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not PNG data (no PNG signature and IHDR header)")
    return struct.unpack(">II", data[16:24])


def show(image, figure) -> bytes:
    """Draw ``figure`` into the Image widget ``image`` at its drawn size; the PNG bytes."""
    data = png(figure)
    width, height = png_size(data)
    image.value = data
    image.layout.width, image.layout.height = f"{width}px", f"{height}px"
    image.layout.flex = "0 0 auto"               # neither stretched nor squeezed in a box
    return data


def image_widget(figure, **layout):
    """An ``ipywidgets.Image`` showing ``figure`` at its drawn size; redraw it later with
    ``show(widget, new_figure)``."""
    import ipywidgets

    widget = ipywidgets.Image(format="png", layout=ipywidgets.Layout(**layout))
    show(widget, figure)
    return widget
