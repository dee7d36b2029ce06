"""classroom.widgets.broadcast: the chapter 4 broadcasting explorer, driven without a display."""

import numpy as np
import pytest

from classroom.widgets.broadcast import (EXAMPLES, BroadcastExplorer, analyse, describe, draw,
                                    example_values, parse_shape)


def test_parse_shape_reads_what_people_type():
    assert parse_shape("(3, 1)") == (3, 1)
    assert parse_shape("3,1") == (3, 1)
    assert parse_shape(" 3 1 ") == (3, 1)
    assert parse_shape("(4,)") == (4,)
    assert parse_shape("[2, 3, 4]") == (2, 3, 4)
    assert parse_shape("()") == () and parse_shape("") == ()
    for bad in ("(3, x)", "(-1, 2)", "(0, 2)", "(9,)", "(1, 1, 1, 1, 1)", "3.5"):
        with pytest.raises(ValueError):
            parse_shape(bad)


def test_analyse_matches_numpy_and_names_the_axes_backward_sums():
    info = analyse((3, 1), (4,))
    assert info["ok"] and info["shape"] == (3, 4)
    assert info["axes_a"] == (1,) and info["axes_b"] == (0,)
    info = analyse((2, 3, 4), (3, 1))
    assert info["shape"] == (2, 3, 4) and info["axes_a"] == () and info["axes_b"] == (0, 2)
    for a, b in EXAMPLES:
        a, b = parse_shape(a), parse_shape(b)
        info = analyse(a, b)
        try:
            expected = np.broadcast_shapes(a, b)
        except ValueError:
            assert not info["ok"] and "cannot be broadcast" in info["error"]
        else:
            assert info["ok"] and info["shape"] == expected


def test_describe_says_the_result_or_the_shape_error():
    text = describe(analyse((2, 3, 4), (3, 1)))
    assert "has shape (2, 3, 4)" in text
    assert "sum_to(grad, (3, 1))" in text
    assert "axis 0 (added in front)" in text and "axis 2 (stretched from size 1)" in text
    assert "sums over nothing" in text                       # a was not copied
    error = describe(analyse((2, 3), (2,)))
    assert "do not broadcast" in error and "ShapeError" in error
    assert "add: shapes (2, 3) and (2,) cannot be broadcast together" in error


def test_draw_both_modes_and_the_error_case():
    for info in (analyse((3, 1), (4,)), analyse((), (2, 3)), analyse((2, 1, 3, 1), (4, 1, 5))):
        for mode in ("forward", "backward"):
            fig = draw(info, mode, dpi=40)
            assert len(fig.axes) == 3
    draw(analyse((2, 3), (2,)), dpi=40)
    with pytest.raises(ValueError):
        draw(analyse((3,), (3,)), "sideways")
    assert example_values((2, 2), 10).tolist() == [[10, 20], [30, 40]]


def test_explorer_starts_deterministic_and_redraws_on_change():
    first, second = BroadcastExplorer(dpi=40), BroadcastExplorer(dpi=40)
    assert first.image.value == second.image.value and first.html.value == second.html.value
    assert first.info["shape"] == (3, 4)
    assert "has shape (3, 4)" in first.html.value

    picture = first.image.value
    first.shape_b.value = "(3,)"                     # (3, 1) and (3,) -> (3, 3)
    assert first.info["shape"] == (3, 3) and first.image.value != picture
    assert "has shape (3, 3)" in first.html.value

    picture = first.image.value
    first.mode.value = "backward"
    assert first.image.value != picture and first.info["shape"] == (3, 3)


def test_explorer_shape_error_bad_text_examples_and_swap():
    explorer = BroadcastExplorer("(2, 3)", "(3,)", dpi=40)
    assert explorer.info["shape"] == (2, 3) and explorer.info["axes_b"] == (0,)

    explorer.shape_b.value = "(2,)"
    assert not explorer.info["ok"]
    assert "ShapeError" in explorer.html.value and "cannot be broadcast" in explorer.html.value

    picture = explorer.image.value
    explorer.shape_a.value = "(2, oops)"
    assert explorer.info is None and "could not read" in explorer.html.value
    assert explorer.image.value == picture              # the old picture stays

    explorer.examples.value = ("(2, 3, 4)", "(3, 1)")
    assert (explorer.shape_a.value, explorer.shape_b.value) == ("(2, 3, 4)", "(3, 1)")
    assert explorer.info["axes_b"] == (0, 2)
    assert explorer.examples.label == "examples…"          # the menu is ready for another pick

    explorer.swap.click()
    assert (explorer.shape_a.value, explorer.shape_b.value) == ("(3, 1)", "(2, 3, 4)")
    assert explorer.info["axes_a"] == (0, 2) and explorer.info["axes_b"] == ()
