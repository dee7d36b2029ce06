"""Chapter 4 exercises: sum and expand as each other's backward, undoing broadcasting with
``sum_to``, a broadcasting ``mul``, and ``div`` with the quotient rule.

Answers use minigrad's ``Tensor`` and ``record(data, inputs, backward, op)`` from
``minigrad.autograd``, where ``backward(grad)`` returns one gradient per input; the
last two may use ``mg.sum_to`` (the library's version of exercise 3).
"""

import numpy as np

from minigrad.tensor import Tensor
from .core import FLOAT64_RTOL, Case, Exercise, broken
from .rules import Untouched, interleaved, run_op

SETUP = """\
import numpy as np
import minigrad as mg
from minigrad import Tensor
from minigrad.autograd import record
from classroom import check, hint, solution"""


def leaf(values):
    return Tensor(np.array(values, dtype=float), requires_grad=True)


def grad_of(t):
    return None if t.grad is None else t.grad.data


def _seed_for(shape, offset=0.0):
    """A fixed gradient from above whose entries all differ (1, 2, 3, ... plus offset)."""
    n = int(np.prod(shape, dtype=int))
    return (np.arange(1, n + 1, dtype=float) + offset).reshape(shape)


def _fixed(values):
    return lambda out: np.array(values, dtype=float)


def _unary_case(values, *args, offset=0.0, view_ok=False):
    """Run answer(a, *args), backpropagate a fixed gradient, report the value and a's gradient."""
    def run(answer):
        a = leaf(values)
        return run_op(lambda: answer(a, *args), {"a": a}, lambda o: _seed_for(o.shape, offset),
                      view_ok=view_ok, single=(a,), own_backward=True)
    return run


def _expand_case(values, dim, copies):
    """A case of expand_op, whose result may be a view of its input (copies by design)."""
    return _unary_case(values, dim, copies, view_ok=True)


def _two_calls(*calls, what="your op"):
    """Two results made one after the other (each call: the inputs' values, then the other
    arguments), then backward through the first and then the second."""
    def run(answer):
        made = []
        for values, args in calls:
            inputs = {name: leaf(v) for name, v in values.items()}
            made.append((lambda t=tuple(inputs.values()), args=args: answer(*t, *args),
                         inputs, lambda o: _seed_for(o.shape, 0.5)))
        return interleaved(made, what)
    return run


# -- 04.sum_op ------------------------------------------------------------------------------


def _sum_twice(answer):
    a = leaf([[1.0, -2.0, 3.0], [0.5, 4.0, -1.0]])
    return run_op(lambda: answer(answer(a, 1), 0), {"a": a}, lambda o: np.ones(o.shape),
                  own_backward=True)


SUM_OP = Exercise(
    id="04.sum_op", title="sum over one axis as a recorded op", entry="sum_op", points=1,
    forbids=("minigrad.sum", "minigrad.mean"),
    cases=[
        Case("a (2, 3) matrix summed over dim 0 (down the columns)",
             _unary_case([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], 0)),
        Case("a (2, 3) matrix summed over dim 1 (along each row)",
             _unary_case([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], 1)),
        Case("a (3, 3) matrix summed over dim 1",
             _unary_case([[1.0, 0.0, 2.0], [3.0, -1.0, 1.0], [0.5, 0.5, 0.5]], 1)),
        Case("a (2, 2, 3) tensor summed over its middle axis (dim 1)",
             _unary_case(np.arange(12.0).reshape(2, 2, 3) / 4 - 1, 1)),
        Case("sum_op used twice: over dim 1, then over dim 0, giving one number", _sum_twice),
        Case("two sums made one after the other, (2, 3) over dim 1 and (3, 2, 2) over dim 0, "
             "then backward through the first and then the second",
             _two_calls(({"a": [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]}, (1,)),
                        ({"a": np.arange(12.0).reshape(3, 2, 2)}, (0,)), what="your sum_op")),
    ],
    mistakes={
        "sum_op_not_expanded":
            "the gradient for a must have a's shape, but yours has the summed result's shape: "
            "every element of a was added into the sum, so each one gets a copy of the incoming "
            "gradient — expand grad back along dim",
        "sum_op_no_new_axis":
            "your gradient is copied along the wrong axis: NumPy broadcasting lines shapes up "
            "from the right, so grad first needs the summed axis back as a size-1 axis "
            "(np.expand_dims(grad, dim)) before it is copied to a's shape",
        "sum_op_divides":
            "the gradient of a sum is not divided by the number of elements (that is the mean's "
            "backward): ∂(x₁ + x₂ + …)/∂xᵢ = 1, so each element gets the incoming gradient "
            "as it is",
        "sum_op_ones":
            "your gradient ignores the incoming grad: 1 is only the local slope of the sum. By "
            "the chain rule each element of a gets grad (the gradient of the sum it went into) "
            "times 1, so put grad's summed axis back and copy it along dim",
    },
    hints=[
        "Forward: NumPy's sum of the input's array along `dim`. Backward: if one element of a "
        "grows by a little, how much does the sum it was added into grow?",
        "By exactly that much: each element of a gets the gradient of the sum it belongs to. "
        "The sticking point is the shape: grad has lost axis dim, so put that axis back as "
        "size 1 first (broadcasting lines shapes up from the right), then copy it out to a's "
        "shape.",
        "Worked on a of shape (2, 3) summed over dim 1: the result and grad have shape (2,). "
        "`np.expand_dims(grad, 1)` has shape (2, 1), and copying it along axis 1 gives (2, 3): "
        "each element of row i gets `grad[i]`. The key line: `return (np.broadcast_to("
        "np.expand_dims(grad, dim), in_shape),)`.",
    ],
)


# -- 04.expand_op ---------------------------------------------------------------------------


def _expand_then_sum(answer):
    a = leaf([2.0, -1.0, 0.5])             # minigrad's sum: three copies added back up
    return run_op(lambda: answer(a, 0, 3).sum(0), {"a": a}, [1.0, 10.0, 100.0], view_ok=True,
                  own_backward=True)


EXPAND_OP = Exercise(
    id="04.expand_op", title="expand: copies along a new axis", entry="expand_op", points=1,
    forbids=("minigrad.expand", "minigrad.broadcast_to"),
    cases=[
        Case("a vector of 3 numbers, 4 copies stacked as rows (dim 0, result (4, 3))",
             _expand_case([1.0, -2.0, 3.0], 0, 4)),
        Case("a vector of 3 numbers, 2 copies side by side (dim 1, result (3, 2))",
             _expand_case([1.0, -2.0, 3.0], 1, 2)),
        Case("a (2, 3) matrix, 4 copies along a new middle axis (dim 1, result (2, 4, 3))",
             _expand_case([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], 1, 4)),
        Case("expand to 3 copies, then sum them back up with minigrad's .sum(0)",
             _expand_then_sum),
        Case("two expansions made one after the other, (3,) with dim 0 and 2 copies and "
             "(2, 2) with dim 2 and 3 copies, then backward through the first and then the "
             "second", _two_calls(({"a": [1.0, -2.0, 3.0]}, (0, 2)),
                                  ({"a": [[1.0, 2.0], [3.0, 4.0]]}, (2, 3)),
                                  what="your expand_op")),
    ],
    mistakes={
        "expand_op_one_copy":
            "your gradient for a uses only one of the copies: every copy of a went into the "
            "output, so a's gradient is the sum of the gradients of all its copies",
        "expand_op_mean":
            "you averaged the copies' gradients: a tensor used several times gets the *sum* of the "
            "gradients from each use, not their mean",
        "expand_op_axis0":
            "your backward sums over the wrong axis: the copies lie along the new axis dim, which "
            "is not always axis 0",
    },
    hints=[
        "Forward: give the input's array a new axis at dim, then repeat it `copies` times along "
        "that axis (NumPy has a function for each step). Backward: the output holds `copies` "
        "uses of every element of a. What does a tensor used several times receive?",
        "A tensor used several times receives the sum of the gradients of its uses, so "
        "backward adds grad up over the new axis, and that is axis dim, which is not always "
        "the first one.",
        "Worked on a vector of shape (3,), dim = 1, copies = 2: `np.expand_dims` makes (3, 1), "
        "repeating along axis 1 makes (3, 2). In backward, grad is (3, 2) and `grad.sum(axis=1)` "
        "gives (3,): one number per element of a, the total over its copies.",
    ],
)


# -- 04.sum_to ------------------------------------------------------------------------------


def _sum_to_case(grad_shape, shape, offset=0.0):
    def run(answer):
        grad = _seed_for(grad_shape, offset) / 4
        kept = Untouched(grad=grad)
        result = answer(grad, shape)
        kept.check("your sum_to")
        if isinstance(result, Tensor):
            broken("sum_to should return a NumPy array (it works on the arrays backward "
                   "passes around), but it returned a Tensor")
        return {"result": result}
    return run


SUM_TO = Exercise(
    id="04.sum_to", title="sum_to: undo broadcasting", entry="sum_to", points=2,
    forbids=("minigrad.sum_to",),
    cases=[
        Case("a (2, 3) gradient for an input of shape (3,) (a row added to every row)",
             _sum_to_case((2, 3), (3,))),
        Case("a (2, 3) gradient for an input of shape (1, 3)", _sum_to_case((2, 3), (1, 3))),
        Case("a (2, 3) gradient for an input of shape (2, 1) (a column stretched across)",
             _sum_to_case((2, 3), (2, 1))),
        Case("a (4, 2, 3) gradient for an input of shape (2, 1) (a new leading axis and a "
             "stretched one)", _sum_to_case((4, 2, 3), (2, 1))),
        Case("a (2, 3) gradient for an input of shape (1, 1) (both axes stretched)",
             _sum_to_case((2, 3), (1, 1))),
        Case("a (2, 3, 4) gradient for an input of shape (1, 3, 1) (the first and last axes "
             "stretched)", _sum_to_case((2, 3, 4), (1, 3, 1))),
        Case("a (2, 3) gradient for an input of shape (2, 3) (nothing was broadcast)",
             _sum_to_case((2, 3), (2, 3))),
        Case("a (2, 3) gradient for an input of shape () (a single number)",
             _sum_to_case((2, 3), ())),
    ],
    mistakes={
        "sum_to_leading_only":
            "you only summed over the new leading axes: an axis where shape has size 1 but grad "
            "does not was stretched by broadcasting too, and must be summed as well",
        "sum_to_no_keepdims":
            "you summed over the right axes but dropped them (forgot keepdims): the result must "
            "have exactly `shape`, so the stretched size-1 axes have to stay as size 1 "
            "(sum with keepdims=True, or reshape to shape)",
        "sum_to_from_the_left":
            "you summed over the wrong axes: broadcasting lines shapes up from the right, so the "
            "extra axes of grad are the leading ones, and shape[i] pairs with grad's axis "
            "i + (grad.ndim - len(shape))",
    },
    hints=[
        "Two kinds of axes of grad were made by copying: the extra leading axes (grad has more "
        "dimensions than shape), and axes where shape has size 1 but grad does not. A copy in the "
        "forward pass is a sum in the backward pass.",
        "Where it goes wrong: shapes line up from the right, so axis i of shape pairs with axis "
        "i + (grad's number of axes - len(shape)) of grad. Sum over the extra leading axes and "
        "over every paired axis where shape has 1 and grad does not, keeping that size-1 axis, "
        "and the result has exactly shape.",
        "Worked on grad of shape (4, 2, 3) and shape (2, 1): lead = 1, so axis 0 is summed away "
        "(it is not in shape); then `shape[1]` is 1 while grad has 3 there, so that axis is summed "
        "too, keeping it as size 1. Result (2, 1).",
    ],
)


# -- 04.mul ---------------------------------------------------------------------------------


def _binary_case(a_values, b_values, b_grad=True, offset=0.0):
    def run(answer):
        a = leaf(a_values)
        b = leaf(b_values) if b_grad else Tensor(np.array(b_values, dtype=float))
        return run_op(lambda: answer(a, b), {"a": a, "b": b},
                      lambda o: _seed_for(o.shape, offset), single=(a, b), own_backward=True)
    return run


def _same_tensor_twice(answer):
    a = leaf([1.0, -2.0, 3.0])
    return run_op(lambda: answer(a, a), {"a": a}, [1.0, 10.0, 100.0], single=(a, a),
                  own_backward=True)


MUL = Exercise(
    id="04.mul", title="mul with broadcasting", entry="mul", points=2,
    forbids=("minigrad.mul",),
    cases=[
        Case("two vectors of the same shape", _binary_case([1.0, 2.0, 3.0], [4.0, -5.0, 0.5])),
        Case("a (2, 3) matrix times a vector of shape (3,) (one scale per column)",
             _binary_case([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], [2.0, -1.0, 0.5])),
        Case("a (3, 1) column times a (1, 4) row, giving a (3, 4) table",
             _binary_case([[1.0], [2.0], [-3.0]], [[1.0, 0.5, -2.0, 4.0]])),
        Case("a vector times a single number (a tensor of shape ())",
             _binary_case([1.0, -2.0, 3.0, 0.5], 3.0)),
        Case("a tensor times itself (a * a)", _same_tensor_twice),
        Case("b does not require a gradient",
             _binary_case([[1.0, 2.0], [3.0, 4.0]], [0.5, -2.0], b_grad=False)),
        Case("two products made one after the other, (2, 3) × (3,) and (3, 1) × (1, 2), then "
             "backward through the first and then the second",
             _two_calls(({"a": [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], "b": [2.0, -1.0, 0.5]}, ()),
                        ({"a": [[1.0], [2.0], [-3.0]], "b": [[0.5, -2.0]]}, ()),
                        what="your mul")),
    ],
    mistakes={
        "mul_no_sum_to":
            "forgot to undo broadcasting: the gradient for an input must have that input's shape, "
            "so sum grad × (the other input) back down to it with mg.sum_to(…, shape) — an input "
            "that was copied by broadcasting gets the sum of its copies' gradients",
        "mul_swapped":
            "the product rule is mixed up: ∂(a·b)/∂a = b, so a's gradient is grad × b (the *other* "
            "input), and b's is grad × a",
        "mul_leading_only":
            "you undid broadcasting only over the new leading axes: an axis where an input had size "
            "1 was stretched too and must be summed back (keeping it as size 1) — mg.sum_to does "
            "both",
    },
    hints=[
        "Forward: the product of the inputs' arrays (NumPy broadcasts). Backward: first the "
        "product rule as if nothing were broadcast, then make each gradient the shape of its "
        "input.",
        "The product rule gives each input grad times the other input, with the output's "
        "shape. The step people miss: broadcasting copied the smaller input, so its gradient "
        "must be summed back down to its own shape (exercise 3, or the library's version).",
        "Worked on a of shape (2, 3) times b of shape (3,), with grad (2, 3): a's gradient, grad "
        "times b's array, is already (2, 3); b's is (2, 3) too and must come back to (3,): "
        "`mg.sum_to(grad * A, B.shape)` sums it over the rows.",
    ],
)


# -- 04.div ---------------------------------------------------------------------------------


def _divided_by_itself(answer):
    a = leaf([2.0, -4.0, 0.5])
    return run_op(lambda: answer(a, a), {"a": a}, [1.0, 10.0, 100.0], single=(a, a),
                  own_backward=True)


DIV = Exercise(
    id="04.div", title="div and the quotient rule (stretch)", entry="div", points=2,
    rtol=FLOAT64_RTOL,
    forbids=("minigrad.truediv", "minigrad.ops.pow_div.rtruediv"),
    cases=[
        Case("two vectors of the same shape", _binary_case([1.0, 2.0, 3.0], [2.0, 4.0, -0.5])),
        Case("a (2, 3) matrix divided by a vector of shape (3,) (one divisor per column)",
             _binary_case([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], [2.0, -4.0, 0.5])),
        Case("a vector divided by a single number (a tensor of shape ())",
             _binary_case([1.0, -2.0, 3.0], 4.0)),
        Case("a (2, 1) column divided by a (1, 3) row: both inputs broadcast",
             _binary_case([[1.0], [-3.0]], [[0.5, 2.0, -4.0]])),
        Case("a tensor divided by itself (a / a)", _divided_by_itself),
        Case("b does not require a gradient",
             _binary_case([[1.0, 2.0], [3.0, 4.0]], [0.5, -2.0], b_grad=False)),
        Case("two quotients made one after the other, (2, 3) / (3,) and (3, 1) / (1, 2), then "
             "backward through the first and then the second",
             _two_calls(({"a": [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], "b": [2.0, -4.0, 0.5]}, ()),
                        ({"a": [[1.0], [2.0], [-3.0]], "b": [[0.5, -2.0]]}, ()),
                        what="your div")),
        Case("values float32 cannot hold exactly (0.1, 1/3, 1 + 1e-9): the quotient is "
             "compared to float64's precision",
             _binary_case([0.1, 1 / 3, 1 + 1e-9], [3.0, 0.7, 1 - 1e-9])),
    ],
    mistakes={
        "div_sign":
            "the gradient for b has the wrong sign: making the divisor b bigger makes a / b "
            "smaller (for positive a), so ∂(a/b)/∂b = -a / b²",
        "div_not_squared":
            "the gradient for b should divide by b squared: ∂(1/b)/∂b = -1/b², so "
            "∂(a/b)/∂b = -a / b², not -a / b",
        "div_no_sum_to":
            "forgot to undo broadcasting: each gradient must have its own input's shape, so sum it "
            "back down with mg.sum_to(…, shape) — a divisor shared by a whole column gets the sum "
            "of that column's gradients",
    },
    hints=[
        "Forward: the quotient of the inputs' arrays. Backward: write a / b as a × (1/b). How "
        "does it change when a changes? When b changes? Then undo broadcasting as in mul.",
        "The slope with respect to a is easy; for b, use the slope of 1/b, which is minus one "
        "over its square, times a. Where learners slip: the sign, the square, and forgetting "
        "to sum each gradient back to its own input's shape.",
        "Worked on a = 6 and b = 2 with grad 1: the value is 3; ∂/∂a = 1/2 = 0.5 and ∂/∂b = -6/4 "
        "= -1.5. For a / a, a receives both: 1/a - a/a² = 0, which matches x / x = 1 being flat. "
        "Then sum each gradient back to its input's shape.",
    ],
)

EXERCISES = [SUM_OP, EXPAND_OP, SUM_TO, MUL, DIV]
