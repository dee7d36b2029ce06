"""classroom.widgets.tensor: the "what becomes of my data" explorer of chapter 1.

Driven like a learner would: set a control's ``.value`` or click the button, then check
what the widget now says and shows.  No display is needed.
"""

import numpy as np
import pytest

from minigrad import Tensor
from classroom.widgets.tensor import (KINDS, SHAPES, SURPRISES, TensorExplorer, draw_array,
                                 explain, make_data)


def test_make_data_builds_every_kind_and_shape_with_code_that_rebuilds_it():
    for kind in KINDS:
        for shape in SHAPES:
            data, literal = make_data(kind, shape)
            rebuilt = eval(literal, {"np": np})
            assert np.shape(data) == shape
            np.testing.assert_array_equal(np.asarray(rebuilt), np.asarray(data))
            assert isinstance(data, np.ndarray) == kind.startswith("NumPy")
    assert make_data("Python ints", ()) == (1, "1")
    with pytest.raises(ValueError):
        make_data("a string", (3,))


def test_explain_agrees_with_tensor_and_names_the_rule():
    result = explain("Python ints", (2, 3))
    assert result["tensor"].dtype == np.float64 and result["tensor"].shape == (2, 3)
    assert result["rule"].startswith("Rule 3") and result["error"] is None
    assert explain("NumPy float32 array", (3,))["tensor"].dtype == np.float32
    assert explain("NumPy bool array", (3,))["rule"].startswith("Rule 2")
    picked = explain("NumPy int64 array", (3,), dtype="float32")
    assert picked["tensor"].dtype == np.float32 and picked["rule"].startswith("Rule 1")
    assert "dtype=np.float32" in picked["code"]
    for kind in KINDS:
        data, _ = make_data(kind, (2, 3))
        np.testing.assert_array_equal(explain(kind, (2, 3))["tensor"].data, Tensor(data).data)


def test_integer_data_cannot_require_grad_and_the_error_is_minigrads():
    result = explain("NumPy int64 array", (3,), requires_grad=True)
    assert result["tensor"] is None
    assert result["error"].startswith("TypeError: only floating-point tensors")
    assert explain("NumPy bool array", (2, 3), requires_grad=True)["tensor"] is None
    fixed = explain("NumPy int64 array", (3,), dtype="float64", requires_grad=True)
    assert fixed["error"] is None and fixed["tensor"].requires_grad


def test_a_lossy_dtype_gets_a_note():
    lossy = explain("Python floats", (2, 3), dtype="int64")
    np.testing.assert_array_equal(lossy["tensor"].data, [[0, 1, 1], [2, 2, 3]])
    assert any("fractional parts" in note for note in lossy["notes"])
    assert explain("Python ints", (2, 3), dtype="int64")["notes"] == []


def test_draw_array_draws_zero_to_three_axes_and_refuses_four():
    from classroom.widgets.render import new_figure

    figure = new_figure()
    for k, shape in enumerate(SHAPES):
        ax = figure.add_subplot(2, 3, k + 1)
        draw_array(ax, np.arange(int(np.prod(shape))).reshape(shape))
        assert len(ax.patches) == max(1, int(np.prod(shape)))       # one cell per element
        texts = [t.get_text() for t in ax.texts]
        assert all(f"axis {a} ({n})" in " ".join(texts) for a, n in enumerate(shape))
    with pytest.raises(ValueError, match="up to 3 axes"):
        draw_array(new_figure().add_subplot(), np.zeros((1, 1, 1, 1)))


def test_initial_state_is_fixed():
    a, b = TensorExplorer(), TensorExplorer()
    assert a.html.value == b.html.value and a.image.value == b.image.value
    assert bytes(a.image.value).startswith(b"\x89PNG")
    assert a.kind.value == "Python ints" and a.shape.value == (2, 3)
    assert "tensor([[1., 2., 3.]," in a.html.value and "Rule 3" in a.html.value
    assert a.tensor.dtype == np.float64 and a.error is None and a.stop == -1


def test_changing_controls_redraws_and_rewrites():
    explorer = TensorExplorer()
    before_image, before_html = explorer.image.value, explorer.html.value
    explorer.kind.value = "NumPy int64 array"
    assert explorer.image.value != before_image and explorer.html.value != before_html
    assert "dtype=int64" in explorer.html.value and "Rule 2" in explorer.html.value

    explorer.requires_grad.value = True
    assert explorer.tensor is None and "only floating-point" in explorer.error
    assert "TypeError" in explorer.html.value and "requires_grad=True" in explorer.html.value

    explorer.dtype.value = "float64"
    assert explorer.error is None and explorer.tensor.requires_grad
    assert "Rule 1" in explorer.html.value

    image = explorer.image.value
    explorer.shape.value = (2, 2, 3)
    assert explorer.tensor.shape == (2, 2, 3) and explorer.image.value != image
    assert "<code>12</code>" in explorer.html.value                    # numel


@pytest.fixture
def no_png(monkeypatch):
    """Skip PNG encoding where a test checks only the text and the controls (it is slow)."""
    monkeypatch.setattr("classroom.widgets.tensor.show",
                        lambda image, figure: setattr(image, "value", b"\x89PNG"))


def test_the_surprise_button_tours_the_cases_and_wraps_round(no_png):
    explorer = TensorExplorer()
    explorer.surprise.click()
    kind, shape, dtype, requires_grad, _ = SURPRISES[0]
    assert (explorer.kind.value, explorer.shape.value) == (kind, shape)
    assert f"Surprise 1 of {len(SURPRISES)}" in explorer.html.value
    explorer.surprise.click()
    assert explorer.error is not None                                  # int64 + requires_grad
    assert f"Surprise 2 of {len(SURPRISES)}" in explorer.html.value
    for _ in range(len(SURPRISES) - 1):
        explorer.surprise.click()
        assert explorer.dtype.label, "the dtype dropdown went blank"
    assert explorer.stop == 0 and "Surprise 1 of" in explorer.html.value


def test_the_dtype_dropdown_shows_not_given_rather_than_a_blank():
    """A Dropdown whose value is None shows an empty box (seen in JupyterLab)."""
    explorer = TensorExplorer()
    assert explorer.dtype.label == "not given" and explorer.dtype.value is not None
    assert explorer.result["rule"].startswith("Rule 3")       # and it means dtype=None
    explorer.dtype.value = "float32"
    explorer.dtype.value = "not given"
    assert explorer.tensor.dtype == np.float64


def test_a_hand_made_choice_leaves_the_tour(no_png):
    explorer = TensorExplorer()
    explorer.surprise.click()
    explorer.shape.value = (3,)
    assert explorer.stop == -1 and "Surprise" not in explorer.html.value


def test_no_pyplot_figures_are_left_behind():
    import matplotlib.pyplot as plt

    before = plt.get_fignums()
    explorer = TensorExplorer()
    explorer.surprise.click()
    assert plt.get_fignums() == before
