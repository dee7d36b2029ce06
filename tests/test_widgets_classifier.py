"""classroom.widgets.classifier: chapter 8's live loss plot and prediction browser, driven
without a display."""

import numpy as np
import pytest

from minigrad import nn
from minigrad.train import History
from classroom.widgets.classifier import (LiveLossPlot, PredictionBrowser, loss_limits,
                                          predict_proba, select)

# 12 made-up 8x8 "images" with 4 classes; rows 2, 5 and 9 are predicted wrongly.
RNG = np.random.default_rng(0)
IMAGES = RNG.uniform(0, 1, (12, 64))
LABELS = np.array([0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3])
PREDICTED = LABELS.copy()
PREDICTED[[2, 5, 9]] = [0, 3, 2]
PROBS = np.full((12, 4), 0.1)
PROBS[np.arange(12), PREDICTED] = 0.7


def browser(**kw):
    return PredictionBrowser(IMAGES, LABELS, PROBS, dpi=30, **kw)


def test_predict_proba_is_a_stable_softmax_and_restores_training_mode():
    model = nn.Linear(3, 4, rng=np.random.default_rng(0))
    model.weight.data = model.weight.data * 1e4          # huge logits: a naive softmax gives nan
    X = np.random.default_rng(1).normal(size=(5, 3))
    p = predict_proba(model, X)
    assert p.shape == (5, 4) and np.all(np.isfinite(p))
    np.testing.assert_allclose(p.sum(axis=1), 1.0)
    assert model.training is True


def test_select_filters_mistakes_and_digits():
    assert select(LABELS, PREDICTED).tolist() == list(range(12))
    assert select(LABELS, PREDICTED, only_mistakes=True).tolist() == [2, 5, 9]
    assert select(LABELS, PREDICTED, digit=1).tolist() == [1, 5, 9]
    assert select(LABELS, PREDICTED, only_mistakes=True, digit=1).tolist() == [5, 9]


def test_initial_state_is_deterministic():
    a, b = browser(), browser()
    assert bytes(a.image.value).startswith(b"\x89PNG")
    assert bytes(a.image.value) == bytes(b.image.value) and a.status.value == b.status.value
    assert a.current == 0 and (a.slider.min, a.slider.max) == (1, 12)
    assert "image 1 of 12" in a.status.value and a.slider.value == 1
    assert "9 of 12 test images right" in a.summary.value and "3 wrong" in a.summary.value
    assert "true <b>0</b>, predicted <b>0</b>" in a.status.value and "right" in a.status.value


def test_slider_buttons_and_filters():
    w = browser()
    first = bytes(w.image.value)
    w.slider.value = 3                                   # a mistake: 2 predicted as 0
    assert w.current == 2 and bytes(w.image.value) != first
    assert "image 3 of 12" in w.status.value             # the caption says what the slider says
    assert "true <b>2</b>, predicted <b>0</b> with 70.0%" in w.status.value
    assert "wrong" in w.status.value and "the true digit got 10.0%" in w.status.value
    w.next_button.click()
    assert w.current == 3
    w.prev_button.click()
    w.prev_button.click()
    assert w.current == 1
    w.slider.value = 1
    w.prev_button.click()                                # wraps around to the last image
    assert w.current == 11 and w.slider.value == 12

    w.mistakes.value = True                              # only the three mistakes
    assert w.selection.tolist() == [2, 5, 9] and w.slider.max == 3 and w.current == 2
    assert "browsing <b>3</b> mistakes" in w.summary.value
    for _ in range(3):
        assert w.predictions[w.current] != w.labels[w.current]
        w.next_button.click()
    assert w.current == 2                                # wrapped around

    w.digit.value = 1                                    # mistakes of the digit 1
    assert w.selection.tolist() == [5, 9] and w.current == 5
    assert "of the digit 1" in w.summary.value
    w.digit.value = 0                                    # no mistakes on 0: nothing to show
    assert w.current is None and w.slider.disabled
    assert "no image matches" in w.status.value
    w.next_button.click()                                # harmless
    w.mistakes.value = False
    assert w.selection.tolist() == [0, 4, 8] and not w.slider.disabled and w.current == 0


def test_images_may_come_as_rows_or_squares_but_must_match():
    square = PredictionBrowser(IMAGES.reshape(12, 8, 8), LABELS, PROBS, dpi=30)
    assert bytes(square.image.value) == bytes(browser().image.value)
    with pytest.raises(ValueError, match="must match"):
        PredictionBrowser(IMAGES[:5], LABELS, PROBS)
    with pytest.raises(ValueError, match="square"):
        PredictionBrowser(np.zeros((12, 10)), LABELS, PROBS)


def test_live_loss_plot_redraws_each_epoch_and_never_stops_training():
    plot = LiveLossPlot(epochs=3, dpi=30)
    empty = bytes(plot.image.value)
    assert empty.startswith(b"\x89PNG") and plot.epochs_drawn == 0
    history = History()
    history.append(loss=1.0, accuracy=0.8, val_loss=1.1, val_accuracy=0.82)
    assert plot(1, history) is None                     # None: fit goes on
    once = bytes(plot.image.value)
    assert once != empty and plot.epochs_drawn == 1
    history.append(loss=0.5, accuracy=0.9, val_loss=0.6, val_accuracy=0.88)
    plot(2, history)
    assert bytes(plot.image.value) != once and plot.epochs_drawn == 2


def test_the_loss_axis_follows_a_loss_below_its_usual_floor():
    """A model trained on (re-running the training cell) fell below 0.01 and off the plot."""
    assert loss_limits({}) == (1e-2, 3.0)
    assert loss_limits({"loss": [2.0, 0.5], "val_loss": [1.0]}) == (1e-2, 3.0)
    low, high = loss_limits({"loss": [0.3, 0.004, 0.0007], "val_loss": [0.02]})
    assert low == pytest.approx(1e-4) and high == 3.0
    assert loss_limits({"loss": [6.0]})[1] == pytest.approx(9.0)
