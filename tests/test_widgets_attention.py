"""classroom.widgets.attention: chapter 13's attention-map viewer, driven without a display."""

import numpy as np
import pytest

from classroom.widgets.attention import AttentionViewer, check_reading, draw, validate

DIGITS = "0123456789"
LENGTH = 8


def mirror_weights(T=2 * LENGTH, layers=2, heads=2):
    """Weights of a perfect reverser: answer rows look at the mirrored prompt position,
    prompt rows spread evenly over what they may see; head h of layer l is shifted by
    nothing (head 0) or mixed with the uniform rows (head 1), so heads draw differently."""
    w = np.zeros((layers, heads, T, T))
    for t in range(T):
        w[:, :, t, :t + 1] = 1.0 / (t + 1)
    for t in range(LENGTH, T):
        w[:, 0, t] = 0.0
        w[:, 0, t, T - 1 - t] = 1.0
    return w


def reverser(prompt):
    """A stand-in for the chapter's model: reverses, except that it writes 0 for 9."""
    answer = prompt[::-1].replace("9", "0")
    return list(prompt) + [">"] + list(answer), mirror_weights()


def viewer(**kw):
    kw.setdefault("value", "31415826")
    return AttentionViewer(reverser, alphabet=DIGITS, length=LENGTH, layers=2, heads=2,
                           target=lambda p: p[::-1], dpi=30, **kw)


def test_validate_names_what_is_wrong():
    assert validate("31415926", DIGITS, LENGTH) is None
    assert validate("  31415926 ", DIGITS, LENGTH) is None           # spaces around: fine
    assert validate("", DIGITS, LENGTH, "digits") == \
        "type 8 digits (from the 10 digits 0123456789)"
    assert validate("3141592", DIGITS, LENGTH, "digits") == \
        "the model was trained on exactly 8 digits: you typed 7"
    assert validate("314159265", DIGITS, LENGTH, "digits").endswith("you typed 9")
    message = validate("3141a92x", DIGITS, LENGTH)
    assert message.startswith("'a', 'x' are not in the model's vocabulary")
    assert "use only the 10 digits 0123456789" in message
    assert validate("3141 926", DIGITS, LENGTH).startswith("a space is not in the model's")
    # a wrong character is named before a wrong length: it is the more useful message
    assert "vocabulary" in validate("12a", DIGITS, LENGTH)
    assert "characters" in validate("", "ab>", 3)


def test_the_first_picture_is_deterministic_and_says_whether_the_answer_is_right():
    a, b = viewer(), viewer()
    assert bytes(a.image.value).startswith(b"\x89PNG")
    assert bytes(a.image.value) == bytes(b.image.value) and a.status.value == b.status.value
    assert a.answer == "62851413" and a.error is None
    assert "wrote <code>62851413</code>" in a.status.value and "(right)" in a.status.value
    assert a.choice.value == (0, 0) and len(a.choice.options) == 4
    assert a.choice.options[3] == ("layer 2, head 2", (1, 1))


def test_typing_a_prompt_redraws_and_judges_it():
    w = viewer()
    first = bytes(w.image.value)
    w.text.value = "98765432"                  # the stand-in writes 0 for every 9
    assert w.prompt == "98765432" and w.answer == "23456780"
    assert bytes(w.image.value) != first       # new labels, new picture
    assert "(wrong: the answer is <code>23456789</code>, 1 token differs)" in w.status.value
    w.text.value = " 11111111 "                 # surrounding spaces are dropped
    assert w.prompt == "11111111" and "(right)" in w.status.value


def test_a_bad_prompt_gets_a_message_and_keeps_the_last_picture():
    w = viewer()
    before = bytes(w.image.value)
    for bad, phrase in [("1234", "you typed 4"), ("1234567x", "'x' is not in the model's"),
                        ("", "type 8 digits")]:
        w.text.value = bad
        assert w.error is not None and phrase in w.error
        assert phrase in w.status.value and "still shows the last valid input" in w.status.value
        assert bytes(w.image.value) == before and w.prompt == "31415826"
    w.text.value = "31415826"
    assert w.error is None and "still shows" not in w.status.value


def test_the_selector_chooses_the_layer_and_head():
    w = viewer()
    pictures = {}
    for option in (0, 0), (0, 1), (1, 0):
        w.choice.value = option
        pictures[option] = bytes(w.image.value)
    assert pictures[(0, 0)] != pictures[(0, 1)]          # different weights, different picture
    assert pictures[(0, 0)] != pictures[(1, 0)]          # same weights, another title


def test_draw_labels_rows_with_what_the_model_writes():
    tokens, weights = reverser("12345678")
    fig = draw(tokens, weights, 0, 0, LENGTH, dpi=30)
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == tokens[:16]
    assert [t.get_text() for t in ax.get_xticklabels()] == tokens[:16]
    written = [t.get_text() for t in ax.texts if t.get_text().startswith("→")]
    assert written == [f"→ {c}" for c in "87654321"]
    assert ax.get_title() == "layer 1, head 1: each row's weights sum to 1"


def test_a_run_function_that_returns_the_wrong_shapes_is_refused():
    tokens, weights = reverser("12345678")
    assert check_reading(tokens, weights, LENGTH).shape == (2, 2, 16, 16)
    with pytest.raises(ValueError, match=r"\(layers, heads, T, T\) with T = len\(tokens\) - 1 = 16"):
        check_reading(tokens, weights[0], LENGTH)
    with pytest.raises(ValueError, match="expected the prompt"):
        check_reading(tokens[:9], np.ones((1, 1, 8, 8)), LENGTH)
    with pytest.raises(ValueError, match="starting prompt '1234' is not valid"):
        viewer(value="1234")
