"""Chapter 12's shape calculator: stack conv and pooling layers and see every output shape.

Write one layer per line, as you would inside ``nn.Sequential(...)``::

    Conv2d(1, 16, 3, padding=1)
    ReLU()
    MaxPool2d(2)
    Flatten()
    Linear(256, 10)

and :func:`layer_shapes` gives each layer's output shape (with the batch size N first),
its number of parameters, or a message saying why the layer does not fit what comes
into it (a channel count that differs, a kernel larger than the padded input, a Linear
layer whose ``in_features`` is not what the previous layer gives).  Shapes come from the
formulas minigrad and PyTorch use, not from running the layers, so large inputs cost
nothing; ``tests/test_widgets_layer_shapes.py`` checks the formulas against minigrad's
own layers.

:class:`ShapeCalculator` is the widget: an input shape, the lines, an "add" button that
appends a layer fitted to the current output, a drop-down of example stacks, and a
table that updates as you type.  It prints nothing.
"""

from __future__ import annotations

import ast
import html
import inspect
import math
import re
from dataclasses import dataclass

# -- what each layer accepts (PyTorch's signatures) ---------------------------------------------


def _conv2d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
            bias=True, padding_mode="zeros"):
    pass


def _maxpool2d(kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
               ceil_mode=False):
    pass


def _avgpool2d(kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    pass


def _linear(in_features, out_features, bias=True):
    pass


def _flatten(start_dim=1, end_dim=-1):
    pass


def _dropout(p=0.5):
    pass


def _nothing():
    pass


SIGNATURES = {
    "Conv2d": _conv2d, "MaxPool2d": _maxpool2d, "AvgPool2d": _avgpool2d, "Linear": _linear,
    "Flatten": _flatten, "ReLU": _nothing, "Tanh": _nothing, "Sigmoid": _nothing,
    "Dropout": _dropout,
}
#: Limits that keep a typo from asking for absurd sizes.
MAX_SIZE = 100_000


class LayerError(ValueError):
    """A line that cannot be read, or a layer that does not fit its input; the message is
    meant for the person who typed it."""


@dataclass(frozen=True)
class Layer:
    """One parsed line: the layer's name and its arguments, bound to the signature."""
    name: str
    args: dict
    text: str


@dataclass(frozen=True)
class Row:
    """One line of the table: the layer as typed, and its output shape (batch first, as a
    tuple whose first item is "N"), its parameters, and an error or a note."""
    line: int
    text: str
    shape: tuple | None = None
    params: int = 0
    error: str | None = None
    note: str | None = None


def _literal(node, where: str):
    """A Python literal (int, bool, None, str, tuple of them) from the parsed line."""
    try:
        value = ast.literal_eval(node)
    except ValueError:
        raise LayerError(f"{where}: arguments must be plain numbers, True/False, None or "
                         f"strings such as 'same' (got {ast.unparse(node)!r})") from None
    return value


def parse_line(text: str) -> Layer | None:
    """A line such as ``Conv2d(1, 16, 3, padding=1)`` (``nn.`` in front and a trailing comma
    are allowed), or None for a blank line or a comment."""
    line = text.split("#", 1)[0].strip().rstrip(",").strip()
    if not line:
        return None
    try:
        tree = ast.parse(line, mode="eval").body
    except SyntaxError:
        raise LayerError(f"could not read {line!r}: write a layer like Conv2d(1, 16, 3) or "
                         f"MaxPool2d(2), one per line") from None
    if not isinstance(tree, ast.Call):
        raise LayerError(f"{line!r} is not a layer: write it as a call, e.g. ReLU()")
    func = tree.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and \
            func.value.id == "nn":
        name = func.attr
    elif isinstance(func, ast.Name):
        name = func.id
    else:
        raise LayerError(f"could not read the layer's name in {line!r}")
    if name not in SIGNATURES:
        raise LayerError(f"{name} is not a layer this calculator knows; it knows "
                         f"{', '.join(SIGNATURES)}")
    args = [_literal(a, name) for a in tree.args]
    kwargs = {k.arg: _literal(k.value, name) for k in tree.keywords if k.arg}
    try:
        bound = inspect.signature(SIGNATURES[name]).bind(*args, **kwargs)
    except TypeError as err:
        raise LayerError(f"{name}: {err}") from None
    bound.apply_defaults()
    return Layer(name, dict(bound.arguments), line)


def _ints(value, what: str, name: str, low: int) -> tuple:
    """An int or a pair of ints, each >= low, as a pair."""
    items = tuple(value) if isinstance(value, (tuple, list)) else (value, value)
    if len(items) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) and
                                  low <= v <= MAX_SIZE for v in items):
        raise LayerError(f"{name}: {what} must be a whole number of at least {low} (or a pair "
                         f"of them), got {value!r}")
    return items


def _count(value, what: str, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_SIZE:
        raise LayerError(f"{name}: {what} must be a whole number from 1 to {MAX_SIZE:,}, "
                         f"got {value!r}")
    return value


def _sliding(name: str, sizes: tuple, kernel: tuple, stride: tuple, padding: tuple,
             dilation: tuple, ceil_mode: bool = False) -> tuple:
    """Output sizes of a window sliding over (H, W): ⌊(n + 2p − d·(k − 1) − 1) / s⌋ + 1."""
    out = []
    for axis, n, k, s, p, d in zip(("height", "width"), sizes, kernel, stride, padding,
                                   dilation):
        reach = d * (k - 1) + 1
        if n + 2 * p < reach:
            what = f"{k}" + (f" with dilation {d} (it spans {reach})" if d > 1 else "")
            raise LayerError(f"{name} does not fit: its kernel {what} is larger than the "
                             f"input's {axis}, {n}" + (f" plus padding 2×{p} = {n + 2 * p}"
                                                        if p else "")
                             + ". Use a smaller kernel, more padding, or less pooling before "
                               "this layer")
        top = n + 2 * p - reach
        size = (-(-top // s) if ceil_mode else top // s) + 1
        if ceil_mode and (size - 1) * s >= n + p:
            size -= 1
        out.append(size)
    return tuple(out)


def apply(layer: Layer, shape: tuple) -> tuple:
    """``(output shape, parameters, note or None)`` of ``layer`` on an input of ``shape``
    (without the batch size), or :class:`LayerError` saying why it does not fit."""
    a, name = layer.args, layer.name
    if name in ("ReLU", "Tanh", "Sigmoid"):
        return shape, 0, None
    if name == "Dropout":
        p = a["p"]
        if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 <= p <= 1:
            raise LayerError(f"Dropout: p must be a probability between 0 and 1, got {p!r}")
        return shape, 0, None
    if name == "Flatten":
        if (a["start_dim"], a["end_dim"]) != (1, -1):
            raise LayerError("Flatten: this calculator knows only Flatten() (everything but "
                             "the batch into one axis)")
        return (math.prod(shape),), 0, None
    if name == "Linear":
        fan_in, fan_out = (_count(a["in_features"], "in_features", name),
                           _count(a["out_features"], "out_features", name))
        params = fan_in * fan_out + (fan_out if a["bias"] else 0)
        if shape[-1] != fan_in:
            if len(shape) > 1:
                raise LayerError(
                    f"Linear({fan_in}, {fan_out}) does not fit: a Linear layer acts on the "
                    f"last axis only, which has {shape[-1]} values here. Put Flatten() before "
                    f"it: that gives {math.prod(shape)} features, then set in_features to "
                    f"{math.prod(shape)}")
            raise LayerError(f"Linear({fan_in}, {fan_out}) does not fit: it expects "
                             f"{fan_in} features, but its input has {shape[-1]}. Set "
                             f"in_features to {shape[-1]}")
        note = None
        if len(shape) > 1:
            note = ("acts on the last axis only (each row separately): did you mean to "
                    "Flatten() first?")
        return shape[:-1] + (fan_out,), params, note
    # the sliding-window layers: Conv2d, MaxPool2d, AvgPool2d
    if len(shape) != 3:
        raise LayerError(f"{name} does not fit: it needs images (channels, height, width), "
                         f"but its input is flat, {shape_text(shape)}: a sliding window needs "
                         f"the height and width, so keep Flatten() for the end")
    channels, height, width = shape
    kernel = _ints(a["kernel_size"], "kernel_size", name, 1)
    dilation = _ints(a["dilation"], "dilation", name, 1) if "dilation" in a else (1, 1)
    if name == "Conv2d":
        c_in = _count(a["in_channels"], "in_channels", name)
        c_out = _count(a["out_channels"], "out_channels", name)
        groups = _count(a["groups"], "groups", name)
        if c_in % groups or c_out % groups:
            raise LayerError(f"Conv2d: in_channels ({c_in}) and out_channels ({c_out}) must "
                             f"both be divisible by groups ({groups})")
        if channels != c_in:
            raise LayerError(f"Conv2d({c_in}, {c_out}, ...) does not fit: it expects "
                             f"{c_in} input channel{'s' * (c_in != 1)}, but its input has "
                             f"{channels}. Set in_channels to {channels}")
        stride = _ints(a["stride"], "stride", name, 1)
        params = c_out * (c_in // groups) * kernel[0] * kernel[1] + (c_out if a["bias"] else 0)
        padding, note = a["padding"], None
        if padding == "same":                   # PyTorch's rule: keep the size (stride 1)
            if stride != (1, 1):
                raise LayerError("Conv2d: padding='same' needs stride 1 (as in PyTorch)")
            if any(d * (k - 1) % 2 for k, d in zip(kernel, dilation)):
                note = "with an even kernel, 'same' pads one pixel more after than before"
            return (c_out, height, width), params, note
        padding = (0, 0) if padding == "valid" else _ints(padding, "padding", name, 0)
        sizes = _sliding(f"Conv2d({c_in}, {c_out}, {a['kernel_size']})", (height, width),
                         kernel, stride, padding, dilation)
        return (c_out,) + sizes, params, None
    stride = kernel if a["stride"] is None else _ints(a["stride"], "stride", name, 1)
    padding = _ints(a["padding"], "padding", name, 0)
    if any(2 * p > k for p, k in zip(padding, kernel)):
        raise LayerError(f"{name}: padding {a['padding']} must be at most half the kernel size "
                         f"{a['kernel_size']} (as in PyTorch)")
    sizes = _sliding(f"{name}({a['kernel_size']})", (height, width), kernel, stride, padding,
                     dilation, bool(a.get("ceil_mode")))
    note = None
    leftover = [n + 2 * p - ((o - 1) * s + d * (k - 1) + 1) for n, o, k, s, p, d in
                zip((height, width), sizes, kernel, stride, padding, dilation)]
    if not a.get("ceil_mode") and any(r > 0 for r in leftover):
        note = (f"the last {max(leftover)} row(s) or column(s) fit no whole window and are "
                f"dropped")
    return (channels,) + sizes, 0, note


def parse_shape(text: str) -> tuple:
    """An input shape per image: ``"(1, 8, 8)"``, ``"1, 28, 28"`` or ``"(64,)"``."""
    inner = str(text).strip()
    if inner[:1] in "([" and inner[-1:] in ")]":
        inner = inner[1:-1]
    parts = [p for p in re.split(r"[,\s]+", inner.strip()) if p]
    if parts[:1] == ["N"]:
        parts = parts[1:]
    if not parts or not all(re.fullmatch(r"\d+", p) for p in parts):
        raise LayerError(f"could not read {text!r} as a shape: write (channels, height, width) "
                         f"of one image, e.g. (1, 8, 8)")
    shape = tuple(int(p) for p in parts)
    if len(shape) not in (1, 3) or not all(1 <= n <= MAX_SIZE for n in shape):
        raise LayerError(f"the input shape {shape} should be (channels, height, width) for "
                         f"images or (features,), with sizes from 1 to {MAX_SIZE:,}")
    return shape


def layer_shapes(input_shape, text: str) -> list:
    """One :class:`Row` per layer line of ``text``, applied in order to ``input_shape``
    (a tuple, or text for :func:`parse_shape`).  The first line that cannot be read or does
    not fit gets the error, and the lines after it are not computed."""
    shape = parse_shape(input_shape) if isinstance(input_shape, str) else tuple(input_shape)
    rows = []
    for number, raw in enumerate(str(text).splitlines(), start=1):
        try:
            layer = parse_line(raw)
            if layer is None:
                continue
            shape, params, note = apply(layer, shape)
        except LayerError as err:
            rows.append(Row(number, raw.strip(), error=str(err)))
            break
        rows.append(Row(number, layer.text, ("N",) + tuple(shape), params, note=note))
    return rows


def shape_text(shape: tuple) -> str:
    return "(" + ", ".join(str(n) for n in shape) + ")"


def table_html(input_shape, rows: list) -> str:
    """The rows as an HTML table, with the input first and a total of the parameters."""
    cell = "padding:2px 10px;text-align:left"
    whole = cell + ";white-space:nowrap"           # a layer or a shape is never split
    out = [f"<table style='border-collapse:collapse;font-family:monospace;font-size:13px'>",
           f"<tr style='border-bottom:1px solid #999'><th style='{cell}'>line</th>"
           f"<th style='{cell}'>layer</th><th style='{cell}'>output shape</th>"
           f"<th style='{cell};text-align:right'>parameters</th></tr>",
           f"<tr><td style='{cell}'></td><td style='{cell}'>input</td>"
           f"<td style='{cell}'>{shape_text(('N',) + tuple(input_shape))}</td>"
           f"<td style='{cell}'></td></tr>"]
    for row in rows:
        text = html.escape(row.text)
        if row.error:
            out.append(f"<tr style='background:#fde8e8'><td style='{cell}'>{row.line}</td>"
                       f"<td style='{whole}'>{text}</td><td style='{cell};color:#b00020' "
                       f"colspan='2'><b>does not fit:</b> {html.escape(row.error)}</td></tr>")
            continue
        note = (f"<br><span style='color:#8a6d00'>note: {html.escape(row.note)}</span>"
                if row.note else "")
        out.append(f"<tr><td style='{cell}'>{row.line}</td><td style='{cell}'>"
                   f"<span style='white-space:nowrap'>{text}</span>{note}</td>"
                   f"<td style='{whole}'>{shape_text(row.shape)}</td>"
                   f"<td style='{cell};text-align:right'>{row.params:,}</td></tr>")
    total = sum(r.params for r in rows if not r.error)
    out.append(f"<tr style='border-top:1px solid #999'><td style='{cell}'></td>"
               f"<td style='{cell}'>total</td><td style='{cell}'></td>"
               f"<td style='{cell};text-align:right'><b>{total:,}</b></td></tr></table>")
    return "".join(out)


def summary(rows: list) -> str:
    """One line: where the stack ends, or which line does not fit."""
    errors = [r for r in rows if r.error]
    if errors:
        return (f"<span style='color:#b00020'>line {errors[0].line} does not fit; the lines "
                f"after it are not computed.</span>")
    if not rows:
        return "no layers yet: write one per line, or use <b>add</b>."
    last = rows[-1].shape
    total = sum(r.params for r in rows)
    return f"every layer fits: the output is {shape_text(last)}, {total:,} parameters to learn."


def suggestion(kind: str, shape: tuple) -> str:
    """A line for ``kind`` that fits an input of ``shape`` (the "add" button's text)."""
    if kind == "Conv2d":
        channels = shape[0] if len(shape) == 3 else 1
        return f"Conv2d({channels}, {2 * channels if channels > 1 else 8}, 3, padding=1)"
    if kind == "Linear":
        return f"Linear({math.prod(shape) if len(shape) == 1 else shape[-1]}, 10)"
    if kind in ("MaxPool2d", "AvgPool2d"):
        return f"{kind}(2)"
    return f"{kind}()"


#: Stacks worth trying, offered in the drop-down: (name, input shape, lines).
EXAMPLES = {
    "this chapter's conv net": ("(1, 8, 8)", "Conv2d(1, 16, 3, padding=1)\nReLU()\n"
                                "MaxPool2d(2)\nConv2d(16, 32, 3, padding=1)\nReLU()\n"
                                "MaxPool2d(2)\nFlatten()\nLinear(128, 10)"),
    "chapter 8's MLP": ("(64,)", "Linear(64, 256)\nReLU()\nLinear(256, 10)"),
    "no padding: each 3×3 kernel eats 2 pixels": ("(1, 8, 8)", "Conv2d(1, 8, 3)\nReLU()\n"
                                      "Conv2d(8, 8, 3)\nReLU()\nConv2d(8, 8, 3)\nReLU()\n"
                                      "Conv2d(8, 8, 3)"),
    "LeNet-5 on 28×28 MNIST": ("(1, 28, 28)", "Conv2d(1, 6, 5, padding=2)\nTanh()\n"
                               "AvgPool2d(2)\nConv2d(6, 16, 5)\nTanh()\nAvgPool2d(2)\n"
                               "Flatten()\nLinear(400, 120)\nTanh()\nLinear(120, 84)\n"
                               "Tanh()\nLinear(84, 10)"),
    "stride 2 instead of pooling": ("(3, 32, 32)", "Conv2d(3, 16, 3, stride=2, padding=1)\n"
                                    "ReLU()\nConv2d(16, 32, 3, stride=2, padding=1)\nReLU()\n"
                                    "Flatten()\nLinear(2048, 10)"),
    "one too many poolings": ("(1, 8, 8)", "Conv2d(1, 16, 3, padding=1)\nMaxPool2d(2)\n"
                              "MaxPool2d(2)\nMaxPool2d(2)\nConv2d(16, 16, 3)"),
}


class ShapeCalculator:
    """The widget: type an input shape and layers, see each output shape.

    In tests: set ``input_shape.value`` and ``lines.value`` (or ``example.value``, a key of
    :data:`EXAMPLES`), or choose ``kind.value`` and call ``add_button.click()``; then read
    ``rows``, ``table.value`` and ``status.value``.
    """

    def __init__(self, example: str = "this chapter's conv net"):
        import ipywidgets as widgets

        if example not in EXAMPLES:
            raise ValueError(f"ShapeCalculator: unknown example {example!r}; choose one of "
                             f"{', '.join(EXAMPLES)}.")
        start_shape, start_lines = EXAMPLES[example]
        self.rows = []
        self._quiet = False
        self.example = widgets.Dropdown(options=list(EXAMPLES), value=example,
                                        description="example:",
                                        layout=widgets.Layout(width="360px"))
        self.input_shape = widgets.Text(value=start_shape, description="input (C, H, W):",
                                        continuous_update=True,
                                        style={"description_width": "initial"},
                                        layout=widgets.Layout(width="240px"))
        self.lines = widgets.Textarea(value=start_lines, rows=10, continuous_update=True,
                                      layout=widgets.Layout(width="360px"))
        self.kind = widgets.Dropdown(options=["Conv2d", "ReLU", "MaxPool2d", "AvgPool2d",
                                              "Flatten", "Linear"], value="Conv2d",
                                     description="layer:", layout=widgets.Layout(width="200px"))
        self.add_button = widgets.Button(description="add", icon="plus",
                                         layout=widgets.Layout(width="90px"))
        # The table takes the width the controls leave and wraps its text there; the
        # controls keep theirs (a long "does not fit" message once squeezed them, and the
        # table then covered the text box, the drop-down and the add button).
        self.table = widgets.HTML(layout=widgets.Layout(flex="1 1 0", min_width="0"))
        self.status = widgets.HTML()

        self.example.observe(self._on_example, names="value")
        self.input_shape.observe(self._on_edit, names="value")
        self.lines.observe(self._on_edit, names="value")
        self.add_button.on_click(lambda _b: self.add())
        self.box = widgets.VBox([
            self.example,
            widgets.HBox([widgets.VBox([self.input_shape, self.lines,
                                        widgets.HBox([self.kind, self.add_button])],
                                       layout=widgets.Layout(flex="0 0 auto")),
                          self.table]),
            self.status])
        self.update()

    def _on_example(self, change) -> None:
        shape, lines = EXAMPLES[change["new"]]
        self._quiet = True
        try:
            self.input_shape.value, self.lines.value = shape, lines
        finally:
            self._quiet = False
        self.update()

    def _on_edit(self, _change) -> None:
        if not self._quiet:
            self.update()

    def current_shape(self) -> tuple | None:
        """The output shape of the last layer that fits (without N), or None."""
        try:
            shape = parse_shape(self.input_shape.value)
        except LayerError:
            return None
        fitted = [r for r in self.rows if not r.error]
        return tuple(fitted[-1].shape[1:]) if fitted else shape

    def add(self) -> None:
        """Append a line for the chosen layer kind, fitted to the current output shape."""
        shape = self.current_shape() or (1, 8, 8)
        text = self.lines.value.rstrip("\n")
        self.lines.value = (text + "\n" if text else "") + suggestion(self.kind.value, shape)

    def update(self) -> None:
        try:
            shape = parse_shape(self.input_shape.value)
        except LayerError as err:
            self.rows = []
            self.table.value = ""
            self.status.value = f"<span style='color:#b00020'>{html.escape(str(err))}</span>"
            return
        self.rows = layer_shapes(shape, self.lines.value)
        self.table.value = table_html(shape, self.rows)
        self.status.value = summary(self.rows)

    def show(self) -> None:
        from IPython.display import display

        display(self.box)
