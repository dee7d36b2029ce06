"""Chapter 0's widget: move W and b, watch the sigmoid surface and its decision line move.

:class:`SigmoidExplorer` runs the static graph of chapter 0
(:func:`classroom.designs.static_graph.sigmoid_graph`, the sigmoid
σ(W·x + b) = 1 / (1 + exp(-(W·x + b))) as five gates) on a grid over [-10, 10]²
every time a slider moves.  The *same* graph object is reused: only the parameter
values change, which is the point of a graph that is built first and run later.

It draws, side by side, the surface as a heat map with its **decision line**
W1·x1 + W2·x2 + b = 0 (where the sigmoid is exactly 0.5), and a cut through the surface
along the x1 axis (x2 = 0).  An HTML line says where the line is and how steep the step is.

Nothing is printed: every change replaces the Image's PNG bytes and the HTML text, so a
saved notebook shows the same thing under nbval.  The initial state (W = [3, 1], b = 0)
is fixed, so the first picture is the same on every run.
"""

from __future__ import annotations

import numpy as np

from ..designs.static_graph import input_grid, sigmoid_graph
from .render import DPI, new_figure, show
from .layout import fits_label

LOW, HIGH = -10.0, 10.0
#: Weights below this size count as zero (no decision line).
TINY = 1e-9


class SigmoidSurface:
    """The chapter's graph, built once, evaluated on a fixed grid for any W and b."""

    def __init__(self, W=(3.0, 1.0), b: float = 0.0, steps: int = 81):
        self.graph, self.nodes = sigmoid_graph(W, b)
        self.X, self.x1, self.x2 = input_grid(LOW, HIGH, steps)
        self.steps = steps

    @property
    def W(self) -> np.ndarray:
        return self.nodes["W"].value

    @property
    def b(self) -> float:
        return float(self.nodes["b"].value)

    def set(self, W1: float, W2: float, b: float) -> None:
        """New parameter values (the graph itself does not change)."""
        self.nodes["W"].value = np.array([W1, W2], dtype=np.float64)
        self.nodes["b"].value = np.array(b, dtype=np.float64)

    def surface(self) -> np.ndarray:
        """σ(W·x + b) on the grid, as a (steps, steps) picture (x2 along rows)."""
        s = self.graph.forward(self.X)
        return s.reshape(self.steps, self.steps)

    def cut(self) -> tuple:
        """``(x1, s)`` along the x1 axis (x2 = 0): one row of the surface, computed by the graph."""
        x1 = np.linspace(LOW, HIGH, 201)
        X = np.stack([x1, np.zeros_like(x1)], axis=1)
        return x1, self.graph.forward(X)


def decision_line(W1: float, W2: float, b: float, low: float = LOW, high: float = HIGH):
    """The part of the line W1·x1 + W2·x2 + b = 0 inside the square [low, high]², as
    ``((x1a, x2a), (x1b, x2b))``, or None when W = 0 or the line misses the square."""
    if abs(W1) < TINY and abs(W2) < TINY:
        return None
    points = []
    for x1 in (low, high):                        # crossings of the left and right edges
        if abs(W2) >= TINY:
            x2 = -(W1 * x1 + b) / W2
            if low - 1e-12 <= x2 <= high + 1e-12:
                points.append((x1, x2))
    for x2 in (low, high):                        # crossings of the bottom and top edges
        if abs(W1) >= TINY:
            x1 = -(W2 * x2 + b) / W1
            if low - 1e-12 <= x1 <= high + 1e-12:
                points.append((x1, x2))
    unique = []
    for p in points:
        if all(abs(p[0] - q[0]) > 1e-9 or abs(p[1] - q[1]) > 1e-9 for q in unique):
            unique.append(p)
    if len(unique) < 2:
        return None
    return unique[0], unique[1]


def describe(W1: float, W2: float, b: float) -> str:
    """The widget's status line (HTML)."""
    norm = float(np.hypot(W1, W2))
    head = f"W = [{W1:g}, {W2:g}], b = {b:g}"
    if norm < TINY:
        s = 1.0 / (1.0 + np.exp(-b))
        return (f"{head}: with W = 0 the input does not matter; the surface is flat at "
                f"σ(b) = <b>{s:.3f}</b> and there is no decision line.")
    distance = abs(b) / norm
    width = 4.0 / norm
    line = decision_line(W1, W2, b)
    where = ("crosses the square" if line is not None
             else "lies outside the square, so the whole picture is on one side")
    return (f"{head}: the decision line {W1:g}·x1 + {W2:g}·x2 + {b:g} = 0 (where σ = 0.5) "
            f"is <b>{distance:.2f}</b> from the origin and {where}. The step from 0.12 to 0.88 "
            f"is <b>{width:.2f}</b> wide (4 / |W|, with |W| = {norm:.2f}): larger weights make "
            f"it steeper.")


def draw(surface: SigmoidSurface, dpi: int = DPI):
    """Heat map of σ(W·x + b) with the decision line, and the cut along x2 = 0."""
    W1, W2 = (float(v) for v in surface.W)
    b = surface.b
    fig = new_figure(9.0, 3.6, dpi=dpi)
    axes = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1.15, 1]})
    ax = axes[0]
    image = ax.imshow(surface.surface(), origin="lower", extent=(LOW, HIGH, LOW, HIGH),
                      cmap="viridis", vmin=0.0, vmax=1.0)
    line = decision_line(W1, W2, b)
    if line is not None:
        (xa, ya), (xb, yb) = line
        ax.plot([xa, xb], [ya, yb], color="white", linestyle="--", linewidth=1.5,
                label="σ = 0.5")
        ax.legend(loc="lower left", fontsize=9.5)
    ax.axhline(0.0, color="tab:red", linewidth=0.8, alpha=0.7)
    ax.set_xlim(LOW, HIGH)
    ax.set_ylim(LOW, HIGH)
    ax.set_xlabel("x1")
    ax.set_ylabel("x2")
    ax.set_title("σ(W·x + b) over the grid")
    fig.colorbar(image, ax=ax, fraction=0.046, pad=0.04)

    ax = axes[1]
    x1, s = surface.cut()
    ax.plot(x1, s, color="tab:red")
    ax.axhline(0.5, color="gray", linewidth=0.6, linestyle=":")
    ax.set_xlim(LOW, HIGH)
    ax.set_ylim(-0.05, 1.05)
    ax.set_xlabel("x1 (with x2 = 0)")
    ax.set_ylabel("σ")
    ax.set_title("cut along the red line")
    fig.subplots_adjust(wspace=0.35)
    return fig


class SigmoidExplorer:
    """Sliders W1, W2, b and a reset button; a picture and a status line.

    ``SigmoidExplorer().show()`` displays it.  In tests: set ``w1.value`` (or ``w2``,
    ``b``), call ``reset_button.click()``, then read ``image.value``, ``status.value`` and
    ``surface`` (the graph behind the picture).
    """

    def __init__(self, W=(3.0, 1.0), b: float = 0.0, steps: int = 81, dpi: int = DPI):
        import ipywidgets as widgets

        self.start = (float(W[0]), float(W[1]), float(b))
        self.dpi = dpi
        self.surface = SigmoidSurface(W, b, steps)
        style = {"description_width": "40px"}
        self.w1 = widgets.FloatSlider(value=self.start[0], min=-5.0, max=5.0, step=0.1,
                                      description="W1", style=style)
        self.w2 = widgets.FloatSlider(value=self.start[1], min=-5.0, max=5.0, step=0.1,
                                      description="W2", style=style)
        self.b = widgets.FloatSlider(value=self.start[2], min=-20.0, max=20.0, step=0.5,
                                     description="b", style=style)
        self.reset_button = widgets.Button(description="reset",
                                           layout=fits_label())
        self.image = widgets.Image(format="png")
        self.status = widgets.HTML()
        for slider in (self.w1, self.w2, self.b):
            slider.observe(self._on_change, names="value")
        self.reset_button.on_click(self._on_reset)
        self._quiet = False
        self.box = widgets.VBox([widgets.HBox([self.w1, self.w2, self.b, self.reset_button]),
                                 self.status, self.image])
        self.redraw()

    # -- callbacks (never print) ----------------------------------------------------------
    def _on_change(self, _change) -> None:
        if not self._quiet:
            self.redraw()

    def _on_reset(self, _button) -> None:
        self._quiet = True                       # one redraw, not three
        try:
            self.w1.value, self.w2.value, self.b.value = self.start
        finally:
            self._quiet = False
        self.redraw()

    # -- output ---------------------------------------------------------------------------
    def redraw(self) -> None:
        W1, W2, b = float(self.w1.value), float(self.w2.value), float(self.b.value)
        self.surface.set(W1, W2, b)
        show(self.image, draw(self.surface, dpi=self.dpi))
        self.status.value = describe(W1, W2, b)

    def show(self) -> None:
        from IPython.display import display

        display(self.box)
