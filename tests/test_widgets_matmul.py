"""classroom.widgets.matmul: the shape puzzle for mm's backward, tested without a display."""

import numpy as np
import pytest

from classroom.widgets.matmul import MatmulShapes, draw, fits, products, rule_html
from classroom.widgets.render import png


def test_fits_is_about_the_inner_sizes():
    assert fits((2, 3), (3, 4))
    assert not fits((2, 3), (2, 3))


@pytest.mark.parametrize("n,k,m", [(2, 3, 4), (1, 5, 2), (4, 4, 4), (6, 1, 3)])
def test_the_correct_products_have_numpys_shapes(n, k, m):
    A, B, dC = np.ones((n, k)), np.ones((k, m)), np.ones((n, m))
    forward, dA, dB = products(n, k, m)
    assert forward.result_shape == (A @ B).shape
    assert dA.result_shape == (dC @ B.T).shape == A.shape and dA.correct_shape
    assert dB.result_shape == (A.T @ dC).shape == B.shape and dB.correct_shape
    assert (dA.left.text, dA.right.text) == ("dC", "Bᵀ")
    assert (dB.left.text, dB.right.text) == ("Aᵀ", "dC")


def test_the_wrong_products_do_not_fit_when_the_sizes_differ():
    _, dA, dB = products(2, 3, 4, wrong=True)
    assert not dA.fits and dA.result_shape is None
    assert not dB.fits
    text = rule_html(2, 3, 4, wrong=True)
    assert text.count("does not fit") == 2 and "nothing fits" in text


def test_a_wrong_product_that_fits_by_luck_is_still_called_wrong():
    _, dA, dB = products(3, 3, 4, wrong=True)       # n == k: A @ dC fits and has B's shape
    assert dB.fits and dB.correct_shape and dB.untransposed
    text = rule_html(3, 3, 4, wrong=True)
    assert "the values are wrong" in text and "only because two sizes are equal" in text
    assert "(3, 4) @ (3, 4)" in text                 # dC @ B still does not fit


def test_initial_state_is_deterministic():
    one = MatmulShapes()
    assert one.sizes == (2, 3, 4) and one.wrong.value is False and one.redraws == 0
    assert bytes(one.image.value) == png(draw(2, 3, 4)) and bytes(one.image.value).startswith(b"\x89PNG")
    assert one.html.value == rule_html(2, 3, 4)
    assert "dA = dC @ Bᵀ: (2, 4) @ (4, 3) → (2, 3), the shape of A ✓" in one.html.value
    assert "dB = Aᵀ @ dC: (3, 2) @ (2, 4) → (3, 4), the shape of B ✓" in one.html.value


def test_moving_a_slider_redraws_and_restates_the_shapes():
    widget = MatmulShapes()
    before = widget.image.value
    widget.n.value = 5
    assert widget.image.value != before and widget.redraws == 1
    assert "forward: A @ B: (5, 3) @ (3, 4) → C (5, 4)" in widget.html.value
    assert "(5, 4) @ (4, 3) → (5, 3), the shape of A ✓" in widget.html.value
    widget.m.value = 99                              # clamped to the slider's range
    assert widget.m.value == 6 and "C (5, 6)" in widget.html.value


def test_the_toggle_shows_the_wrong_transposition_failing_and_reset_undoes_everything():
    widget = MatmulShapes()
    start_image, start_text = widget.image.value, widget.html.value
    widget.wrong.value = True
    assert "dA = dC @ B: (2, 4) @ (3, 4)" in widget.html.value
    assert "does not fit" in widget.html.value and widget.image.value != start_image
    widget.k.value = 2                               # now n == k: A @ dC fits by luck
    assert "the values are wrong" in widget.html.value
    redraws = widget.redraws
    widget.reset.click()
    assert widget.sizes == (2, 3, 4) and widget.wrong.value is False
    assert widget.redraws == redraws + 1             # one redraw for the whole reset
    assert widget.image.value == start_image and widget.html.value == start_text


def test_picture_size_does_not_depend_on_the_shapes():
    small, odd = png(draw(1, 1, 1)), png(draw(1, 6, 1, wrong=True))
    assert small[16:24] == odd[16:24]                # the PNG header's width and height


def test_forgetting_to_transpose_a_1x1_matrix_is_not_called_wrong():
    _, dA, dB = products(3, 1, 1, wrong=True)        # k == m == 1: B is 1×1, B == Bᵀ
    assert dA.harmless and not dB.fits
    B, dC = np.array([[2.0]]), np.arange(3.0).reshape(3, 1)
    np.testing.assert_array_equal(dC @ B, dC @ B.T)  # the values really are right
    text = rule_html(3, 1, 1, wrong=True)
    assert "the values are wrong" not in text and "its own transpose" in text
    _, dA, dB = products(1, 1, 1, wrong=True)        # everything 1×1: both harmless
    assert dA.harmless and dB.harmless
    _, dA, dB = products(3, 3, 4, wrong=True)        # n == k: A is 3×3, a real bug
    assert dB.fits and not dB.harmless
    widget = MatmulShapes(n=2, k=1, m=1)
    widget.wrong.value = True
    assert "its own transpose" in widget.html.value and "values are wrong" not in widget.html.value
