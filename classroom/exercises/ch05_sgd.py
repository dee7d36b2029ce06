"""Chapter 5 exercises: a loss, an optimizer, backprop by hand, the training loop, and
choosing a learning rate.

The network of the chapter is the small 2 → 3 → 1 one, trained on ``toy4`` (every
pair of bits; the target copies the second bit)::

    H = sigmoid(X @ W1 + b1)        # (n, 3)
    P = H @ W2 + b2                 # (n, 1)
    loss = mean((P - y) ** 2)

Answers use minigrad's ``Tensor`` and the ops of chapters 1-4, never
``minigrad.optim`` (which is what this chapter builds) nor ``minigrad.nn``.
"""

import numpy as np

from minigrad.data import toy4
from minigrad.optim import SGD
from minigrad.tensor import Tensor

from .core import Case, Exercise, broken
from .rules import Untouched, number, run_op

SETUP = """\
import numpy as np
import minigrad as mg
from minigrad import Tensor
from minigrad.data import toy4
from classroom import check, hint, solution"""


def leaf(values):
    return Tensor(np.array(values, dtype=float), requires_grad=True)


def grad_of(t):
    return None if t.grad is None else value(t.grad)


def value(t):
    """A tensor's values as an array, or a short string when its .data is not an array."""
    data = t.data if isinstance(t, Tensor) else t
    if not _numeric(data):
        return f"<{type(data).__name__}>"
    return np.array(data)


def _numeric(data):
    return isinstance(data, (np.ndarray, np.generic)) and np.asarray(data).dtype.kind in "biuf"


ARRAYS = "every p.data is still a NumPy array"


def params_seen(**params):
    """What an optimizer case reports: whether .data stayed an array, then each value."""
    out = {ARRAYS: all(_numeric(p.data) for p in params.values())}
    out.update({name: value(p) for name, p in params.items()})
    return out


def net_weights(seed, n_hidden=3, scale=0.5):
    """Starting weights (W1, b1, W2, b2) of the 2 → 3 → 1 network, as NumPy arrays."""
    rng = np.random.default_rng(seed)
    return (scale * rng.standard_normal((2, n_hidden)), 0.1 * rng.standard_normal(n_hidden),
            scale * rng.standard_normal((n_hidden, 1)), 0.1 * rng.standard_normal(1))


# -- 05.mse --------------------------------------------------------------------------------


def _mse_case(pred_values, target_values, target_grad=False):
    def run(answer):
        pred = leaf(pred_values)
        target = leaf(target_values) if target_grad else Tensor(np.array(target_values, float))
        return run_op(lambda: answer(pred, target), {"pred": pred, "target": target},
                      lambda out: np.ones(out.shape), what="your mse")
    return run


MSE = Exercise(
    id="05.mse", title="mean squared error from tensor ops", entry="mse", points=1,
    forbids=("minigrad.nn.functional.mse_loss", "minigrad.nn.MSELoss"),
    cases=[
        Case("a (4, 1) prediction against the toy set's (4, 1) targets",
             _mse_case([[0.5], [0.9], [0.1], [0.4]], [[0.0], [1.0], [0.0], [1.0]])),
        Case("(3,) vectors, where the target also requires a gradient",
             _mse_case([1.0, 2.0, 3.0], [1.5, 2.0, 1.0], target_grad=True)),
        Case("a single prediction of shape (1, 1)", _mse_case([[2.0]], [[-1.0]])),
        Case("(2, 3) matrices: the mean is over all 6 elements, not per row or column",
             _mse_case([[1.0, 0.5, -1.0], [2.0, 0.0, 1.5]], [[0.0, 0.0, 0.0], [1.0, 1.0, 1.0]])),
    ],
    mistakes={
        "mse_summed":
            "you added up the squared errors instead of averaging them: the mean squared error "
            "divides by the number of elements, so it does not grow with the batch size",
        "mse_square_of_mean":
            "you squared the average error; the MSE averages the squared errors. (Errors of +1 "
            "and -1 average to 0, but both are wrong!)",
        "mse_numpy":
            "your result is cut off from the graph: computing with NumPy on .data gives a number "
            "that no gradient can flow through. Use tensor operations (-, **, .mean()) on pred "
            "and target themselves",
        "mse_numpy_requires_grad":
            "your result is a brand-new leaf tensor: requires_grad=True lets backward() run on "
            "it, but the value was computed with NumPy on .data, so nothing connects it to pred "
            "and no gradient reaches pred. Build it from tensor operations (-, **, .mean()) on "
            "pred and target",
    },
    hints=[
        "Three steps, all on tensors: the error, its square, and the average over every "
        "element.",
        "Where it goes wrong: working on the arrays (`.data`) with NumPy gives the right number "
        "but no graph, so no gradient reaches pred; and the mean is over every element, not a "
        "sum, and not the square of the mean error.",
        "Worked on pred = [1, 2, 3], target = [1, 2, 1]: the errors are [0, 0, 2], their "
        "squares [0, 0, 4], and the mean 4 / 3. Each step is one Tensor operation (`-`, `**`, "
        "`.mean()`), and the result is a single number of shape ().",
    ],
)


# -- 05.sgd_class ------------------------------------------------------------------------
def _set_grads(params, grads):
    for p, g in zip(params, grads):
        p.grad = None if g is None else Tensor(np.array(g, dtype=float))


def _sgd_one_step(answer):
    w, b = leaf([1.0, -2.0]), leaf([0.5])
    _set_grads([w, b], [[2.0, -4.0], [1.0]])
    arrays = {"w": w.data, "b": b.data}
    opt = answer([w, b], 0.1)
    opt.step()
    for name, p in (("w", w), ("b", b)):
        if p.data is not arrays[name] and _numeric(p.data):
            broken(f"step() gave `{name}` a new array instead of changing its own in place: "
                   f"`p.data = p.data - …` builds a new array and stores it in p.data, but the "
                   f"text asks for the update in place (other code may hold that very array). "
                   f"Change the numbers inside p.data (an augmented assignment such as -= does)")
    return params_seen(w=w, b=b)


def _sgd_no_grad(answer):
    w, b = leaf([1.0, -2.0]), leaf([0.5])
    _set_grads([w, b], [[2.0, -4.0], None])
    opt = answer([w, b], 0.5)
    try:
        opt.step()
        skipped = True
    except (AttributeError, TypeError) as err:
        if "NoneType" not in str(err):
            raise
        skipped = False
    return {"step skips a parameter whose .grad is None": skipped, **params_seen(w=w, b=b)}


def _sgd_zero_grad(answer):
    w, b = leaf([1.0, 2.0]), leaf([3.0])
    ((w * w).sum() + b * 2.0).sum().backward()
    answer([w, b], 0.1).zero_grad()
    return {"w's gradient is cleared": _cleared(w), "b's gradient is cleared": _cleared(b)}


def _cleared(p):
    """True once ``p.grad`` is None, as the text (and PyTorch) say; zeros break the rule."""
    if p.grad is not None:
        broken(f"zero_grad() must set each parameter's .grad to None (as PyTorch does), but "
               f"yours left {'a gradient of zeros' if not np.any(value(p.grad)) else 'a gradient'}"
               f" there: write p.grad = None")
    return True


def _sgd_side_by_side(answer):
    """Two optimizers over different parameters: stepping one must not touch the other's."""
    w, v = leaf([1.0, -1.0]), leaf([2.0])
    first, second = answer([w], 0.1), answer([v], 0.5)
    _set_grads([w, v], [[1.0, 2.0], [4.0]])
    first.step()
    after_first = value(v)
    second.step()
    second.zero_grad()
    return {"v after the first optimizer's step": after_first, **params_seen(w=w, v=v),
            "w's gradient is still there": w.grad is not None}


def _sgd_zero_grad_first(answer):
    w = leaf([1.0, 2.0])
    opt = answer([w], 0.1)
    try:
        opt.zero_grad()
        ran = True
    except (AttributeError, TypeError) as err:
        if "NoneType" not in str(err):
            raise
        ran = False
    return {"zero_grad works while .grad is None": ran, "w's gradient is cleared": _cleared(w)}


def _sgd_loop(x_values, t_values, w_values, lr, rounds, generator=False):
    def run(answer):
        x, t = Tensor(np.array(x_values, float)), Tensor(np.array(t_values, float))
        w, b = leaf(w_values), leaf(np.zeros(np.shape(w_values)[1]))
        opt = answer((p for p in [w, b]) if generator else [w, b], lr)
        for _ in range(rounds):
            opt.zero_grad()
            loss = ((x @ w + b - t) ** 2).mean()
            loss.backward()
            opt.step()
        return params_seen(w=w, b=b)
    return run


_X3 = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]
_T3 = [[1.0], [2.0], [3.0]]

SGD_CLASS = Exercise(
    id="05.sgd_class", title="an SGD optimizer class", entry="SGD", points=1,
    forbids=("minigrad.optim.SGD", "minigrad.optim.Adam", "minigrad.optim.optimizer.Optimizer"),
    cases=[
        Case("one step with lr 0.1 on w (shape (2,)) and b (shape (1,))", _sgd_one_step),
        Case("a parameter whose .grad is None is left alone", _sgd_no_grad),
        Case("zero_grad after a backward", _sgd_zero_grad),
        Case("zero_grad before any backward", _sgd_zero_grad_first),
        Case("five rounds of zero_grad, backward, step on a small linear model",
             _sgd_loop(_X3, _T3, [[0.1], [-0.2]], 0.1, 5)),
        Case("the same five rounds, with the parameters given as a generator "
             "(p for p in [w, b]), which can be read only once",
             _sgd_loop(_X3, _T3, [[0.1], [-0.2]], 0.1, 5, generator=True)),
        Case("two optimizers side by side, SGD([w], 0.1) and SGD([v], 0.5), each stepping "
             "and zeroing only its own parameters", _sgd_side_by_side),
    ],
    mistakes={
        "SGDUphill":
            "your step goes uphill: the gradient points to where the loss *grows*, so gradient "
            "descent subtracts it (p.data -= lr * grad)",
        "SGDRebinds":
            "your step updates a copy, not the parameter: `p = p - lr * p.grad` makes a new "
            "tensor and rebinds the loop variable, so the parameter never changes. Change the "
            "parameter's own array in place: p.data -= lr * p.grad.data",
        "SGDKeepsGenerator":
            "given a generator, the parameters moved in the first round only: a generator can "
            "be read only once, and the first loop over it used it up (later steps and "
            "zero_grad found nothing). Keep the parameters as a list, self.params = "
            "list(params)",
        "SGDTensorGrad":
            "p.grad is a Tensor, and NumPy arrays refuse to be updated with Tensors: take its "
            "array, p.grad.data, as in p.data -= lr * p.grad.data",
    },
    hints=[
        "`__init__` keeps the parameters and the learning rate. `step()` moves each parameter "
        "a little against its gradient; `zero_grad()` forgets the gradients.",
        "The sticking points: a generator can be read only once, so keep the parameters as a "
        "list; the update changes each parameter's own array (a new tensor would not be the "
        "one the model uses), with the gradient's array, not the gradient Tensor; and a "
        "parameter whose gradient is None is skipped.",
        "Worked step with lr = 0.1: a parameter holding [1.0, -2.0] with gradient [2.0, -4.0] "
        "becomes [0.8, -1.6], in the very same array: `p.data -= self.lr * p.grad.data`. "
        "zero_grad sets every grad to None.",
    ],
)


# -- 05.manual_grads -----------------------------------------------------------------------
def _grads_case(X, y, seed, scale=0.5):
    def run(answer):
        arrays = [np.array(X, dtype=float), np.array(y, dtype=float),
                  *[np.array(w) for w in net_weights(seed, scale=scale)]]
        kept = Untouched(**dict(zip(("X", "y", "W1", "b1", "W2", "b2"), arrays)))
        result = answer(*arrays)
        kept.check("your manual_grads")
        if isinstance(result, dict) and "loss" in result:
            number(result["loss"], 'the "loss" entry')
        return result
    return run


_X4, _Y4 = toy4()

MANUAL_GRADS = Exercise(
    id="05.manual_grads", title="backprop by hand for the 2 → 3 → 1 network",
    entry="manual_grads", points=2,
    forbids=("minigrad.tensor.Tensor.backward", "minigrad.autograd.backward"),
    cases=[
        Case("the toy set (4 rows) with small starting weights", _grads_case(_X4, _Y4, 0)),
        Case("a single row: X of shape (1, 2), y of shape (1, 1)",
             _grads_case([[1.0, 0.0]], [[0.0]], 1)),
        Case("the toy set with large weights, so some sigmoids are close to 0 or 1",
             _grads_case(_X4, _Y4, 2, scale=3.0)),
    ],
    mistakes={
        "manual_grads_no_two":
            "your gradients are exactly half of the right ones: you forgot the 2 in the MSE "
            "derivative. d(e²)/de = 2e, so dLoss/dP = 2 (P - y) / n",
        "manual_grads_no_sigmoid_slope":
            "you left out the sigmoid's slope: going back through H = sigmoid(Z), multiply "
            "dLoss/dH by H * (1 - H) (the sigmoid's derivative, elementwise) to get dLoss/dZ",
        "manual_grads_bias_not_summed":
            "your bias gradients have one row per example: a bias is added to every row, so its "
            "gradient is the sum over the batch (.sum(axis=0)) and has the bias's own shape",
        "manual_grads_no_mean":
            "your gradients are n times too large, n being the number of elements of P: the "
            "loss is a mean, (1/n) Σ (P - y)², so its 1/n is in every gradient too: "
            "dLoss/dP = 2 (P - y) / n",
    },
    hints=[
        "Do the forward pass first and keep H and P. Then go backwards one step at a time, each "
        "time asking: how does the loss change when this quantity changes? Every gradient has the "
        "shape of the thing it is the gradient of.",
        "The first step is where most slips happen: the loss is a mean of squares, so its "
        "gradient with respect to P carries both the 2 of the square and the 1/n of the mean "
        "(n elements in P). After that, each layer is chapter 3's affine rule, and a bias, "
        "added to every row, collects the gradients of all rows.",
        "Through the sigmoid, multiply the gradient reaching H by `H * (1 - H)` elementwise: "
        "that is the gradient reaching Z. From there W1 and b1 follow the same pattern as W2 "
        "and b2, with X in the place of H: `dW1 = X.T @ dZ`. Return the loss as `float(...)`.",
    ],
)


# -- 05.train ------------------------------------------------------------------------------


FLOATS = "every loss is a Python float"


def _floats(losses):
    return isinstance(losses, list) and all(isinstance(v, float) for v in losses)


def _net_case(seed, lr, epochs):
    def run(answer):
        X, y = (Tensor(a) for a in toy4())
        W1, b1, W2, b2 = (leaf(w) for w in net_weights(seed))

        def loss_fn():
            P = (X @ W1 + b1).sigmoid() @ W2 + b2
            return ((P - y) ** 2).mean()
        losses = answer(loss_fn, SGD([W1, b1, W2, b2], lr), epochs)
        return {"losses": losses, "W2 afterwards": value(W2), FLOATS: _floats(losses)}
    return run


def _one_weight_case(answer):
    w = leaf([0.0])
    losses = answer(lambda: ((w * 3.0 - 6.0) ** 2).sum(), SGD([w], 0.05), 4)
    return {"losses": losses, "w afterwards": value(w), FLOATS: _floats(losses)}


def _leftover_case(answer):
    """The parameter already holds a gradient from earlier code when train is called: the
    first step must use only the first epoch's gradient."""
    w = leaf([1.0, -1.0])
    ((w * 5.0) ** 2).sum().backward()            # a leftover, far from this loss's gradient
    losses = answer(lambda: ((w - 2.0) ** 2).sum(), SGD([w], 0.1), 3)
    return {"losses": losses, "w afterwards": value(w), FLOATS: _floats(losses)}


def _no_epochs_case(answer):
    w = leaf([1.0])
    return {"losses": answer(lambda: (w * w).sum(), SGD([w], 0.1), 0)}


TRAIN = Exercise(
    id="05.train", title="the training loop", entry="train", points=2,
    forbids=("minigrad.train.fit",),
    cases=[
        Case("one weight, loss (3w - 6)², lr 0.05, 4 epochs", _one_weight_case),
        Case("the 2 → 3 → 1 network on the toy set, lr 0.5, 10 epochs", _net_case(0, 0.5, 10)),
        Case("epochs = 0", _no_epochs_case),
        Case("a weight that still holds a gradient from earlier code when train is called, "
             "loss (w - 2)², lr 0.1, 3 epochs: every step uses its own epoch's gradient only",
             _leftover_case),
    ],
    mistakes={
        "train_no_zero":
            "forgot to zero gradients: backward *adds* into .grad, so without "
            "optimizer.zero_grad() each step uses the sum of all the gradients so far, and "
            "they pile up from epoch to epoch",
        "train_zero_before_step":
            "your parameters never move: zero_grad() runs after backward() and before step(), so "
            "it wipes the fresh gradients before step can use them. Zero them at the start of "
            "each epoch, before backward",
        "train_zero_after_step":
            "the first step also used the gradient the parameters held before train was "
            "called: you zero the gradients after each step, so whatever was left over is "
            "added into the first epoch's gradient. Zero them at the start of each epoch, "
            "before backward",
        "train_loss_once":
            "compute the loss anew in every epoch: a loss computed once, before the loop, belongs "
            "to the starting parameters, and its graph is freed by the first backward()",
        "train_keeps_tensors":
            "the numbers are right, but the list should hold Python floats, and yours holds "
            "tensors (or arrays): append loss.item(), the loss's value as a plain number",
    },
    hints=[
        "Each epoch does four things: clear the old gradients, compute the loss, backward, step. "
        "Keep each epoch's loss as a Python number.",
        "Where learners slip: gradients add up in `.grad`, so they must be cleared before each "
        "backward (not after the step: the parameters may arrive holding gradients), and the "
        "loss must be computed anew in each epoch, from the parameters as they are then.",
        "Worked on epochs = 2: the list gets two numbers, the loss computed before the first "
        "step, then the loss computed after it (before the second step). With epochs = 0 the loop "
        "never runs and the list is empty.",
    ],
)


# -- 05.largest_lr -------------------------------------------------------------------------
def _net_losses(seed, lr, epochs=100):
    """Train the 2 → 3 → 1 network on toy4 with minigrad (full batch) and return the loss
    of every epoch; a learning rate that is too large overflows to inf and nan."""
    X, y = (Tensor(a) for a in toy4())
    params = [leaf(w) for w in net_weights(seed)]
    W1, b1, W2, b2 = params
    optimizer, losses = SGD(params, lr), []
    with np.errstate(all="ignore"):
        for _ in range(epochs):
            optimizer.zero_grad()
            loss = (((X @ W1 + b1).sigmoid() @ W2 + b2 - y) ** 2).mean()
            loss.backward()
            optimizer.step()
            losses.append(loss.item())
    return losses


def _lr_case(seed, lrs):
    def run(answer):
        cache = {}

        def train_run(lr):
            if lr not in cache:
                cache[lr] = _net_losses(seed, lr)
            return list(cache[lr])
        return {"learning rate": answer(train_run, list(lrs))}
    return run


#: Runs made up to test the definition of "converges" on its own (100 losses each).
_MADE_UP = {
    0.5: [1.0] * 40 + [float("inf")] * 5 + [0.9] * 55,     # overflowed midway, then fell
    0.3: [1.0] * 100,                                       # flat: the last is not smaller
    0.2: [1.0] + [float("nan")] * 99,                       # nan from the second epoch
    0.1: list(np.linspace(1.0, 0.5, 100)),                  # converges
}


_BROKEN_RULE = {
    0.5: "every loss must be finite: the run for 0.5 overflowed to inf midway, so it did not "
         "converge, even though its last loss is below its first (check np.isfinite on every "
         "loss, not only the last)",
    0.3: "the last loss must be smaller than the first: the run for 0.3 stayed flat, so it did "
         "not converge",
    0.2: "a run whose loss became nan did not converge: nan compares False with everything, "
         "so a test such as `not last > first` lets it through. Check that every loss is "
         "finite",
}


#: Made-up runs where a small rate fails and larger ones converge: lr = 0 never moves.
_MADE_UP_GAP = {0.0: [1.0] * 100, 0.1: list(np.linspace(1.0, 0.5, 100)),
                0.2: list(np.linspace(1.0, 0.4, 100))}


def _made_up_gap_case(answer):
    chosen = answer(lambda lr: list(_MADE_UP_GAP[lr]), [0.2, 0.0, 0.1])
    if chosen is None or (isinstance(chosen, (int, float)) and chosen < 0.2):
        which = "a rate in the list" if chosen is None else "a larger rate in the list"
        broken(f"you returned {chosen}, but {which} converges: the run for "
               f"0.0 stays flat (a step of 0 never moves), and a rate that fails says nothing "
               f"about the larger ones. Decide for every rate in lrs whether its run converged")
    return {"learning rate": chosen}


def _made_up_case(answer):
    chosen = answer(lambda lr: list(_MADE_UP[lr]), [0.3, 0.1, 0.5, 0.2])
    if isinstance(chosen, (int, float)) and chosen in _BROKEN_RULE:
        broken(f"you chose {chosen}, but {_BROKEN_RULE[chosen]}")
    return {"learning rate": chosen}


LARGEST_LR = Exercise(
    id="05.largest_lr", title="the largest learning rate that still converges (stretch)",
    entry="largest_stable_lr", points=2,
    cases=[
        Case("learning rates 0.01, 0.1, 1 and 10", _lr_case(0, [0.01, 0.1, 1, 10])),
        Case("learning rates 0.1, 0.45, 0.6 and 1", _lr_case(0, [0.1, 0.45, 0.6, 1])),
        Case("learning rates in no particular order: 0.6, 0.1, 3, 0.45",
             _lr_case(0, [0.6, 0.1, 3, 0.45])),
        Case("learning rates 0.05, 0.3 and 1000", _lr_case(0, [0.05, 0.3, 1000])),
        Case("learning rates 1, 10 and 1000", _lr_case(0, [1, 10, 1000])),
        Case("made-up runs: one whose loss overflowed to inf midway and then fell, a flat one, "
             "one that became nan, one that converges", _made_up_case),
        Case("made-up runs for 0.2, 0.0 and 0.1: the smallest rate stays flat, the others "
             "converge", _made_up_gap_case),
    ],
    mistakes={
        "largest_lr_lowest_loss":
            "you picked the learning rate with the lowest final loss; the question is the "
            "*largest* one that still converges, which is not always the one that ends lowest",
        "largest_lr_assumes_sorted":
            "you took the list to be sorted: the learning rates can come in any order, so "
            "compare their values (max, or sorted(lrs)) rather than their positions",
        "largest_lr_nan_passes":
            "a run whose loss became nan counted as converging: nan compares False with "
            "everything, so `not last > first` is True for it. Check that every loss is finite "
            "(np.isfinite) as well",
    },
    hints=[
        "Call `run(lr)` to get a run's losses, decide whether that run converged (every loss "
        "finite, the last below the first), and keep the largest learning rate that did.",
        "Where learners slip: the list is in no particular order, so compare the rates' "
        "values, not their positions; and nan compares False with everything, so test every "
        "loss for being finite before comparing the last with the first.",
        "Worked: runs that end [0.9, 0.5] converge; [1.0, inf, 0.3] does not (an inf on the way); "
        "[1.0, 1.0] does not (not smaller); [1.0, nan] does not. Among the learning rates whose "
        "runs converge, return the largest; if none does, None.",
    ],
)

EXERCISES = [MSE, SGD_CLASS, MANUAL_GRADS, TRAIN, LARGEST_LR]
