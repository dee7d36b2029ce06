"""Chapter 10's widget: how many node visits each backward walk makes on a ladder of diamonds.

A *ladder of diamonds* repeats ``h -> h*0.5 + h*0.5`` ``k`` times: every rung has three new
nodes and doubles the number of paths from the top down to the input.  Three walks are
compared, by **counting** (never timing, so the picture is the same on every run):

* the naive depth-first walk of :mod:`classroom.designs.depth_first` (one visit per path):
  ``2**(k+2) - 3`` visits;
* the same design's topological walk (each node once): ``3k + 1``;
* minigrad's tape (``backward()`` visits every node of ``topological_order`` once): ``3k + 1``.

:func:`ladder_counts` measures the three numbers (the naive one by counting paths, so even a
ladder of 40 rungs costs microseconds); :class:`LadderExplorer` wraps them in a slider, an
HTML line and a log-scale plot.  Nothing is printed: each change replaces the Image's PNG
bytes and the HTML text.
"""

from __future__ import annotations

import numpy as np

from minigrad.autograd import topological_order
from ..designs import depth_first
from minigrad.tensor import Tensor
from .render import DPI, new_figure, show

#: The walks the widget compares, in the order they are drawn.
WALKS = ("naive depth-first", "topological (depth_first)", "minigrad's tape")


def minigrad_ladder(rungs: int, x: float = 1.0):
    """The same ladder built from minigrad Tensors: returns ``(x, top)``."""
    x = Tensor(x, requires_grad=True)
    h = x
    for _ in range(rungs):
        h = h * 0.5 + h * 0.5
    return x, h


def ladder_counts(rungs: int) -> dict:
    """Node visits of each walk on a ladder of ``rungs`` diamonds (measured, not from the formula).

    The naive count is the number of root-to-node paths summed over the nodes
    (:func:`~classroom.designs.depth_first.count_paths`), which is exactly what the naive walk
    visits; the other two are the number of nodes each sorted walk processes.
    """
    _, top = depth_first.diamond_ladder(rungs)
    _, mtop = minigrad_ladder(rungs)
    return {WALKS[0]: depth_first.count_paths(top),
            WALKS[1]: len(top.nodes()),
            WALKS[2]: len(topological_order(mtop))}


def formula_counts(rungs: int) -> dict:
    """What :func:`ladder_counts` should give: ``2**(k+2) - 3`` for the naive walk, ``3k + 1``
    for the sorted ones."""
    return {WALKS[0]: 2 ** (rungs + 2) - 3, WALKS[1]: 3 * rungs + 1, WALKS[2]: 3 * rungs + 1}


def draw(rungs: int, max_rungs: int = 30, dpi: int = DPI):
    """Visits against ladder depth (log scale) for every walk, the current depth marked."""
    fig = new_figure(6.4, 3.4, dpi=dpi)
    ax = fig.subplots()
    ks = np.arange(0, max_rungs + 1)
    curves = {name: [] for name in WALKS}
    for k in ks:
        for name, value in formula_counts(int(k)).items():
            curves[name].append(value)
    styles = {WALKS[0]: dict(color="C3", lw=2),
              WALKS[1]: dict(color="C0", lw=2),
              WALKS[2]: dict(color="C2", lw=1.5, ls="--")}
    now = ladder_counts(rungs)
    for name in WALKS:
        ax.plot(ks, curves[name], label=name, **styles[name])
        ax.plot([rungs], [now[name]], "o", color=styles[name]["color"], ms=7)
    ax.axvline(rungs, color="gray", lw=0.8, ls=":")
    ax.set_yscale("log")
    ax.set_xlim(0, max_rungs)
    ax.set_ylim(0.8, 2.0 ** (max_rungs + 3))
    ax.minorticks_off()
    ax.set_xlabel("rungs k (diamonds in the ladder)")
    ax.set_ylabel("node visits in one backward")
    ax.set_title(f"a ladder of {rungs} diamonds: {3 * rungs + 1} nodes")
    ax.legend(loc="upper left", fontsize=9.5)
    return fig


class LadderExplorer:
    """A slider for the ladder depth ``k``, a status line with the three visit counts, a plot.

    ``LadderExplorer().show()`` displays it.  In tests: set ``slider.value`` and read
    ``image.value``, ``status.value`` and ``counts``.
    """

    def __init__(self, rungs: int = 3, max_rungs: int = 30, dpi: int = DPI):
        import ipywidgets as widgets

        self.max_rungs = int(max_rungs)
        self.dpi = dpi
        self.slider = widgets.IntSlider(value=rungs, min=0, max=self.max_rungs, step=1,
                                        description="rungs k", continuous_update=False)
        self.image = widgets.Image(format="png")
        self.status = widgets.HTML()
        self.counts: dict = {}
        self.slider.observe(self._on_change, names="value")
        self.box = widgets.VBox([self.slider, self.status, self.image])
        self.redraw()

    def _on_change(self, change) -> None:          # never prints
        self.redraw()

    def status_text(self) -> str:
        k, c = self.slider.value, self.counts
        naive, once = c[WALKS[0]], c[WALKS[1]]
        rungs, nodes, visits = ("rung" if k == 1 else "rungs", "node" if once == 1 else "nodes",
                                "visit" if naive == 1 else "visits")
        return (f"<b>{k}</b> {rungs}, {once} {nodes} &middot; naive depth-first: "
                f"<b>{naive:,}</b> {visits} &middot; topological: <b>{once}</b> &middot; "
                f"minigrad's tape: <b>{c[WALKS[2]]}</b> &middot; the naive walk does "
                f"<b>{naive / once:,.1f}×</b> the work")

    def redraw(self) -> None:
        k = self.slider.value
        self.counts = ladder_counts(k)
        show(self.image, draw(k, self.max_rungs, dpi=self.dpi))
        self.status.value = self.status_text()

    def show(self) -> None:
        from IPython.display import display

        display(self.box)
