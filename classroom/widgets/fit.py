"""Chapter 6's widget: watch a model learn (or fail to learn) y = x1·x2.

:class:`FitExplorer` trains a small network on :func:`minigrad.data.product` in
bursts of full-batch steps and draws, side by side, the true surface x1·x2, the
surface the model predicts now (both as heat maps over [-1, 1]²), and the loss
curve so far.  A toggle picks the architecture:

* ``"1 layer"``                  ``Linear(2, 1)``: a plane, stuck near 0.11;
* ``"2 layers, no activation"``  ``Linear(2, 10) → Linear(10, 1)``: still a plane;
* ``"2 layers + Sigmoid"``       ``Linear(2, 10) → Sigmoid → Linear(10, 1)``: learns it.

The training logic lives in :class:`ProductTrainer` (no widgets, easy to test);
:class:`FitExplorer` wraps it in buttons, a toggle, an Image and an HTML line.
Nothing is printed: every change replaces the Image's PNG bytes and the HTML text.
Each model starts from its own seeded generator, so "reset" always gives the same
starting point and the widget's first picture is the same on every run.
"""

from __future__ import annotations

import numpy as np

from minigrad import nn
from minigrad.autograd import no_grad
from minigrad.data import product
from minigrad.optim import Adam
from minigrad.tensor import Tensor
from .render import DPI, new_figure, show
from .layout import fits_label

#: The architectures the toggle offers, in order, with a one-line description each.
ARCHITECTURES = {
    "1 layer": "Linear(2, 1)",
    "2 layers, no activation": "Linear(2, 10) → Linear(10, 1)",
    "2 layers + Sigmoid": "Linear(2, 10) → Sigmoid → Linear(10, 1)",
}


def build_model(architecture: str, rng: np.random.Generator) -> nn.Module:
    """A fresh model of the named architecture, initialised from ``rng``."""
    if architecture == "1 layer":
        return nn.Linear(2, 1, rng=rng)
    if architecture == "2 layers, no activation":
        return nn.Sequential(nn.Linear(2, 10, rng=rng), nn.Linear(10, 1, rng=rng))
    if architecture == "2 layers + Sigmoid":
        return nn.Sequential(nn.Linear(2, 10, rng=rng), nn.Sigmoid(), nn.Linear(10, 1, rng=rng))
    raise ValueError(f"unknown architecture {architecture!r}; choose one of "
                     f"{', '.join(map(repr, ARCHITECTURES))}.")


def best_plane_loss(X: np.ndarray, y: np.ndarray) -> float:
    """The mean squared error of the best plane w·x + b (least squares): what no
    linear model, however many layers deep, can beat on this data."""
    A = np.hstack([X, np.ones((len(X), 1))])
    coef, *_ = np.linalg.lstsq(A, y, rcond=None)
    return float(np.mean((A @ coef - y) ** 2))


def surface_grid(points: int = 41):
    """``(axis, G)``: ``points`` values in [-1, 1] and the (points², 2) grid of all pairs
    (row-major: x2 varies along rows of the picture, x1 along columns)."""
    axis = np.linspace(-1.0, 1.0, points)
    x1, x2 = np.meshgrid(axis, axis)
    return axis, np.stack([x1.ravel(), x2.ravel()], axis=1)


class ProductTrainer:
    """Full-batch training of one architecture on (X, y), a burst of steps at a time.

    ``losses[i]`` is the training loss measured during step ``i + 1`` (before its
    update, as :func:`minigrad.train.fit` counts).  :meth:`reset` rebuilds the model
    from ``seed``, so the same architecture always starts from the same weights.
    """

    def __init__(self, X=None, y=None, architecture: str = "1 layer", lr: float = 0.05,
                 seed: int = 0, grid_points: int = 41):
        if X is None or y is None:
            X, y = product(1000, seed=0)
        self.X, self.y = np.asarray(X, dtype=np.float64), np.asarray(y, dtype=np.float64)
        self.lr, self.seed = float(lr), int(seed)
        self.axis, self.grid = surface_grid(grid_points)
        self.plane_loss = best_plane_loss(self.X, self.y)
        self.architecture = architecture
        self.reset()

    def reset(self, architecture: str | None = None) -> None:
        """Start again from seeded weights (optionally with another architecture)."""
        if architecture is not None:
            self.architecture = architecture
        self.model = build_model(self.architecture, np.random.default_rng(self.seed))
        self.optimizer = Adam(self.model.parameters(), lr=self.lr)
        self.loss_fn = nn.MSELoss()
        self.losses: list[float] = []

    @property
    def steps(self) -> int:
        return len(self.losses)

    def train(self, steps: int) -> None:
        """``steps`` full-batch steps: zero_grad, forward, loss, backward, step."""
        X, y = Tensor(self.X), Tensor(self.y)
        for _ in range(int(steps)):
            self.optimizer.zero_grad()
            loss = self.loss_fn(self.model(X), y)
            loss.backward()
            self.optimizer.step()
            self.losses.append(float(loss.data))

    def loss(self) -> float:
        """The model's mean squared error on the training data, now."""
        with no_grad():
            return float(self.loss_fn(self.model(Tensor(self.X)), Tensor(self.y)).data)

    def predict_surface(self) -> np.ndarray:
        """The model's prediction on the grid, as a (points, points) picture."""
        with no_grad():
            out = self.model(Tensor(self.grid)).data
        n = len(self.axis)
        return out.reshape(n, n)

    def true_surface(self) -> np.ndarray:
        return (self.grid[:, 0] * self.grid[:, 1]).reshape(len(self.axis), len(self.axis))


def draw(trainer: ProductTrainer, dpi: int = DPI):
    """The widget's picture: true surface, predicted surface, loss curve so far."""
    fig = new_figure(9.4, 3.1, dpi=dpi)
    axes = fig.subplots(1, 3, gridspec_kw={"width_ratios": [1, 1, 1.3]})
    style = dict(origin="lower", extent=(-1, 1, -1, 1), cmap="RdBu_r", vmin=-1, vmax=1)
    axes[0].imshow(trainer.true_surface(), **style)
    axes[0].set_title("target: x1·x2")
    image = axes[1].imshow(trainer.predict_surface(), **style)
    axes[1].set_title(f"model after {trainer.steps} steps")
    for ax in axes[:2]:
        ax.set_xlabel("x1")
        ax.set_ylabel("x2")
        ax.set_xticks([-1, 0, 1])
        ax.set_yticks([-1, 0, 1])
    fig.colorbar(image, ax=axes[1], fraction=0.046, pad=0.04, ticks=[-1, 0, 1])

    ax = axes[2]
    ax.axhline(trainer.plane_loss, color="gray", linestyle="--",
               label=f"best plane ({trainer.plane_loss:.3f})")
    if trainer.losses:
        steps = np.arange(1, trainer.steps + 1)
        ax.plot(steps, trainer.losses, color="C0", label="training loss")
        ax.set_xlim(0, max(25, trainer.steps))
    else:
        ax.set_xlim(0, 25)
        ax.text(0.5, 0.5, "no steps yet:\npress “train”", ha="center", va="center",
                transform=ax.transAxes, color="gray")
    ax.set_yscale("log")
    ax.set_ylim(1e-4, 1.0)
    ax.minorticks_off()                     # fewer labels to lay out: a faster redraw
    ax.set_xlabel("step")
    ax.set_ylabel("MSE loss")
    ax.set_title("loss so far")
    ax.legend(loc="upper right", fontsize=9.5)
    fig.subplots_adjust(left=0.05, right=0.98, wspace=0.65)
    return fig


class FitExplorer:
    """Buttons "train N steps" and "reset", an architecture toggle, a picture and a status line.

    ``FitExplorer().show()`` displays it.  In tests: set ``toggle.value``, call
    ``train_button.click()`` / ``reset_button.click()``, then read ``image.value``,
    ``status.value`` and ``trainer``.
    """

    def __init__(self, X=None, y=None, architecture: str = "1 layer", steps: int = 25,
                 lr: float = 0.05, seed: int = 0, dpi: int = DPI):
        import ipywidgets as widgets

        self.steps_per_click = int(steps)
        self.dpi = dpi
        self.trainer = ProductTrainer(X, y, architecture=architecture, lr=lr, seed=seed)
        self.toggle = widgets.ToggleButtons(options=list(ARCHITECTURES), value=architecture,
                                            description="model:",
                                            style={"button_width": "auto"},
                                            # (a ToggleButtons is a block: its label sat
                                            # on a line of its own above the buttons)
                                            layout=widgets.Layout(display="flex",
                                                                  align_items="center"))
        self.train_button = widgets.Button(description=f"train {self.steps_per_click} steps",
                                           button_style="primary",
                                           layout=fits_label())
        self.reset_button = widgets.Button(description="reset",
                                           layout=fits_label())
        self.image = widgets.Image(format="png")
        self.status = widgets.HTML()
        self.toggle.observe(self._on_toggle, names="value")
        self.train_button.on_click(self._on_train)
        self.reset_button.on_click(self._on_reset)
        self.box = widgets.VBox([self.toggle,
                                 widgets.HBox([self.train_button, self.reset_button]),
                                 self.status, self.image])
        self.redraw()

    # -- callbacks (never print) ----------------------------------------------------------
    def _on_toggle(self, change) -> None:
        self.trainer.reset(change["new"])
        self.redraw()

    def _on_train(self, _button) -> None:
        self.trainer.train(self.steps_per_click)
        self.redraw()

    def _on_reset(self, _button) -> None:
        self.trainer.reset()
        self.redraw()

    # -- output ---------------------------------------------------------------------------
    def status_text(self) -> str:
        t = self.trainer
        params = t.model.num_parameters()
        now = t.loss()
        verdict = ""
        if t.steps and now < 0.5 * t.plane_loss:
            verdict = " — far below the best plane: it has learned the curve"
        elif t.steps and now > 0.9 * t.plane_loss:
            verdict = " — no better than the best plane"
        return (f"<b>{t.architecture}</b>: {ARCHITECTURES[t.architecture]} "
                f"({params} parameters) &middot; Adam, lr {t.lr:g}, all {len(t.X)} points "
                f"per step<br>after <b>{t.steps}</b> steps the loss is "
                f"<b>{now:.4f}</b> (best plane: {t.plane_loss:.4f}){verdict}")

    def redraw(self) -> None:
        show(self.image, draw(self.trainer, dpi=self.dpi))
        self.status.value = self.status_text()

    def show(self) -> None:
        from IPython.display import display

        display(self.box)
