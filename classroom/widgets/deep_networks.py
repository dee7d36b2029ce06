"""Chapter 11's widget: what every layer of a deep MLP does to its activations and gradients.

A network of ``depth`` hidden layers (each ``Linear`` → optional normalisation → activation,
optionally with a skip connection around it) and a ``Linear`` head to 10 classes runs one
forward and one backward pass on a batch.  For every hidden layer we keep its output and
the gradient of the loss with respect to that output, and look at their spread: a
well-built network keeps both about the same size from the first layer to the last; a
badly built one lets them shrink to nothing (*vanishing*) or blow up (*exploding*).

* :data:`INITS`, :data:`ACTIVATIONS`, :data:`NORMS`: the choices, by name
* :func:`build_network`     the network a set of choices describes, from its own seeded generator
* :func:`layer_statistics`  one forward and backward pass: each hidden layer's outputs and the
  gradient of the loss with respect to them (:class:`LayerStats`)
* :func:`trend`             "vanishing", "exploding", "steady" or "overflowed" for a row of spreads
* :class:`LayerStatsExplorer` the widget: depth slider, dropdowns, a residual checkbox, a
  picture of the histograms per layer and a line of text (``display(explorer.box)``)

Nothing is printed: every change replaces the Image's PNG bytes and the HTML text.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

import numpy as np

from minigrad import nn
from minigrad.nn import functional as F
from minigrad.tensor import Tensor
from .render import new_figure, show

#: Initialisations, with the sentence the widget shows for each.
INITS = {
    "default": "Linear's default (PyTorch's too): uniform in ±1/√fan_in, variance 1/(3·fan_in)",
    "N(0, 1)": "every weight drawn from a standard normal, variance 1",
    "N(0, 0.01²)": "every weight drawn from a normal of standard deviation 0.01",
    "Xavier": "normal with variance 2/(fan_in + fan_out), biases 0",
    "Kaiming": "normal with variance gain²/fan_in (gain √2 for ReLU, 5/3 for tanh), biases 0",
}
#: Activation name -> (module class, the nonlinearity name ``nn.init`` uses for its gain).
ACTIVATIONS = {"ReLU": (nn.ReLU, "relu"), "tanh": (nn.Tanh, "tanh"),
               "sigmoid": (nn.Sigmoid, "sigmoid")}
NORMS = ("none", "BatchNorm", "LayerNorm")

#: A row of spreads is "vanishing" when its end is this many times smaller than its start,
#: "exploding" when this many times larger.
FACTOR = 10.0
#: At most this many layers get a histogram row (evenly spread, first and last included).
MAX_ROWS = 12
#: Depths the slider offers.
MIN_DEPTH, MAX_DEPTH = 2, 30
#: The picture's size: 9.2 inches at 100 dots per inch, about 930 pixels, fills a notebook's
#: output area; it is shown at exactly its drawn size (see :func:`show`).
WIDTH, DPI = 9.2, 100


class HiddenLayer(nn.Module):
    """``activation(norm(linear(x)))``, plus ``x`` itself when ``residual`` (and the widths
    agree): ``x + activation(norm(linear(x)))``."""

    def __init__(self, n_in: int, n_out: int, activation: str, norm: str, residual: bool,
                 rng=None):
        super().__init__()
        self.linear = nn.Linear(n_in, n_out, rng=rng)
        self.norm = (nn.BatchNorm1d(n_out) if norm == "BatchNorm" else
                     nn.LayerNorm(n_out) if norm == "LayerNorm" else None)
        self.activation = ACTIVATIONS[activation][0]()
        self.residual = bool(residual) and n_in == n_out

    def forward(self, x):
        h = self.linear(x)
        if self.norm is not None:
            h = self.norm(h)
        h = self.activation(h)
        return x + h if self.residual else h

    def extra_repr(self) -> str:
        return "residual" if self.residual else ""


def _check_choice(value, choices, what: str) -> None:
    if value not in choices:
        raise ValueError(f"{what} must be one of {', '.join(map(repr, choices))}, got {value!r}.")


def initialise(linear, init: str, nonlinearity: str, rng) -> None:
    """Fill ``linear``'s weight (and bias) as ``init`` says; "default" leaves them as made."""
    _check_choice(init, INITS, "init")
    if init == "default":
        return
    if init == "N(0, 1)":
        nn.init.normal_(linear.weight, 0.0, 1.0, rng=rng)
    elif init == "N(0, 0.01²)":
        nn.init.normal_(linear.weight, 0.0, 0.01, rng=rng)
    elif init == "Xavier":
        nn.init.xavier_normal_(linear.weight, rng=rng)
    else:
        nn.init.kaiming_normal_(linear.weight, nonlinearity=nonlinearity, rng=rng)
    nn.init.zeros_(linear.bias)


def build_network(depth: int = 10, width: int = 64, init: str = "default",
                  activation: str = "ReLU", norm: str = "none", residual: bool = False,
                  n_in: int = 64, n_classes: int = 10, seed: int = 0) -> nn.Sequential:
    """``Sequential(HiddenLayer × depth, Linear(width, n_classes))``, drawn from
    ``np.random.default_rng(seed)`` (never minigrad's global generator).

    The first hidden layer changes the width from ``n_in`` to ``width``, so it has no skip
    connection unless the two are equal.  The head gets the same initialisation as the
    hidden layers, with the gain of no activation.
    """
    _check_choice(activation, ACTIVATIONS, "activation")
    _check_choice(norm, NORMS, "norm")
    _check_choice(init, INITS, "init")
    depth = int(depth)
    if depth < 1:
        raise ValueError(f"depth must be at least 1, got {depth}.")
    rng = np.random.default_rng(seed)
    gain_name = ACTIVATIONS[activation][1]
    layers = []
    for i in range(depth):
        layer = HiddenLayer(n_in if i == 0 else width, width, activation, norm, residual, rng)
        initialise(layer.linear, init, gain_name, rng)
        layers.append(layer)
    head = nn.Linear(width, n_classes, rng=rng)
    initialise(head, init, "linear", rng)
    return nn.Sequential(*layers, head)


@dataclass
class LayerStats:
    """What one forward and backward pass saw: ``activations[k]`` is hidden layer k+1's
    output (batch × width), ``gradients[k]`` the gradient of the loss with respect to it."""
    activations: list
    gradients: list
    loss: float

    @property
    def depth(self) -> int:
        return len(self.activations)

    @property
    def activation_spread(self) -> np.ndarray:
        """Each layer's :func:`spread` of outputs: how much they vary from example to example."""
        return np.array([spread(a) for a in self.activations])

    @property
    def gradient_spread(self) -> np.ndarray:
        """Each layer's :func:`spread` of the gradients with respect to its outputs."""
        return np.array([spread(g) for g in self.gradients])


def spread(values) -> float:
    """How much a layer's values vary across the batch: the standard deviation over the
    examples (axis 0) of each unit, averaged over the units as a root mean square,
    √(mean over units of the variance over the batch).

    Unlike the standard deviation of all the numbers at once, it ignores what every example
    shares: a layer whose output is the same for every input (its biases, say) has spread 0,
    because it passes nothing about the input on.
    """
    values = np.asarray(values, dtype=np.float64)
    if values.ndim != 2 or len(values) < 2:
        raise ValueError(f"spread: expected a (batch, units) array with at least 2 rows, got "
                         f"shape {values.shape}.")
    with np.errstate(all="ignore"):
        return float(np.sqrt(values.var(axis=0).mean()))


def layer_statistics(model, x, target) -> LayerStats:
    """Run ``model`` (a Sequential of hidden layers and a head) on the batch ``x``, take the
    cross-entropy with the integer classes ``target``, run backward, and return every hidden
    layer's output and the gradient of the loss with respect to it.

    The layers are called one at a time so that each output can keep its gradient
    (``retain_grad``); the model's parameters get their gradients too, as in training.
    """
    layers = list(model)
    if len(layers) < 2:
        raise ValueError("layer_statistics: the model needs hidden layers and a head, got "
                     f"{len(layers)} layer(s).")
    outputs = []
    h = x if isinstance(x, Tensor) else Tensor(np.asarray(x, dtype=np.float64))
    with np.errstate(all="ignore"):             # exploding values are an outcome here
        for layer in layers[:-1]:
            h = layer(h)
            h.retain_grad()
            outputs.append(h)
        loss = F.cross_entropy(layers[-1](h), np.asarray(target))
        loss.backward()
    return LayerStats([o.data.copy() for o in outputs],
                      [o.grad.data.copy() for o in outputs], float(loss.item()))


def trend(stds) -> str:
    """How a row of spreads changes along its direction of travel (first entry to last):
    "overflowed" (inf or nan somewhere), "vanishing" (the last is :data:`FACTOR` times
    smaller than the first, or both are 0), "exploding" (:data:`FACTOR` times larger), or
    "steady"."""
    stds = np.asarray(stds, dtype=float)
    if not np.isfinite(stds).all():
        return "overflowed"
    first, last = stds[0], stds[-1]
    if last * FACTOR < first or last == 0:
        return "vanishing"
    if last > FACTOR * first:
        return "exploding"
    return "steady"


COLOURS = {"steady": "#1a7f37", "vanishing": "#9a6700", "exploding": "#cf222e",
           "overflowed": "#cf222e"}


def describe(stats: LayerStats, activation: str = "ReLU") -> str:
    """A sentence per direction, as HTML: how the spread changes from layer to layer."""
    acts, grads = stats.activation_spread, stats.gradient_spread
    last = stats.depth
    parts = [
        "<b>forward</b>: spread of the activations " + _change(acts, 1, last),
        "<b>backward</b>: spread of the gradients " + _change(grads[::-1], last, 1),
    ]
    parts.append(_saturation(stats, activation))
    parts.append(f"loss {_num(stats.loss)} (log 10 ≈ 2.30 means guessing)")
    return "<p style='font-size:105%;line-height:1.5'>" + "<br>".join(parts) + "</p>"


def _change(values, start: int, end: int) -> str:
    """'0.21 at layer 1 → 7e-05 at layer 10: vanishing (3000× smaller)' for a row of spreads
    in its direction of travel."""
    word = trend(values)
    text = (f"{_num(values[0])} at layer {start} → {_num(values[-1])} at layer {end}: "
            f"<b style='color:{COLOURS[word]}'>{word}</b>")
    first, final = float(values[0]), float(values[-1])
    if word != "overflowed" and first > 0 and final > 0:
        ratio = final / first
        if 0.8 <= ratio <= 1.25:
            text += " (about the same)"
        else:
            text += f" ({_times(max(ratio, 1 / ratio))} {'smaller' if ratio < 1 else 'larger'})"
    return text


def _times(factor: float) -> str:
    """A factor, rounded to two figures: '1.3×', '48×', '3,300×', '3.0e+06×'."""
    if factor >= 1e6:
        return f"{factor:.1e}×"
    return f"{float(f'{factor:.2g}'):,g}×"


def _saturation(stats: LayerStats, activation: str) -> str:
    last = stats.activations[-1]
    if activation == "ReLU":
        dead = float((last == 0).mean())
        return f"{dead:.0%} of the last layer's outputs are exactly 0 (ReLU's flat side)"
    if activation == "tanh":
        near = np.abs(last) > 0.99
    else:                                     # sigmoid: within 0.01 of 0 or of 1
        near = (last > 0.99) | (last < 0.01)
    return (f"{float(near.mean()):.0%} of the last layer's outputs are saturated (where "
            f"{activation}'s slope is almost 0)")


def _num(value: float) -> str:
    if not np.isfinite(value):
        return str(value)
    return f"{value:.2g}" if 0.01 <= abs(value) < 1000 or value == 0 else f"{value:.1e}"


def _shown_layers(depth: int) -> list:
    """Indices (0-based) of the layers that get a histogram row: all of them up to
    :data:`MAX_ROWS`, else that many evenly spread with the first and the last."""
    if depth <= MAX_ROWS:
        return list(range(depth))
    return sorted(set(np.linspace(0, depth - 1, MAX_ROWS).round().astype(int).tolist()))


def _ridges(ax, arrays, rows, title: str, colour_map, drop_zeros: bool = False) -> None:
    """One histogram per shown layer, stacked top (layer 1) to bottom, on shared bins, each
    scaled to its own tallest bar.  ``drop_zeros`` leaves exact zeros out (ReLU's flat side
    would otherwise dwarf everything else)."""
    finite = [a[np.isfinite(a) & ((a != 0) if drop_zeros else True)] for a in arrays]
    pool = np.concatenate([f for f in finite if f.size] or [np.zeros(1)])
    lo, hi = np.percentile(pool, [0.5, 99.5])
    if not hi > lo:
        lo, hi = lo - 1, hi + 1
    bins = np.linspace(lo, hi, 61)
    centres = (bins[:-1] + bins[1:]) / 2
    for place, k in enumerate(rows):
        counts, _ = np.histogram(finite[k], bins)      # values outside are left out
        height = counts / counts.max() * 0.9 if counts.max() else counts.astype(float)
        base = -place
        colour = colour_map(place / max(len(rows) - 1, 1))
        ax.fill_between(centres, base, base + height, color=colour, alpha=0.85, lw=0)
        ax.plot(centres, base + height, color="0.2", lw=0.6)
    ax.set_yticks([-p for p in range(len(rows))], [f"layer {k + 1}" for k in rows], fontsize=9)
    ax.set_ylim(-len(rows) + 0.8, 1.05)
    ax.set_xlim(lo, hi)
    ax.set_title(title, fontsize=11)
    ax.tick_params(axis="x", labelsize=9)
    ax.ticklabel_format(axis="x", style="sci", scilimits=(-2, 3))
    ax.xaxis.get_offset_text().set_fontsize(9)


def draw(stats: LayerStats, title: str = "", activation: str = "ReLU"):
    """The picture: histograms of the activations and of the gradients per layer, and the
    spread of both per layer on a log scale."""
    from matplotlib import colormaps
    from matplotlib.ticker import MaxNLocator

    rows = _shown_layers(stats.depth)
    height = 1.7 + 0.3 * len(rows)
    fig = new_figure(WIDTH, height, dpi=DPI)
    axes = fig.subplots(1, 3, gridspec_kw={"width_ratios": [1, 1, 0.9]})
    cmap = colormaps["viridis"]
    relu = activation == "ReLU"
    _ridges(axes[0], stats.activations, rows, "activations (each layer's output)"
            + ("\nexact zeros left out" if relu else ""), cmap, drop_zeros=relu)
    _ridges(axes[1], stats.gradients, rows, "gradients of the loss w.r.t. them", cmap)
    axes[1].set_yticklabels([])
    ax = axes[2]
    layers = np.arange(1, stats.depth + 1)
    for values, label, colour in ((stats.activation_spread, "activations", "C0"),
                                  (stats.gradient_spread, "gradients", "C3")):
        shown = np.where(np.isfinite(values) & (values > 0), values, np.nan)
        ax.semilogy(layers, shown, "o-", ms=3, color=colour, label=label)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("layer", fontsize=9)
    ax.set_title("spread across the batch, per layer", fontsize=11)
    ax.legend(fontsize=8, loc="best")
    ax.grid(True, which="major", alpha=0.3)
    ax.tick_params(labelsize=9)
    ax.minorticks_off()
    if title:
        fig.suptitle(title, fontsize=11)
    fig.tight_layout()
    return fig


class LayerStatsExplorer:
    """Controls for depth, initialisation, activation, normalisation and residual
    connections; every change rebuilds the network (same seed), measures one batch and
    redraws.  ``explorer.depth.value = 20`` or ``explorer.init.value = "Kaiming"`` does
    exactly what using the control does.
    """

    def __init__(self, x, target, depth: int = 10, init: str = "default",
                 activation: str = "ReLU", norm: str = "none", residual: bool = False,
                 width: int = 64, seed: int = 0):
        import ipywidgets as w

        self.x = np.asarray(x, dtype=np.float64)
        self.target = np.asarray(target)
        if self.x.ndim != 2 or len(self.x) != len(self.target):
            raise ValueError(f"LayerStatsExplorer: x must be (batch, features) with one class "
                             f"per row, got x {self.x.shape} and target {self.target.shape}.")
        self.width, self.seed = int(width), int(seed)
        self.n_classes = int(self.target.max()) + 1
        style = {"description_width": "initial"}
        self.depth = w.IntSlider(value=depth, min=MIN_DEPTH, max=MAX_DEPTH, description="depth",
                                 continuous_update=False, layout=w.Layout(width="260px"))
        self.init = w.Dropdown(options=list(INITS), value=init, description="init",
                               layout=w.Layout(width="190px"))
        self.activation = w.Dropdown(options=list(ACTIVATIONS), value=activation,
                                     description="activation", style=style,
                                     layout=w.Layout(width="170px"))
        self.norm = w.Dropdown(options=list(NORMS), value=norm, description="norm",
                               layout=w.Layout(width="170px"))
        self.residual = w.Checkbox(value=residual, description="residual", indent=False,
                                   layout=w.Layout(width="100px"))
        self.html = w.HTML()
        self.image = w.Image(format="png")
        self.box = w.VBox([w.HBox([self.depth, self.init, self.activation, self.norm,
                                   self.residual]), self.html, self.image])
        for control in (self.depth, self.init, self.activation, self.norm, self.residual):
            control.observe(self._changed, names="value")
        self.update()

    def show(self):
        from IPython.display import display

        display(self.box)

    def settings(self) -> dict:
        return dict(depth=self.depth.value, init=self.init.value,
                    activation=self.activation.value, norm=self.norm.value,
                    residual=self.residual.value)

    def _changed(self, change) -> None:
        self.update()

    def update(self) -> None:
        """Rebuild the network from the controls, measure, and redraw."""
        s = self.settings()
        self.model = build_network(width=self.width, n_in=self.x.shape[1],
                                   n_classes=self.n_classes, seed=self.seed, **s)
        self.stats = layer_statistics(self.model, self.x, self.target)
        title = (f"{s['depth']} layers of width {self.width}, init {s['init']}, "
                 f"{s['activation']}, norm: {s['norm']}"
                 + (", residual" if s["residual"] else ""))
        self.html.value = (f"<p style='color:#555'>init {html.escape(s['init'])}: "
                           f"{html.escape(INITS[s['init']])}</p>"
                           + describe(self.stats, s["activation"]))
        show(self.image, draw(self.stats, title, s["activation"]))

