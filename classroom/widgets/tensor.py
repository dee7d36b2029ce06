"""Chapter 1's widget: "what becomes of my data?"

Pick the kind of data you hand to ``Tensor(...)`` (Python numbers or lists, NumPy
arrays of several dtypes), a shape, an optional ``dtype=`` and ``requires_grad``, and
:class:`TensorExplorer` shows the code, the tensor minigrad makes of it (its repr,
shape, ndim, numel, dtype, requires_grad, is_leaf), *which rule* of the dtype policy
chose the dtype, or the error minigrad raises, plus a picture of the array's shape as
a grid of cells.  A "show me a surprise" button steps through a fixed tour of the cases
that catch people out.

The logic is plain Python (:func:`make_data`, :func:`explain`, :func:`draw_array`), so
it is tested without a browser; the widget only wires controls to it.  Nothing here
prints: text goes into an ``HTML`` widget and pictures into an ``Image`` widget.
"""

from __future__ import annotations

import html

import numpy as np

from minigrad.tensor import Tensor
from .render import DPI, new_figure, show

#: The kinds of data the explorer can build, in the order the dropdown lists them.
KINDS = ("Python ints", "Python floats", "NumPy int64 array", "NumPy float64 array",
         "NumPy float32 array", "NumPy bool array")

#: Shapes offered (up to three axes, small enough to draw every cell).
SHAPES = ((), (3,), (1, 3), (3, 1), (2, 3), (2, 2, 3))

#: ``dtype=`` choices: (label shown, value passed to Tensor).  "Not given" is a string in
#: the dropdown, never None: a Dropdown whose value is None shows a blank box.
NOT_GIVEN = "not given"
DTYPES = ((NOT_GIVEN, None), ("np.float64", "float64"), ("np.float32", "float32"),
          ("np.int64", "int64"))

#: Cell colours by dtype, so the picture says at a glance what kind of numbers it holds.
COLORS = {"float64": "#cfe0f5", "float32": "#e3d5f2", "int64": "#fde0c5", "bool": "#d4efd4"}
ERROR_COLOR = "#eeeeee"

#: The tour behind the "show me a surprise" button: (kind, shape, dtype, requires_grad, note).
SURPRISES = (
    ("Python ints", (2, 3), None, False,
     "Whole numbers from a Python list still become <b>float64</b>: look for the dots "
     "in the repr."),
    ("NumPy int64 array", (3,), None, True,
     "A NumPy array keeps its dtype, so this one stays <b>int64</b>, and an integer tensor "
     "cannot require grad: minigrad refuses loudly instead of converting behind your back."),
    ("NumPy int64 array", (3,), "float64", True,
     "The same integer data with <b>dtype=np.float64</b>: dtype= always wins, and now the "
     "tensor can be trained."),
    ("NumPy float32 array", (2, 3), None, False,
     "float32 stays <b>float32</b>. The repr says so, because it is not the default."),
    ("Python floats", (1, 3), None, False,
     "Shape <b>(1, 3)</b> is a row with two axes. Compare it with (3,), one axis, and "
     "(3, 1), a column: same three numbers, three different shapes."),
    ("Python floats", (), None, True,
     "A single number is a <b>0-d tensor</b>: shape (), no axes, one element. "
     "<code>t.item()</code> gives the Python number back."),
    ("Python floats", (2, 3), "int64", False,
     "dtype= wins even when it loses information: converting to <b>int64</b> cut "
     "0.5 down to 0 and 2.5 down to 2."),
)


# -- the logic ----------------------------------------------------------------------------
def _python_literal(values: np.ndarray, as_float: bool):
    """A (nested) Python list, or a number for shape (), holding ``values``."""
    values = values.astype(float) if as_float else values.astype(int)
    return values.tolist()


def make_data(kind: str, shape: tuple):
    """The data ``kind`` names, of ``shape``, and the Python code that builds it.

    Values count up from 1 (halves for floats, alternating for booleans), so every cell
    of the picture is different and a lost fraction is easy to spot.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; choose one of {KINDS}")
    shape = tuple(shape)
    count = int(np.prod(shape, dtype=int))
    ints = np.arange(1, count + 1).reshape(shape)
    halves = np.asarray(ints * 0.5)          # (arithmetic on a 0-d array gives a scalar)
    if kind == "Python ints":
        data = _python_literal(ints, as_float=False)
        return data, repr(data)
    if kind == "Python floats":
        data = _python_literal(halves, as_float=True)
        return data, repr(data)
    if kind == "NumPy int64 array":
        data = ints.astype(np.int64)
        literal = _python_literal(ints, as_float=False)
        return data, f"np.array({literal!r}, dtype=np.int64)"
    if kind == "NumPy float64 array":
        data = halves.astype(np.float64)
        literal = _python_literal(halves, as_float=True)
        return data, f"np.array({literal!r}, dtype=np.float64)"
    if kind == "NumPy float32 array":
        data = halves.astype(np.float32)
        literal = _python_literal(halves, as_float=True)
        return data, f"np.array({literal!r}, dtype=np.float32)"
    data = np.asarray(ints % 2 == 1)
    literal = data.tolist()
    return data, f"np.array({literal!r})"


def rule_for(kind: str, dtype) -> str:
    """Which rule of the dtype policy decides the dtype, in words."""
    if dtype is not None:
        return "Rule 1: <code>dtype=</code> was given, and it always wins."
    if kind.startswith("NumPy"):
        return "Rule 2: NumPy data keeps the dtype it already has."
    extra = (" These are whole numbers, but they still do not become integers "
             "(NumPy alone would have made them int64)." if kind == "Python ints" else "")
    return ("Rule 3: Python numbers and lists become float64, minigrad's default." + extra)


def explain(kind: str, shape: tuple, dtype=None, requires_grad: bool = False) -> dict:
    """Build the tensor the controls describe, and say what happened.

    Returns a dict with ``code`` (the line a learner would type), ``data`` (what went
    in), ``tensor`` (the Tensor, or None if minigrad refused), ``error`` (the error's
    type and message, or None), ``rule`` (which dtype rule applied) and ``notes`` (a
    list of extra remarks, such as a fractional part lost to ``dtype=int64``).
    """
    data, literal = make_data(kind, shape)
    arguments = ["data"]
    if requires_grad:
        arguments.append("requires_grad=True")
    if dtype is not None:
        arguments.append(f"dtype=np.{dtype}")
    code = f"data = {literal}\nt = Tensor({', '.join(arguments)})"
    tensor, error = None, None
    try:
        tensor = Tensor(data, requires_grad=requires_grad, dtype=dtype)
    except (TypeError, ValueError) as err:
        error = f"{type(err).__name__}: {err}"
    notes = []
    if tensor is not None and dtype is not None:
        original = np.asarray(data, dtype=float)
        if not np.array_equal(tensor.data.astype(float), original):
            notes.append("Converting to the requested dtype changed some values: the "
                         "fractional parts were cut off, without a warning.")
    return {"code": code, "data": data, "tensor": tensor, "error": error,
            "rule": rule_for(kind, dtype), "notes": notes}


def _cell_text(value) -> str:
    if isinstance(value, (bool, np.bool_)):
        return "True" if value else "False"
    if isinstance(value, (float, np.floating)):
        value = float(value)
        return f"{value:.1f}" if value.is_integer() else f"{value:g}"   # 1.0, not 1
    return str(value)


def draw_array(ax, array, color: str = COLORS["float64"], faded: bool = False) -> None:
    """Draw ``array`` (0 to 3 axes) on ``ax`` as a grid of cells holding its values.

    A 0-d array is one cell; 1-d a row; 2-d rows × columns; 3-d one block per index of
    axis 0, side by side.  Arrows name the axes and their lengths.
    """
    array = np.asarray(array)
    if array.ndim > 3:
        raise ValueError(f"draw_array draws up to 3 axes, got shape {array.shape}")
    if array.ndim == 3:
        blocks = [array[i] for i in range(array.shape[0])]
    else:
        blocks = [array.reshape((1,) * (2 - array.ndim) + array.shape) if array.ndim < 2
                  else array]
    rows, cols = blocks[0].shape
    gap = 1.0
    text_color = "#999999" if faded else "#222222"
    font = 10.5 if array.dtype != bool else 8.5
    for b, block in enumerate(blocks):
        x0 = b * (cols + gap)
        for i in range(rows):
            for j in range(cols):
                ax.add_patch(_rectangle((x0 + j, -i - 1), color, faded))
                ax.text(x0 + j + 0.5, -i - 0.5, _cell_text(block[i, j]), ha="center",
                        va="center", fontsize=font, color=text_color)
        if array.ndim == 3:
            ax.text(x0 + cols / 2, 0.35, f"[{b}]", ha="center", va="bottom", fontsize=10.5,
                    color="#555555")
    width = len(blocks) * cols + (len(blocks) - 1) * gap
    arrow = dict(arrowstyle="->", color="#555555", lw=1.2)
    label = dict(fontsize=10, color="#333333")
    if array.ndim == 0:
        ax.text(0.5, -1.45, "no axes: a single number", ha="center", va="top", **label)
    if array.ndim >= 1:       # the last axis runs along each row
        last = array.ndim - 1
        y = -rows - 0.35
        ax.annotate("", xy=(cols, y), xytext=(0, y), arrowprops=arrow)
        ax.text(cols / 2, y - 0.15, f"axis {last} ({array.shape[last]})", ha="center",
                va="top", **label)
    if array.ndim >= 2:       # the axis before it runs down the rows
        axis = array.ndim - 2
        ax.annotate("", xy=(-0.35, -rows), xytext=(-0.35, 0), arrowprops=arrow)
        ax.text(-0.55, -rows / 2, f"axis {axis} ({array.shape[axis]})", ha="right",
                va="center", rotation=90, **label)
    if array.ndim == 3:       # the first axis picks a block
        y = 1.25
        ax.annotate("", xy=(width, y), xytext=(0, y), arrowprops=arrow)
        ax.text(width / 2, y + 0.15, f"axis 0 ({array.shape[0]}): which block", ha="center",
                va="bottom", **label)
    top = 2.1 if array.ndim == 3 else 0.4
    ax.set_xlim(-1.6, max(width, 3) + 0.4)
    ax.set_ylim(-rows - 1.4, top)
    ax.set_aspect("equal")
    ax.axis("off")


def _rectangle(xy, color, faded):
    from matplotlib.patches import Rectangle

    return Rectangle(xy, 1, 1, facecolor=ERROR_COLOR if faded else color,
                     edgecolor="#bbbbbb" if faded else "#555555", lw=1,
                     linestyle="--" if faded else "-")


def picture(result: dict, dpi: int = DPI):
    """A figure of :func:`explain`'s result: the tensor's cells, or the data's, faded, on an error."""
    tensor = result["tensor"]
    array = tensor.data if tensor is not None else np.asarray(result["data"])
    figure = new_figure(5.4, 2.9, dpi=dpi)
    ax = figure.add_subplot()
    draw_array(ax, array, COLORS.get(array.dtype.name, COLORS["float64"]),
               faded=tensor is None)
    if tensor is None:
        title = f"no tensor was made (the data had shape {array.shape})"
    else:
        count = "1 element" if tensor.numel() == 1 else f"{tensor.numel()} elements"
        title = f"shape {tensor.shape}, {count}, dtype {tensor.dtype}"
    ax.set_title(title, fontsize=11.5)
    return figure


def _describe_html(result: dict, note: str) -> str:
    parts = ['<div style="font-size: 13px; line-height: 1.45">']
    if note:
        parts.append(f'<div style="background:#fff6d6; padding:4px 8px; margin-bottom:6px">'
                     f'{note}</div>')
    parts.append('<pre style="margin:2px 0; padding:4px 8px; background:#f6f6f6">'
                 f'{html.escape(result["code"])}</pre>')
    tensor = result["tensor"]
    if tensor is None:
        parts.append('<div style="color:#b00020; padding:2px 8px"><b>'
                     f'{html.escape(result["error"])}</b></div>')
    else:
        parts.append('<pre style="margin:2px 0; padding:4px 8px; background:#eef4fb">'
                     f'&gt;&gt;&gt; t\n{html.escape(repr(tensor))}</pre>')
        rows = [("t.shape", tensor.shape), ("t.ndim", tensor.ndim), ("t.numel()", tensor.numel()),
                ("t.dtype", tensor.dtype), ("t.requires_grad", tensor.requires_grad),
                ("t.is_leaf", tensor.is_leaf)]
        cells = "".join(f"<tr><td><code>{name}</code></td><td style='padding-left:12px'>"
                        f"<code>{html.escape(str(value))}</code></td></tr>"
                        for name, value in rows)
        parts.append(f"<table>{cells}</table>")
    parts.append(f'<div style="padding:2px 8px">{result["rule"]}</div>')
    for extra in result["notes"]:
        parts.append(f'<div style="color:#8a5a00; padding:2px 8px">{extra}</div>')
    parts.append("</div>")
    return "".join(parts)


# -- the widget ---------------------------------------------------------------------------
class TensorExplorer:
    """Controls for what goes into ``Tensor(...)`` and a view of what comes out.

    ``kind``, ``shape``, ``dtype`` (Dropdowns), ``requires_grad`` (Checkbox) and the
    ``surprise`` Button are public, so tests and curious learners can drive them:
    ``explorer.kind.value = "NumPy int64 array"`` redraws at once.  ``result`` is the
    latest :func:`explain` dict, ``tensor`` and ``error`` its two outcomes, ``html``
    and ``image`` what is shown, and ``box`` the whole widget to ``display``.
    """

    def __init__(self, kind: str = "Python ints", shape: tuple = (2, 3), dtype=None,
                 requires_grad: bool = False):
        import ipywidgets as w

        style = {"description_width": "90px"}
        self.kind = w.Dropdown(options=list(KINDS), value=kind, description="data",
                               style=style, layout=w.Layout(width="300px"))
        self.shape = w.Dropdown(options=[(str(s), s) for s in SHAPES], value=tuple(shape),
                                description="shape", style=style,
                                layout=w.Layout(width="220px"))
        self.dtype = w.Dropdown(options=[(label, value or NOT_GIVEN) for label, value in DTYPES],
                                value=dtype or NOT_GIVEN, description="dtype=",
                                style=style, layout=w.Layout(width="220px"))
        self.requires_grad = w.Checkbox(value=requires_grad, description="requires_grad=True",
                                        indent=False)
        self.surprise = w.Button(description="show me a surprise", icon="lightbulb",
                                 layout=w.Layout(width="200px"))
        self.html = w.HTML()
        self.image = w.Image(format="png")
        self.stop = -1              # index into SURPRISES of the tour stop shown, -1 for none
        self.note = ""
        self._holding = False       # True while the tour sets several controls at once
        for control in (self.kind, self.shape, self.dtype, self.requires_grad):
            control.observe(self._changed, names="value")
        self.surprise.on_click(self._next_surprise)
        controls = w.VBox([w.HBox([self.kind, self.shape]),
                           w.HBox([self.dtype, self.requires_grad, self.surprise])])
        self.box = w.VBox([controls, w.HBox([self.image, self.html])])
        self.update()

    @property
    def tensor(self):
        return self.result["tensor"]

    @property
    def error(self):
        return self.result["error"]

    def update(self) -> None:
        """Rebuild the tensor from the controls and redraw the picture and the text."""
        dtype = None if self.dtype.value == NOT_GIVEN else self.dtype.value
        self.result = explain(self.kind.value, self.shape.value, dtype,
                              self.requires_grad.value)
        show(self.image, picture(self.result))
        self.html.value = _describe_html(self.result, self.note)

    def _changed(self, change) -> None:
        if self._holding:
            return
        self.stop, self.note = -1, ""      # a hand-made choice leaves the tour
        self.update()

    def _next_surprise(self, _button=None) -> None:
        self.stop = (self.stop + 1) % len(SURPRISES)
        kind, shape, dtype, requires_grad, note = SURPRISES[self.stop]
        self._holding = True
        try:
            self.kind.value, self.shape.value = kind, shape
            self.dtype.value, self.requires_grad.value = dtype or NOT_GIVEN, requires_grad
        finally:
            self._holding = False
        self.note = f"Surprise {self.stop + 1} of {len(SURPRISES)}: {note}"
        self.update()

    def show(self):
        """Display the widget (call it as the last line of a cell)."""
        from IPython.display import display

        display(self.box)
