"""Chapter 3's widget: the shape puzzle behind matrix multiplication's backward.

For ``C = A @ B`` with A of shape (n, k) and B of shape (k, m), the incoming gradient
dC has C's shape (n, m).  The gradient for A must have A's shape and the gradient for
B must have B's, and there is only one way to multiply dC with the *other* operand
that gives each: ``dA = dC @ Bᵀ`` and ``dB = Aᵀ @ dC``.

:class:`MatmulShapes` draws the forward product and both backward products as
rectangles whose sides are proportional to the shapes (rows down, columns across),
with three sliders for n, k and m.  A toggle swaps in the tempting *wrong* products
(``dC @ B`` and ``A @ dC``, transposes forgotten); they only fit when two sizes happen
to be equal, which is why gradient tests should use three different sizes.

The arithmetic of shapes lives in plain functions (:func:`products`, :func:`fits`,
:func:`rule_html`) so it is tested without drawing anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from .render import DPI, image_widget, new_figure, show
from .layout import fits_label

#: Colours of A, B and C; a gradient is drawn in its tensor's colour, hatched.
COLOURS = {"A": "#4c72b0", "B": "#dd8452", "C": "#55a868"}


@dataclass(frozen=True)
class Operand:
    name: str            # as drawn, e.g. "B$^T$"; plain text name in .text
    text: str            # e.g. "Bᵀ"
    shape: tuple
    colour: str
    gradient: bool = False


@dataclass(frozen=True)
class Product:
    """One line of the puzzle: ``left @ right``, meant to give ``target``'s shape."""
    label: str           # "forward", "dA", "dB"
    left: Operand
    right: Operand
    target: str          # name of the tensor whose shape the result must have
    target_shape: tuple
    untransposed: bool = False   # one of the tempting wrong products (transpose forgotten)

    @property
    def fits(self) -> bool:
        return fits(self.left.shape, self.right.shape)

    @property
    def result_shape(self):
        """The product's shape, or None when the inner sizes differ."""
        return (self.left.shape[0], self.right.shape[1]) if self.fits else None

    @property
    def correct_shape(self) -> bool:
        return self.result_shape == self.target_shape

    @property
    def harmless(self) -> bool:
        """A wrong product that is right after all: the operand left untransposed is 1×1.

        A 1×1 matrix is its own transpose, so forgetting to transpose it changes nothing.
        """
        return self.untransposed and self.correct_shape and self.forgotten.shape == (1, 1)

    @property
    def forgotten(self) -> Operand:
        """The operand that should have been transposed (the one that is not a gradient)."""
        return self.right if self.left.gradient else self.left


def fits(left: tuple, right: tuple) -> bool:
    """Whether a (p, q) matrix can be multiplied by a (r, s) one: q == r."""
    return left[1] == right[0]


def products(n: int, k: int, m: int, wrong: bool = False) -> list:
    """The forward product and the two backward products, correct or (``wrong``) untransposed."""
    A = Operand("A", "A", (n, k), COLOURS["A"])
    B = Operand("B", "B", (k, m), COLOURS["B"])
    dC = Operand("dC", "dC", (n, m), COLOURS["C"], gradient=True)
    AT = Operand("A$^T$", "Aᵀ", (k, n), COLOURS["A"])
    BT = Operand("B$^T$", "Bᵀ", (m, k), COLOURS["B"])
    forward = Product("forward", A, B, "C", (n, m))
    if wrong:
        return [forward, Product("dA", dC, B, "A", (n, k), True),
                Product("dB", A, dC, "B", (k, m), True)]
    return [forward, Product("dA", dC, BT, "A", (n, k)), Product("dB", AT, dC, "B", (k, m))]


def _describe(p: Product) -> str:
    left, right = p.left, p.right
    head = (f"{left.text} @ {right.text}: {left.shape} @ {right.shape}")
    if not p.fits:
        return (f"{head} — <span style='color:#c44e52'><b>does not fit</b></span>: the inner "
                f"sizes {left.shape[1]} and {right.shape[0]} differ ✗")
    result = p.result_shape
    if p.label == "forward":
        return f"{head} → C {result}"
    if not p.correct_shape:
        return (f"{head} → {result}, but {p.target} is {p.target_shape}: "
                f"<span style='color:#c44e52'><b>wrong shape</b></span> ✗")
    if p.harmless:
        return (f"{head} → {result}, {p.target}'s shape, and even the right values, but "
                f"only because {p.forgotten.text} is 1×1 and so its own transpose")
    if p.untransposed:
        return (f"{head} → {result}, {p.target}'s shape, but only because two sizes are "
                f"equal: <span style='color:#c44e52'><b>the values are wrong</b></span> ✗")
    return f"{head} → {result}, the shape of {p.target} ✓"


def rule_html(n: int, k: int, m: int, wrong: bool = False) -> str:
    """The HTML line under the picture: the rule, and what each product gives."""
    forward, dA, dB = products(n, k, m, wrong)
    lines = [
        "<b>Rule:</b> for C = A @ B, &nbsp; <b>dA = dC @ Bᵀ</b> and <b>dB = Aᵀ @ dC</b> "
        "— each gradient has its own tensor's shape.",
        f"forward: {_describe(forward)}",
        f"dA = {_describe(dA)}",
        f"dB = {_describe(dB)}",
    ]
    if wrong:
        lucky = [p for p in (dA, dB) if p.fits]
        if any(not p.harmless for p in lucky):
            lines.append("<i>Some wrong product fits here only because two sizes are equal; its "
                         "values would still be wrong. Test gradients with n, k, m all "
                         "different.</i>")
        elif lucky:
            lines.append("<i>A 1×1 matrix is its own transpose, so forgetting to transpose it "
                         "does no harm here. With larger sizes it is a real bug: test "
                         "gradients with n, k, m all different, and bigger than 1.</i>")
        else:
            lines.append("<i>Without the transposes nothing fits: the shapes alone rule these "
                         "products out.</i>")
    return "<br>".join(lines)


# -- drawing ------------------------------------------------------------------------------
_GAP = 1.4          # horizontal space for an operator sign
_ROW_LABEL = 3.2    # width of the "dA =" label column


def _box(ax, x: float, top: float, op: Operand):
    """Draw ``op`` as a grid of cells with its top-left corner at (x, top); return its width."""
    from matplotlib.patches import Rectangle

    rows, cols = op.shape
    ax.add_patch(Rectangle((x, top - rows), cols, rows, facecolor=op.colour, alpha=0.55,
                           edgecolor="black", linewidth=1.2, hatch="//" if op.gradient else None))
    from matplotlib.collections import LineCollection

    grid = ([[(x, top - r), (x + cols, top - r)] for r in range(1, rows)]
            + [[(x + c, top), (x + c, top - rows)] for c in range(1, cols)])
    if grid:
        ax.add_collection(LineCollection(grid, colors="white", linewidths=0.6))
    ax.text(x + cols / 2, top - rows - 0.35, f"{op.name} {op.shape}", ha="center", va="top",
            fontsize=9)
    return cols


def _draw_row(ax, top: float, p: Product):
    ax.text(0, top - 0.5, "C =" if p.label == "forward" else f"{p.label} =", ha="left",
            va="center", fontsize=11, fontweight="bold")
    x = _ROW_LABEL
    x += _box(ax, x, top, p.left)
    inner_ok = p.fits
    ax.text(x + _GAP / 2, top - 0.5, "@", ha="center", va="center", fontsize=14,
            color="black" if inner_ok else "#c44e52")
    if not inner_ok:
        ax.text(x + _GAP / 2, top + 0.35, f"{p.left.shape[1]} ≠ {p.right.shape[0]}",
                ha="center", va="bottom", fontsize=9, color="#c44e52")
    x += _GAP
    x += _box(ax, x, top, p.right)
    ax.text(x + _GAP / 2, top - 0.5, "=", ha="center", va="center", fontsize=14)
    x += _GAP
    if p.result_shape is None:
        from matplotlib.patches import Rectangle

        ax.add_patch(Rectangle((x, top - 1.5), 1.5, 1.5, facecolor="none", edgecolor="#c44e52",
                               linestyle="--", linewidth=1.2))
        ax.text(x + 0.75, top - 0.75, "✗", ha="center", va="center", fontsize=14,
                color="#c44e52")
        ax.text(x + 0.75, top - 1.85, "no product", ha="center", va="top", fontsize=9,
                color="#c44e52")
        return
    colour = COLOURS.get(p.target, "grey")
    result = Operand(p.target if p.label == "forward" else p.label,
                     p.target if p.label == "forward" else p.label, p.result_shape, colour,
                     gradient=p.label != "forward")
    width = _box(ax, x, top, result)
    if p.label == "forward":
        return
    if not p.correct_shape:
        note, colour = f"✗ not {p.target}'s shape", "#c44e52"
    elif p.harmless:
        note, colour = "fits: a 1×1 matrix\nis its own transpose", "#8a5a00"
    elif p.untransposed:
        note, colour = "✗ fits by luck:\n   values wrong", "#c44e52"
    else:
        note, colour = f"✓ {p.target}'s shape", "#55a868"
    ax.text(x + width + 0.4, top - 0.5, note, ha="left", va="top" if "\n" in note else "center",
            fontsize=10, color=colour)


def draw(n: int, k: int, m: int, wrong: bool = False, max_size: int = 6, dpi: int = DPI):
    """A figure with the three products of :func:`products`, to scale."""
    rows = products(n, k, m, wrong)
    row_height = max_size + 2.2
    width = _ROW_LABEL + 3 * max_size + 2 * _GAP + 6.0
    fig = new_figure(7.5, 7.5 * (3 * row_height) / width, dpi=dpi)
    ax = fig.add_axes([0, 0, 1, 1])
    for i, p in enumerate(rows):
        _draw_row(ax, -i * row_height, p)
    left, right, bottom, top = -0.2, width, -3 * row_height + 1.2, 1.3
    # an invisible frame, so the tight PNG has the same size whatever the shapes
    from matplotlib.patches import Rectangle
    ax.add_patch(Rectangle((left, bottom), right - left, top - bottom, facecolor="none",
                           edgecolor="none"))
    ax.set_xlim(left, right)
    ax.set_ylim(bottom, top)
    ax.set_aspect("equal")
    ax.axis("off")
    return fig


class MatmulShapes:
    """Sliders for n, k, m; a picture of C = A @ B and its two backward products; the rule.

    ``widget.show()`` displays it; ``widget.box`` is the whole widget.  Controls:
    ``n``, ``k``, ``m`` (IntSliders), ``wrong`` (a ToggleButton that swaps in the
    untransposed products) and ``reset`` (a Button back to the starting state).
    """

    def __init__(self, n: int = 2, k: int = 3, m: int = 4, max_size: int = 6, dpi: int = DPI):
        import ipywidgets as w

        self.start = (n, k, m)
        self.max_size = max_size
        self.dpi = dpi
        style = {"description_width": "initial"}
        self.n = w.IntSlider(value=n, min=1, max=max_size, description="n (rows of A)",
                             style=style, continuous_update=False)
        self.k = w.IntSlider(value=k, min=1, max=max_size, description="k (cols of A = rows of B)",
                             style=style, continuous_update=False)
        self.m = w.IntSlider(value=m, min=1, max=max_size, description="m (cols of B)",
                             style=style, continuous_update=False)
        self.wrong = w.ToggleButton(value=False, description="forget the transposes",
                                    tooltip="show dC @ B and A @ dC instead",
                                    layout=fits_label())
        self.reset = w.Button(description="reset",
                              layout=fits_label())
        self.image = image_widget(self._figure())
        self.html = w.HTML(self._text())
        self.redraws = 0
        self._holding = False
        for control in (self.n, self.k, self.m, self.wrong):
            control.observe(self._changed, names="value")
        self.reset.on_click(self._reset)
        self.box = w.VBox([w.HBox([self.n, self.k, self.m]), w.HBox([self.wrong, self.reset]),
                           self.image, self.html])

    @property
    def sizes(self) -> tuple:
        return self.n.value, self.k.value, self.m.value

    def _figure(self):
        return draw(*self.sizes, wrong=self.wrong.value, max_size=self.max_size, dpi=self.dpi)

    def _text(self) -> str:
        return rule_html(*self.sizes, wrong=self.wrong.value)

    def _changed(self, _change=None) -> None:
        if self._holding:
            return
        show(self.image, self._figure())
        self.html.value = self._text()
        self.redraws += 1

    def _reset(self, _button=None) -> None:
        self._holding = True
        try:
            self.n.value, self.k.value, self.m.value = self.start
            self.wrong.value = False
        finally:
            self._holding = False
        self._changed()

    def show(self) -> None:
        from IPython.display import display

        display(self.box)
