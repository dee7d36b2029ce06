"""gradcheck itself: it passes right gradients, and its report pinpoints wrong ones."""

import numpy as np
import pytest

import minigrad as mg
from minigrad.autograd import record


def wrong_square(x):
    """x ** 2 with a backward that forgets the factor 2 (a classic mistake)."""
    return record(x.data ** 2, (x,), lambda g: (g * x.data,), "wrong_square")


def test_passes_and_counts_elements():
    x = mg.Tensor(np.linspace(-1, 1, 6).reshape(2, 3), requires_grad=True)
    result = mg.gradcheck(lambda x: (x * x).sum(1), x)
    assert result and result.checked == 6 and "passed" in str(result)


def test_report_names_input_element_values_and_tolerance():
    x = mg.Tensor([1.0, 2.0, 3.0], requires_grad=True)
    c = mg.Tensor([1.0, 1.0, 1.0])
    with pytest.raises(mg.GradcheckError) as err:
        mg.gradcheck(lambda c, x: wrong_square(x) + c, c, x)
    text = str(err.value)
    assert "3 of 3 element(s) disagree" in text
    assert "input 1 (shape (3,))" in text
    assert "element (2,): analytic" in text and "numeric" in text and "tolerance" in text


def test_returns_the_failure_when_asked_not_to_raise():
    x = mg.Tensor([1.0, 2.0], requires_grad=True)
    result = mg.gradcheck(wrong_square, x, raise_exception=False)
    assert not result
    m = result.mismatches[0]
    assert m.input == 0 and m.index == (0,)
    assert abs(m.numeric / m.analytic - 2.0) < 1e-6               # off by exactly the forgotten 2


def test_an_input_backward_never_reached_is_reported():
    x = mg.Tensor([1.0, 2.0], requires_grad=True)
    y = mg.Tensor([1.0, 2.0], requires_grad=True)

    def f(x, y):   # y's gradient is lost: it is used only through .data
        return x * mg.Tensor(y.data) + record(y.data * 0 + y.data, (x,), lambda g: (g * 0,), "lost")

    with pytest.raises(mg.GradcheckError, match=r"input 1.*backward never reached it"):
        mg.gradcheck(f, x, y)


def test_checks_in_float64_even_for_float32_inputs():
    x = mg.Tensor(np.array([0.3, 0.7], dtype=np.float32), requires_grad=True)
    assert mg.gradcheck(lambda x: x.tanh(), x, atol=1e-7, rtol=1e-6)
    assert x.grad is None          # the caller's tensor is left alone


def test_refuses_nonsense_clearly():
    with pytest.raises(ValueError, match="no input requires a gradient"):
        mg.gradcheck(lambda x: x * 2, mg.Tensor(1.0))
    with pytest.raises(TypeError, match="must return a Tensor.*float"):
        mg.gradcheck(lambda x: 3.0, mg.Tensor(1.0, requires_grad=True))
    with pytest.raises(ValueError, match="does not depend"):
        mg.gradcheck(lambda x: mg.Tensor(x.data * 2), mg.Tensor(1.0, requires_grad=True))
