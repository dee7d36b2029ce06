"""classroom.widgets.static_graph: chapter 0's sigmoid explorer, driven without a display."""

import numpy as np

from classroom.widgets.static_graph import SigmoidExplorer, SigmoidSurface, decision_line, describe


def explorer(**kw):
    return SigmoidExplorer(steps=21, dpi=30, **kw)


def test_initial_state_is_deterministic():
    a, b = explorer(), explorer()
    assert bytes(a.image.value).startswith(b"\x89PNG")
    assert bytes(a.image.value) == bytes(b.image.value) and a.status.value == b.status.value
    assert (a.w1.value, a.w2.value, a.b.value) == (3.0, 1.0, 0.0)
    assert "W = [3, 1], b = 0" in a.status.value
    np.testing.assert_allclose(a.surface.W, [3.0, 1.0])


def test_sliders_move_the_parameters_and_redraw():
    w = explorer()
    first_png, first_text = bytes(w.image.value), w.status.value
    graph_before = w.surface.graph
    w.b.value = 10.0
    assert bytes(w.image.value) != first_png and w.status.value != first_text
    assert w.surface.b == 10.0 and "b = 10" in w.status.value
    assert w.surface.graph is graph_before          # the same graph, new parameter values
    w.w1.value = 0.0
    w.w2.value = 2.0                                # line x2 = -5: 5 from the origin
    assert "5.00</b> from the origin" in w.status.value
    s = w.surface.surface()
    assert s.shape == (21, 21)
    assert np.all(s[w.surface.x2 > -5] > 0.5) and np.all(s[w.surface.x2 < -5] < 0.5)
    w.reset_button.click()
    assert (w.w1.value, w.w2.value, w.b.value) == (3.0, 1.0, 0.0)
    assert bytes(w.image.value) == first_png and w.status.value == first_text


def test_zero_weights_give_a_flat_surface_and_no_line():
    w = explorer()
    w.w1.value = 0.0
    w.w2.value = 0.0
    assert "no decision line" in w.status.value
    np.testing.assert_allclose(w.surface.surface(), 0.5)
    assert decision_line(0.0, 0.0, 1.0) is None


def test_surface_is_the_sigmoid():
    surf = SigmoidSurface((3.0, 1.0), 0.0, steps=11)
    expected = 1 / (1 + np.exp(-(3 * surf.x1 + surf.x2)))
    np.testing.assert_allclose(surf.surface(), expected, rtol=1e-12)
    x1, s = surf.cut()
    np.testing.assert_allclose(s, 1 / (1 + np.exp(-3 * x1)), rtol=1e-12)


def test_decision_line_clips_to_the_square():
    (a, b) = decision_line(3.0, 1.0, 0.0)           # x2 = -3 x1: crosses top and bottom
    for x1, x2 in (a, b):
        assert abs(3 * x1 + x2) < 1e-9 and -10 <= x1 <= 10 and -10 <= x2 <= 10
    assert sorted([a[1], b[1]]) == [-10.0, 10.0]
    assert decision_line(1.0, 0.0, 50.0) is None    # x1 = -50: outside
    assert "outside the square" in describe(1.0, 0.0, 20.0)
    diag = decision_line(1.0, -1.0, 0.0)            # through two corners, each counted once
    assert sorted(diag) == [(-10.0, -10.0), (10.0, 10.0)]
