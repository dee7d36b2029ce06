"""Chapter 3 exercises: sub and mul (the product rule), mm (a gradient derived from shapes),
a numeric gradient by central differences, and the backward of an affine layer.

Answers use minigrad's ``Tensor`` and ``record(data, inputs, backward, op)`` from
``minigrad.autograd``, where ``backward(grad)`` returns one gradient per input.
"""

import numpy as np

from minigrad.tensor import Tensor
from .core import FLOAT64_RTOL, Case, Exercise, Raised
from .rules import interleaved, run_op

SETUP = """\
import numpy as np
import minigrad as mg
from minigrad import Tensor, gradcheck
from minigrad.autograd import record
from classroom import check, hint, solution"""


def leaf(values):
    return Tensor(np.array(values, dtype=float), requires_grad=True)


def const(values):
    return Tensor(np.array(values, dtype=float))


def grad_of(t):
    return None if t.grad is None else t.grad.data


def _seeded(seed, *shapes):
    rng = np.random.default_rng(seed)
    return [np.round(rng.standard_normal(shape), 3) for shape in shapes]


ONE_OP = "a single recorded op whose inputs are a and b"


def one_op(out, *inputs) -> bool:
    """Whether ``out`` was made by one recorded op whose inputs are exactly ``inputs``.
    (Ask before backward(), which frees the graph.)"""
    parents = tuple(getattr(out, "parents", None) or ())
    return len(parents) == len(inputs) and all(p is t for p, t in zip(parents, inputs))


def _recorded(answer, inputs: dict, seed, what: str, single_op: bool, label: str = ONE_OP):
    """Run the op on ``inputs`` through :func:`~classroom.exercises.rules.run_op` and, with
    ``single_op``, report whether the result is one op on exactly those inputs."""
    seen = {}
    args = list(inputs.values())

    def call():
        out = seen["out"] = answer(*args)
        seen["single"] = one_op(out, *args)
        return out

    found = run_op(call, {k: v for k, v in inputs.items() if k != "a, again"}, seed, what=what,
                   own_backward=True)
    if single_op and "single" in seen:
        found[label] = seen["single"]
    return found


def _binary_case(a_values, b_values, seed, b_grad=True, single_op=False, what="your op"):
    """Run ``answer(a, b)``, backpropagate ``seed``, report the value and both gradients
    (and, with ``single_op``, whether the result is one op on a and b)."""
    def run(answer):
        a = leaf(a_values)
        b = leaf(b_values) if b_grad else const(b_values)
        return _recorded(answer, {"a": a, "b": b}, seed, what, single_op)
    return run


def _self_case(a_values, seed, single_op=False, what="your op"):
    """Run ``answer(a, a)``: one tensor used as both inputs."""
    def run(answer):
        a = leaf(a_values)
        return _recorded(answer, {"a": a, "a, again": a}, seed, what, single_op)
    return run


def _two_calls(first, second, what):
    """Two results made one after the other (``first`` and ``second`` are (a, b, seed)
    values), then backward through the first, then the second."""
    def run(answer):
        calls = []
        for a_values, b_values, seed in (first, second):
            a, b = leaf(a_values), leaf(b_values)
            calls.append((lambda a=a, b=b: answer(a, b), {"a": a, "b": b}, seed))
        return interleaved(calls, what)
    return run


# -- 03.sub ------------------------------------------------------------------------------


SUB = Exercise(
    id="03.sub", title="sub as a recorded op", entry="sub", points=1,
    forbids=("minigrad.sub", "minigrad.ops.add_neg.rsub"),
    cases=[
        Case("two vectors, a gradient of [1, 10, 100] from above",
             _binary_case([5.0, 7.0, 9.0], [1.0, 2.0, 3.0], [1.0, 10.0, 100.0],
                          single_op=True)),
        Case("a tensor minus itself (a - a)", _self_case([1.0, -2.0, 3.0], [1.0, 10.0, 100.0],
                                                         single_op=True)),
        Case("b does not require a gradient",
             _binary_case([1.0, 2.0], [3.0, 4.0], [2.0, -1.0], b_grad=False, single_op=True)),
    ],
    mistakes={
        "sub_no_minus":
            "forgot the minus sign in sub's backward: a - b shrinks when b grows, so b's "
            "gradient is -1 × grad, not grad",
        "sub_minus_on_a":
            "put the minus sign on the wrong input in sub's backward: a - b grows with a "
            "(a's gradient is +grad) and shrinks with b (b's gradient is -grad)",
        "sub_none_for_b":
            "sub's backward returned None for b: b requires a gradient too, and it is -grad "
            "(None is only for inputs that need no gradient)",
        "sub_two_ops":
            "a + (-b) computes the right numbers, but it is two ops (a neg, then an add), and "
            "this exercise asks for one: compute a.data - b.data yourself and hand it to record "
            "with the inputs (a, b) and a backward of your own",
    },
    hints=[
        "Forward: the difference of the inputs' arrays. Backward: how does a - b change when "
        "a grows a little? When b grows a little?",
        "a - b grows with a and shrinks with b: the two local slopes differ in sign. The step "
        "people miss is which input gets the minus; and it is one call of record with both "
        "inputs, not a + (-b).",
        "Worked on a = [5, 7], b = [1, 2] and a gradient [10, 1] from above: the value is [4, "
        "5]; backward hands back [10, 1] for a and [-10, -1] for b. Its key line: `return "
        "grad, -grad`.",
    ],
)


# -- 03.mul ------------------------------------------------------------------------------


MUL = Exercise(
    id="03.mul", title="mul and the product rule", entry="mul", points=1,
    rtol=FLOAT64_RTOL,
    forbids=("minigrad.mul",),
    cases=[
        Case("two vectors, a gradient of [1, 10, 100] from above",
             _binary_case([1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [1.0, 10.0, 100.0])),
        Case("a tensor multiplied by itself (a * a)",
             _self_case([1.0, -2.0, 3.0], [1.0, 10.0, 100.0])),
        Case("b does not require a gradient",
             _binary_case([1.0, 2.0], [3.0, -4.0], [1.0, 1.0], b_grad=False)),
        Case("two products made one after the other, (2, 2) matrices, then backward through "
             "the first and then the second: each backward uses its own inputs",
             _two_calls(([[1.0, 2.0], [3.0, 4.0]], [[0.5, -1.0], [2.0, 1.0]], [[1.0, 1.0],
                                                                               [2.0, 3.0]]),
                        ([[-2.0, 0.0], [1.0, 5.0]], [[3.0, 3.0], [-1.0, 0.5]], [[1.0, -1.0],
                                                                                [0.5, 2.0]]),
                        "your mul")),
        Case("values float32 cannot hold exactly (0.1, 1/3, 1 + 1e-9): the product is "
             "compared to float64's precision",
             _binary_case([0.1, 1 / 3, 1 + 1e-9], [3.0, 0.7, 1 + 1e-9], [1.0, -2.0, 0.1])),
    ],
    mistakes={
        "mul_own_factor":
            "multiplied by the wrong factor in mul's backward: each input's gradient is grad "
            "times the *other* input (∂(a·b)/∂a = b), but yours multiplies grad by the input "
            "itself",
        "mul_grad_unchanged":
            "multiplied by the wrong factor in mul's backward: passing grad through unchanged is "
            "add's rule; for a product, ∂(a·b)/∂a = b, so a's gradient is grad × b (and b's is "
            "grad × a)",
        "mul_no_return":
            "mul returned None: record(...) builds the output tensor, but your function must also "
            "`return` it",
        "mul_forgot_grad":
            "mul's backward returned the local slopes b and a without multiplying them by grad. "
            "By the chain rule, each input's gradient is grad (how the final result changes with "
            "this op's output) times the local slope: grad * b.data for a, grad * a.data for b",
    },
    hints=[
        "Forward: the elementwise product of the inputs' arrays. Backward: if a grows by a "
        "little δ, how much does a·b grow?",
        "By δ·b: each input's slope is the *other* input. The step people miss: backward needs "
        "the inputs' numbers from this very call, so keep them in variables inside mul, where "
        "the backward defined there can see them (not in globals, which the next call "
        "overwrites).",
        "Worked on a = [1, 2], b = [4, 5] and a gradient [1, 10] from above: a's gradient is "
        "[1×4, 10×5] = [4, 50], b's is [1×1, 10×2] = [1, 20]. backward's key line: `return "
        "grad * B, grad * A`, where A and B are the inputs' arrays, taken in mul.",
    ],
)


# -- 03.mm -------------------------------------------------------------------------------


MM = Exercise(
    id="03.mm", title="mm: a gradient derived from shapes", entry="mm", points=2,
    forbids=("minigrad.mm", "minigrad.matmul", "minigrad.ops.mul_mm.rmatmul"),
    cases=[
        Case("a (2, 3) matrix times a (3, 4) matrix",
             _binary_case([[1.0, 2.0, 0.0], [-1.0, 0.5, 3.0]],
                          [[1.0, 0.0, 2.0, -1.0], [0.5, 1.0, 0.0, 2.0], [-2.0, 1.0, 1.0, 0.0]],
                          [[1.0, -1.0, 0.5, 2.0], [0.0, 3.0, 1.0, -2.0]])),
        Case("two (2, 2) matrices",
             _binary_case([[1.0, 2.0], [3.0, 4.0]], [[0.0, -1.0], [2.0, 0.5]],
                          [[1.0, 10.0], [-2.0, 3.0]])),
        Case("a (1, 3) row times a (3, 2) matrix; b does not require a gradient",
             _binary_case([[1.0, -2.0, 0.5]], [[2.0, 1.0], [0.0, -1.0], [3.0, 0.5]],
                          [[1.0, 2.0]], b_grad=False)),

        Case("a (2, 2) matrix times itself (a @ a): a gets both gradients",
             _self_case([[1.0, -1.0], [2.0, 0.5]], [[1.0, 0.0], [2.0, -1.0]])),
        Case("two products made one after the other, (2, 3) @ (3, 2) and (1, 2) @ (2, 4), then "
             "backward through the first and then the second: each uses its own inputs",
             _two_calls(([[1.0, 0.0, 2.0], [-1.0, 1.0, 0.5]], [[1.0, 2.0], [0.0, -1.0],
                                                               [3.0, 1.0]],
                         [[1.0, -2.0], [0.5, 1.0]]),
                        ([[2.0, -1.0]], [[1.0, 0.0, -1.0, 2.0], [0.5, 1.0, 1.0, 0.0]],
                         [[1.0, 2.0, 3.0, 4.0]]), "your mm")),
    ],
    mistakes={
        "mm_transposed_grad":
            "transposed the wrong operand in mm's backward: for b you transposed grad, but it is "
            "a that must be transposed. Check the shapes: b's gradient must have b's shape (k, n), "
            "and only a.T @ grad, (k, m) @ (m, n), gives that",
        "mm_wrong_side":
            "put the factors in the wrong order in mm's backward: matrix products do not commute. "
            "In a @ b, a is on the left, so a's gradient has grad on the left (grad @ …); b is on "
            "the right, so b's gradient has grad on the right (… @ grad)",
        "mm_no_transposes":
            "left out the transposes in mm's backward: grad @ b and a @ grad only line up when "
            "every matrix is square, and even then give wrong values. With a of shape (m, k), b of "
            "shape (k, n) and grad of shape (m, n), which products give back (m, k) and (k, n)?",
    },
    hints=[
        "Forward: NumPy's matrix product of the inputs' arrays. For backward, use shapes: a is "
        "(m, k), b is (k, n), grad is (m, n). a's gradient must be (m, k), b's must be (k, n).",
        "Where learners slip: matrix products do not commute, so the order matters as much as "
        "the transposes. a's gradient combines grad with b, grad on the left; b's combines a "
        "with grad, grad on the right. Try each transpose until the shape fits.",
        "Worked on shapes: a (2, 3), b (3, 4), grad (2, 4). For a you need (2, 3): grad (2, 4) "
        "times something (4, 3), which is b.T. For b you need (3, 4): something (3, 2), which "
        "is a.T, times grad (2, 4). In code: `grad @ B.T, A.T @ grad`.",
    ],
)


# -- 03.numeric_grad ---------------------------------------------------------------------


def numeric_grad_forward(f, x, eps=1e-6):
    grad, base = np.zeros(x.shape), f(x)
    for idx in np.ndindex(*x.shape):
        nudged = x.copy()
        nudged[idx] += eps
        grad[idx] = (f(nudged) - base) / eps
    return grad


def numeric_grad_central(f, x, eps):
    """The central difference with step ``eps`` (to recognise an answer that ignores the
    caller's eps)."""
    grad = np.zeros(x.shape)
    for idx in np.ndindex(*x.shape):
        up, down = x.copy(), x.copy()
        up[idx] += eps
        down[idx] -= eps
        grad[idx] = (f(up) - f(down)) / (2 * eps)
    return grad


_W = np.array([[1.0, -2.0, 0.5], [3.0, 0.0, -1.0]])
_W3 = np.array([[[0.5, 1.0, -2.0]], [[1.5, -1.0, 3.0]]])
#: (description, f, x, eps or None for the default, the analytic gradient, tolerance)
_NUMERIC = [
    ("f(x) = x₀² + 3·x₁ at x = [1, 2]", lambda x: x[0] ** 2 + 3 * x[1],
     [1.0, 2.0], None, lambda x: np.array([2 * x[0], 3.0]), 1e-6),
    ("f(x) = sum(sin(x)) at four points", lambda x: float(np.sum(np.sin(x))),
     [0.0, 0.5, -1.0, 2.0], None, np.cos, 1e-6),
    ("a (2, 3) matrix x, f(x) = sum(w * x²) for a fixed (2, 3) matrix w",
     lambda x: float(np.sum(_W * x ** 2)),
     [[1.0, 2.0, -1.0], [0.5, 3.0, 2.0]], None, lambda x: 2 * _W * x, 1e-6),
    ("f(x) = sum(x³) with a large step, eps = 0.01", lambda x: float(np.sum(x ** 3)),
     [0.5, 1.0, -2.0], 0.01, lambda x: 3 * x ** 2, 5e-4),
    ("f(x) = sum(x³) with a very large step, eps = 0.5, where the central difference is "
     "3·x² + eps² exactly", lambda x: float(np.sum(x ** 3)),
     [0.5, 1.0, -2.0], 0.5, lambda x: 3 * x ** 2 + 0.25, 1e-9),
    ("x of 12 values that are not round numbers (restoring an element by adding and "
     "subtracting eps can change its last digits)", lambda x: float(np.sum(np.sin(x))),
     list(np.round(np.linspace(-2.9, 3.1, 12) + 0.0123, 4)), None, np.cos, 1e-6),
    ("a (2, 1, 3) array x, f(x) = sum(x · w) + x₀₀₀² for a fixed (2, 1, 3) array w",
     lambda x: float(np.sum(x * _W3) + x[0, 0, 0] ** 2),
     [[[1.0, -1.0, 0.5]], [[2.0, 0.0, -3.0]]], None,
     lambda x: _W3 + 2 * x * (np.arange(6).reshape(2, 1, 3) == 0), 1e-6),
]


def _numeric_case(f, x_values, eps):
    def run(answer):
        x = np.array(x_values, dtype=float)
        before = x.copy()
        grad = answer(f, x) if eps is None else answer(f, x, eps)
        if x.shape != before.shape or not np.allclose(x, before, rtol=0, atol=1e-10):
            unchanged = False
        else:                    # close is not enough: x must hold exactly what it held
            unchanged = True if np.array_equal(x, before) else "in its last digits"
        return {"gradient": grad, "x unchanged": unchanged}
    return run


def _close(got, want, tol) -> bool:
    return bool(np.all(np.abs(got - want) <= tol * (1 + np.abs(want))))


def _judge_numeric(triples):
    for case, obs, _ in triples:
        description, (f, x_values, eps, analytic, tol) = case.description, case.info
        where = f"for {description}"
        if isinstance(obs, Raised):
            if "NoneType" in obs.message:
                return (f"{where}: your code raised {obs.kind}: {obs.message}. Something is None "
                        f"where a value is needed: did f's result or a function forget to "
                        f"`return`?")
            return f"{where}: your code raised {obs.kind}: {obs.message}"
        if not isinstance(obs, dict):
            return f"{where}: the checker could not read your result"
        got = obs.get("gradient")
        if obs.get("x unchanged") == "in its last digits":
            return (f"{where}: numeric_grad changed x in its last digits: adding eps and then "
                    f"taking it away again does not always give back the very same number "
                    f"(each step rounds). Keep the element's old value and put that back (or "
                    f"nudge a copy of x)")
        if obs.get("x unchanged") is not True:
            return (f"{where}: numeric_grad left x changed. After nudging an element, put it "
                    f"back exactly (or nudge a copy): the caller's x must be the same after the "
                    f"call, and every later evaluation of f must see the original values")
        if got is None:
            return f"{where}: numeric_grad returned None: did you forget to `return` the gradient?"
        x = np.array(x_values, dtype=float)
        if isinstance(got, list):
            return (f"{where}: numeric_grad returned a list; the text asks for a NumPy array "
                    f"with x's shape (np.zeros(x.shape) to start, then fill it in)")
        if not isinstance(got, np.ndarray) or got.dtype.kind not in "biuf":
            return (f"{where}: numeric_grad should return a NumPy array with x's shape, but it "
                    f"returned {type(got).__name__}")
        if got.shape != x.shape:
            return (f"{where}: the gradient has shape {got.shape}, but it should have x's shape "
                    f"{x.shape}: one partial derivative per element of x")
        got = got.astype(float)
        want = np.asarray(analytic(x), dtype=float)
        if _close(got, want, tol):
            continue
        step = 1e-6 if eps is None else eps
        if _close(got, 2 * want, tol):
            return (f"{where}: every value is twice too big: you divided by eps, but the two "
                    f"points x + eps and x - eps are 2·eps apart, so divide by 2·eps")
        if _close(got, numeric_grad_forward(f, x.copy(), step), 1e-7):
            return (f"{where}: your values are a one-sided difference, (f(x + eps) - f(x)) / eps, "
                    f"whose error shrinks only like eps. Use the central difference, "
                    f"(f(x + eps) - f(x - eps)) / (2·eps), whose error shrinks like eps²")
        if eps is not None and _close(got, numeric_grad_central(f, x.copy(), 1e-6), 1e-7):
            return (f"{where}: your values are the central difference with a step of 1e-6, "
                    f"not with the eps the caller passed: use the eps argument")
        bad = np.abs(got - want) > tol * (1 + np.abs(want))
        first = "[" + ", ".join(str(int(i)) for i in np.argwhere(bad)[0]) + "]"
        return (f"{where}: the gradient has the right shape {x.shape} but wrong values at "
                f"{int(bad.sum())} of its {bad.size} elements, the first at {first} (nudge "
                f"each element on its own, by +eps and -eps, leaving the others as they are, "
                f"and give every element of x its own partial derivative)")
    return None


def _is_numeric_list(values) -> bool:
    try:
        np.array(values, dtype=float)
        return True
    except (TypeError, ValueError):
        return False


NUMERIC_GRAD = Exercise(
    id="03.numeric_grad", title="a numeric gradient by central differences",
    entry="numeric_grad", points=2,
    cases=[Case(d, _numeric_case(f, x, eps), info=(f, x, eps, g, tol))
           for d, f, x, eps, g, tol in _NUMERIC],
    judge=_judge_numeric,
    mistakes={},
    hints=[
        "For each element of x on its own: evaluate f with that element nudged up by eps, and "
        "with it nudged down by eps. The slope between those two points is the partial "
        "derivative.",
        "Where learners slip: the two points are 2·eps apart, so that is what to divide by; "
        "`np.ndindex(*x.shape)` visits every index of an array of any shape; and after "
        "nudging an element, put back exactly what was there (or nudge a copy).",
        "Worked on f(x) = x₀² at x = [3.0], eps = 1e-6: f(3.000001) - f(2.999999) = 1.2e-05 "
        "(about), divided by 2e-06 gives 6.0, the derivative 2·x₀. The line for one index: "
        "`grad[idx] = (up - down) / (2 * eps)`.",
    ],
)


# -- 03.affine ---------------------------------------------------------------------------


AFFINE_ONE_OP = "a single recorded op whose inputs are x, W and b"


def _affine_case(x_values, w_values, b_values, seed, x_grad=True, b_grad=True):
    def run(answer):
        x = leaf(x_values) if x_grad else const(x_values)
        W = leaf(w_values)
        b = leaf(b_values) if b_grad else const(b_values)
        return _recorded(answer, {"x": x, "W": W, "b": b}, seed, "your affine", True,
                         AFFINE_ONE_OP)
    return run


def _affine_two_calls(answer):
    """Two affine results made one after the other, then backward through each in turn."""
    rng = np.random.default_rng(5)
    calls = []
    for n, n_in, n_out in ((3, 2, 2), (2, 3, 4)):
        x, W, b = (leaf(np.round(rng.standard_normal(shape), 3))
                   for shape in ((n, n_in), (n_in, n_out), (n_out,)))
        calls.append((lambda x=x, W=W, b=b: answer(x, W, b), {"x": x, "W": W, "b": b},
                      np.round(rng.standard_normal((n, n_out)), 3)))
    return interleaved(calls, "your affine")


AFFINE = Exercise(
    id="03.affine", title="an affine layer y = x @ W + b, forward and backward (stretch)",
    entry="affine", points=2,
    forbids=("minigrad.nn.functional.linear", "minigrad.nn.Linear"),
    cases=[
        Case("a batch of 4 inputs with 3 features each, 2 outputs",
             _affine_case([[1.0, 0.0, 2.0], [-1.0, 1.0, 0.5], [0.0, 2.0, -1.0], [3.0, 1.0, 1.0]],
                          [[0.5, -1.0], [1.0, 2.0], [-0.5, 0.0]], [0.1, -0.2],
                          [[1.0, 0.0], [0.0, 1.0], [2.0, -1.0], [1.0, 3.0]])),
        Case("a batch of one input",
             _affine_case([[2.0, -1.0, 0.5]], [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], [1.0, 2.0],
                          [[1.0, -2.0]])),
        Case("x does not require a gradient; W is (2, 2)",
             _affine_case([[1.0, 2.0], [3.0, -1.0], [0.0, 1.0]], [[1.0, -1.0], [2.0, 0.5]],
                          [0.0, 1.0], [[1.0, 2.0], [-1.0, 0.0], [3.0, 1.0]], x_grad=False)),
        Case("b does not require a gradient; 3 inputs, 2 features, 3 outputs",
             _affine_case([[1.0, -1.0], [2.0, 0.0], [0.5, 1.0]],
                          [[1.0, 0.0, -1.0], [2.0, 1.0, 0.0]], [0.5, 0.5, 0.5],
                          [[1.0, 0.0, 2.0], [0.0, 1.0, 0.0], [-1.0, 1.0, 1.0]], b_grad=False)),
        Case("two layers' results made one after the other (other shapes), then backward "
             "through the first and then the second: each uses its own inputs",
             _affine_two_calls),
    ],
    mistakes={
        "affine_b_not_summed":
            "forgot to sum b's gradient over the batch: b was added to every row of x @ W, so each "
            "row sends b a contribution, and b's gradient is their sum, with b's shape (out,)",
        "affine_b_averaged":
            "averaged b's gradient over the batch instead of summing it: b was used once per row, "
            "so it gets the sum of the rows' contributions (any averaging belongs to the loss, and "
            "grad already includes it)",
        "affine_w_transposed":
            "transposed the wrong operand for W's gradient: yours has the shape of W.T. As in mm, "
            "W's gradient is (x's data, transposed) @ grad, shape (in, out) like W",
        "affine_composed":
            "x @ W + b computes the right numbers, but with minigrad's own ops (two nodes, a "
            "matmul and an add), and this exercise asks you to write the op: compute the value "
            "from x.data, W.data and b.data, and record it once with the inputs (x, W, b) and "
            "a backward that returns three gradients",
    },
    hints=[
        "One recorded op with three inputs, computed with NumPy on their arrays: backward "
        "returns three gradients, with the shapes (N, in), (in, out) and (out,).",
        "x and W get what mm gives them. The step people get stuck on is b: the same b was "
        "added to each of the N rows, so it was used N times. What does a value used several "
        "times receive, and what shape must it have?",
        "Worked on shapes with N = 4, in = 3, out = 2: grad is (4, 2); x's gradient (4, 3) is "
        "`grad @ W.T`; W's gradient (3, 2) is `x.T @ grad`; b's gradient (2,) collects the 4 "
        "rows of grad, one per use of b: `grad.sum(axis=0)`.",
    ],
)

EXERCISES = [SUB, MUL, MM, NUMERIC_GRAD, AFFINE]
