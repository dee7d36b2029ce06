"""classroom.widgets.fit: chapter 6's training view for y = x1·x2, driven without a display."""

import numpy as np
import pytest

from minigrad.data import product
from classroom.widgets.fit import (ARCHITECTURES, FitExplorer, ProductTrainer, best_plane_loss,
                              build_model)

X, Y = product(300, seed=1)          # small and fast; the widget's default is 1000 points


def explorer(**kw):
    return FitExplorer(X, Y, dpi=30, **kw)


def test_initial_state_is_deterministic_and_untrained():
    a, b = explorer(), explorer()
    assert bytes(a.image.value).startswith(b"\x89PNG")
    assert bytes(a.image.value) == bytes(b.image.value) and a.status.value == b.status.value
    assert a.trainer.steps == 0 and a.trainer.architecture == "1 layer"
    assert a.toggle.options == tuple(ARCHITECTURES) and a.toggle.value == "1 layer"
    assert a.train_button.description == "train 25 steps"
    assert "after <b>0</b> steps" in a.status.value and "3 parameters" in a.status.value


def test_buttons_and_toggle():
    w = explorer()
    first_png, first_loss = bytes(w.image.value), w.trainer.loss()
    w.train_button.click()                                  # 25 steps, then a new picture
    assert w.trainer.steps == 25 and len(w.trainer.losses) == 25
    assert bytes(w.image.value) != first_png
    assert "after <b>25</b> steps" in w.status.value
    assert w.trainer.loss() < first_loss
    w.reset_button.click()                                  # back to the same seeded start
    assert w.trainer.steps == 0 and w.trainer.losses == []
    assert bytes(w.image.value) == first_png and w.trainer.loss() == first_loss
    w.train_button.click()
    w.toggle.value = "2 layers + Sigmoid"                   # a new model, from step 0
    assert w.trainer.steps == 0 and w.trainer.model.num_parameters() == 41
    assert "Linear(2, 10) → Sigmoid → Linear(10, 1)" in w.status.value
    assert "41 parameters" in w.status.value
    w.trainer.train(200)                                    # no redraw needed to read the text
    assert "far below the best plane" in w.status_text()


def test_only_the_nonlinear_model_beats_the_best_plane():
    plane = best_plane_loss(X, Y)
    assert 0.08 < plane < 0.14                              # about 1/9 = var(x1·x2)
    results = {}
    for name in ARCHITECTURES:
        t = ProductTrainer(X, Y, architecture=name)
        t.train(200)
        assert len(t.losses) == 200 and t.predict_surface().shape == (41, 41)
        results[name] = t.loss()
    assert results["1 layer"] >= plane - 1e-9              # no plane beats least squares
    assert results["2 layers, no activation"] >= plane - 1e-9
    assert results["2 layers + Sigmoid"] < 0.2 * plane


def test_unknown_architecture_is_refused():
    with pytest.raises(ValueError, match="unknown architecture"):
        build_model("3 layers", np.random.default_rng(0))
