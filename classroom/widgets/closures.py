"""Chapter 7's widget: step through a network built from closures, forward and then backward.

A :class:`~classroom.designs.closures.Sequential` keeps one ``backward`` closure per layer in
a plain Python list and, when asked for the gradient, calls them last to first.  That list
*is* the graph.  :class:`ClosureStepper` does the same thing one call at a time so it can be
watched:

* steps 1..L run ``layer.forward(X)`` for each layer and push the closure it returns;
* the next step runs the loss, which returns ``(loss, dloss)``;
* the L steps after that pop the closures, last first, and call each with the gradient so
  far; each call adds into its layer's parameter gradients and hands ``dX`` to the one before.

:class:`ClosureExplorer` wraps it in "step" and "reset" buttons, a picture (one box per layer
with the shapes that flowed through it, the stack of stored closures, the gradient norms) and
an HTML status line.  Nothing is printed; every change replaces the Image bytes and the HTML.
"""

from __future__ import annotations

import numpy as np

from ..designs import closures as cl
from minigrad.data import product
from .render import DPI, new_figure, show
from .layout import fits_label

FORWARD, LOSS, BACKWARD, DONE, START = "forward", "loss", "backward", "done", "start"


def default_model() -> cl.Sequential:
    """The chapter's network for y = x1·x2: Linear(2, 10) → Sigmoid → Linear(10, 1), seeded."""
    return cl.Sequential(cl.Linear(2, 10, rng=np.random.default_rng(0)), cl.Sigmoid(),
                         cl.Linear(10, 1, rng=np.random.default_rng(1)))


def _norm(array) -> float:
    return float(np.sqrt(np.sum(np.square(array))))


class ClosureStepper:
    """One forward-and-backward pass through ``model.layers``, one call per :meth:`step`.

    State a test (or the picture) can read:

    * ``phase``: "start", "forward", "loss", "backward" or "done" (what the last step did);
    * ``current``: index of the layer the last step ran (None for start / loss / done);
    * ``closures``: the stack of stored backward closures, as ``(layer index, closure)``;
    * ``shapes[i]``: ``(input shape, output shape)`` once layer i has run forward;
    * ``grad_shapes[i]``: ``(dY shape, dX shape)`` once layer i's closure has run;
    * ``grad_norms[i]``: ``{"W": ‖dW‖, "b": ‖db‖}`` for a layer with parameters;
    * ``loss``, ``dloss`` and ``dX`` (the gradient with respect to the network's input).
    """

    def __init__(self, model: cl.Sequential | None = None, X=None, Y=None, batch: int = 8):
        if X is None or Y is None:
            X, Y = product(batch, seed=0)
        self.model = model if model is not None else default_model()
        self.layers = list(self.model.layers)
        self.X, self.Y = np.asarray(X, dtype=np.float64), np.asarray(Y, dtype=np.float64)
        self.reset()

    @property
    def total_steps(self) -> int:
        return 2 * len(self.layers) + 1

    def reset(self) -> None:
        """Forget the pass: zero the gradients, empty the stack, back to step 0."""
        for p in self.model.params():
            p.zero_grad()
        self.steps = 0
        self.phase, self.current = START, None
        self.closures: list = []
        self.activation = self.X
        self.shapes: dict = {}
        self.grad_shapes: dict = {}
        self.grad_norms: dict = {}
        self.loss = self.dloss = self.dX = None
        self._grad = None

    @property
    def done(self) -> bool:
        return self.steps >= self.total_steps

    def step(self) -> None:
        """Run the next call: a layer's forward, the loss, or one stored closure."""
        if self.done:
            self.phase, self.current = DONE, None
            return
        n = len(self.layers)
        if self.steps < n:                                   # forward through layer i
            i = self.steps
            X = self.activation
            Y, backward = self.layers[i].forward(X)
            self.closures.append((i, backward))
            self.shapes[i] = (X.shape, Y.shape)
            self.activation = Y
            self.phase, self.current = FORWARD, i
        elif self.steps == n:                                # the loss: (loss, dloss)
            self.loss, self.dloss = cl.mse_loss(self.activation, self.Y)
            self._grad = self.dloss
            self.phase, self.current = LOSS, None
        else:                                                # pop and call a closure
            i, backward = self.closures.pop()
            dY = self._grad
            dX = backward(dY)
            self.grad_shapes[i] = (dY.shape, dX.shape)
            params = self.layers[i].params()
            if params:
                self.grad_norms[i] = {name: _norm(p.grad) for name, p in zip("Wb", params)}
            self._grad = dX
            self.phase, self.current = BACKWARD, i
            if not self.closures:
                self.dX = dX
        self.steps += 1

    def run(self) -> None:
        """Every remaining step."""
        while not self.done:
            self.step()

    def describe(self) -> str:
        """One sentence (HTML) about what the last step did."""
        n = len(self.layers)
        if self.phase == START:
            return (f"step 0 of {self.total_steps}: nothing has run yet. A batch X of shape "
                    f"{self.X.shape} is waiting; the closure stack is empty.")
        head = f"step {self.steps} of {self.total_steps}: "
        if self.phase == FORWARD:
            i = self.current
            x_shape, y_shape = self.shapes[i]
            return (head + f"<b>forward</b> through layer {i}, {self.layers[i]!r}: "
                    f"{x_shape} → {y_shape}. Its backward closure is pushed on the stack "
                    f"({len(self.closures)} stored).")
        if self.phase == LOSS:
            return (head + f"<b>loss</b>: mse_loss returns loss = {self.loss:.4f} and dloss of "
                    f"shape {self.dloss.shape}. Now the closures run, last pushed first.")
        if self.phase == BACKWARD:
            i = self.current
            dy_shape, dx_shape = self.grad_shapes[i]
            text = (head + f"<b>backward</b>: the closure of layer {i}, {self.layers[i]!r}, "
                    f"takes dY {dy_shape} and returns dX {dx_shape}")
            if i in self.grad_norms:
                g = self.grad_norms[i]
                text += f"; it added into W.grad (‖dW‖ = {g['W']:.4f}) and b.grad (‖db‖ = {g['b']:.4f})"
            text += f". {len(self.closures)} closure{'s' if len(self.closures) != 1 else ''} left."
            if not self.closures:
                text += " The stack is empty: every gradient is in place."
            return text
        return (f"step {self.steps} of {self.total_steps}: done. The closures are gone; "
                f"only the gradients remain. Press reset to run the pass again ({n} layers).")


def _shape_text(shape) -> str:
    return "×".join(str(s) for s in shape)


def draw(stepper: ClosureStepper, dpi: int = DPI):
    """Boxes for the layers and the loss, the shapes that flowed, and the closure stack."""
    layers = stepper.layers
    n = len(layers)
    fig = new_figure(9.3, 3.8, dpi=dpi)
    ax = fig.add_axes([0.0, 0.0, 1.0, 1.0])
    ax.set_xlim(-0.7, n + 3.3)
    ax.set_ylim(-0.2, 3.6)
    ax.axis("off")
    box_w, box_h, y0 = 0.8, 0.7, 2.1

    def box(x, label, active, ran, color):
        face = color if active else ("#eef3fa" if ran else "white")
        ax.add_patch(_rect(x - box_w / 2, y0, box_w, box_h, face, "black" if active else "gray"))
        ax.text(x, y0 + box_h / 2, label, ha="center", va="center", fontsize=10.5,
                fontweight="bold" if active else "normal")

    ax.text(-0.45, y0 + box_h * 0.72, f"X {_shape_text(stepper.X.shape)}", ha="center",
            va="bottom", fontsize=10)
    for i, layer in enumerate(layers):
        x = i + 0.6
        forward_now = stepper.phase == FORWARD and stepper.current == i
        backward_now = stepper.phase == BACKWARD and stepper.current == i
        box(x, repr(layer).replace("()", "").replace("(", "\n("), forward_now or backward_now, i in stepper.shapes,
            "#9cc3f0" if forward_now else "#f6b26b")
        if i in stepper.shapes:                              # forward arrow with the shape out
            ax.annotate("", xy=(x + 0.5, y0 + box_h * 0.72), xytext=(x + box_w / 2, y0 + box_h * 0.72),
                        arrowprops=dict(arrowstyle="->", color="#3d78c2"))
            ax.text(x + 0.5, y0 + box_h + 0.12, _shape_text(stepper.shapes[i][1]), ha="center",
                    fontsize=9.5, color="#3d78c2")
        if i in stepper.grad_shapes:                         # backward arrow with dX's shape
            ax.annotate("", xy=(x - 0.5, y0 + box_h * 0.28), xytext=(x - box_w / 2, y0 + box_h * 0.28),
                        arrowprops=dict(arrowstyle="->", color="#c0661b"))
            ax.text(x - 0.5, y0 - 0.22, "dX " + _shape_text(stepper.grad_shapes[i][1]),
                    ha="center", fontsize=9.5, color="#c0661b")
        if i in stepper.grad_norms:
            g = stepper.grad_norms[i]
            ax.text(x, y0 - 0.55, f"‖dW‖ {g['W']:.3f}\n‖db‖ {g['b']:.3f}", ha="center",
                    va="center", fontsize=9.5, color="#c0661b")
    loss_x = n + 0.6
    loss_label = "mse_loss" if stepper.loss is None else f"mse_loss\n{stepper.loss:.4f}"
    box(loss_x, loss_label, stepper.phase == LOSS, stepper.loss is not None, "#b6d7a8")
    if stepper.dX is not None:
        ax.text(-0.45, y0 + 0.05, f"dX\n{_shape_text(stepper.dX.shape)}", ha="center",
                va="top", fontsize=10, color="#c0661b")

    # the closure stack, bottom (first pushed) to top (next to run)
    sx = n + 2.25
    ax.text(sx, 3.4, "closure stack", ha="center", fontsize=10.5, fontweight="bold")
    slot_h = min(0.42, 2.9 / max(n, 1))
    for k in range(n):
        y = 0.1 + k * slot_h
        if k < len(stepper.closures):
            i, _ = stepper.closures[k]
            top = k == len(stepper.closures) - 1
            ax.add_patch(_rect(sx - 0.95, y, 1.9, slot_h * 0.85, "#fde9d6" if top else "#f4f4f4",
                               "#c0661b" if top else "gray"))
            ax.text(sx, y + slot_h * 0.42, f"backward of {i}: {layers[i]!r}", ha="center",
                    va="center", fontsize=9)
        else:
            ax.add_patch(_rect(sx - 0.95, y, 1.9, slot_h * 0.85, "white", "#dddddd"))
    ax.text(sx, 0.1 + n * slot_h + 0.05, "↑ next to run" if stepper.closures else "(empty)",
            ha="center", fontsize=9.5, color="gray")
    return fig


def _rect(x, y, w, h, face, edge):
    from matplotlib.patches import FancyBboxPatch

    return FancyBboxPatch((x, y), w, h, boxstyle="round,pad=0.02", facecolor=face,
                          edgecolor=edge, linewidth=1.2)


class ClosureExplorer:
    """"step" and "reset" buttons, a picture and a status line.

    ``ClosureExplorer().show()`` displays it.  In tests: call ``step_button.click()`` /
    ``reset_button.click()``, then read ``image.value``, ``status.value`` and ``stepper``.
    """

    def __init__(self, model: cl.Sequential | None = None, X=None, Y=None, batch: int = 8,
                 dpi: int = DPI):
        import ipywidgets as widgets

        self.dpi = dpi
        self.stepper = ClosureStepper(model, X, Y, batch=batch)
        self.step_button = widgets.Button(description="step", button_style="primary",
                                          layout=fits_label())
        self.reset_button = widgets.Button(description="reset",
                                           layout=fits_label())
        self.image = widgets.Image(format="png")
        self.status = widgets.HTML()
        self.step_button.on_click(self._on_step)
        self.reset_button.on_click(self._on_reset)
        self.box = widgets.VBox([widgets.HBox([self.step_button, self.reset_button]),
                                 self.status, self.image])
        self.redraw()

    def _on_step(self, _button) -> None:
        self.stepper.step()
        self.redraw()

    def _on_reset(self, _button) -> None:
        self.stepper.reset()
        self.redraw()

    def redraw(self) -> None:
        self.step_button.disabled = self.stepper.done
        show(self.image, draw(self.stepper, dpi=self.dpi))
        self.status.value = self.stepper.describe()

    def show(self) -> None:
        from IPython.display import display

        display(self.box)
