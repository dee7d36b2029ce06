"""How the checker itself behaves: a time budget for every case, probing stops at the first
failure, known mistakes named from the first failing case (and never wrongly), state kept
between calls found, expectations that learner code cannot change, rules the cases check."""

import json
import signal
import time
from pathlib import Path

import numpy as np
import pytest

import minigrad as mg
from classroom import check
from classroom.exercises import CORRECT, INCORRECT, Case, Exercise, instructor
from classroom.exercises import expected as stored
from classroom.exercises import shared_state
from classroom.exercises.core import (NOT_RUN, RULE, TOO_SLOW, Expected, Raised, TooSlow,
                                      broken, observe, time_budget)
from classroom.exercises.registry import chapter, chapter_modules, exercises, get
from classroom.exercises.shortcuts import ShortcutUsed, no_recursion
from minigrad.tensor import Tensor


# -- a time budget for every case ------------------------------------------------------------
def spin():
    while True:
        pass


def test_a_case_that_runs_too_long_is_stopped_and_reported():
    got = observe(spin, seconds=0.2)         # spin() never returns: only the budget ends it
    assert isinstance(got, Raised) and got.kind == TOO_SLOW


def test_catching_everything_does_not_hide_a_case_that_runs_too_long():
    def stubborn():
        for _ in range(100):
            try:
                spin()
            except Exception:        # noqa: BLE001 - what a learner might write
                pass
    assert observe(stubborn, seconds=0.2).kind == TOO_SLOW


def test_the_budget_puts_back_the_timer_and_handler_it_found():
    fired = []
    previous = signal.signal(signal.SIGALRM, lambda *a: fired.append(1))
    signal.setitimer(signal.ITIMER_REAL, 30.0)
    try:
        assert observe(lambda: 1, seconds=1.0) == 1
        left = signal.getitimer(signal.ITIMER_REAL)[0]
        assert 25 < left <= 30
        assert signal.getsignal(signal.SIGALRM) is not previous
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    with time_budget(0.5):
        pass
    time.sleep(0.7)                      # the budget's own timer is off once the block ends


def test_a_walk_over_every_path_of_a_40_rung_ladder_says_so_within_seconds():
    attempt = Path(__file__).parent / "exercise_attempts" / "ch02" / "count_visits_walks_paths.py"
    namespace = {}
    exec(chapter("02").SETUP, namespace)
    exec(compile(attempt.read_text(encoding="utf-8"), str(attempt), "exec"), namespace)
    verdict = check("02.count_visits", namespace["count_visits"])   # (2**41 visits, if let run)
    assert verdict.status == INCORRECT
    message = verdict.verdict.message
    assert message.startswith("too slow:") and "visits every path" in message


# -- stopping at the first failure -------------------------------------------------------------
def test_probing_stops_at_the_first_failing_case_and_marks_the_rest_not_run():
    exercise = get("02.count_visits")
    ran = []                       # the graphs seen (a case may call the answer twice on one)

    def count_visits(root):
        if not any(root is r for r in ran):
            ran.append(root)
        return 0
    observations = exercise.probe(count_visits, reference=exercise.expected().reference)
    assert len(ran) == 1 and len(observations) == len(exercise.cases)
    assert all(o.kind == NOT_RUN for o in observations[1:])
    assert exercise.verdict(observations).status == INCORRECT


def test_a_worker_without_expectations_runs_every_case_but_stops_at_one_too_slow():
    exercise = get("02.count_visits")
    ran = []                       # the graphs seen (a case may call the answer twice on one)

    def seen(root):
        if not any(root is r for r in ran):
            ran.append(root)
    exercise.probe(lambda root: seen(root) or 0)
    assert len(ran) == len(exercise.cases)
    ran.clear()

    def slow_on_the_second(root):
        seen(root)
        if len(ran) == 2:
            spin()
        return 0
    exercise.seconds, seconds = 0.3, exercise.seconds
    try:
        observations = exercise.probe(slow_on_the_second)
    finally:
        exercise.seconds = seconds
    assert len(ran) == 2 and observations[1].kind == TOO_SLOW
    assert all(o.kind == NOT_RUN for o in observations[2:])


# -- naming known mistakes from the first failing case --------------------------------------------
DEMO = Exercise(id="99.demo", title="demo", entry="f", hints=["a", "b", "c"],
                cases=[Case("first", lambda f: f(1.0)), Case("second", lambda f: f(2.0))],
                mistakes={"double": "you doubled it", "negate": "you negated it"})


def _reference(x):
    return {"value": np.array([x, -x]), "loss": x}


def _double(x):
    return {"value": np.array([x, -x]) * 2, "loss": 2 * x}


def _negate(x):
    return {"value": np.array([-x, x]), "loss": x}


@pytest.fixture
def demo_stored(monkeypatch):
    made = Expected(("first", "second"),
                    tuple(DEMO.probe(_reference, stop_early=False)),
                    {"double": tuple(DEMO.probe(_double, stop_early=False)),
                     "negate": tuple(DEMO.probe(_negate, stop_early=False))})
    public, has_hidden = stored.public, stored.has_hidden
    monkeypatch.setattr(stored, "public", lambda i: made if i == "99.demo" else public(i))
    monkeypatch.setattr(stored, "has_hidden", lambda i: False if i == "99.demo"
                        else has_hidden(i))


def test_a_near_miss_gets_the_misconception_s_name(demo_stored):
    def doubled_value_only(x):          # right loss, doubled value: part of the mistake
        return {"value": np.array([x, -x]) * 2, "loss": x}
    assert DEMO.check(doubled_value_only).message == "you doubled it"


def test_an_answer_wrong_where_the_mistake_is_right_is_not_given_its_name(demo_stored):
    def doubled_and_off(x):
        return {"value": np.array([x, -x]) * 2, "loss": 3 * x}
    verdict = DEMO.check(doubled_and_off)
    assert verdict.status == INCORRECT and verdict.message not in DEMO.mistakes.values()


def test_overflow_matches_overflow_whichever_of_inf_and_nan(demo_stored):
    made = stored.public("99.demo")
    overflowed = {"value": np.array([np.inf, 1.0]), "loss": 1.0}
    wrong = {"value": np.array([np.nan, np.nan]), "loss": 1.0}
    from classroom.exercises.core import _explains
    assert _explains(overflowed, wrong, made.reference[0])
    assert not _explains({"value": np.array([5.0, 1.0]), "loss": 1.0}, wrong,
                         made.reference[0])


def test_two_mistakes_that_fit_equally_well_name_neither():
    from classroom.exercises.core import Expected as E

    ex = Exercise(id="99.two", title="t", entry="f", hints=["a", "b", "c"],
                  cases=[Case("one", lambda f: f())], mistakes={"m1": "one", "m2": "two"})
    expected = E(("one",), ({"v": 1.0},), {"m1": ({"v": 2.0},), "m2": ({"v": 2.0},)})
    assert ex.diagnose([{"v": 2.0}], expected, 0) is None


# -- state kept between calls ----------------------------------------------------------------------
def test_a_mutable_default_that_changes_is_found():
    def f(x, seen=[]):
        seen.append(x)
        return len(seen)
    watcher = shared_state.watch(f)
    f(1)
    message = watcher.changed()
    assert "default argument `seen=[]`" in message and "None as the default" in message
    assert watcher.changed() is None             # reported once


def test_a_class_attribute_shared_by_instances_is_found():
    namespace = {}
    exec(compile("class Opt:\n    params = []\n    def __init__(self, ps):\n"
                 "        self.params.extend(ps)\n", "<answer 05.sgd_class>", "exec"), namespace)
    watcher = shared_state.watch(namespace["Opt"])
    namespace["Opt"]([1, 2])
    assert "class attribute `Opt.params`" in watcher.changed()


def test_library_classes_are_not_watched():
    assert shared_state.watch(mg.optim.SGD).watched == []


_GLOBALS = """
import numpy as np
GAINS = {"relu": 2.0}
seen = set()
saved = None


def helper(x):
    seen.add(x)


def reads_a_constant(x):
    return GAINS["relu"] * np.sqrt(x)


def fills_a_global(x):
    helper(x)
    return len(seen)


def rebinds_a_global(x):
    global saved
    saved = x
    return x


def sets_an_attribute(x):
    sets_an_attribute.last = x
    return x
"""


def _answers_with_globals():
    namespace = {}
    exec(compile(_GLOBALS, "<answer 99.globals>", "exec"), namespace)
    return namespace


@pytest.mark.parametrize("name, phrase", [
    ("fills_a_global", "the global `seen`"),          # through a helper it calls
    ("rebinds_a_global", "the global `saved`"),
    ("sets_an_attribute", "an attribute set on your function `sets_an_attribute`"),
])
def test_globals_and_function_attributes_a_call_changes_are_found(name, phrase):
    answer = _answers_with_globals()[name]
    watcher = shared_state.watch(answer)
    answer(3)
    message = watcher.changed()
    assert message and phrase in message and "shared by every call" in message


def test_globals_an_answer_only_reads_are_not_reported():
    answer = _answers_with_globals()["reads_a_constant"]
    watcher = shared_state.watch(answer)
    answer(4.0)
    assert watcher.changed() is None


# -- recursion where the text says "without recursion" --------------------------------------------
def test_recursion_is_found_even_with_a_raised_limit():
    namespace = {}
    exec(compile("def visit(n):\n    return 0 if n == 0 else visit(n - 1)\n",
                 "<answer 02.topological_order>", "exec"), namespace)
    with no_recursion(True, "topological_order") as found:
        with pytest.raises(ShortcutUsed, match="calls itself"):
            namespace["visit"](3)
    assert "`visit` calls itself" in found.message
    with no_recursion(False, "x") as found:
        namespace["visit"](3)
    assert found.message is None


# -- expectations learner code cannot change ----------------------------------------------------------
def test_patching_the_library_in_the_notebook_does_not_change_what_later_checks_expect():
    """Expectations are data made from solutions/ ahead of time: a learner who breaks
    minigrad's classes before the first check changes their own answers' results, not
    what "correct" means."""
    def stored_now():
        return {ex.id: json.dumps(ex.expected().to_json()) for n in chapter_modules()
                for ex in exercises(n)}
    before = stored_now()
    stored.clear_cache()
    broken_neg, broken_sum = Tensor.__neg__, Tensor.sum
    try:
        Tensor.__neg__ = lambda self: self                  # "patched in the notebook"
        Tensor.sum = lambda self, *a, **k: 0
        again = stored_now()
        verdict = check("04.sum_op", lambda a, dim: a)      # the patched sum cannot pass
    finally:
        Tensor.__neg__, Tensor.sum = broken_neg, broken_sum
    assert again == before
    assert verdict.status == INCORRECT
    reference = instructor.reference_answers("03")["03.mul"]
    assert check("03.mul", reference).status == CORRECT


# -- rules the cases check ---------------------------------------------------------------------------
def test_a_broken_rule_is_reported_as_its_message():
    got = observe(lambda: broken("you changed `a` in place"))
    assert got == Raised(RULE, "you changed `a` in place")
    from classroom.exercises.core import difference
    assert difference(got, {"v": 1}) == "you changed `a` in place"


def test_too_slow_is_a_base_exception_that_answers_cannot_swallow():
    assert issubclass(TooSlow, BaseException) and not issubclass(TooSlow, Exception)


def test_the_reference_raises_only_where_a_case_tests_that_bad_input_is_refused():
    """A case that raises for the reference too makes every answer "correct" (it raises
    the same way): only exercises whose text asks for an error may have such cases."""
    from classroom.exercises.core import _raised_within

    # their texts ask for a ValueError
    refusing = {"01.one_hot", "11.kaiming_std", "12.output_size"}
    for number in chapter_modules():
        for exercise in exercises(number):
            made = exercise.expected() + instructor.hidden_part(exercise).expected
            for description, observation in zip(made.cases, made.reference):
                raised = list(_raised_within(observation))
                if raised:
                    assert exercise.id in refusing, (exercise.id, description, raised)
                    assert {r.kind for r in raised} <= {"ValueError", "TypeError"}
