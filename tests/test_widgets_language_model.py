"""classroom.widgets.language_model: chapter 14's prompt writer and verse-attention viewer,
driven without a display, with stand-ins for the model."""

import numpy as np
import pytest

from classroom.widgets.language_model import (TextWriter, VerseAttention, check_prompt,
                                              draw_attention, strongest)

ALPHABET = "\n !',.:;?ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def echo_writer():
    calls = []

    def write(prompt, temperature, top_k, seed):
        calls.append((prompt, temperature, top_k, seed))
        return f"<{len(prompt)}|{temperature:.1f}|{top_k}|{seed}>"

    return write, calls


def test_check_prompt_names_what_is_wrong():
    assert check_prompt("ROMEO.\n", ALPHABET) is None
    assert "empty" in check_prompt("", ALPHABET)
    message = check_prompt("Hi {there} ~", ALPHABET)
    assert "'{', '}', '~' are not in the model's vocabulary" in message
    assert "a tab is not" in check_prompt("a\tb", ALPHABET)
    assert "at most 5 characters" in check_prompt("abcdef", ALPHABET, longest=5)
    assert check_prompt("abcde", ALPHABET, longest=5) is None


def test_text_writer_passes_the_controls_to_write():
    write, calls = echo_writer()
    w = TextWriter(write, ALPHABET, value="ROMEO.\n", temperature=0.8, top_k=0)
    assert calls[-1] == ("ROMEO.\n", 0.8, None, 0)          # top-k 0 on the slider: no cut-off
    assert "no top-k" in w.output.value and "&lt;7|0.8|None|0&gt;" in w.output.value
    w.top_k.value = 5
    assert calls[-1][2] == 5 and "top-5" in w.output.value
    w.temperature.value = 1.5
    assert calls[-1][1] == pytest.approx(1.5)
    w.again.click()
    w.again.click()
    assert calls[-1][3] == 2 and "seed 2" in w.output.value
    w.prompt.value = "JULIET.\n"
    assert calls[-1][0] == "JULIET.\n" and w.text == "<8|1.5|5|2>"


def test_text_writer_keeps_the_last_text_and_says_why_for_a_bad_prompt():
    write, calls = echo_writer()
    w = TextWriter(write, ALPHABET)
    before = len(calls)
    w.prompt.value = "caf\u00e9"
    assert len(calls) == before                               # the model is not asked
    assert w.error.startswith("'\u00e9' is not in the model's vocabulary")
    assert "last valid prompt" in w.output.value and "ROMEO." in w.output.value
    w.prompt.value = ""
    assert "empty" in w.error
    w.prompt.value = "Good night"
    assert w.error is None and calls[-1][0] == "Good night"


def test_text_writer_takes_no_length_it_would_ignore():
    """It once took ``length`` and never used it (``write`` decides how much it writes), and
    the instructor page told teachers to ask for less text with it."""
    with pytest.raises(TypeError, match="length"):
        TextWriter(echo_writer()[0], ALPHABET, length=100)


def test_text_writer_refuses_a_bad_starting_prompt():
    with pytest.raises(ValueError, match="starting prompt"):
        TextWriter(echo_writer()[0], ALPHABET, value="~")


def local_weights(line, layers=2, heads=2):
    """Head 0 looks at the previous character (itself for the first); head 1 spreads evenly."""
    T = len(line)
    w = np.zeros((layers, heads, T, T))
    for t in range(T):
        w[:, 0, t, max(t - 1, 0)] = 1.0
        w[:, 1, t, :t + 1] = 1.0 / (t + 1)
    return w


def test_verse_attention_redraws_and_names_the_strongest_position():
    reads = []

    def read(line):
        reads.append(line)
        return local_weights(line)

    v = VerseAttention(read, ALPHABET, layers=2, heads=2, value="To be, or not", dpi=30)
    first = v.image.value
    assert first[:4] == b"\x89PNG"
    assert "looks hardest at position 12, 'o' (weight 1.00)" in v.status.value
    v.choice.value = (1, 1)
    assert v.image.value != first and "(weight 0.08)" in v.status.value
    v.line.value = "O Romeo"
    assert reads[-1] == "O Romeo" and "position 6, 'e'" not in v.status.value
    assert strongest("O Romeo", local_weights("O Romeo"), 0, 0) == (5, "e", 1.0)


def test_verse_attention_keeps_the_picture_for_a_bad_line():
    v = VerseAttention(local_weights, ALPHABET, layers=2, heads=2, value="To be", longest=8,
                       dpi=30)
    picture = v.image.value
    v.line.value = "far too long a line"
    assert "at most 8 characters" in v.error and v.image.value == picture
    assert "last valid line" in v.status.value


def test_verse_attention_checks_what_read_returns():
    with pytest.raises(ValueError, match=r"shape \(layers, heads, 5, 5\)"):
        VerseAttention(lambda line: np.zeros((2, 2, 4, 4)), ALPHABET, 2, 2, "To be", dpi=30)


def test_draw_attention_hides_the_future():
    fig = draw_attention("abc", local_weights("abc"), 0, 0, dpi=30)
    image = fig.axes[0].images[0].get_array()
    assert image.mask[0, 1] and image.mask[0, 2] and not image.mask[2, 0]
