"""Chapter 8's widgets: watch a digit classifier train, then browse what it predicts.

* :class:`LiveLossPlot` is an Image widget that redraws the loss and accuracy
  curves after every epoch.  Pass it to :func:`minigrad.train.fit` as
  ``on_epoch_end``: it is called as ``plot(epoch, history)`` and returns None, so
  training goes on.
* :class:`PredictionBrowser` shows one test image at a time: the picture, the
  ten predicted probabilities as a bar chart, and the true and predicted labels.
  A slider and "previous"/"next" buttons move through the images; a checkbox
  keeps only the mistakes and a dropdown only one true digit.

Both draw with matplotlib into ``ipywidgets.Image`` and write text into
``ipywidgets.HTML``; nothing is printed, so a saved notebook's outputs are the
same under nbval as when it was saved.  The pure helpers (:func:`predict_proba`,
:func:`select`) need no widgets and are tested on their own.
"""

from __future__ import annotations

import numpy as np

from minigrad.autograd import no_grad
from minigrad.tensor import Tensor
from .render import DPI, new_figure, show
from .layout import fits_label

#: Colours of the predicted class's bar: right and wrong.
RIGHT, WRONG = "#2a9d4b", "#d62728"


def predict_proba(model, X) -> np.ndarray:
    """Softmax probabilities (N, classes) of ``model`` on ``X``, in eval mode, without a graph.

    The softmax subtracts each row's maximum first, so any finite logits give
    finite probabilities.  A model that was in training mode is put back into it.
    """
    was_training = getattr(model, "training", None)
    if callable(getattr(model, "eval", None)):
        model.eval()
    try:
        with no_grad():
            out = model(X if isinstance(X, Tensor) else Tensor(np.asarray(X)))
    finally:
        if was_training is True:
            model.train()
    logits = np.asarray(out.data, dtype=np.float64)
    shifted = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(shifted)
    return e / e.sum(axis=1, keepdims=True)


def select(labels, predictions, only_mistakes: bool = False, digit=None) -> np.ndarray:
    """Indices of the images to browse: all, or only mistakes, and/or only one true digit."""
    labels, predictions = np.asarray(labels), np.asarray(predictions)
    keep = np.ones(len(labels), dtype=bool)
    if only_mistakes:
        keep &= predictions != labels
    if digit is not None:
        keep &= labels == int(digit)
    return np.flatnonzero(keep)


# -- the live loss plot ---------------------------------------------------------------------
class LiveLossPlot:
    """Loss (left) and accuracy (right) per epoch, redrawn into one Image widget.

    ``plot = LiveLossPlot(epochs)``; ``plot.show()``; then
    ``fit(..., on_epoch_end=plot)``.  ``plot.epochs_drawn`` counts the redraws.
    """

    def __init__(self, epochs: int, dpi: int = DPI):
        import ipywidgets as widgets

        self.epochs = int(epochs)
        self.dpi = dpi
        self.epochs_drawn = 0
        self.image = widgets.Image(format="png")
        show(self.image, self.draw({}))

    def __call__(self, epoch, history) -> None:
        self.epochs_drawn = int(epoch)
        show(self.image, self.draw(history.as_dict() if hasattr(history, "as_dict")
                                   else dict(history)))
        return None                      # None: fit goes on training

    def draw(self, columns: dict):
        fig = new_figure(8.0, 2.6, dpi=self.dpi)
        loss_ax, acc_ax = fig.subplots(1, 2)
        for ax in (loss_ax, acc_ax):
            ax.set_xlim(0.5, self.epochs + 0.5)
            ax.set_xlabel("epoch")
            ax.set_xticks(range(1, self.epochs + 1))
        for key, label, style in (("loss", "train", "-"), ("val_loss", "test", "--")):
            if columns.get(key):
                values = columns[key]
                loss_ax.plot(range(1, len(values) + 1), values, style, marker="o", ms=3,
                             label=label)
        loss_ax.set_yscale("log")
        loss_ax.set_ylim(*loss_limits(columns))
        loss_ax.minorticks_off()
        loss_ax.set_title("cross-entropy loss")
        for key, label, style in (("accuracy", "train", "-"), ("val_accuracy", "test", "--")):
            if columns.get(key):
                values = columns[key]
                acc_ax.plot(range(1, len(values) + 1), values, style, marker="o", ms=3,
                            label=label)
        seen = [v for key in ("accuracy", "val_accuracy") for v in columns.get(key) or []]
        low = min([0.8] + [np.floor(v * 10) / 10 for v in seen if np.isfinite(v)])
        acc_ax.set_ylim(low, 1.0)
        acc_ax.set_title("accuracy")
        if columns.get("loss"):
            loss_ax.legend(fontsize=9.5, loc="upper right")
            acc_ax.legend(fontsize=9.5, loc="lower right")
        else:
            for ax in (loss_ax, acc_ax):
                ax.text(0.5, 0.5, "waiting for the first epoch", ha="center", va="center",
                        transform=ax.transAxes, color="gray")
        fig.subplots_adjust(wspace=0.3)
        return fig

    def show(self) -> None:
        from IPython.display import display

        display(self.image)


def loss_limits(columns: dict) -> tuple:
    """The loss axis: from 0.01 (or the next power of ten below the smallest loss, so
    the curve never drops off the bottom) up to 3 (above log 10 = 2.3, an untrained net)."""
    seen = [v for key in ("loss", "val_loss") for v in columns.get(key) or []
            if np.isfinite(v) and v > 0]
    low = min([1e-2] + [10.0 ** np.floor(np.log10(v)) for v in seen])
    high = max([3.0] + [v * 1.5 for v in seen])
    return low, high


# -- browsing predictions -------------------------------------------------------------------
def draw_prediction(image: np.ndarray, label: int, probabilities: np.ndarray, dpi: int = DPI):
    """One image beside the bar chart of its predicted probabilities."""
    fig = new_figure(6.6, 2.4, dpi=dpi)
    pic, bars = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1, 2.4]})
    pic.imshow(image, cmap="gray_r", interpolation="nearest")
    pic.set_xticks([])
    pic.set_yticks([])
    pic.set_title(f"true label: {label}")
    predicted = int(np.argmax(probabilities))
    colors = ["#b0b0b0"] * len(probabilities)
    colors[predicted] = RIGHT if predicted == label else WRONG
    classes = np.arange(len(probabilities))
    bars.bar(classes, probabilities, color=colors, edgecolor="black",
             linewidth=[1.8 if c == label else 0 for c in classes])
    bars.set_xticks(classes)
    bars.set_ylim(0, 1.05)
    bars.set_xlabel("digit (black outline: the true one)")
    bars.set_ylabel("probability")
    bars.set_title(f"predicted: {predicted} ({probabilities[predicted]:.1%})")
    fig.subplots_adjust(wspace=0.25)
    return fig


class PredictionBrowser:
    """Browse test images with their predicted probabilities.

    ``images``: (N, h, w) or (N, h·w) pixels of square images (for drawing),
    ``labels``: (N,) true classes, ``probabilities``: (N, classes), e.g. from
    :func:`predict_proba`.  In tests: set ``slider.value``, ``mistakes.value``,
    ``digit.value``; call ``next_button.click()`` / ``prev_button.click()``; then
    read ``image.value``, ``status.value``, ``current`` and ``selection``.
    """

    def __init__(self, images, labels, probabilities, dpi: int = DPI):
        import ipywidgets as widgets

        images = np.asarray(images, dtype=np.float64)
        if images.ndim == 2:
            side = int(round(np.sqrt(images.shape[1])))
            if side * side != images.shape[1]:
                raise ValueError(f"PredictionBrowser: rows of {images.shape[1]} pixels are not "
                                 f"square images; pass them as (N, height, width).")
            images = images.reshape(len(images), side, side)
        self.images = images
        self.labels = np.asarray(labels).astype(np.int64)
        self.probabilities = np.asarray(probabilities, dtype=np.float64)
        if not len(self.images) == len(self.labels) == len(self.probabilities):
            raise ValueError(f"PredictionBrowser: {len(self.images)} images, "
                             f"{len(self.labels)} labels and {len(self.probabilities)} rows of "
                             f"probabilities; they must match.")
        self.predictions = self.probabilities.argmax(axis=1)
        self.dpi = dpi
        self.selection = select(self.labels, self.predictions)
        self._quiet = False

        self.mistakes = widgets.Checkbox(value=False, description="only mistakes", indent=False)
        self.digit = widgets.Dropdown(options=[("all", -1)] + [(str(c), c) for c in
                                                               range(self.probabilities.shape[1])],
                                      value=-1, description="true digit:")
        # Counts from 1, like the caption ("image 1 of 359"): slider.value is the caption's
        # number, so the two always agree.
        self.slider = widgets.IntSlider(value=1, min=1, max=max(len(self.selection), 1),
                                        description="image:", continuous_update=False)
        self.prev_button = widgets.Button(description="◀ previous",
                                          layout=fits_label())
        self.next_button = widgets.Button(description="next ▶",
                                          layout=fits_label())
        self.image = widgets.Image(format="png")
        self.status = widgets.HTML()
        self.summary = widgets.HTML()

        self.mistakes.observe(self._on_filter, names="value")
        self.digit.observe(self._on_filter, names="value")
        self.slider.observe(self._on_slider, names="value")
        self.prev_button.on_click(lambda _b: self.step(-1))
        self.next_button.on_click(lambda _b: self.step(+1))
        self.box = widgets.VBox([
            widgets.HBox([self.mistakes, self.digit]),
            widgets.HBox([self.prev_button, self.slider, self.next_button]),
            self.summary, self.status, self.image])
        self.redraw()

    # -- state -----------------------------------------------------------------------------
    @property
    def current(self):
        """The index (into the full arrays) of the image shown, or None when none matches."""
        if len(self.selection) == 0:
            return None
        return int(self.selection[min(self.slider.value, len(self.selection)) - 1])

    def step(self, delta: int) -> None:
        """Move ``delta`` images through the selection, wrapping around at the ends."""
        if len(self.selection):
            self.slider.value = (self.slider.value - 1 + delta) % len(self.selection) + 1

    # -- callbacks (never print) -----------------------------------------------------------
    def _on_filter(self, _change) -> None:
        digit = None if self.digit.value == -1 else self.digit.value
        self.selection = select(self.labels, self.predictions, self.mistakes.value, digit)
        self._quiet = True                         # one redraw at the end, not one per change
        try:
            self.slider.value = 1
            self.slider.max = max(len(self.selection), 1)
            self.slider.disabled = len(self.selection) == 0
        finally:
            self._quiet = False
        self.redraw()

    def _on_slider(self, _change) -> None:
        if not self._quiet:
            self.redraw()

    # -- output ----------------------------------------------------------------------------
    def summary_text(self) -> str:
        n = len(self.labels)
        wrong = int((self.predictions != self.labels).sum())
        count = len(self.selection)
        what = ("mistake" if self.mistakes.value else "image") + ("" if count == 1 else "s")
        digit = "" if self.digit.value == -1 else f" of the digit {self.digit.value}"
        return (f"{n - wrong} of {n} test images right ({(n - wrong) / n:.1%}), {wrong} wrong "
                f"&middot; browsing <b>{count}</b> {what}{digit}")

    def status_text(self) -> str:
        i = self.current
        if i is None:
            return "<i>no image matches these filters</i>"
        label, predicted = int(self.labels[i]), int(self.predictions[i])
        confidence = self.probabilities[i, predicted]
        verdict = ("<span style='color:%s'><b>right</b></span>" % RIGHT if predicted == label
                   else "<span style='color:%s'><b>wrong</b></span>" % WRONG)
        extra = ""
        if predicted != label:
            extra = f"; the true digit got {self.probabilities[i, label]:.1%}"
        return (f"image {self.slider.value} of {len(self.selection)} (test image #{i}): "
                f"true <b>{label}</b>, predicted <b>{predicted}</b> with {confidence:.1%} "
                f"&mdash; {verdict}{extra}")

    def redraw(self) -> None:
        self.summary.value = self.summary_text()
        self.status.value = self.status_text()
        i = self.current
        if i is None:
            fig = new_figure(6.6, 2.4, dpi=self.dpi)
            ax = fig.subplots()
            ax.axis("off")
            ax.text(0.5, 0.5, "no image matches these filters", ha="center", va="center",
                    color="gray", transform=ax.transAxes)
        else:
            fig = draw_prediction(self.images[i], int(self.labels[i]), self.probabilities[i],
                                  dpi=self.dpi)
        show(self.image, fig)

    def show(self) -> None:
        from IPython.display import display

        display(self.box)
