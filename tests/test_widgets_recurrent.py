"""classroom.widgets.recurrent: chapter 9's RNN view of sin(x)·cos(x), driven without a display."""

import numpy as np
import pytest

from classroom.widgets.recurrent import (DT, TRAIN, RecurrentExplorer, SequenceTrainer,
                                    make_windows, sincos_series)


def explorer(**kw):
    return RecurrentExplorer(dpi=30, hidden=8, **kw)


def test_data_windows_and_targets():
    s = sincos_series(20)
    np.testing.assert_allclose(s, 0.5 * np.sin(2 * DT * np.arange(20)), atol=1e-15)
    X, y = make_windows(s, 4)
    assert X.shape == (16, 4) and y.shape == (16,)
    np.testing.assert_array_equal(X[3], s[3:7])
    assert y[3] == s[7] and y[-1] == s[-1]
    with pytest.raises(ValueError, match="steps"):
        make_windows(s, 20)


def test_initial_state_is_deterministic_and_untrained():
    a, b = explorer(), explorer()
    assert bytes(a.image.value).startswith(b"\x89PNG")
    assert bytes(a.image.value) == bytes(b.image.value) and a.status.value == b.status.value
    assert a.trainer.trained_steps == 0 and a.trainer.steps == 10 == a.slider.value
    assert a.train_button.description == "train 20 steps"
    assert "<b>10</b> unrolled steps" in a.status.value
    assert "after <b>0</b> training steps" in a.status.value


def test_graph_grows_by_four_nodes_per_step():
    t = SequenceTrainer(steps=1, hidden=4)
    counts = []
    for steps in (1, 2, 5, 30):
        t.steps = steps
        counts.append(t.graph_nodes())
    assert [c - 4 * s for c, s in zip(counts, (1, 2, 5, 30))] == [counts[0] - 4] * 4


def test_gradients_vanish_over_a_long_unrolled_window():
    t = SequenceTrainer(steps=60, hidden=16)
    norms = t.gradient_norms()
    assert norms.shape == (60,) and np.all(np.isfinite(norms))
    assert norms[0] < 1e-8 * norms[-1]                     # 60 steps back: almost nothing
    assert all(p.grad is None for p in t.parameters)      # the probe leaves no gradients


def test_buttons_and_slider():
    w = explorer()
    first_png, first_loss = bytes(w.image.value), w.trainer.test_loss()
    w.train_button.click()                                  # 20 steps, then a new picture
    assert w.trainer.trained_steps == 20 and len(w.trainer.losses) == 20
    assert bytes(w.image.value) != first_png
    assert "after <b>20</b> training steps" in w.status.value
    assert w.trainer.test_loss() < first_loss
    trained = [p.data.copy() for p in w.trainer.parameters]
    w.slider.value = 25                                     # more steps, same weights
    assert w.trainer.steps == 25 and "<b>25</b> unrolled steps" in w.status.value
    assert "gradient at step 1 / gradient at step 25" in w.status.value
    for p, q in zip(w.trainer.parameters, trained):
        np.testing.assert_array_equal(p.data, q)
    w.reset_button.click()                                  # back to the seeded start
    assert w.trainer.trained_steps == 0 and w.trainer.steps == 25
    w.slider.value = 10
    assert bytes(w.image.value) == first_png and w.trainer.test_loss() == first_loss


def test_training_learns_the_curve():
    t = SequenceTrainer(steps=8, hidden=8)
    before = t.test_loss()
    t.train(60)
    x, y, pred = t.predict()
    assert x[0] == TRAIN * DT and pred.shape == y.shape
    assert t.test_loss() < 0.05 * before
