"""classroom.widgets.render: figures become PNG bytes without touching pyplot, and are shown
at the size they were drawn."""

import pytest

from classroom.widgets.render import image_widget, new_figure, png, png_size, show


def test_png_bytes_and_image_widget():
    import matplotlib.pyplot as plt

    before = plt.get_fignums()
    fig = new_figure(2, 2)
    fig.add_subplot().plot([0, 1], [1, 0])
    data = png(fig)
    assert data.startswith(b"\x89PNG")
    widget = image_widget(fig)
    assert widget.format == "png" and widget.value == data
    assert plt.get_fignums() == before          # pyplot never saw the figure


def test_show_pins_the_widget_to_the_pictures_pixel_size():
    widget = image_widget(new_figure(2, 1, dpi=50))
    width, height = png_size(widget.value)
    assert (widget.layout.width, widget.layout.height) == (f"{width}px", f"{height}px")
    data = show(widget, new_figure(3, 2, dpi=100))            # a redraw of another size
    assert png_size(data) == (320, 220) and widget.value == data   # (tight box: 10 px margins)
    assert (widget.layout.width, widget.layout.height) == ("320px", "220px")
    assert widget.layout.flex == "0 0 auto"                    # never stretched or squeezed


def test_png_size_refuses_what_is_not_png():
    with pytest.raises(ValueError, match="not PNG"):
        png_size(b"GIF89a" + bytes(30))
