"""classroom.exercises.core and the learner functions: observing, comparing, wording."""

import json

import numpy as np
import pytest

import minigrad as mg
from classroom import check, hint, solution
from classroom.exercises import CORRECT, INCORRECT, NOT_ATTEMPTED, Case, Exercise, instructor
from classroom.exercises import expected as stored
from classroom.exercises.core import (FLOAT64_RTOL, Expected, Hidden, Opaque, Raised,
                                      StaleExpectations, decode, difference, encode, observe,
                                      stub_line, tolerance)
from classroom.exercises.feedback import Feedback

SECRET = 123.456      # an expected value that must never appear in feedback


def reference(x):
    return {"value": np.full((2, 3), SECRET) * x, "count": 7, "label": "ok"}


def wrong_shape(x):
    return {"value": np.full((3, 2), SECRET), "count": 7, "label": "ok"}


def wrong_values(x):
    return {"value": np.full((2, 3), SECRET + 1), "count": 7, "label": "ok"}


def wrong_count(x):
    return {"value": np.full((2, 3), SECRET) * x, "count": 8, "label": "ok"}


def returns_none(x):
    return None


def crashes(x):
    return None + 1


EXERCISE = Exercise(
    id="99.demo", title="demo", entry="f", cases=[Case("one", lambda f: f(1.0))],
    mistakes={"wrong_values": "values off by one"}, hints=["first", "second"])
SECRET_CASES = (Case("secret", lambda f: f(2.0), hidden=True),)


def observed(cases) -> Expected:
    """What the reference and the known mistake do on ``cases``, as the generator stores it."""
    return Expected(tuple(c.description for c in cases),
                    tuple(EXERCISE.probe(reference, cases, stop_early=False)),
                    {"wrong_values": tuple(EXERCISE.probe(wrong_values, cases, stop_early=False))})


HIDDEN = Hidden(SECRET_CASES, observed(SECRET_CASES))


@pytest.fixture(autouse=True)
def stored_demo(monkeypatch):
    """The demo exercise's expectations, as if `make exercises` had stored them."""
    public, has_hidden = stored.public, stored.has_hidden
    monkeypatch.setattr(stored, "public", lambda i: observed(EXERCISE.cases) if i == "99.demo"
                        else public(i))
    monkeypatch.setattr(stored, "has_hidden", lambda i: True if i == "99.demo"
                        else has_hidden(i))


@pytest.mark.parametrize("answer, phrase", [
    (wrong_shape, "shape (3, 2), but it should have shape (2, 3)"),
    (wrong_values, "values off by one"),
    (wrong_count, "`count` has the wrong value"),
    (returns_none, "None: did you forget to `return`"),
    (crashes, "raised TypeError"),
])
def test_messages_name_the_problem_but_never_the_expected_values(answer, phrase):
    verdict = EXERCISE.check(answer, HIDDEN)
    assert verdict.status == INCORRECT
    assert phrase in verdict.message
    text = verdict.text() + Feedback(verdict)._repr_html_()
    assert str(SECRET) not in text and "123.4" not in text and "7" not in verdict.message


def test_public_and_hidden_wording():
    assert EXERCISE.check(reference).message.startswith("public checks passed (1 case)")
    assert EXERCISE.check(reference, HIDDEN).message == "all 2 checks passed"

    def right_only_on_public(x):
        return reference(x) if x == 1.0 else wrong_count(x)
    verdict = EXERCISE.check(right_only_on_public, HIDDEN)
    assert "passes the public checks but fails a hidden one" in verdict.message
    assert verdict.case == "secret"


def test_stub_is_not_attempted_but_other_not_implemented_errors_are_observations():
    ns = {}
    exec(f"def f(x):\n    {stub_line('99.demo')}", ns)
    assert EXERCISE.check(ns["f"]).status == NOT_ATTEMPTED

    def other(x):
        raise NotImplementedError("forward is not written")
    verdict = EXERCISE.check(other)
    assert verdict.status == INCORRECT and "NotImplementedError" in verdict.message


def test_observe_turns_tensors_and_errors_into_plain_data():
    assert observe(lambda: mg.Tensor([1.0, 2.0])).tolist() == [1.0, 2.0]
    assert observe(lambda: (1, [2, {"a": np.float64(3)}])) == (1, [2, {"a": 3.0}])
    assert observe(lambda: 1 / 0) == Raised("ZeroDivisionError", "division by zero")
    assert observe(lambda: object()) == Opaque("object")


def test_encode_decode_round_trip_through_json():
    value = [np.arange(6, dtype=np.int64).reshape(2, 3), np.array([np.nan, np.inf]),
             {"x": Raised("ValueError", "bad"), "y": float("-inf")}, None, True, "s"]
    back = decode(json.loads(json.dumps(encode(value))))
    assert back[0].dtype == np.int64 and back[0].shape == (2, 3)
    assert np.isnan(back[1][0]) and back[1][1] == np.inf
    assert back[2]["x"] == Raised("ValueError", "bad") and back[2]["y"] == float("-inf")
    assert back[3:] == [None, True, "s"]
    with pytest.raises(ValueError, match="unexpected object"):
        decode({"__import__": "os"})


def test_difference_details():
    assert difference(np.ones(3), np.ones(3)) is None
    assert difference(np.ones(3) + 1e-9, np.ones(3)) is None          # within tolerance
    assert "should be a NumPy array (or Tensor), but it is the string 'x'" in difference(
        "x", np.ones(3))
    assert "has 2 items" in difference([1, 2], [1, 2, 3])
    assert "should raise ValueError" in difference(1.0, Raised("ValueError", "m"))
    assert difference(Raised("ValueError", "other text"), Raised("ValueError", "m")) is None
    assert difference(Raised("AssertionError", "too big"), Raised("ValueError", "m")).endswith(
        "raised AssertionError: too big, but it should raise ValueError")   # names the kind


def test_stale_expectations_are_refused_with_the_command_that_remakes_them(monkeypatch):
    monkeypatch.setattr(stored, "public", lambda i: observed(SECRET_CASES))
    with pytest.raises(StaleExpectations, match="made for other cases.*make exercises"):
        EXERCISE.check(reference)


def add_reference():
    return instructor.reference_answers("02")["02.add"]


def test_check_looks_the_answer_up_in_the_callers_namespace():
    feedback = check("02.add")                   # nothing called `add` here
    assert feedback.status == NOT_ATTEMPTED and "not defined yet" in repr(feedback)
    assert check("02.add", add_reference()).correct
    with pytest.raises(KeyError, match="has no exercise '02.nope'.*02.add"):
        check("02.nope")
    with pytest.raises(KeyError, match="look like '02.add'"):
        check("add")


def test_feedback_renders_a_coloured_box_and_plain_text():
    add_backward_ones = instructor.mistakes("02")["02.add"]["add_backward_ones"]
    good, bad = check("02.add", add_reference()), check("02.add", add_backward_ones)
    assert "✔ Correct" in good._repr_html_() and "#1e7e34" in good._repr_html_()
    assert "✘ Incorrect" in bad._repr_html_() and 'hint("02.add")' in bad._repr_html_()
    assert repr(bad).startswith("02.add add as a recorded op: INCORRECT:")
    assert not bad and good


def test_hints_come_one_tier_at_a_time_and_solution_shows_the_answer():
    texts = [repr(hint("02.neg")) for _ in range(4)]
    assert "1 of 3" in texts[0] and "2 of 3" in texts[1] and "3 of 3" in texts[2]
    assert "last one" in texts[3]
    assert "1 of 3" in repr(hint("02.neg", 1))
    with pytest.raises(ValueError, match="hints 1 to 3"):
        hint("02.neg", 4)
    shown = repr(solution("02.neg"))
    assert "record(-a.data" in shown and "BEGIN SOLUTION" not in shown


def test_comparing_an_array_with_a_plain_value_does_not_crash():
    assert "should be None, but it is a NumPy array of shape (2,)" in difference(np.ones(2), None)
    assert "is not right" in difference(np.ones(2), True)
    assert "is not right" in difference(np.ones(2), "text")


def test_an_array_of_objects_gets_a_message_not_a_crash():
    got = np.array([mg.Tensor([1.0]), mg.Tensor([2.0])], dtype=object)
    assert "holds object values" in difference(got, np.ones(2))


@pytest.mark.parametrize("got, want, phrases", [
    (np.array([[1.0, 2.0], [3.0, 4.5]]), np.array([[1.0, 2.0], [3.0, 4.0]]),
     ["1 of its 4 values differs", "at [1, 1]", "too large by 12.5 %"]),
    (np.array([2.0, 4.0, -6.0]), np.array([1.0, 2.0, -3.0]), ["every value is 2 times too large"]),
    (np.array([-1.0, -2.0]), np.array([1.0, 2.0]), ["wrong sign"]),
    (np.array([1.0, np.nan]), np.array([1.0, 2.0]), ["at [1]", "not a finite number"]),
    (np.array([1.0, 2.0 + 1e-5]), np.array([1.0, 2.0]),
     ["close, but more than the rounding of float64"]),
    (np.array([3, 2]), np.array([1, 2]), ["at [0]", "more than it should be"]),
])
def test_wrong_values_say_which_element_and_how(got, want, phrases):
    message = difference(got, want, "`W.grad`")
    for phrase in phrases:
        assert phrase in message, message
    assert repr(want.tolist()) not in message


def test_a_wrong_number_says_how_far_off_without_quoting_it():
    message = difference(0.53, 0.25, "`norm`")
    assert "yours, 0.53" in message and "times too large" in message and "0.25" not in message
    assert difference(False, True, "`value is None`") == "`value is None` is False, but it should be True"


def test_float64_exercises_compare_to_float64_precision():
    """Where the text asks for float64 (``Exercise.rtol = FLOAT64_RTOL``), what float32
    leaves behind (a relative 1e-8, a float32 array) is wrong; elsewhere it is within
    tolerance, and float32 arrays are judged by their values."""
    want = np.array([1 + 2e-9, 0.1])
    rounded = want.astype(np.float32).astype(np.float64)
    assert difference(rounded, want) is None
    assert difference(want.astype(np.float32), want) is None
    with tolerance(FLOAT64_RTOL):
        assert "what float32 (about 7 digits) leaves behind" in difference(rounded, want)
        assert "holds float32 values, but this exercise asks for float64" in difference(
            want.astype(np.float32), want)
        assert difference(want * (1 + 1e-14), want) is None       # another order of sums
        assert "float32" in difference(float(rounded[1]), 0.1)
    assert difference(float(rounded[1]), 0.1) is None             # the context is gone


def test_whole_numbers_compare_exactly():
    assert difference(2 ** 72 - 3, 2 ** 72 - 3) is None
    assert difference(np.int64(5), 5) is None
    assert "1 more than it should be" in difference(2 ** 72 - 2, 2 ** 72 - 3)
    assert difference(5.0, 5) is None                             # a float is judged by value
