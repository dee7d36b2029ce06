"""classroom.widgets.learning_rate: the learning-rate slider of chapter 5, driven without a display."""

import numpy as np
import pytest

pytest.importorskip("ipywidgets")

from classroom.widgets.learning_rate import (FIT, LearningRateExplorer, starting_weights,
                                        train_losses, verdict)


@pytest.fixture(scope="module")
def explorer():
    return LearningRateExplorer()


def test_starting_weights_are_seeded_and_shaped():
    W1, b1, W2, b2 = starting_weights(0)
    assert [a.shape for a in (W1, b1, W2, b2)] == [(2, 3), (3,), (3, 1), (1,)]
    again = starting_weights(0)
    assert all(np.array_equal(a, b) for a, b in zip((W1, b1, W2, b2), again))
    assert not np.array_equal(W1, starting_weights(1)[0])


def test_train_losses_matches_a_numpy_twin():
    """The widget trains with minigrad; hand-written NumPy backprop gives the same losses."""
    X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    y = X[:, 1:]
    W1, b1, W2, b2 = starting_weights(0)
    expected = []
    for _ in range(20):
        H = 1 / (1 + np.exp(-(X @ W1 + b1)))
        P = H @ W2 + b2
        expected.append(np.mean((P - y) ** 2))
        dP = 2 * (P - y) / len(X)
        dZ = dP @ W2.T * H * (1 - H)
        W1, b1 = W1 - 0.3 * X.T @ dZ, b1 - 0.3 * dZ.sum(0)
        W2, b2 = W2 - 0.3 * H.T @ dP, b2 - 0.3 * dP.sum(0)
    np.testing.assert_allclose(train_losses(0.3, epochs=20), expected, rtol=1e-12)


def test_overflow_stops_training_and_pads_with_nan():
    losses = train_losses(10.0, epochs=300)
    assert len(losses) == 300 and not np.isfinite(losses).all()
    assert np.isnan(losses[-1])
    assert verdict(losses)[0] == "diverges"
    assert "overflowed at epoch" in verdict(losses)[1]


def test_verdict_rules():
    assert verdict([1.0, 0.5, 0.1, 0.005])[0] == "converges"
    assert verdict([1.0, 0.9, 0.8, 0.7])[0] == "slow"
    assert verdict([1.0, 0.3, 0.6, 0.2, 0.5])[0] == "unstable"
    assert verdict([1.0, 2.0, 4.0])[0] == "diverges"
    assert verdict([1.0, np.inf, np.nan])[0] == "diverges"
    word, text = verdict([1.0, 0.5, 0.6, FIT / 2])
    assert word == "converges" and "went up on 1 of 3 steps" in text


def test_seed_2_at_lr_0_5_is_unstable_and_still_climbing_at_the_end():
    """Chapter 5, section 8: the rate that suits seed 0 overshoots for seed 2, whose loss falls
    low and then climbs until the run ends; the verdict names it for what section 7 calls it."""
    losses = train_losses(0.5, epochs=100, seed=2)
    low = int(np.argmin(losses))
    assert 0 < low < 90 and losses[-1] > 10 * losses[low]
    assert losses[-1] > losses[-2]                      # still climbing at the last epoch
    word, text = verdict(losses)
    assert word == "unstable" and "overshoots" in text


def test_initial_state_is_deterministic(explorer):
    other = LearningRateExplorer()
    assert explorer.slider.value == pytest.approx(0.3)
    assert explorer.html.value == other.html.value
    assert "converges" in explorer.html.value and "seed 0" in explorer.html.value
    assert explorer.image.value == other.image.value
    assert bytes(explorer.image.value).startswith(b"\x89PNG")
    assert explorer.previous is None


def test_slider_retrains_and_redraws(explorer):
    """(How quickly is benchmarks/bench_widgets.py's business: no timing in tests.)"""
    before = bytes(explorer.image.value)
    explorer.slider.value = 0.002
    assert explorer.word == "slow" and "slow" in explorer.html.value
    assert "lr = <b>0.002</b>" in explorer.html.value
    assert bytes(explorer.image.value) != before
    assert explorer.previous[0] == pytest.approx(0.3)        # drawn in grey
    explorer.slider.value = 5.0
    assert explorer.word == "diverges" and "Try a smaller rate" in explorer.html.value
    explorer.slider.value = 0.5
    assert explorer.word == "converges"
    np.testing.assert_array_equal(explorer.losses, train_losses(0.5))


def test_slider_is_logarithmic_from_0_001_to_10(explorer):
    assert explorer.slider.base == 10
    assert (explorer.slider.min, explorer.slider.max) == (-3, 1)


def test_buttons_change_the_starting_weights(explorer):
    explorer.slider.value = 0.5
    first = explorer.losses.copy()
    explorer.new_weights.click()
    assert explorer.seed == 1 and "seed 1" in explorer.html.value
    np.testing.assert_array_equal(explorer.losses, train_losses(0.5, seed=1))
    explorer.new_weights.click()
    assert explorer.seed == 2 and explorer.previous[1] == 1
    explorer.reset.click()
    assert explorer.seed == 0
    np.testing.assert_array_equal(explorer.losses, first)


def test_nothing_is_printed(capsys):
    e = LearningRateExplorer(lr=3.0, epochs=30)
    e.new_weights.click()
    out = capsys.readouterr()
    assert out.out == "" and out.err == ""
