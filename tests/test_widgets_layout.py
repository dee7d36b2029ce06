"""Every widget as first shown: no dropdown with a blank value, and every picture pinned to
the size it was drawn at (JupyterLab otherwise stretched pictures in a VBox to the full
width, text soft, and squeezed them in a full HBox).  The browser tests check the same
things on the page; these catch them in plain Python, widget by widget."""

import numpy as np
import pytest

from classroom.widgets.render import png_size

RNG = np.random.default_rng(0)
PROBABILITIES = RNG.dirichlet(np.ones(10), size=6)


def widgets():
    from classroom.widgets.attention import AttentionViewer
    from classroom.widgets.broadcast import BroadcastExplorer
    from classroom.widgets.classifier import LiveLossPlot, PredictionBrowser
    from classroom.widgets.closures import ClosureExplorer
    from classroom.widgets.convolution import FilterViewer, KernelEditor
    from classroom.widgets.designs import LadderExplorer
    from classroom.widgets.fit import FitExplorer
    from classroom.widgets.graph import BackwardStepper
    from classroom.widgets.learning_rate import LearningRateExplorer
    from classroom.widgets.matmul import MatmulShapes
    from classroom.widgets.recurrent import RecurrentExplorer
    from classroom.widgets.static_graph import SigmoidExplorer
    from classroom.widgets.tensor import TensorExplorer

    return {
        "static_graph": SigmoidExplorer,
        "tensor": TensorExplorer,
        "graph": BackwardStepper,
        "matmul": MatmulShapes,
        "broadcast": BroadcastExplorer,
        "learning_rate": lambda: LearningRateExplorer(epochs=20),
        "fit": FitExplorer,
        "closures": ClosureExplorer,
        "live_loss": lambda: LiveLossPlot(3),
        "predictions": lambda: PredictionBrowser(RNG.random((6, 8, 8)), np.arange(6),
                                                 PROBABILITIES),
        "recurrent": RecurrentExplorer,
        "designs": LadderExplorer,
        "attention": lambda: AttentionViewer(_reverser, "0123456789", 4, 1, 2, "1234"),
        "kernel_editor": lambda: KernelEditor(RNG.random((3, 8, 8)), np.arange(3)),
        "filter_viewer": lambda: FilterViewer(_small_conv_net(), *_digits(12), np.arange(12)),
    }


def _small_conv_net():
    """Chapter 12's kind of conv net, untrained (the viewer's layout does not depend on it)."""
    from minigrad import nn

    return nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                         nn.Conv2d(4, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                         nn.Flatten(), nn.Linear(32, 10))


def _digits(n):
    """n random 8x8 'digits': as the model takes them (N, 1, 8, 8), and for drawing."""
    pictures = RNG.random((n, 8, 8))
    return pictures[:, None], pictures


def _reverser(prompt):
    """A stand-in for chapter 13's model: the reversed prompt, uniform causal weights."""
    T = 2 * len(prompt)
    weights = np.tril(np.ones((T, T))) / np.arange(1, T + 1)[:, None]
    return list(prompt) + [">"] + list(prompt[::-1]), np.broadcast_to(weights, (1, 2, T, T))


def parts(widget):
    """The widget and everything inside it."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from parts(child)


@pytest.mark.parametrize("name", sorted(widgets()))
def test_pictures_are_shown_at_their_drawn_size_and_no_dropdown_is_blank(name):
    import ipywidgets

    made = widgets()[name]()
    everything = list(parts(getattr(made, "box", None) or made.image))
    images = [w for w in everything if isinstance(w, ipywidgets.Image)]
    assert images, f"{name} shows no picture"
    for image in images:
        width, height = png_size(bytes(image.value))
        assert (image.layout.width, image.layout.height) == (f"{width}px", f"{height}px")
        assert image.layout.flex == "0 0 auto"
        assert width <= 960, f"{name}'s picture is {width} px wide: wider than a notebook"
    for dropdown in (w for w in everything if isinstance(w, ipywidgets.Dropdown)):
        assert dropdown.index is not None and dropdown.label, \
            f"{name}: the {dropdown.description!r} dropdown shows a blank box"
