"""Labels in the chapters' static plots stay readable: inside the frame with room to spare,
off the legend and off the curves.  Each plot cell runs as the chapter has it, with
stand-in data of the same shape (the real curves come from training)."""

import math
from pathlib import Path

import matplotlib
import nbformat
import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
MARGIN_PX = 6


def plot_cell(notebook: str, marker: str) -> str:
    nb = nbformat.read(ROOT / "chapters" / notebook, as_version=4)
    (source,) = [c.source for c in nb.cells if c.cell_type == "code" and marker in c.source]
    return source


def run_plot(source: str, **names):
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.close("all")
    exec(source, {"plt": plt, "math": math, "np": np, **names})
    fig = plt.gcf()
    fig.canvas.draw()
    return fig


def curve(start, end, steps=150, fall=0.05):
    """A loss curve from ``start`` to ``end`` over ``steps``, as training draws them."""
    t = np.arange(steps)
    return end + (start - end) * np.exp(-fall * t)


@pytest.mark.parametrize("positions_loss", [5e-3, 0.05])   # as trained, and ten times less
def test_chapter_13_ln10_label_clears_frame_legend_and_curves(positions_loss):
    source = plot_cell("13_attention.ipynb", "ln 10")
    fig = run_plot(source, bag_losses=curve(2.5, 2.0), blind_losses=curve(2.5, 1.5),
                   losses=curve(2.5, positions_loss))
    ax = fig.axes[0]
    renderer = fig.canvas.get_renderer()
    (label,) = [t for t in ax.texts if "ln 10" in t.get_text()]
    box, frame = label.get_window_extent(renderer), ax.get_window_extent(renderer)
    assert (box.x0 >= frame.x0 + MARGIN_PX and box.x1 <= frame.x1 - MARGIN_PX
            and box.y0 >= frame.y0 + MARGIN_PX and box.y1 <= frame.y1 - MARGIN_PX), (
        f"the ln 10 label {box} touches the frame {frame}")
    assert not box.overlaps(ax.get_legend().get_window_extent(renderer)), "on the legend"
    for line in ax.get_lines()[:3]:
        points = ax.transData.transform(np.column_stack(line.get_data()))
        inside = ((points[:, 0] >= box.x0) & (points[:, 0] <= box.x1)
                  & (points[:, 1] >= box.y0) & (points[:, 1] <= box.y1))
        assert not inside.any(), f"the label lies on the curve {line.get_label()!r}"
