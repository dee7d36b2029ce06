"""Chapter 9's widget: a recurrent net learning sin(x)·cos(x), and the gradients through time.

The series is y(x) = sin(x)·cos(x) sampled every ``DT`` (it equals ½·sin(2x): a wave of
period π, about 12.6 samples).  A model reads a window of ``steps`` consecutive values,
one per time step, through ``nn.RNNCell(1, hidden)`` and predicts the next value from
the last hidden state with ``nn.Linear(hidden, 1)``.

* :func:`sincos_series` and :func:`make_windows`: the data, as plain NumPy arrays;
* :class:`SequenceTrainer`: the model, full-batch Adam training in bursts, one-step-ahead
  predictions on a later stretch of the curve, the graph size of one unrolled window and
  the norm of the loss's gradient with respect to every hidden state (no widgets; easy
  to test);
* :class:`RecurrentExplorer`: a slider for the number of unrolled steps, buttons
  "train 20 steps" and "reset", a picture (prediction vs truth, gradient norm over time)
  and an HTML status line.

Nothing is printed: every change replaces the Image's PNG bytes and the HTML text.  The
model starts from its own seeded generator, so the first picture and every "reset" are
the same on every run.
"""

from __future__ import annotations

import numpy as np

from minigrad import nn
from minigrad.autograd import no_grad, topological_order
from minigrad.optim import Adam
from minigrad.tensor import Tensor
from .render import DPI, new_figure, show
from .layout import fits_label

#: Distance between two samples of the curve.
DT = 0.25
#: Samples in the whole series; the first ``TRAIN`` are for training, the rest for testing.
LENGTH, TRAIN = 280, 200


def sincos_series(n: int = LENGTH, dt: float = DT) -> np.ndarray:
    """``n`` samples of sin(x)·cos(x) at x = 0, dt, 2·dt, …"""
    x = np.arange(n) * dt
    return np.sin(x) * np.cos(x)


def make_windows(series, steps: int):
    """``(X, y)``: every window of ``steps`` consecutive values and the value right after it.

    ``X[i] = series[i : i + steps]`` and ``y[i] = series[i + steps]``, so ``X`` has shape
    (len(series) - steps, steps) and ``y`` (len(series) - steps,).
    """
    series = np.asarray(series, dtype=np.float64)
    steps = int(steps)
    n = len(series) - steps
    if steps < 1 or n < 1:
        raise ValueError(f"make_windows: need 1 <= steps < len(series), got steps={steps} "
                         f"for a series of {len(series)} values.")
    X = np.stack([series[i:i + steps] for i in range(n)])
    return X, series[steps:].copy()


class SequenceTrainer:
    """``RNNCell(1, hidden)`` unrolled over ``steps`` values, then ``Linear(hidden, 1)``.

    ``losses[i]`` is the training loss measured during step ``i + 1`` (before its
    update).  Changing :attr:`steps` keeps the weights: the same cell can be unrolled over
    any number of steps, because it is the *same* cell at every step.
    """

    def __init__(self, steps: int = 10, hidden: int = 16, lr: float = 0.01, seed: int = 0,
                 series=None):
        self.series = sincos_series() if series is None else np.asarray(series, np.float64)
        self.hidden, self.lr, self.seed = int(hidden), float(lr), int(seed)
        self.steps = int(steps)
        self.reset()

    def reset(self) -> None:
        """Start again from the seeded weights."""
        rng = np.random.default_rng(self.seed)
        self.cell = nn.RNNCell(1, self.hidden, rng=rng)
        self.head = nn.Linear(self.hidden, 1, rng=rng)
        self.parameters = list(self.cell.parameters()) + list(self.head.parameters())
        self.optimizer = Adam(self.parameters, lr=self.lr)
        self.losses: list[float] = []

    @property
    def trained_steps(self) -> int:
        return len(self.losses)

    # -- the model ------------------------------------------------------------------------
    def forward(self, X: np.ndarray, keep=None):
        """Predictions (N, 1) for windows ``X`` (N, steps); hidden states go into ``keep``."""
        h = None
        for k in range(X.shape[1]):
            h = self.cell(Tensor(X[:, k:k + 1]), h)
            if keep is not None:
                h.retain_grad()
                keep.append(h)
        return self.head(h)

    def _loss(self, X, y, keep=None):
        diff = self.forward(X, keep) - Tensor(y.reshape(-1, 1))
        return (diff * diff).mean()

    def train(self, n: int) -> None:
        """``n`` full-batch Adam steps on every window of the training stretch."""
        X, y = make_windows(self.series[:TRAIN], self.steps)
        for _ in range(int(n)):
            self.optimizer.zero_grad()
            loss = self._loss(X, y)
            loss.backward()
            self.optimizer.step()
            self.losses.append(float(loss.data))

    # -- what the widget shows ------------------------------------------------------------
    def test_windows(self):
        """Windows whose targets are the test stretch (the samples after ``TRAIN``)."""
        return make_windows(self.series[TRAIN - self.steps:], self.steps)

    def predict(self) -> tuple:
        """``(x, truth, prediction)`` over the test stretch, one step ahead each."""
        X, y = self.test_windows()
        with no_grad():
            pred = self.forward(X).data[:, 0]
        x = (TRAIN + np.arange(len(y))) * DT
        return x, y, pred

    def test_loss(self) -> float:
        _, y, pred = self.predict()
        return float(np.mean((pred - y) ** 2))

    def graph_nodes(self) -> int:
        """How many tensors ``mg.topological_order`` finds for the loss of one window."""
        X, y = self.test_windows()
        return len(topological_order(self._loss(X[:1], y[:1])))

    def gradient_norms(self) -> np.ndarray:
        """‖∂loss/∂h_t‖ for t = 1 … steps, for the first test window (its hidden states kept
        with ``retain_grad``).  Parameter gradients are cleared again afterwards."""
        X, y = self.test_windows()
        hidden: list = []
        self._loss(X[:1], y[:1], keep=hidden).backward()
        for p in self.parameters:
            p.grad = None
        return np.array([np.linalg.norm(h.grad.data) for h in hidden])


def draw(trainer: SequenceTrainer, dpi: int = DPI):
    """The widget's picture: prediction vs truth on the test stretch, and the gradient norms."""
    fig = new_figure(9.0, 3.2, dpi=dpi)
    left, right = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1.5, 1]})
    x, y, pred = trainer.predict()
    left.plot(x, y, color="gray", lw=2.5, alpha=0.6, label="sin(x)·cos(x)")
    left.plot(x, pred, color="C1", lw=1.3, label="prediction (one step ahead)")
    left.set_ylim(-0.9, 0.9)
    left.set_xlabel("x (test stretch, never trained on)")
    left.set_title(f"after {trainer.trained_steps} training steps, {trainer.steps} unrolled")
    left.legend(loc="upper right", fontsize=9.5)

    norms = trainer.gradient_norms()
    t = np.arange(1, len(norms) + 1)
    right.semilogy(t, np.maximum(norms, 1e-300), "o-", ms=3, color="C0")
    right.set_ylim(1e-18, 1e2)
    right.set_xlim(0, max(trainer.steps, 5) + 1)
    right.minorticks_off()
    right.set_xlabel("time step t (the prediction is made after the last)")
    right.set_ylabel("‖∂loss/∂h_t‖")
    right.set_title("gradient reaching each hidden state")
    right.grid(True, alpha=0.3)
    fig.subplots_adjust(left=0.05, right=0.98, wspace=0.3)
    return fig


class RecurrentExplorer:
    """A slider (unrolled steps), buttons "train 20 steps" and "reset", a picture and a status.

    ``RecurrentExplorer().show()`` displays it.  In tests: set ``slider.value``, call
    ``train_button.click()`` / ``reset_button.click()``, then read ``image.value``,
    ``status.value`` and ``trainer``.
    """

    def __init__(self, steps: int = 10, hidden: int = 16, train_steps: int = 20,
                 lr: float = 0.01, seed: int = 0, max_steps: int = 60, dpi: int = DPI):
        import ipywidgets as widgets

        self.train_steps, self.dpi = int(train_steps), dpi
        self.trainer = SequenceTrainer(steps=steps, hidden=hidden, lr=lr, seed=seed)
        self.slider = widgets.IntSlider(value=steps, min=1, max=max_steps, step=1,
                                        description="unrolled:", continuous_update=False)
        self.train_button = widgets.Button(description=f"train {self.train_steps} steps",
                                           button_style="primary",
                                           layout=fits_label())
        self.reset_button = widgets.Button(description="reset",
                                           layout=fits_label())
        self.image = widgets.Image(format="png")
        self.status = widgets.HTML()
        self.slider.observe(self._on_slide, names="value")
        self.train_button.on_click(self._on_train)
        self.reset_button.on_click(self._on_reset)
        self.box = widgets.VBox([widgets.HBox([self.slider, self.train_button,
                                               self.reset_button]),
                                 self.status, self.image])
        self.redraw()

    # -- callbacks (never print) ----------------------------------------------------------
    def _on_slide(self, change) -> None:
        self.trainer.steps = int(change["new"])
        self.redraw()

    def _on_train(self, _button) -> None:
        self.trainer.train(self.train_steps)
        self.redraw()

    def _on_reset(self, _button) -> None:
        self.trainer.reset()
        self.redraw()

    # -- output ---------------------------------------------------------------------------
    def status_text(self, norms=None) -> str:
        t = self.trainer
        norms = t.gradient_norms() if norms is None else norms
        ratio = norms[0] / norms[-1] if norms[-1] > 0 else float("nan")
        plural = "" if t.steps == 1 else "s"
        return (f"<b>{t.steps}</b> unrolled step{plural}: one window's graph has "
                f"<b>{t.graph_nodes()}</b> nodes &middot; after <b>{t.trained_steps}</b> "
                f"training steps the test error (MSE) is <b>{t.test_loss():.2e}</b>"
                f"<br>gradient at step 1 / gradient at step {t.steps}: <b>{ratio:.1e}</b>")

    def redraw(self) -> None:
        show(self.image, draw(self.trainer, dpi=self.dpi))
        self.status.value = self.status_text()

    def show(self) -> None:
        from IPython.display import display

        display(self.box)
