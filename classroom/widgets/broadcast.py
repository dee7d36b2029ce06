"""Chapter 4's widget: a broadcasting explorer.

Type two shapes and see what NumPy (and minigrad) make of them:

* the result shape, or minigrad's :class:`~minigrad.errors.ShapeError` message,
* a table that lines the shapes up from the right, marking each axis that is added
  or stretched,
* a picture of both arrays being stretched to the result (forward), or of the
  gradient being summed back to each input's shape by :func:`~minigrad.broadcasting.sum_to`
  (backward), and
* for each input, the axes that backward sums over.

All drawing goes into an ``ipywidgets.Image`` and all text into an ``ipywidgets.HTML``:
callbacks never print.  The pure helpers (:func:`parse_shape`, :func:`analyse`,
:func:`draw`) are usable and testable without ipywidgets.
"""

from __future__ import annotations

import html
import re

import numpy as np

from minigrad.broadcasting import broadcast_axes, sum_to
from minigrad.errors import ShapeError
from minigrad.tensor import Tensor
from .render import DPI, new_figure, show
from .layout import fits_label

MAX_AXES = 4
MAX_SIZE = 8

#: Shape pairs worth trying, offered in the explorer's drop-down.
EXAMPLES = [
    ("(3, 1)", "(4,)"),
    ("(2, 3)", "(3,)"),
    ("(4, 3)", "(4, 1)"),
    ("(2, 3)", "(2,)"),
    ("(2, 3, 4)", "(3, 1)"),
    ("()", "(2, 3)"),
    ("(1, 5)", "(3, 1)"),
]

_ORIGINAL_A, _COPY_A = "#3b7dd8", "#cfe0f7"
_ORIGINAL_B, _COPY_B = "#e07b28", "#f9dcc4"
_RESULT, _GRAD = "#7a9a5a", "#d9d9d9"


def parse_shape(text: str) -> tuple:
    """A shape typed by a person: ``"(3, 1)"``, ``"3,1"``, ``"3 1"``, ``"(4,)"`` or ``"()"``.

    Raises ``ValueError`` with a message meant for the person when it cannot be read
    or is too big to draw (more than 4 axes, or a size outside 1 to 8).
    """
    inner = str(text).strip()
    if inner[:1] in "([" and inner[-1:] in ")]":
        inner = inner[1:-1]
    parts = [p for p in re.split(r"[,\s]+", inner.strip()) if p]
    if not all(re.fullmatch(r"\d+", p) for p in parts):
        raise ValueError(f"could not read {text!r} as a shape: write sizes separated by "
                         f"commas, such as (3, 1), (4,) or () for a single number.")
    shape = tuple(int(p) for p in parts)
    if len(shape) > MAX_AXES:
        raise ValueError(f"{shape} has {len(shape)} axes; the explorer draws at most {MAX_AXES}.")
    if any(not 1 <= n <= MAX_SIZE for n in shape):
        raise ValueError(f"{shape}: the explorer takes sizes from 1 to {MAX_SIZE}.")
    return shape


def analyse(shape_a: tuple, shape_b: tuple) -> dict:
    """What broadcasting ``shape_a`` with ``shape_b`` does, found by asking minigrad.

    Returns a dict with ``ok``; ``shape`` (the result) or ``error`` (minigrad's
    ShapeError message); and, when ok, ``axes_a``/``axes_b`` (the axes backward
    sums over for each input, from :func:`broadcast_axes`).
    """
    a, b = Tensor(np.zeros(shape_a)), Tensor(np.zeros(shape_b))
    try:
        out = a + b
    except ShapeError as error:
        return {"ok": False, "a": shape_a, "b": shape_b, "error": str(error)}
    shape = tuple(out.shape)
    return {"ok": True, "a": shape_a, "b": shape_b, "shape": shape,
            "axes_a": broadcast_axes(shape_a, shape), "axes_b": broadcast_axes(shape_b, shape)}


def _why(shape: tuple, target: tuple, axes: tuple) -> str:
    """Words for the axes that backward sums over for one input."""
    if not axes:
        return "nothing: it was not copied, so its gradient already has its shape"
    lead = len(target) - len(shape)
    added = [ax for ax in axes if ax < lead]
    stretched = [ax for ax in axes if ax >= lead]
    words = []
    if added:
        words.append(f"axis {added[0]}" if len(added) == 1 else
                     "axes " + ", ".join(map(str, added)))
        words[-1] += " (added in front)"
    if stretched:
        words.append((f"axis {stretched[0]}" if len(stretched) == 1 else
                      "axes " + ", ".join(map(str, stretched))) + " (stretched from size 1)")
    return " and ".join(words)


def _table(shape_a: tuple, shape_b: tuple, result) -> str:
    """The two shapes lined up from the right, one column per axis, as an HTML table."""
    ndim = max(len(shape_a), len(shape_b))
    cell = "padding:2px 10px;text-align:center;border:1px solid #ccc;"

    def row(name, shape, original, copy):
        lead = ndim - len(shape)
        cells = []
        for axis in range(ndim):
            if axis < lead:
                cells.append(f'<td style="{cell}color:#888;background:{copy}">·</td>')
                continue
            n = shape[axis - lead]
            other = [s[axis - (ndim - len(s))] for s in (shape_a, shape_b)
                     if axis >= ndim - len(s)]
            widest = max(other)
            if n != widest and n != 1:
                style = "background:#f4c7c3;font-weight:bold"      # the clash
            elif n == 1 and widest != 1:
                style = f"background:{copy}"                        # stretched
            else:
                style = f"background:{original};color:white"
            cells.append(f'<td style="{cell}{style}">{n}</td>')
        return f"<tr><th style='{cell}'>{name}</th>{''.join(cells)}</tr>"

    head = "".join(f"<th style='{cell}'>axis {i}</th>" for i in range(ndim))
    rows = [row("a", shape_a, _ORIGINAL_A, _COPY_A), row("b", shape_b, _ORIGINAL_B, _COPY_B)]
    if result is not None:
        rows.append("<tr><th style='" + cell + "'>a + b</th>" + "".join(
            f'<td style="{cell}font-weight:bold">{n}</td>' for n in result) + "</tr>")
    return (f"<table style='border-collapse:collapse;margin:4px 0'><tr><th style='{cell}'></th>"
            f"{head}</tr>{''.join(rows)}</table>")


def describe(info: dict) -> str:
    """The explorer's text (HTML) for an :func:`analyse` result."""
    a, b = info["a"], info["b"]
    if not info["ok"]:
        return (f"<b>a {a} and b {b} do not broadcast.</b>"
                + _table(a, b, None)
                + "<p style='color:#b3261e'><code>ShapeError: "
                + html.escape(info["error"]) + "</code></p>")
    shape = info["shape"]
    lines = [f"<b>a {a} + b {b} has shape {shape}.</b>",
             _table(a, b, shape),
             "<p>Reading right to left: a missing axis counts as 1 (·), and a size 1 is copied "
             "to match the other size (pale cells).</p>",
             "<p><b>Backward</b> gets a gradient of shape " + str(shape) + ", and "
             "<code>sum_to</code> sums it back to each input's shape:</p><ul>"]
    for name, own, axes in (("a", a, info["axes_a"]), ("b", b, info["axes_b"])):
        call = f"sum_to(grad, {own})"
        lines.append(f"<li><code>{html.escape(call)}</code> for {name}: sums over "
                     f"{_why(own, shape, axes)}.</li>")
    lines.append("</ul>")
    return "".join(lines)


# -- drawing ------------------------------------------------------------------------------
def _grid_of(shape: tuple) -> tuple:
    """(rows, cols) drawn for a shape: its last two axes (a vector is one row)."""
    if len(shape) == 0:
        return 1, 1
    if len(shape) == 1:
        return 1, shape[0]
    return shape[-2], shape[-1]


def _slice0(values: np.ndarray) -> np.ndarray:
    """The last two axes of ``values`` at index 0 of every leading axis, as a 2-D array."""
    while values.ndim > 2:
        values = values[0]
    return values.reshape(_grid_of(values.shape))


def _panel(ax, values: np.ndarray, original: np.ndarray, colours: tuple, title: str,
           extent: tuple) -> None:
    """Draw a 2-D grid of numbers; cells where ``original`` is False are drawn as copies.
    ``extent`` (rows, cols) sets the axes' limits, so that every panel's cells are the same size."""
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Rectangle

    rows, cols = values.shape
    strong, pale = colours
    size = 9 if max(rows, cols) <= 6 else 7
    cells = {True: [], False: []}
    for i in range(rows):
        for j in range(cols):
            is_original = bool(original[i, j])
            cells[is_original].append(Rectangle((j, rows - 1 - i), 1, 1))
            ax.text(j + 0.5, rows - 0.5 - i, f"{values[i, j]:g}", ha="center", va="center",
                    fontsize=size, color="white" if is_original else "#333333")
    for is_original, patches in cells.items():
        if patches:
            ax.add_collection(PatchCollection(
                patches, facecolor=strong if is_original else pale, edgecolor="white",
                linewidth=1.5, hatch=None if is_original else "///"))
    ax.set_xlim(-0.05, extent[1] + 0.05)
    ax.set_ylim(rows - extent[0] - 0.05, rows + 0.05)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    for spine in ax.spines.values():
        spine.set_visible(False)
    ax.set_title(title, fontsize=9)


def _originals(shape: tuple, target: tuple) -> np.ndarray:
    """For every element of ``target``, whether it is an original (not a copy) of ``shape``'s."""
    padded = (1,) * (len(target) - len(shape)) + tuple(shape)
    mask = np.ones(target, dtype=bool)
    for axis, (n, m) in enumerate(zip(padded, target)):
        if n == 1 and m != 1:
            index = [slice(None)] * len(target)
            index[axis] = slice(1, None)
            mask[tuple(index)] = False
    return mask


def example_values(shape: tuple, start: float) -> np.ndarray:
    """Distinct, easy-to-follow numbers for an input: start, start+1, ... (b uses 10, 20, ...)."""
    n = int(np.prod(shape, dtype=int))
    step = 10 if start >= 10 else 1
    return (start + step * np.arange(n, dtype=float)).reshape(shape)


def draw(info: dict, mode: str = "forward", dpi: int = DPI):
    """A figure for an :func:`analyse` result: ``mode`` is ``"forward"`` (stretching) or
    ``"backward"`` (summing the gradient back with ``sum_to``)."""
    a, b = info["a"], info["b"]
    fig = new_figure(9.0, 3.0, dpi=dpi)
    axes = fig.subplots(1, 3)
    if not info["ok"]:
        (ra, ca), (rb, cb) = _grid_of(a), _grid_of(b)
        extent = (max(ra, rb), max(ca, cb))
        va, vb = example_values(a, 1), example_values(b, 10)
        _panel(axes[0], _slice0(va), np.ones((ra, ca), bool), (_ORIGINAL_A, _COPY_A),
               f"a {a}" + _note(a), extent)
        _panel(axes[1], _slice0(vb), np.ones((rb, cb), bool), (_ORIGINAL_B, _COPY_B),
               f"b {b}" + _note(b), extent)
        axes[2].set_axis_off()
        axes[2].text(0.5, 0.5, "no common shape:\nShapeError", ha="center", va="center",
                     fontsize=12, color="#b3261e", transform=axes[2].transAxes)
        return fig
    shape = info["shape"]
    extent = _grid_of(shape)
    every = np.ones(extent, bool)
    if mode == "forward":
        va = np.broadcast_to(example_values(a, 1), shape)
        vb = np.broadcast_to(example_values(b, 10), shape)
        _panel(axes[0], _slice0(va), _slice0(_originals(a, shape)), (_ORIGINAL_A, _COPY_A),
               f"a {a} stretched to {shape}" + _note(shape), extent)
        _panel(axes[1], _slice0(vb), _slice0(_originals(b, shape)), (_ORIGINAL_B, _COPY_B),
               f"b {b} stretched to {shape}" + _note(shape), extent)
        _panel(axes[2], _slice0(va + vb), every, (_RESULT, _RESULT),
               f"a + b {shape}" + _note(shape), extent)
    elif mode == "backward":
        grad = np.ones(shape)
        ga, gb = sum_to(grad, a), sum_to(grad, b)
        _panel(axes[0], _slice0(grad), every, ("#666666", _GRAD),
               f"grad from above: ones {shape}" + _note(shape), extent)
        _panel(axes[1], _slice0(ga), np.ones(_grid_of(a), bool), (_ORIGINAL_A, _COPY_A),
               f"a.grad = sum_to(grad, {a})\n{_summed(info['axes_a'])}" + _note(a), extent)
        _panel(axes[2], _slice0(gb), np.ones(_grid_of(b), bool), (_ORIGINAL_B, _COPY_B),
               f"b.grad = sum_to(grad, {b})\n{_summed(info['axes_b'])}" + _note(b), extent)
    else:
        raise ValueError(f"mode must be 'forward' or 'backward', not {mode!r}")
    fig.subplots_adjust(wspace=0.3)
    return fig


def _note(shape: tuple) -> str:
    """A second title line when only one 2-D slice of a 3-D or 4-D array is drawn."""
    if len(shape) <= 2:
        return ""
    return f"\n(slice [{', '.join('0' * (len(shape) - 2))}, :, :] shown)"


def _summed(axes: tuple) -> str:
    if not axes:
        return "nothing to sum"
    return f"summed over axis {axes[0]}" if len(axes) == 1 else f"summed over axes {axes}"


# -- the widget ---------------------------------------------------------------------------
class BroadcastExplorer:
    """Two shape boxes, an examples menu, a forward/backward switch and a swap button;
    an Image shows the stretching (or the summing back) and an HTML panel explains it.

    ``explorer.box`` is the widget to display (or call ``explorer.show()``).
    """

    def __init__(self, shape_a: str = "(3, 1)", shape_b: str = "(4,)", mode: str = "forward",
                 dpi: int = DPI):
        import ipywidgets as w

        self.dpi = dpi

        self.shape_a = w.Text(value=shape_a, description="shape of a", continuous_update=False,
                              layout=w.Layout(width="220px"))
        self.shape_b = w.Text(value=shape_b, description="shape of b", continuous_update=False,
                              layout=w.Layout(width="220px"))
        # The menu's resting entry is "examples…", whose value is "" (not None: a Dropdown
        # whose value is None shows a blank box).
        self.examples = w.Dropdown(options=[("examples…", "")] + [
            (f"{x} and {y}", (x, y)) for x, y in EXAMPLES], value="", description="try",
            layout=w.Layout(width="260px"))
        self.mode = w.ToggleButtons(options=["forward", "backward"], value=mode,
                                    description="show",
                                    # (a ToggleButtons is a block: it wrapped below "show")
                                    layout=w.Layout(display="flex", align_items="center",
                                                    flex="0 0 auto"))
        self.swap = w.Button(description="swap a and b",
                             layout=fits_label())
        self.html = w.HTML()
        self.image = w.Image(format="png")
        self.info = None
        self._holding = False
        for control in (self.shape_a, self.shape_b, self.mode):
            control.observe(lambda change: self.update(), names="value")
        self.examples.observe(self._pick, names="value")
        self.swap.on_click(self._swap)
        self.box = w.VBox([w.HBox([self.shape_a, self.shape_b, self.swap]),
                           w.HBox([self.examples, self.mode]), self.image, self.html])
        self.update()

    def _set_shapes(self, a: str, b: str) -> None:
        """Put new text in both boxes and redraw once (not once per box)."""
        self._holding = True
        try:
            self.shape_a.value, self.shape_b.value = a, b
        finally:
            self._holding = False
        self.update()

    def _pick(self, change) -> None:
        if change["new"]:
            self._set_shapes(*change["new"])
            self.examples.value = ""            # back to "examples…", so it can be picked again

    def _swap(self, _button=None) -> None:
        self._set_shapes(self.shape_b.value, self.shape_a.value)

    def update(self) -> None:
        """Read both shapes and redraw the picture and the text."""
        if self._holding:
            return
        try:
            shape_a, shape_b = parse_shape(self.shape_a.value), parse_shape(self.shape_b.value)
        except ValueError as error:
            self.info = None
            self.html.value = f"<p style='color:#b3261e'>{html.escape(str(error))}</p>"
            return
        self.info = analyse(shape_a, shape_b)
        self.html.value = describe(self.info)
        fig = draw(self.info, self.mode.value, dpi=self.dpi)
        show(self.image, fig)

    def show(self):
        """Display the explorer (in Jupyter)."""
        from IPython.display import display

        display(self.box)
