"""classroom.widgets.designs: chapter 10's ladder widget, driven without a display."""

import pytest

from classroom.widgets.designs import (WALKS, LadderExplorer, formula_counts, ladder_counts,
                                  minigrad_ladder)


@pytest.mark.parametrize("k", [0, 1, 2, 5, 12, 30])
def test_measured_counts_match_the_formulas(k):
    assert ladder_counts(k) == formula_counts(k)
    assert ladder_counts(k)[WALKS[0]] == 2 ** (k + 2) - 3


def test_minigrad_ladder_has_the_right_gradient():
    x, top = minigrad_ladder(6)
    top.backward()
    assert x.grad.item() == pytest.approx(1.0)


def test_initial_state_is_deterministic():
    a, b = LadderExplorer(dpi=30), LadderExplorer(dpi=30)
    assert bytes(a.image.value).startswith(b"\x89PNG")
    assert bytes(a.image.value) == bytes(b.image.value) and a.status.value == b.status.value
    assert a.slider.value == 3 and a.slider.max == 30
    assert "<b>3</b> rungs, 10 nodes" in a.status.value
    assert "naive depth-first: <b>29</b> visits" in a.status.value


def test_slider_redraws_picture_and_counts():
    w = LadderExplorer(dpi=30)
    first = bytes(w.image.value)
    w.slider.value = 20
    assert bytes(w.image.value) != first
    assert w.counts == formula_counts(20)
    assert "<b>4,194,301</b> visits" in w.status.value
    assert "minigrad's tape: <b>61</b>" in w.status.value
    w.slider.value = 99                                   # clamped to the slider's range
    assert w.slider.value == 30 and w.counts[WALKS[1]] == 91
    w.slider.value = 3
    assert bytes(w.image.value) == first
