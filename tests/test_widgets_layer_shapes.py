"""classroom.widgets.layer_shapes: chapter 12's shape calculator.  Its formulas are checked
against minigrad's own layers (run on zeros), and the widget is driven without a display."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minigrad import Tensor, nn
from classroom.widgets.layer_shapes import (EXAMPLES, LayerError, ShapeCalculator, layer_shapes,
                                            parse_line, parse_shape, suggestion)


def run_for_real(input_shape, text):
    """The output shape of every line, from minigrad's layers on a batch of 2 zeros, or the
    error minigrad raises."""
    x = Tensor(np.zeros((2,) + tuple(input_shape)))
    shapes = []
    for line in text.splitlines():
        line = line.split("#")[0].strip().rstrip(",")
        if not line:
            continue
        layer = eval(line if line.startswith("nn.") else "nn." + line, {"nn": nn})
        x = layer(x)
        shapes.append(("N",) + x.shape[1:])
    return shapes


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_examples_match_minigrad(name):
    shape, text = EXAMPLES[name]
    rows = layer_shapes(shape, text)
    if any(r.error for r in rows):
        with pytest.raises(Exception):
            run_for_real(parse_shape(shape), text)
        return
    assert [r.shape for r in rows] == run_for_real(parse_shape(shape), text)


def test_the_chapter_net_row_by_row():
    rows = layer_shapes((1, 8, 8), EXAMPLES["this chapter's conv net"][1])
    assert [r.shape for r in rows] == [("N", 16, 8, 8), ("N", 16, 8, 8), ("N", 16, 4, 4),
                                       ("N", 32, 4, 4), ("N", 32, 4, 4), ("N", 32, 2, 2),
                                       ("N", 128), ("N", 10)]
    assert [r.params for r in rows] == [160, 0, 0, 4640, 0, 0, 0, 1290]
    model = nn.Sequential(nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                          nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                          nn.Flatten(), nn.Linear(128, 10))
    assert sum(r.params for r in rows) == model.num_parameters() == 6090


@settings(max_examples=60, deadline=None)
@given(size=st.integers(1, 12), channels=st.integers(1, 3), out=st.integers(1, 4),
       kernel=st.integers(1, 5), stride=st.integers(1, 3), padding=st.integers(0, 2),
       dilation=st.integers(1, 2), pool=st.integers(1, 3), pool_stride=st.integers(1, 3),
       ceil=st.booleans())
def test_formulas_agree_with_minigrad_or_both_refuse(size, channels, out, kernel, stride,
                                                     padding, dilation, pool, pool_stride,
                                                     ceil):
    pool_padding = min(padding, pool // 2)
    text = (f"Conv2d({channels}, {out}, {kernel}, stride={stride}, padding={padding}, "
            f"dilation={dilation})\n"
            f"MaxPool2d({pool}, stride={pool_stride}, padding={pool_padding}, ceil_mode={ceil})\n"
            f"AvgPool2d({pool}, stride={pool_stride})\nFlatten()")
    rows = layer_shapes((channels, size, size + 1), text)
    fitted = [r.shape for r in rows if not r.error]
    try:
        real = run_for_real((channels, size, size + 1), text)
    except Exception:        # minigrad refuses: so must the calculator, at the same layer
        real = None
    if real is None:
        assert rows[-1].error, (text, rows)
    else:
        assert fitted == real and not any(r.error for r in rows), (text, rows)


@pytest.mark.parametrize("line, message", [
    ("Conv2d(3, 8, 3)", "expects 3 input channels, but its input has 1. Set in_channels to 1"),
    ("Conv2d(1, 8, 9)", "kernel 9 is larger than the input's height, 8"),
    ("Conv2d(1, 8, 11, padding=1)", "8 plus padding 2×1 = 10"),
    ("Linear(64, 10)", "acts on the last axis only, which has 8 values here. Put Flatten()"),
    ("Conv2d(1, 8, 3, stride=2, padding='same')", "needs stride 1"),
    ("MaxPool2d(3, padding=2)", "at most half the kernel size"),
    ("Conv2d(1, 8)", "missing a required argument: 'kernel_size'"),
    ("Conv2d(1, 8, 0)", "kernel_size must be a whole number of at least 1"),
    ("Conv2d(1, 8, 3, bogus=1)", "unexpected keyword argument 'bogus'"),
    ("Conv2d(1, 8, x)", "arguments must be plain numbers"),
    ("Conv3d(1, 8, 3)", "not a layer this calculator knows"),
    ("Conv2d(1, 8, 3", "could not read"),
    ("relu", "is not a layer"),
    ("Flatten(0)", "knows only Flatten()"),
    ("Dropout(2)", "between 0 and 1"),
])
def test_a_layer_that_does_not_fit_says_why(line, message):
    rows = layer_shapes("(1, 8, 8)", f"ReLU()\n{line}\nReLU()")
    assert rows[0].shape == ("N", 1, 8, 8)
    assert rows[-1].line == 2 and rows[-1].error and message in rows[-1].error, rows[-1]
    assert len(rows) == 2                                 # nothing computed after it


def test_flat_inputs_and_linear():
    rows = layer_shapes("(64,)", "Linear(64, 256)\nReLU()\nLinear(256, 10)")
    assert [r.shape for r in rows] == [("N", 256), ("N", 256), ("N", 10)]
    assert sum(r.params for r in rows) == 19210
    bad = layer_shapes("(64,)", "Linear(100, 10)")[0]
    assert "expects 100 features, but its input has 64. Set in_features to 64" in bad.error
    conv = layer_shapes("(64,)", "Conv2d(1, 4, 3)")[0]
    assert "needs images" in conv.error and "(64)" in conv.error
    note = layer_shapes("(2, 4, 8)", "Linear(8, 3)")[0]      # legal, as in PyTorch, but noted
    assert note.shape == ("N", 2, 4, 3) and "Flatten() first" in note.note


def test_notes_comments_and_pasted_lines():
    rows = layer_shapes("1, 7, 7", "nn.Conv2d(1, 4, 3, padding=1),   # pasted\n\n"
                                   "# a comment line\nnn.MaxPool2d(2),\n")
    assert [r.shape for r in rows] == [("N", 4, 7, 7), ("N", 4, 3, 3)]
    assert [r.line for r in rows] == [1, 4]
    assert "dropped" in rows[1].note
    same = layer_shapes("(1, 8, 8)", "Conv2d(1, 2, 4, padding='same')")[0]
    assert same.shape == ("N", 2, 8, 8) and "one pixel more after" in same.note


def test_parse_shape_and_line():
    assert parse_shape("(1, 28, 28)") == (1, 28, 28) == parse_shape("N, 1, 28, 28")
    assert parse_shape("(64,)") == (64,)
    for bad in ["(1, 8)", "(0, 8, 8)", "abc", ""]:
        with pytest.raises(LayerError):
            parse_shape(bad)
    assert parse_line("   # only a comment") is None
    layer = parse_line("MaxPool2d(2)")
    assert layer.name == "MaxPool2d" and layer.args["stride"] is None


def test_suggestions_fit_what_comes_before():
    assert suggestion("Conv2d", (16, 4, 4)) == "Conv2d(16, 32, 3, padding=1)"
    assert suggestion("Conv2d", (1, 8, 8)) == "Conv2d(1, 8, 3, padding=1)"
    assert suggestion("Linear", (128,)) == "Linear(128, 10)"
    assert suggestion("MaxPool2d", (4, 8, 8)) == "MaxPool2d(2)"


def test_widget_updates_as_you_type_and_add():
    w = ShapeCalculator()
    assert "every layer fits" in w.status.value and "(N, 10)" in w.status.value
    assert "6,090" in w.table.value
    w.lines.value = w.lines.value.replace("Linear(128, 10)", "Linear(256, 10)")
    assert "line 8 does not fit" in w.status.value
    assert "does not fit:" in w.table.value and "Set in_features to 128" in w.table.value
    w.input_shape.value = "(1, 16, 16)"                   # bigger images: now 512 features
    assert "Set in_features to 512" in w.table.value
    w.input_shape.value = "nonsense"
    assert "could not read" in w.status.value and w.rows == []


def test_widget_add_button_appends_a_fitting_layer():
    w = ShapeCalculator("no padding: each 3×3 kernel eats 2 pixels")
    assert [r.shape for r in w.rows[:-1:2]] == [("N", 8, 6, 6), ("N", 8, 4, 4), ("N", 8, 2, 2)]
    assert w.rows[-1].line == 7 and "larger than the input's height, 2" in w.rows[-1].error
    w.lines.value = "Conv2d(1, 8, 3)"
    w.kind.value = "MaxPool2d"
    w.add_button.click()
    w.kind.value = "Conv2d"
    w.add_button.click()
    w.kind.value = "Flatten"
    w.add_button.click()
    w.kind.value = "Linear"
    w.add_button.click()
    assert w.lines.value.splitlines() == ["Conv2d(1, 8, 3)", "MaxPool2d(2)",
                                          "Conv2d(8, 16, 3, padding=1)", "Flatten()",
                                          "Linear(144, 10)"]
    assert "every layer fits" in w.status.value and w.rows[-1].shape == ("N", 10)


def test_widget_examples_replace_both_fields():
    w = ShapeCalculator()
    w.example.value = "LeNet-5 on 28×28 MNIST"
    assert w.input_shape.value == "(1, 28, 28)" and w.rows[-1].shape == ("N", 10)
    assert sum(r.params for r in w.rows) == 61706
    w.example.value = "one too many poolings"
    assert "does not fit" in w.status.value and w.rows[-1].line == 5
    with pytest.raises(ValueError, match="unknown example"):
        ShapeCalculator("ResNet")
