"""Chapter 8 exercises: a stable softmax, cross-entropy from logits, accuracy, a confusion
matrix, and (stretch) cross-entropy as one recorded op with a hand-written backward.

Answers use Tensor ops from chapters 1–5 (``exp``, ``log``, ``sum(dim, keepdims)``,
``/``, ``-``, ``mean``), indexing (chapter 8), NumPy, and ``minigrad.autograd.record``; they do
not call minigrad's ``softmax`` / ``log_softmax`` / ``cross_entropy`` /
``train.accuracy``, which are what they write.
"""

import numpy as np

from minigrad.tensor import Tensor
from .core import Case, Exercise, broken
from .rules import Untouched, connected, number, run_op

SETUP = """\
import numpy as np
import minigrad as mg
from minigrad import Tensor
from minigrad.autograd import record
from classroom import check, hint, solution"""


def leaf(values):
    return Tensor(np.array(values, dtype=float), requires_grad=True)


def grad_of(t, name):
    """``t``'s gradient as an array; a missing gradient is an error, not None."""
    if t.grad is None:
        raise RuntimeError(f"{name} received no gradient from backward: is the result built "
                           f"from it with Tensor operations (not NumPy on .data)?")
    return t.grad.data


def _returned(out, what):
    if out is None:
        raise TypeError(f"{what} returned None: did it forget to `return` its result?")
    return out


def _tensor_out(out, what):
    """The answer's output as a Tensor we can call backward on."""
    out = _returned(out, what)
    if not isinstance(out, Tensor):
        raise TypeError(f"{what} returned a {type(out).__name__}, but it should return a "
                        f"Tensor (built with Tensor operations, so that gradients flow)")
    if not out.requires_grad:
        raise TypeError(f"{what} returned a Tensor that is not connected to the logits, so no "
                        f"gradient can flow back to them: build the result from the logits "
                        f"with Tensor operations (or `record`), not from NumPy arrays "
                        f"wrapped in a new Tensor")
    return out


def _logits(seed, shape, scale=2.0):
    return np.random.default_rng(seed).normal(0.0, scale, shape)


def _no_warnings():
    """Overflow in a wrong answer is part of what is observed; do not print warnings."""
    return np.errstate(all="ignore")


#: What the chapter's text asks every answer not to use: the library's versions of them.
_LIBRARY = ("minigrad.nn.functional.softmax", "minigrad.nn.functional.log_softmax",
            "minigrad.nn.functional.cross_entropy", "minigrad.nn.CrossEntropyLoss",
            "minigrad.train.accuracy", "minigrad.train.loop._count_correct")


# -- 08.softmax -----------------------------------------------------------------------------


def _softmax_values(values):
    def run(answer):
        z = leaf(values)
        kept = Untouched(logits=z)
        with _no_warnings():
            out = _returned(answer(z), "softmax")
        kept.check("your softmax")
        connected(out, {"logits": z})
        return {"probabilities": out}
    return run


def _softmax_grad(shape, seed):
    def run(answer):
        z = leaf(_logits(seed, shape))
        with _no_warnings():
            found = run_op(lambda: _tensor_out(answer(z), "softmax"), {"logits": z},
                           _logits(seed + 1, shape, 1.0), what="your softmax")
        return {"probabilities": found["value"],
                "gradient of the logits": found.get("grad logits")}
    return run


EXTREME = [[1000.0, 0.0, -1000.0], [-1000.0, -1000.0, -1000.0], [1.0, 2.0, 3.0]]
#: one row: its own largest logit is the batch's, so only an answer that subtracts no
#: maximum at all overflows here
ONE_ROW = [[1000.0, 0.0, -1000.0]]

SOFTMAX = Exercise(
    id="08.softmax", title="a stable softmax", entry="softmax", points=1,
    forbids=_LIBRARY,
    cases=[
        Case("a (2, 3) batch of ordinary logits: the probabilities",
             _softmax_values([[2.0, 1.0, 0.1], [0.0, -1.0, 3.0]])),
        Case("one row of logits 1000, 0 and -1000: every probability must be finite",
             _softmax_values(ONE_ROW)),
        Case("a (3, 3) batch with logits of ±1000, a row of all -1000 and a row of small "
             "logits: every probability must be finite", _softmax_values(EXTREME)),
        Case("(3, 4) logits: the probabilities, then the gradient of the logits after "
             "backward with a fixed incoming gradient", _softmax_grad((3, 4), 0)),
        Case("rows of logits far from 0 (300 and 299, -700 and -701) whose differences still "
             "matter: the probabilities must be finite and right",
             _softmax_values([[300.0, 299.0, -400.0], [-700.0, -701.0, -703.0]])),
    ],
    mistakes={
        "softmax_naive":
            "no max subtraction: e^1000 overflows to inf and e^-1000 underflows to 0, so the "
            "division gives nan (inf/inf, 0/0). Subtract each row's largest logit before exp: "
            "softmax does not change, and the largest exponent becomes e^0 = 1",
        "softmax_global_max":
            "you subtracted one maximum for the whole batch, not each row's own: a row whose "
            "logits are all far below the batch's largest underflows to 0/0. Take the maximum "
            "along each row, z.data.max(axis=1, keepdims=True)",
        "softmax_columns":
            "the probabilities were normalised down the columns (dim=0): each row (one example) "
            "should sum to 1, so take the max and the sum along dim=1, with keepdims=True",
    },
    hints=[
        "Softmax of a row is e^z divided by the sum of e^z over that row. Before the exp, "
        "subtract a number from every logit of the row: the result is the same, and with the "
        "right number nothing overflows.",
        "The number is each row's own largest logit (one per row, not one for the batch), "
        "taken as a constant from the array, kept as a column so that it broadcasts across "
        "its row. Everything after it is Tensor operations on the logits, so that gradients "
        "flow, and the sums run along each row too.",
        "Worked on the row [1000, 0, -1000]: subtract its maximum, 1000, to get [0, -1000, "
        "-2000]; exp gives [1, 0, 0] (no overflow), the sum is 1, so the softmax is [1, 0, 0]. "
        "The maximum is a constant: `logits.data.max(axis=1, keepdims=True)`.",
    ],
)


# -- 08.cross_entropy -----------------------------------------------------------------------


def _ce_case(values, target):
    def run(answer):
        z, classes = leaf(values), np.array(target)
        with _no_warnings():
            found = run_op(lambda: _tensor_out(answer(z, classes), "cross_entropy"),
                           {"logits": z, "target": classes}, np.ones(()),
                           what="your cross_entropy")
        return {"loss": found["value"], "gradient of the logits": found.get("grad logits")}
    return run


CE_LOGITS = [[2.0, 0.5, -1.0], [0.1, 0.2, 3.0], [-0.5, 1.5, 0.0], [1.0, 1.0, 1.2]]

CROSS_ENTROPY = Exercise(
    id="08.cross_entropy", title="cross-entropy from logits", entry="cross_entropy", points=2,
    forbids=_LIBRARY,
    cases=[
        Case("4 rows of 3 logits with classes [0, 2, 1, 2]: the loss, then the gradient of the "
             "logits after loss.backward()", _ce_case(CE_LOGITS, [0, 2, 1, 2])),
        Case("large logits of similar size, such as 1000 and 999: exp(1000) overflows, but the "
             "loss is finite", _ce_case([[1000.0, 999.0, 998.0], [-998.0, -999.0, -1000.0]],
                                        [1, 0])),
        Case("logits of ±1000: a confidently right row and a confidently wrong one (the loss "
             "must be finite)", _ce_case([[1000.0, -1000.0], [1000.0, -1000.0]], [0, 1])),
    ],
    mistakes={
        "cross_entropy_sum":
            "forgot the mean: the losses of the rows were added up, so the loss (and every "
            "gradient) grows with the batch size. Average over the N rows with .mean()",
        "cross_entropy_columns":
            "logp[:, target] picks whole columns, an (N, N) matrix, not one entry per row. The "
            "target holds class indices (not a one-hot matrix): pair row i with class target[i] "
            "using logp[np.arange(N), target]",
        "cross_entropy_logits_as_probabilities":
            "you took the log of the logits themselves, as if they were probabilities. Logits are "
            "raw scores (any sign, any size): turn them into log-probabilities with a stable "
            "log-softmax first, (z - m) - log(sum(exp(z - m)))",
        "cross_entropy_log_of_softmax":
            "you took the log of a softmax: a probability that underflows to 0 gives "
            "log(0) = -inf, so a confidently wrong row makes the loss infinite. Compute the "
            "log-probabilities directly with the log-sum-exp, (z - m) - log(sum(exp(z - m)))",
        "cross_entropy_naive":
            "no max subtraction: e^1000 overflows to inf, the softmax becomes inf/inf = nan and "
            "so does the loss. Subtract each row's largest logit m first and use the log-sum-exp, "
            "(z - m) - log(sum(exp(z - m)))",
    },
    hints=[
        "The loss of a row is minus the log-probability of its true class; the result is the "
        "mean over the rows. Compute log-probabilities with a stable log-softmax, never as the "
        "log of a softmax, which can be log(0).",
        "Where learners get stuck: picking one entry per row. Indexing with the target alone "
        "picks whole columns; pair each row number with its row's class, two index arrays of "
        "the same length. The log-softmax itself is the text's formula, with each row's own "
        "maximum as a constant.",
        "Worked on one row z = [2, 0] with target 1: m = 2, shifted = [0, -2], log-sum-exp = "
        "log(1 + e^-2) ≈ 0.127, so logp = [-0.127, -2.127] and the loss is 2.127. The batch's "
        "loss is the mean of such numbers over the rows.",
    ],
)


# -- 08.accuracy ----------------------------------------------------------------------------


def _accuracy_case(values, target, right):
    """``right`` is how many rows the case's description says are predicted right: an
    answer of exactly 0 or 1 when some but not all are is integer division."""
    def run(answer):
        logits, classes = Tensor(np.array(values, dtype=float)), np.array(target)
        kept = Untouched(logits=logits, target=classes)
        result = _returned(answer(logits, classes), "accuracy")
        kept.check("your accuracy")
        number(result, "the accuracy")
        if 0 < right < len(target) and result in (0, 1):
            broken(f"your accuracy is {result}, a whole number, but {right} of the "
                   f"{len(target)} rows are right, so it lies between 0 and 1: integer "
                   f"division (//, or int(...)) rounds the fraction down. Divide with /")
        return {"accuracy": result}
    return run


ACC_LOGITS = [[0.2, 2.0, -1.0], [3.0, 0.0, 1.0], [0.0, 0.0, 5.0], [1.0, 2.0, 0.5],
              [-1.0, -2.0, -0.5]]
CLOSE = [[1.0, 0.9, 0.8], [0.0, 0.5, 0.4], [2.0, 1.9, 1.95], [0.1, 0.0, 3.0]]
SQUARE = [[0.0, 2.0, 1.0, 0.0], [4.0, 0.0, 1.0, 2.0], [1.0, 0.0, 3.0, 2.0],
          [0.0, 1.0, 0.0, 1.5]]

ACCURACY = Exercise(
    id="08.accuracy", title="accuracy", entry="accuracy", points=1,
    forbids=_LIBRARY,
    cases=[
        Case("5 rows of 3 logits, classes [1, 0, 2, 1, 2]: all 5 of them right",
             _accuracy_case(ACC_LOGITS, [1, 0, 2, 1, 2], 5)),
        Case("5 rows of 3 logits, classes [1, 0, 1, 1, 2]: 4 of them right",
             _accuracy_case(ACC_LOGITS, [1, 0, 1, 1, 2], 4)),
        Case("a square batch, 4 rows of 4 logits, classes [1, 0, 2, 0]: 3 of them right",
             _accuracy_case(SQUARE, [1, 0, 2, 0], 3)),
        Case("4 rows of 3 logits, classes [0, 1, 2, 2]: 3 of them right, two of those by a "
             "small margin, with no class above probability 0.5 (the largest logit wins, "
             "however slightly)",
             _accuracy_case(CLOSE, [0, 1, 2, 2], 3)),
    ],
    mistakes={
        "accuracy_wrong_axis":
            "argmax along the wrong axis: argmax(axis=0) finds, for each class, the row with the "
            "largest logit. Each row is one example, so take argmax(axis=1): one predicted class "
            "per row",
        "accuracy_count":
            "you returned the number of right answers: accuracy is a fraction, the number right "
            "divided by the number of rows (a float between 0 and 1)",
        "accuracy_max":
            "you compared the largest logit itself with the class: max gives the largest value, "
            "but the predicted class is where it is, its index: use argmax",
    },
    hints=[
        "The predicted class of a row is the index of its largest logit. Compare the "
        "predictions with target and return the fraction that match.",
        "Where it goes wrong: the index of the largest value, not the value itself; along "
        "each row, not down the columns; and a fraction divided with /, returned as a Python "
        "float. The numbers of a Tensor are in its `.data` array.",
        "Worked on logits [[0, 2], [3, 1]] with target [1, 1]: the predicted classes are [1, 0], "
        "one of two right, so 0.5. Divide with /, not //, and return a Python float.",
    ],
)


# -- 08.confusion_matrix --------------------------------------------------------------------


def _confusion_case(true_values, predicted_values, num_classes):
    def run(answer):
        true, predicted = np.array(true_values), np.array(predicted_values)
        kept = Untouched(true=true, predicted=predicted)
        out = _returned(answer(true, predicted, num_classes), "confusion_matrix")
        kept.check("your confusion_matrix")
        if not isinstance(out, np.ndarray):
            broken(f"confusion_matrix should return a NumPy array of integers, but it returned "
                   f"a {type(out).__name__}: build it with np.zeros(..., dtype=int)")
        if out.dtype.kind in "iu" and np.iinfo(out.dtype).max < len(true):
            broken(f"your matrix holds {out.dtype} counts, which go up to "
                   f"{np.iinfo(out.dtype).max} only: with {len(true)} examples a count can be "
                   f"larger, and past the limit it wraps round. Count in NumPy's default "
                   f"integers, np.zeros(..., dtype=int)")
        return {"matrix": out}
    return run


CONFUSION = Exercise(
    id="08.confusion_matrix", title="a confusion matrix", entry="confusion_matrix", points=1,
    forbids=_LIBRARY,
    cases=[
        Case("5 examples, 3 classes: true [0, 1, 2, 2, 2], predicted [0, 2, 2, 2, 0]",
             _confusion_case([0, 1, 2, 2, 2], [0, 2, 2, 2, 0], 3)),
        Case("4 classes, but the labels only use 0, 1 and 2: true [0, 1, 1, 2], predicted "
             "[1, 1, 1, 2]", _confusion_case([0, 1, 1, 2], [1, 1, 1, 2], 4)),
        Case("70,000 examples of 2 classes, more of one pair than a small integer type can "
             "count", _confusion_case([0] * 69990 + [1] * 10, [0] * 69995 + [1] * 5, 2)),
    ],
    mistakes={
        "confusion_swapped":
            "rows and columns are swapped: row t should count the examples whose TRUE class is t, "
            "column q those PREDICTED as q, so the entry is matrix[true[i], predicted[i]]",
        "confusion_fancy_increment":
            "matrix[true, predicted] += 1 adds only once when the same (true, predicted) pair "
            "occurs several times (NumPy's fancy-index assignment does not accumulate). Use "
            "np.add.at(matrix, (true, predicted), 1), or a loop over the examples",
        "confusion_sized_by_data":
            "the matrix was sized by the labels that occur: it must be num_classes × "
            "num_classes, even when a class never appears",
    },
    hints=[
        "Start from a num_classes × num_classes matrix of integer zeros and add 1 for every "
        "example, in the row of its true class and the column of its predicted class.",
        "A loop over the examples works. Without a loop, beware: NumPy's fancy-index `+=` "
        "counts a repeated (true, predicted) pair only once; `np.add.at` counts every one. And "
        "the matrix has num_classes rows and columns even for classes that never occur.",
        "Worked on true [0, 2, 2] and predicted [0, 2, 1] with 3 classes: add 1 at [0, 0], [2, 2] "
        "and [2, 1]; everything else stays 0. Use an integer array of zeros of shape "
        "(num_classes, num_classes).",
    ],
)


# -- 08.cross_entropy_op --------------------------------------------------------------------


def _fused_case(values, target, upstream=1.0):
    """The loss, then the gradient of the logits when ``upstream`` arrives from above (what
    multiplying the loss by ``upstream`` before backward sends)."""
    def run(answer):
        z, classes = leaf(values), np.array(target)
        with _no_warnings():
            found = run_op(lambda: _tensor_out(answer(z, classes), "cross_entropy_op"),
                           {"logits": z, "target": classes}, np.array(upstream),
                           what="your cross_entropy_op", single=(z,),
                           own_backward=True)
        return {"loss": found["value"], "gradient of the logits": found.get("grad logits")}
    return run


FUSED = Exercise(
    id="08.cross_entropy_op", title="cross-entropy as one op, with its backward (stretch)",
    entry="cross_entropy_op", points=2,
    forbids=_LIBRARY,
    cases=[
        Case("3 rows of 4 logits, classes [3, 0, 1]: the loss, recorded as one op, and the "
             "gradient after loss.backward()",
             _fused_case([[1.0, 2.0, 0.5, 3.0], [2.5, -1.0, 0.0, 1.0], [0.2, 0.1, -0.3, 0.0]],
                         [3, 0, 1])),
        Case("the same logits, but the loss is multiplied by 3 before backward: the incoming "
             "gradient g is 3",
             _fused_case([[1.0, 2.0, 0.5, 3.0], [2.5, -1.0, 0.0, 1.0], [0.2, 0.1, -0.3, 0.0]],
                         [3, 0, 1], upstream=3.0)),
        Case("logits of ±1000", _fused_case([[1000.0, -1000.0, 0.0], [0.0, 1000.0, -1000.0]],
                                            [0, 2])),
    ],
    mistakes={
        "fused_no_mean":
            "forgot to divide by N: the loss is a mean over N rows, so each row's share of the "
            "gradient is (softmax - one_hot) / N",
        "fused_ignores_upstream":
            "the incoming gradient g was ignored: by the chain rule, backward(g) must return g "
            "times the loss's own gradient (g is 1 only when the loss is the end of the graph)",
        "fused_no_one_hot":
            "forgot to subtract the one-hot: the gradient of -log p_y with respect to z_j is "
            "p_j - 1 for the true class and p_j for the others. Subtract 1 at [rows, target]",
    },
    hints=[
        "Compute the loss with NumPy on the logits' array (a stable log-softmax, then minus the "
        "mean of the picked entries), and give record a backward that returns a one-item tuple: "
        "the gradient for the logits.",
        "Where learners slip: backward must use g (the loss may be scaled before backward), "
        "must divide by N, and must build its gradient as a new array on every call, leaving "
        "what forward kept unchanged (the same graph may run backward twice). The softmax you "
        "need is the exponential of the log-probabilities you kept.",
        "Worked on one row z = [2, 0], target 0, g = 1: softmax ≈ [0.881, 0.119], minus the "
        "one-hot [1, 0] gives [-0.119, 0.119], divided by N = 1. backward gets g and returns a "
        "one-item tuple with g times that array; compute it anew on every call (the same graph "
        "may run backward twice).",
    ],
)

EXERCISES = [SOFTMAX, CROSS_ENTROPY, ACCURACY, CONFUSION, FUSED]
