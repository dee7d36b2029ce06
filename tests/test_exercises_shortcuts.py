"""Forbidden shortcuts: an answer that calls the library piece its exercise asks for is told
so, whichever way it reaches it; cases may still use the library; nothing stays patched."""

import sys

import numpy as np
import pytest

import minigrad as mg
from classroom import check
from classroom.exercises import INCORRECT, instructor
from classroom.exercises.registry import get
from classroom.exercises.shortcuts import ShortcutUsed, guard, learner_frame
from minigrad import nn, optim
from minigrad.autograd import record
from minigrad.tensor import Tensor


def add_with_plus(a, b):
    return a + b


def add_with_method(a, b):
    return a.add(b)


def add_with_function(a, b):
    return mg.add(a, b)


def add_reflected(a, b):
    return b.__radd__(a)


def sub_with_minus(a, b):
    return a - b


def sub_reflected(a, b):
    return b.__rsub__(a)


class SGDSubclass(optim.SGD):
    pass


class SGDSuperStep(optim.SGD):
    def step(self):
        super().step()


def topo_with_library(root):
    return mg.topological_order(root)


def cross_entropy_with_library(logits, targets):
    return nn.functional.cross_entropy(logits, targets)


@pytest.mark.parametrize("exercise_id, answer, called", [
    ("02.add", add_with_plus, "add"),
    ("02.add", add_with_method, "add"),
    ("02.add", add_with_function, "add"),
    ("02.add", add_reflected, "add"),
    ("03.sub", sub_with_minus, "sub"),
    ("03.sub", sub_reflected, "rsub"),
    ("02.topological_order", topo_with_library, "topological_order"),
])
def test_calling_the_library_op_is_named_as_a_shortcut(exercise_id, answer, called):
    exercise = get(exercise_id)
    for part in (None, instructor.hidden_part(exercise)):
        verdict = exercise.check(answer, part)
        assert verdict.status == INCORRECT
        assert (f"asks you to write {exercise.entry} yourself, but your answer called "
                f"minigrad's own {called}") in verdict.message, verdict.message


@pytest.mark.parametrize("answer", [SGDSubclass, SGDSuperStep])
def test_subclassing_or_calling_the_library_class_is_a_shortcut(answer):
    verdict = check("05.sgd_class", answer)
    assert verdict.status == INCORRECT
    assert "asks you to write SGD yourself" in verdict.verdict.message
    assert "minigrad's own" in verdict.verdict.message


def test_a_loss_built_on_the_library_loss_is_a_shortcut():
    verdict = check("08.cross_entropy", cross_entropy_with_library)
    assert verdict.status == INCORRECT and "minigrad's own" in verdict.verdict.message


def test_an_honest_answer_that_uses_other_ops_is_fine():
    def add(a, b):                       # record, NumPy, and other minigrad ops are allowed
        scale = Tensor(1.0) * 1.0        # mul is not what 02.add forbids
        return record(a.data + b.data * scale.item(), (a, b), lambda g: (g, g), "add")
    assert check("02.add", add).correct


def test_the_guard_rebinds_nothing_and_puts_the_profiler_back_even_after_an_error():
    before = (Tensor.__add__, Tensor.__radd__, Tensor.add, mg.add, mg.ops.add_neg.add)
    profiler = sys.getprofile()
    with pytest.raises(ShortcutUsed):
        with guard(("minigrad.add",), "add"):
            assert (Tensor.__add__, mg.add) == before[0::3]      # watched, not replaced
            add_with_plus(Tensor(1.0), Tensor(2.0))        # called from a learner's frame
    assert (Tensor.__add__, Tensor.__radd__, Tensor.add, mg.add, mg.ops.add_neg.add) == before
    assert sys.getprofile() is profiler
    assert (Tensor(1.0) + 2).item() == 3.0


def test_a_reference_kept_before_the_check_is_caught_too():
    """Default arguments, closures and copied methods hold the library's own function,
    which no rebinding of names would reach: the guard watches its code instead."""
    def add_default(a, b, f=mg.add):
        return f(a, b)

    kept = mg.add

    def add_closure(a, b):
        return kept(a, b)

    class Holder:
        step = optim.SGD.step          # inherited from Optimizer

    for answer in (add_default, add_closure):
        verdict = check("02.add", answer)
        assert verdict.status == INCORRECT
        assert "called minigrad's own add" in verdict.verdict.message, verdict.verdict.message
    verdict = check("05.sgd_class", Holder)
    assert verdict.status == INCORRECT and "holds minigrad's own Optimizer.step" in \
        verdict.verdict.message, verdict.verdict.message


def test_handing_the_piece_to_a_case_helper_is_caught():
    """A case helper is the checker's code, allowed to use the piece on its own behalf,
    not for an answer further down the stack."""
    from classroom.exercises.ch02_add_neg import _binary_case

    def add(a, b):
        _binary_case("add", [1.0], [2.0], [1.0])(mg.add)
        return record(a.data + b.data, (a, b), lambda g: (g, g), "add")
    verdict = check("02.add", add)
    assert verdict.status == INCORRECT and "called minigrad's own add" in verdict.verdict.message


def test_numpy_and_the_standard_library_do_not_launder_a_call():
    import functools

    def add_numpy(a, b):
        return np.sum(np.array([a, b], dtype=object))

    def add_reduce(a, b):
        return functools.reduce(mg.add, [a, b])
    for answer in (add_numpy, add_reduce):
        verdict = check("02.add", answer)
        assert verdict.status == INCORRECT
        assert "called minigrad's own add" in verdict.verdict.message, verdict.verdict.message


def test_library_and_checker_code_may_still_use_a_forbidden_op():
    with guard(("minigrad.sum",), "sum_op"):
        # mean and the engine are library code: their internal use of sum is not the learner's
        x = Tensor(np.ones((2, 3)), requires_grad=True)
        (x * 2.0).mean().backward()
    assert np.allclose(x.grad.data, 2.0 / 6)


def test_frames_are_told_apart_by_the_identity_of_their_code_not_its_file_name():
    assert learner_frame(sys._getframe())                 # this test file is not library code
    namespace = {}
    for name in ("<answer 02.add>", "<frozen add>", "<hidden cases of chapter 02>",
                 mg.ops.add_neg.__file__):
        exec(compile("import sys\nframe = sys._getframe()", name, "exec"), namespace)
        assert learner_frame(namespace["frame"]), name
    assert not learner_frame(mg.add.__code__ and _frame_of(mg.ops.add_neg.neg))


def _frame_of(function):
    """A frame running ``function`` (caught from inside it by a profile hook)."""
    seen = []

    def hook(frame, event, arg):
        if event == "call" and frame.f_code is function.__code__:
            seen.append(frame)
    sys.setprofile(hook)
    try:
        function(Tensor(1.0))
    finally:
        sys.setprofile(None)
    return seen[0]


def test_a_file_name_that_pretends_to_be_the_library_is_still_caught():
    namespace = {"record": record, "mg": mg}
    exec(compile("def add(a, b):\n    return a + b\n", "<frozen add>", "exec"), namespace)
    exec(compile("def neg(a):\n    return -a\n", mg.ops.add_neg.__file__, "exec"), namespace)
    assert "called minigrad's own add" in check("02.add", namespace["add"]).verdict.message
    assert "called minigrad's own neg" in check("02.neg", namespace["neg"]).verdict.message


def test_handing_over_the_library_function_itself_is_a_shortcut():
    for exercise_id, answer, phrase in (("02.add", mg.add, "is minigrad's own add"),
                                        ("05.sgd_class", optim.SGD, "is minigrad's own SGD")):
        verdict = check(exercise_id, answer)
        assert verdict.status == INCORRECT and phrase in verdict.verdict.message


def test_the_course_s_own_designs_count_as_shortcuts_too():
    from classroom.designs import closures

    verdict = check("07.mse_loss", closures.mse_loss)
    assert "is the course's own mse_loss" in verdict.verdict.message

    def mse_loss(pred, target):
        return closures.mse_loss(pred, target)
    verdict = check("07.mse_loss", mse_loss)
    assert "called the course's own mse_loss" in verdict.verdict.message


def test_a_name_the_learner_bound_before_the_check_is_caught_and_put_back():
    namespace = {}
    exec(compile("from minigrad.nn.functional import softmax as sm\n"
                 "def softmax(logits):\n    return sm(logits, dim=1)\n",
                 "<answer 08.softmax>", "exec"), namespace)
    verdict = check("08.softmax", namespace["softmax"])
    assert verdict.status == INCORRECT
    assert "called minigrad's own softmax" in verdict.verdict.message
    assert namespace["sm"] is nn.functional.softmax


def test_one_method_of_a_class_can_be_forbidden():
    from classroom.designs.static_graph import Gate, Node

    before = (Node.clear, Gate.clear)

    def clear(nodes):
        for node in nodes:
            node.clear()
    verdict = check("00.clear", clear)
    assert "called the course's own Node.clear" in verdict.verdict.message \
        or "called the course's own Gate.clear" in verdict.verdict.message
    assert (Node.clear, Gate.clear) == before


def test_a_class_whose_methods_live_in_a_private_base_is_caught():
    """nn.MaxPool2d and nn.Conv2d define no methods of their own (_MaxPoolNd and _ConvNd
    beside them do): using them is still a shortcut, and everything is put back."""
    from minigrad.nn.conv import _ConvNd
    from minigrad.nn.pooling import _MaxPoolNd

    before = (_MaxPoolNd.__init__, _MaxPoolNd.forward, _ConvNd.__init__, _ConvNd.forward)

    def max_pool2d(x, k):
        return nn.MaxPool2d(k)(x)

    def conv2d_loops(x, weight, bias):
        layer = nn.Conv2d(weight.shape[1], weight.shape[0], weight.shape[2:])
        return layer(Tensor(x)).data

    for exercise_id, answer, called in [("12.max_pool", max_pool2d, "MaxPool2d.__init__"),
                                        ("12.conv2d_loops", conv2d_loops, "Conv2d.__init__")]:
        verdict = check(exercise_id, answer)
        assert verdict.status == INCORRECT
        assert f"called minigrad's own {called}" in verdict.verdict.message
    assert (_MaxPoolNd.__init__, _MaxPoolNd.forward, _ConvNd.__init__, _ConvNd.forward) == before
    assert nn.MaxPool2d(2)(Tensor(np.ones((1, 1, 2, 2)))).shape == (1, 1, 1, 1)
