"""classroom.widgets.closures: chapter 7's forward/backward stepper, driven without a display."""

import numpy as np

from classroom.designs import closures as cl
from classroom.widgets.closures import ClosureExplorer, ClosureStepper, default_model


def explorer(**kw):
    return ClosureExplorer(dpi=30, **kw)


def test_initial_state_is_deterministic_and_empty():
    a, b = explorer(), explorer()
    assert bytes(a.image.value).startswith(b"\x89PNG")
    assert bytes(a.image.value) == bytes(b.image.value) and a.status.value == b.status.value
    s = a.stepper
    assert s.steps == 0 and s.phase == "start" and s.closures == [] and s.total_steps == 7
    assert "step 0 of 7" in a.status.value and "(8, 2)" in a.status.value
    assert all(np.all(p.grad == 0) for p in s.model.params())
    assert not a.step_button.disabled


def test_forward_pushes_closures_then_backward_pops_them_in_reverse():
    w = explorer()
    pictures = {bytes(w.image.value)}
    for i in range(3):                                      # forward through the 3 layers
        w.step_button.click()
        pictures.add(bytes(w.image.value))
        assert w.stepper.phase == "forward" and w.stepper.current == i
        assert [k for k, _ in w.stepper.closures] == list(range(i + 1))
        assert "<b>forward</b>" in w.status.value
    assert w.stepper.shapes == {0: ((8, 2), (8, 10)), 1: ((8, 10), (8, 10)),
                                2: ((8, 10), (8, 1))}
    w.step_button.click()                                   # the loss
    assert w.stepper.phase == "loss" and "<b>loss</b>" in w.status.value
    order = []
    for _ in range(3):
        w.step_button.click()
        pictures.add(bytes(w.image.value))
        order.append(w.stepper.current)
        assert w.stepper.phase == "backward"
    assert order == [2, 1, 0] and w.stepper.closures == []
    assert "stack is empty" in w.status.value and "‖dW‖" in w.status.value
    assert w.stepper.grad_shapes[0] == ((8, 10), (8, 2)) and w.stepper.dX.shape == (8, 2)
    assert w.step_button.disabled and len(pictures) == 7    # every step drew a new picture


def test_the_stepped_pass_matches_sequential_and_reset_replays_it():
    w = explorer()
    w.stepper.run()
    stepped = [p.grad.copy() for p in w.stepper.model.params()]
    loss, dX = w.stepper.loss, w.stepper.dX.copy()
    model = default_model()                                 # the same seeded weights
    pred, backward = model(w.stepper.X)
    ref_loss, dloss = cl.mse_loss(pred, w.stepper.Y)
    ref_dX = backward(dloss)
    assert loss == ref_loss
    np.testing.assert_allclose(dX, ref_dX)
    for got, want in zip(stepped, model.params()):
        np.testing.assert_allclose(got, want.grad)
    first = explorer()
    w.reset_button.click()
    assert w.stepper.steps == 0 and w.stepper.closures == [] and w.stepper.dX is None
    assert all(np.all(p.grad == 0) for p in w.stepper.model.params())
    assert bytes(w.image.value) == bytes(first.image.value)
    w.stepper.run()                                         # no accumulation across passes
    for got, again in zip(stepped, w.stepper.model.params()):
        np.testing.assert_allclose(got, again.grad)


def test_other_models_and_steps_past_the_end():
    model = cl.Sequential(cl.Linear(3, 2, rng=np.random.default_rng(0)), cl.ReLU())
    rng = np.random.default_rng(1)
    s = ClosureStepper(model, rng.standard_normal((4, 3)), rng.standard_normal((4, 2)))
    assert s.total_steps == 5
    s.run()
    assert 1 not in s.grad_norms and set(s.grad_norms[0]) == {"W", "b"}
    s.step()
    assert s.phase == "done" and "done" in s.describe()
