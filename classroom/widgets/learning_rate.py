"""Chapter 5's widget: a learning-rate slider that retrains the toy network and redraws its loss.

The network is the chapter's 2 → 3 → 1 one (sigmoid hidden layer, linear output,
mean squared error) on ``toy4``, trained full-batch with ``minigrad.optim.SGD`` for
a fixed number of epochs from seeded starting weights.  Training takes a few
milliseconds, so every move of the slider retrains from scratch and redraws.

* :func:`starting_weights`  the seeded starting weights (W1, b1, W2, b2) as arrays
* :func:`train_losses`      one training run: the loss of every epoch
* :func:`verdict`           "converges", "slow", "unstable" or "diverges", and why
* :class:`LearningRateExplorer`  the widget (``display(explorer.box)``)

Nothing here prints: the picture goes into an ``ipywidgets.Image`` and the verdict
into an ``ipywidgets.HTML``, so saved notebook outputs stay the same under nbval.
"""

from __future__ import annotations

import html

import numpy as np

from minigrad.data import toy4
from minigrad.optim import SGD
from minigrad.tensor import Tensor
from . import render
from .layout import fits_label

#: A run "fits" the toy set when its last loss is below this (predictions off by ~0.1).
FIT = 1e-2
#: A run that did not fit is "unstable" when its loss went up on at least this share of steps.
BOUNCY = 0.1

COLOURS = {"converges": "#1a7f37", "slow": "#9a6700", "unstable": "#bc4c00",
           "diverges": "#cf222e"}


def starting_weights(seed: int = 0, n_hidden: int = 3, scale: float = 0.5):
    """Starting weights ``(W1, b1, W2, b2)`` of the 2 → 3 → 1 network, as NumPy arrays.

    The same recipe as the chapter and its exercises: ``np.random.default_rng(seed)``,
    weights ``scale`` × standard normal, biases 0.1 × standard normal.
    """
    rng = np.random.default_rng(seed)
    return (scale * rng.standard_normal((2, n_hidden)), 0.1 * rng.standard_normal(n_hidden),
            scale * rng.standard_normal((n_hidden, 1)), 0.1 * rng.standard_normal(1))


def train_losses(lr: float, epochs: int = 100, seed: int = 0) -> np.ndarray:
    """Train the network on ``toy4`` with SGD(lr) and return the loss of every epoch.

    ``losses[k]`` is the loss before step k.  A rate that is too large makes the loss
    overflow: training stops at the first non-finite loss and the remaining entries
    are NaN, so the result always has ``epochs`` entries.
    """
    X, y = (Tensor(a) for a in toy4())
    params = [Tensor(w, requires_grad=True) for w in starting_weights(seed)]
    W1, b1, W2, b2 = params
    optimizer = SGD(params, lr=lr)
    losses = np.full(epochs, np.nan)
    with np.errstate(all="ignore"):          # overflow is an outcome here, not a bug
        for epoch in range(epochs):
            optimizer.zero_grad()
            P = (X @ W1 + b1).sigmoid() @ W2 + b2
            loss = ((P - y) ** 2).mean()
            losses[epoch] = loss.item()
            if not np.isfinite(losses[epoch]):
                break
            loss.backward()
            optimizer.step()
    return losses


def verdict(losses) -> tuple[str, str]:
    """How a run went, as ``(word, explanation)``; word is one of
    ``"diverges"``, ``"converges"``, ``"unstable"``, ``"slow"``.

    * diverges:   the loss overflowed (inf or NaN), or ended no lower than it started;
    * converges:  the last loss is below :data:`FIT`;
    * unstable:   not fitted, and the loss went up on at least 10% of the steps (the
                  steps overshoot along the steepest direction, as in chapter 5, section 7,
                  with r < -1: the weights swing across the valley, the loss climbs);
    * slow:       not fitted, but going steadily down.
    """
    losses = np.asarray(losses, dtype=float)
    first, last = losses[0], losses[-1]
    epochs = len(losses)
    finite = np.isfinite(losses)
    if not finite.all():
        where = int(np.argmin(finite))
        return "diverges", (f"the loss overflowed at epoch {where}: every step overshoots "
                            f"further than the last. Try a smaller rate.")
    steps = np.diff(losses)
    ups = int((steps > 0).sum())
    if last >= first:
        return "diverges", (f"the loss grew from {first:.3g} to {last:.3g} in {epochs} "
                            f"epochs: the steps overshoot. Try a smaller rate.")
    if last < FIT:
        text = f"the loss fell from {first:.3g} to {last:.3g} in {epochs} epochs."
        if ups:
            text += (f" It went up on {ups} of {len(steps)} steps on the way: this rate is "
                     f"close to the edge.")
        return "converges", text
    if ups >= BOUNCY * len(steps):
        return "unstable", (f"the loss went up on {ups} of {len(steps)} steps and is still "
                            f"{last:.3g}: along the steepest direction each step overshoots "
                            f"further than the last. Try a smaller rate.")
    return "slow", (f"after {epochs} epochs the loss is still {last:.3g} (it started at "
                    f"{first:.3g}): every step is safe but small. Try a larger rate.")


class LearningRateExplorer:
    """A log-scale learning-rate slider, a "new starting weights" button, the verdict
    (HTML) and the loss curve (Image).  The previous run is drawn in grey, for comparison.

    ``explorer.slider.value = 0.05`` or ``explorer.new_weights.click()`` retrain and
    redraw, exactly as moving the slider or pressing the button does.
    """

    def __init__(self, lr: float = 0.3, epochs: int = 100, seed: int = 0):
        import ipywidgets as w

        self.epochs = int(epochs)
        self.seed = int(seed)
        self.first_seed = self.seed
        self.slider = w.FloatLogSlider(value=lr, base=10, min=-3, max=1, step=0.05,
                                       description="lr", readout_format=".3g",
                                       continuous_update=False,
                                       layout=w.Layout(width="420px"))
        self.new_weights = w.Button(description="new starting weights",
                                    layout=fits_label())
        self.reset = w.Button(description="back to seed 0" if seed == 0 else
                              f"back to seed {seed}",
                              layout=fits_label())
        self.html = w.HTML()
        self.image = w.Image(format="png")
        self.box = w.VBox([w.HBox([self.slider, self.new_weights, self.reset]),
                           self.html, self.image])
        self.losses = None
        self.previous = None                 # (lr, seed, losses) of the run before
        self.slider.observe(self._on_lr, names="value")
        self.new_weights.on_click(self._on_new_weights)
        self.reset.on_click(self._on_reset)
        self.update()

    @property
    def lr(self) -> float:
        return float(self.slider.value)

    # -- callbacks ---------------------------------------------------------------------
    def _on_lr(self, change):
        self.update()

    def _on_new_weights(self, button):
        self.seed += 1
        self.update()

    def _on_reset(self, button):
        self.seed = self.first_seed
        self.update()

    # -- drawing -----------------------------------------------------------------------
    def update(self):
        """Retrain with the current rate and seed; redraw the curve and the verdict."""
        if self.losses is not None:
            self.previous = (self.run_lr, self.run_seed, self.losses)
        self.run_lr, self.run_seed = self.lr, self.seed
        self.losses = train_losses(self.run_lr, self.epochs, self.run_seed)
        self.word, self.explanation = verdict(self.losses)
        self.html.value = self._html()
        render.show(self.image, self._figure())

    def _html(self) -> str:
        colour = COLOURS[self.word]
        return (f"<p style='font-size:110%'>lr = <b>{self.run_lr:.3g}</b>, starting weights "
                f"seed {self.run_seed}: <b style='color:{colour}'>{self.word}</b> — "
                f"{html.escape(self.explanation)}</p>")

    def _figure(self):
        fig = render.new_figure(6.0, 3.4)
        ax = fig.add_subplot()
        epochs = np.arange(self.epochs)
        if self.previous is not None:
            lr, seed, losses = self.previous
            ax.semilogy(epochs, _shown(losses), color="0.75", lw=1.5,
                        label=f"before: lr = {lr:.3g}, seed {seed}")
        ax.semilogy(epochs, _shown(self.losses), color=COLOURS[self.word], lw=2.2,
                    label=f"lr = {self.run_lr:.3g}: {self.word}")
        bad = ~np.isfinite(self.losses)
        if bad.any():
            k = int(np.argmax(bad))
            ax.plot([k], [TOP], marker="x", ms=10, mew=2.5, color=COLOURS["diverges"],
                    clip_on=False)
            ax.annotate(f"overflow at epoch {k}", (k, TOP), xytext=(6, -14),
                        textcoords="offset points", color=COLOURS["diverges"], fontsize=9)
        ax.axhline(FIT, color="0.5", lw=0.8, ls=":")
        ax.text(0.98 * (self.epochs - 1), FIT * 1.4, f"fitted: loss < {FIT:g}", ha="right",
                va="bottom", color="0.4", fontsize=8)
        ax.set_ylim(BOTTOM, TOP)
        # plain-text tick labels: the default log labels go through mathtext, which
        # doubles the drawing time, and the slider must redraw in well under 0.2 s
        ticks = [10.0 ** k for k in range(-8, 5, 2)]
        ax.set_yticks(ticks, [f"1e{k}" if k else "1" for k in range(-8, 5, 2)])
        ax.minorticks_off()
        ax.set_xlim(0, self.epochs - 1)
        ax.set_xlabel("epoch")
        ax.set_ylabel("loss (log scale)")
        ax.set_title("training loss of the 2 → 3 → 1 network on toy4", fontsize=10)
        ax.legend(loc="lower left", fontsize=9.5)
        ax.grid(True, which="major", alpha=0.3)
        return fig


BOTTOM, TOP = 1e-8, 1e4


def _shown(losses):
    """Losses ready for a log plot: huge ones are clipped just above the top edge."""
    losses = np.asarray(losses, dtype=float)
    return np.where(np.isfinite(losses), np.clip(losses, BOTTOM / 10, TOP * 10), np.nan)
