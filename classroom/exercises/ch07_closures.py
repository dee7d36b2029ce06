"""Chapter 7 exercises: layers as closures.  A Linear layer and a ReLU whose ``forward``
returns ``(Y, backward)``, a Sequential that calls the closures in reverse, an MSE loss that
returns its own gradient, and (stretch) the shuffling training loop.

Answers use NumPy and the closure design's base pieces, ``Layer`` and ``Param``, from
``classroom.designs.closures`` (chapter 7); they write Linear, ReLU, Sequential, the loss and
the loop themselves instead of using that module's versions.
"""

import numpy as np

from ..designs.closures import SGD as _SGD
from ..designs.closures import Layer
from ..designs.closures import Linear as _LibLinear
from ..designs.closures import Sigmoid as _LibSigmoid
from ..designs.closures import mse_loss as _library_mse_loss
from .core import FLOAT64_RTOL, Case, Exercise, broken
from .rules import Untouched, not_aliased, number

SETUP = """\
import numpy as np
from classroom.designs.closures import Layer, Param
from classroom import check, hint, solution"""


def _seeded(shape, seed):
    return np.random.default_rng(seed).uniform(-1.0, 1.0, shape)


def _pair(result, what="forward"):
    if not isinstance(result, tuple) or len(result) != 2:
        broken(f"{what} should return a pair (Y, backward), a tuple of two things, but it "
               f"returned {'None' if result is None else 'a ' + type(result).__name__}")
    Y, backward = result
    if not callable(backward):
        raise TypeError(f"the second item {what} returns should be the backward function, "
                        f"got a {type(backward).__name__}")
    return Y, backward


def _array(value, what):
    if value is None:
        raise TypeError(f"{what} is None: did a function forget to `return` it?")
    return np.asarray(value, dtype=float)


# -- 07.linear -------------------------------------------------------------------------------


def _linear_case(n_in, n_out, batch, seed, square_first=False):
    def run(answer):
        layer = answer(n_in, n_out, rng=np.random.default_rng(seed))
        layer.W.value[...] = _seeded((n_out, n_in), seed)
        layer.b.value[...] = _seeded((n_out,), seed + 1)
        X = _seeded((batch, n_in), seed + 2)
        dY = _seeded((batch, n_out), seed + 3)
        kept = Untouched(X=X, dY=dY)
        Y, backward = _pair(layer.forward(X))
        kept.check("your forward")
        dX = backward(dY)
        kept.check("your backward")
        return {"Y": _array(Y, "Y"), "dX (what backward returns)": _array(dX, "dX"),
                "W.grad": layer.W.grad, "b.grad": layer.b.grad}
    return run


def _linear_twice(answer):
    """Two forward calls, then both closures: the gradients must add up, and each closure
    must use its own call's input."""
    layer = answer(3, 3, rng=np.random.default_rng(1))
    layer.W.value[...] = _seeded((3, 3), 11)
    layer.b.value[...] = _seeded((3,), 12)
    X1, X2 = _seeded((2, 3), 13), _seeded((4, 3), 14)
    _, back1 = _pair(layer.forward(X1))
    _, back2 = _pair(layer.forward(X2))
    dX1 = back1(_seeded((2, 3), 15))
    dX2 = back2(_seeded((4, 3), 16))
    return {"dX of the first call": _array(dX1, "dX"), "dX of the second call": _array(dX2, "dX"),
            "W.grad after both": layer.W.grad, "b.grad after both": layer.b.grad}


LINEAR = Exercise(
    id="07.linear", title="a Linear layer as a closure", entry="Linear", points=1,
    forbids=("classroom.designs.closures.Linear",),
    cases=[
        Case("Linear(3, 3) on a batch of 2, then backward with a (2, 3) gradient",
             _linear_case(3, 3, 2, 0)),
        Case("Linear(3, 3) called forward twice (batches of 2 and 4), then both backward "
             "closures: the gradients of both calls add up in W.grad and b.grad",
             _linear_twice),
        Case("Linear(4, 2) on a batch of 5: Y (5, 2), dX (5, 4), W.grad (2, 4), b.grad (2,)",
             _linear_case(4, 2, 5, 20)),
    ],
    mistakes={
        "LinearOverwrites":
            "backward overwrote the gradients instead of adding to them: a second backward call "
            "(another batch, or the same weights used twice) must add its contribution, with "
            "`+=`; only the optimizer zeroes W.grad and b.grad",
        "LinearWrongTranspose":
            "dX used W.T: for Y = X @ W.T the gradient of the input is dY @ W, of shape "
            "(batch, n_in). Check each gradient against the shape of what it is the gradient of",
        "LinearStoresInput":
            "the input was stored on the layer (self.X), so the second forward call replaced "
            "it and the first call's backward used the wrong X. Let the backward closure "
            "capture the local variable X of its own forward call instead",
    },
    hints=[
        "forward computes Y from the parameters' arrays, defines a function backward inside "
        "itself, and returns the pair (Y, backward). Inside backward, forward's local X is "
        "still visible: that is the closure.",
        "Where learners slip: backward *adds* into the parameters' gradients (another batch may "
        "have added before), and it uses the X of its own call, never one kept on self, which "
        "the next forward would replace. Each gradient has the shape of what it is the "
        "gradient of: find the products that fit, as in chapter 3.",
        "Worked on shapes with a batch of 2, n_in = 3, n_out = 4: X (2, 3), W (4, 3), Y and dY "
        "(2, 4). W's gradient (4, 3) is `dY.T @ X`; b's (4,) is dY summed over the rows; dX "
        "(2, 3) is `dY @ W`. In backward: `self.W.grad += dY.T @ X`.",
    ],
)


# -- 07.relu ---------------------------------------------------------------------------------


def _relu_case(X, dY):
    X, dY = np.array(X, dtype=float), np.array(dY, dtype=float)

    def run(answer):
        given, gradient = X.copy(), dY.copy()
        kept = Untouched(X=given, dY=gradient)
        Y, backward = _pair(answer().forward(given))
        kept.check("your forward")
        not_aliased(Y, {"X": given})
        dX = backward(gradient)
        kept.check("your backward")
        not_aliased(dX, {"dY": gradient})
        return {"Y": _array(Y, "Y"), "dX": _array(dX, "dX")}
    return run


def _relu_twice(answer):
    """Two forwards on one layer before either backward (as in a network that uses one ReLU
    object at two places): each closure must use its own call's mask."""
    layer = answer()
    X1 = np.array([[1.0, -2.0, 3.0], [-0.5, 0.5, -4.0]])
    X2 = np.array([[-1.0, 2.0, -3.0], [0.5, -0.5, 4.0]])
    _, back1 = _pair(layer.forward(X1))
    _, back2 = _pair(layer.forward(X2))
    dY = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    return {"dX of the first call": _array(back1(dY.copy()), "dX"),
            "dX of the second call": _array(back2(dY.copy()), "dX")}


RELU = Exercise(
    id="07.relu", title="ReLU as a closure", entry="ReLU", points=1,
    forbids=("classroom.designs.closures.ReLU",),
    cases=[
        Case("a (2, 3) input with positive and negative entries and a gradient of mixed "
             "signs", _relu_case([[1.5, -2.0, 0.5], [-0.5, 3.0, -1.0]],
                                 [[-1.0, 2.0, 3.0], [4.0, -5.0, 6.0]])),
        Case("a (1, 4) input containing an exact 0 (its gradient is 0, as in PyTorch)",
             _relu_case([[0.0, 2.0, -3.0, 0.0]], [[1.0, 1.0, 1.0, -2.0]])),
        Case("one ReLU called forward twice (on inputs of opposite signs) before either "
             "backward: each closure must use the mask of its own call", _relu_twice),
    ],
    mistakes={
        "ReLUGradSign":
            "the mask came from the sign of the incoming gradient dY. ReLU's slope depends on "
            "its input: 1 where X was positive, 0 elsewhere, whatever the sign of dY. Compute "
            "the mask from X in forward and let the closure capture it",
        "ReLUMaskOnly":
            "backward returned the mask (the local slope) but forgot to multiply it by dY: the "
            "chain rule passes on the incoming gradient times the slope",
        "ReLUMaskOnSelf":
            "the first call's backward used the second call's mask: the mask was kept on the "
            "layer (self.mask), and the second forward replaced it. Keep it in a local "
            "variable of forward, which the backward closure captures",
        "ReLUAtZero":
            "an input of exactly 0 let the gradient through (X >= 0). Use X > 0: at 0 the "
            "gradient is 0 by convention, as in PyTorch and minigrad",
    },
    hints=[
        "In forward, work out where X is positive: Y keeps X's values there and is 0 "
        "elsewhere. The backward closure needs only that information.",
        "The sticking points: the mask is decided by the input, never by the sign of dY; an "
        "input of exactly 0 lets nothing through; and the mask belongs to this call, kept in a "
        "local variable the closure captures, not on self, where a second forward before the "
        "first backward would replace it.",
        "Worked on X = [[2, -1, 0]] and dY = [[5, 5, 5]]: Y = [[2, 0, 0]] and dX = [[5, 0, 0]] "
        "(the exact 0 lets nothing through). Compute Y and dX as new arrays: X and dY belong to "
        "the caller.",
    ],
)


# -- 07.sequential ---------------------------------------------------------------------------


class _Logged(Layer):
    """A test layer: multiplies by a constant and records when its closures run."""

    def __init__(self, name, factor, log):
        self.name, self.factor, self.log = name, factor, log

    def forward(self, X):
        self.log.append(f"forward {self.name}")

        def backward(dY):
            self.log.append(f"backward {self.name}")
            return dY * self.factor

        return X * self.factor, backward


def _order_case(answer):
    log = []
    model = answer(*(_Logged(n, f, log) for n, f in (("a", 2.0), ("b", 3.0), ("c", 5.0))))
    Y, backward = _pair(model.forward(np.ones((1, 2))))
    dX = backward(np.ones((1, 2)))
    return {"Y": _array(Y, "Y"), "dX": _array(dX, "dX"), "the order of the calls": log}


def _mlp_case(n_in, hidden, n_out, batch, seed):
    def run(answer):
        model = answer(_LibLinear(n_in, hidden, rng=np.random.default_rng(seed)), _LibSigmoid(),
                       _LibLinear(hidden, n_out, rng=np.random.default_rng(seed + 1)))
        X = _seeded((batch, n_in), seed + 2)
        Y, backward = _pair(model.forward(X))
        dX = backward(_seeded((batch, n_out), seed + 3))
        return {"Y": _array(Y, "Y"), "dX": _array(dX, "dX"),
                "gradients of the parameters": [p.grad for p in model.params()]}
    return run


def _nested_order(answer):
    log = []
    inner = answer(_Logged("b", 3.0, log), _Logged("c", 5.0, log))
    model = answer(_Logged("a", 2.0, log), inner, _Logged("d", 7.0, log))
    Y, backward = _pair(model.forward(np.ones((1, 2))))
    dX = backward(np.ones((1, 2)))
    return {"Y": _array(Y, "Y"), "dX": _array(dX, "dX"), "the order of the calls": log}


def _two_forwards(answer):
    """Two forward calls before either backward: each returned closure must use the
    closures of its own call."""
    model = answer(_LibLinear(3, 2, rng=np.random.default_rng(4)), _LibSigmoid())
    X1, X2 = _seeded((2, 3), 31), _seeded((4, 3), 32)
    _, back1 = _pair(model.forward(X1))
    _, back2 = _pair(model.forward(X2))
    dX1 = back1(_seeded((2, 2), 33))
    dX2 = back2(_seeded((4, 2), 34))
    return {"dX of the first call": _array(dX1, "dX"), "dX of the second call": _array(dX2, "dX")}


def _empty_case(answer):
    X = _seeded((2, 3), 7)
    Y, backward = _pair(answer().forward(X))
    return {"Y": _array(Y, "Y"), "dX": _array(backward(X * 10), "dX")}


SEQUENTIAL = Exercise(
    id="07.sequential", title="Sequential: closures called in reverse", entry="Sequential",
    points=2,
    forbids=("classroom.designs.closures.Sequential",),
    cases=[
        Case("three logging layers a, b, c (times 2, 3 and 5): the output, dX, and the "
             "order in which the forward and backward calls ran", _order_case),
        Case("Linear(3, 4) → Sigmoid → Linear(4, 2) on a batch of 5: output, dX and the "
             "parameters' gradients", _mlp_case(3, 4, 2, 5, 0)),
        Case("Sequential() with no layers: Y is X, and backward returns dY unchanged",
             _empty_case),
        Case("Linear(3, 2) → Sigmoid called forward twice (batches of 2 and 4) before either "
             "backward: each call's closure must use that call's own closures",
             _two_forwards),
        Case("a Sequential inside a Sequential, a → (b → c) → d: the order of every forward "
             "and backward call", _nested_order),
    ],
    mistakes={
        "SequentialForwardOrder":
            "the backward closures ran in forward order. The chain rule starts at the output: "
            "the last layer's closure gets dY first and each closure hands its result to the "
            "one before, so walk the list with reversed(...)",
        "SequentialSameGradient":
            "every closure was called with the same dY: each backward call must receive what "
            "the closure after it returned (dY = layer_backward(dY))",
        "SequentialClosuresOnSelf":
            "the first call's backward ran the second call's closures: the list of closures "
            "was kept on the model (self...), and the second forward replaced it. Make the list "
            "inside forward, a local variable that the closure you return captures",
        "SequentialLastOnly":
            "only the last layer's closure was kept: forward must collect every layer's "
            "backward in a list, and the returned backward must call them all",
    },
    hints=[
        "forward runs each layer on the previous output and keeps every backward closure the "
        "layers return, in a list. It returns the last output and one new closure of its own.",
        "The closure you return is where people get stuck: it calls the kept closures from the "
        "last layer to the first, and hands each one what the one after it returned. The list "
        "must be made inside forward, so that two forwards keep two lists.",
        "Worked on layers a, b, c: forward calls a, b, c in that order and keeps their three "
        "backward closures in a list made inside forward (not on self: a second forward would "
        "replace it). The returned backward calls c's closure, then b's on its result, then a's.",
    ],
)


# -- 07.mse_loss -----------------------------------------------------------------------------
def _loss_case(shape, seed):
    def run(answer):
        pred, target = _seeded(shape, seed), _seeded(shape, seed + 1)
        kept = Untouched(pred=pred, target=target)
        result = answer(pred, target)
        kept.check("your mse_loss")
        if not isinstance(result, tuple) or len(result) != 2:
            broken(f"mse_loss should return a pair (loss, dloss), a tuple of two things, but "
                   f"it returned {'None' if result is None else 'a ' + type(result).__name__}")
        loss, dloss = result
        number(loss, "the loss")
        return {"loss": _array(loss, "the loss").reshape(()),
                "dloss": _array(dloss, "dloss")}
    return run


MSE_LOSS = Exercise(
    id="07.mse_loss", title="a loss that returns its gradient", entry="mse_loss", points=1,
    rtol=FLOAT64_RTOL,
    forbids=("classroom.designs.closures.mse_loss",),
    cases=[
        Case("a (4, 1) prediction and target", _loss_case((4, 1), 0)),
        Case("a (3, 2) prediction and target (the mean is over all 6 numbers)",
             _loss_case((3, 2), 10)),
    ],
    mistakes={
        "mse_loss_no_two":
            "dloss is missing the factor 2: the derivative of (p - t)² is 2·(p - t)",
        "mse_loss_no_mean":
            "dloss forgot to divide by n: the loss is a mean over all n numbers, so each "
            "number's share of the gradient is 2·(p - t)/n",
        "mse_loss_rows":
            "dloss was divided by the number of rows; the mean is over every number, so a "
            "(3, 2) prediction divides by 6, not 3 (use diff.size)",
        "mse_loss_wrong_sign":
            "dloss has the wrong sign: it is the derivative with respect to pred, 2·(pred - "
            "target)/n, which is positive where a prediction is too high (so that a step against "
            "it lowers that prediction)",
    },
    hints=[
        "Return two things: the mean of the squared differences (one number), and an array "
        "shaped like pred holding the loss's derivative with respect to each prediction.",
        "Derive the second yourself: one prediction appears in exactly one term of the mean. "
        "Where learners slip: the square brings a factor, the mean divides by n, and n counts "
        "every number of pred, not its rows; the sign follows pred - target.",
        "Worked on pred = [[1], [3]], target = [[0], [0]]: diff = [[1], [3]], loss = (1 + 9) / 2 "
        "= 5.0, and dloss = 2·diff / 2 = [[1], [3]]. Return the pair (loss, dloss), the loss as a "
        "Python float.",
    ],
)


# -- 07.fit ----------------------------------------------------------------------------------


def _fit_case(n, n_in, epochs, batch_size, seed, pass_seed=True):
    def run(answer):
        data = np.random.default_rng(100 + seed)
        X = data.uniform(-1, 1, (n, n_in))
        Y = X @ data.uniform(-1, 1, (n_in, 1)) + 0.5
        model = _LibLinear(n_in, 1, rng=np.random.default_rng(seed))
        kept = Untouched(X=X, Y=Y)
        extra = {"seed": seed} if pass_seed else {}
        losses = answer(model, _library_mse_loss, _SGD(model.params(), lr=0.1), X, Y,
                        epochs, batch_size, **extra)
        kept.check("your fit")
        if not isinstance(losses, list):
            broken(f"fit should return a list with one loss per epoch, but it returned "
                   f"{'None' if losses is None else 'a ' + type(losses).__name__}")
        for v in losses:
            number(v, "each epoch's loss")
        return {"per-epoch losses": [float(v) for v in losses],
                "final W": model.W.value, "final b": model.b.value}
    return run


FIT = Exercise(
    id="07.fit", title="the training loop, shuffled every epoch (stretch)", entry="fit",
    points=2,
    forbids=("classroom.designs.closures.Learner",),
    cases=[
        Case("12 rows of 3 features, batches of 5 (the last batch has 2 rows), 3 epochs, "
             "seed 0: the list of epoch losses and the final weights", _fit_case(12, 3, 3, 5, 0)),
        Case("20 rows of 2 features, batches of 4, 4 epochs, seed 3", _fit_case(20, 2, 4, 4, 3)),
        Case("10 rows of 2 features, batches of 3, 2 epochs, called without seed (the default, "
             "0)", _fit_case(10, 2, 2, 3, 0, pass_seed=False)),
    ],
    mistakes={
        "fit_no_shuffle":
            "the rows were never shuffled: each epoch went through the data in its stored "
            "order. Draw order = rng.permutation(len(X)) at the start of every epoch and take "
            "the batches from it",
        "fit_same_order":
            "every epoch used the same order: the generator was created anew inside the epoch "
            "loop. Create rng = np.random.default_rng(seed) once, before the loop, so that each "
            "epoch draws a fresh permutation",
        "fit_unweighted":
            "the epoch loss is a plain mean over the batches, so the short last batch counted "
            "as much as a full one. Weight each batch's loss by its number of rows and divide "
            "by len(X)",
        "fit_drops_last":
            "the last, smaller batch was skipped: when len(X) is not a multiple of batch_size, "
            "the rows left over still form one more (shorter) batch. Let the batches start at "
            "range(0, len(X), batch_size) and slice order[start:start + batch_size]",
    },
    hints=[
        "Create the generator once, before any epoch, from seed; each epoch draws a new order "
        "of the rows from it and cuts that order into slices of batch_size indices.",
        "Where it goes wrong: a generator made inside the loop repeats the same order; the "
        "last, shorter batch still counts; and the epoch's loss weights each batch's loss by "
        "its number of rows. Each batch runs forward, the loss, backward with the loss's "
        "gradient, then one step.",
        "Worked on 12 rows with batch_size 5: each epoch's `order = rng.permutation(12)` is "
        "cut into `order[0:5]`, `order[5:10]` and `order[10:15]` (2 rows). With batch losses "
        "1.0, 2.0 and 4.0, the epoch's loss is (1.0·5 + 2.0·5 + 4.0·2) / 12.",
    ],
)

EXERCISES = [LINEAR, RELU, SEQUENTIAL, MSE_LOSS, FIT]
