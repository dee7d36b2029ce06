"""classroom.widgets.render: figures become PNG bytes without touching pyplot."""

from classroom.widgets.render import image_widget, new_figure, png


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
