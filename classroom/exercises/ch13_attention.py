"""Chapter 13 exercises: scaled dot-product scores, causal attention weights, splitting a
width into heads, sinusoidal positions, a greedy decoder, and (stretch) attention as one
recorded op with a hand-written backward.

Answers use Tensor ops from chapters 1–8 (``@``, ``transpose``, ``reshape``,
``permute``, ``exp``, ``sum``, ``/``, ``F.softmax``), NumPy, ``minigrad.no_grad`` and
``minigrad.autograd.record``.  They do not call minigrad's attention
(``F.scaled_dot_product_attention``, ``nn.MultiheadAttention``,
``nn.TransformerEncoderLayer``), which is what they write.
"""

import numpy as np

import minigrad as mg
from minigrad import nn
from minigrad.tensor import Tensor
from .core import FLOAT64_RTOL, Case, Exercise, broken
from .rules import Untouched, generators_kept, run_op

SETUP = """\
import math
import numpy as np
import minigrad as mg
from minigrad import Tensor, nn
from minigrad.nn import functional as F
from minigrad.autograd import record
from classroom import check, hint, solution"""

#: minigrad's own attention: what the exercises ask the learner to write.
_ATTENTION = ("minigrad.nn.functional.scaled_dot_product_attention",
              "minigrad.nn.attention._attention", "minigrad.nn.MultiheadAttention",
              "minigrad.nn.TransformerEncoderLayer")


def leaf(values):
    return Tensor(np.array(values, dtype=float), requires_grad=True)


def _seeded(shape, seed, scale=1.0):
    return np.random.default_rng(seed).normal(0.0, scale, shape)


def _output(out, what):
    if out is None:
        raise TypeError(f"{what} returned None: did it forget to `return` its result?")
    return out


def _no_warnings():
    """Overflow in a wrong answer is part of what is observed; do not print warnings."""
    return np.errstate(all="ignore")


def _op_result(found: dict, names) -> dict:
    """The value and the gradients ``run_op`` found, under names a learner can read."""
    return {"the result": found["value"],
            **{f"gradient of {name}": found.get(f"grad {name}") for name in names}}


# -- 13.scores -----------------------------------------------------------------------------------


def _scores_case(q_shape, k_shape, seed):
    def run(answer):
        q, k = leaf(_seeded(q_shape, seed)), leaf(_seeded(k_shape, seed + 1))
        out_shape = q_shape[:-1] + (k_shape[-2],)
        found = run_op(lambda: _output(answer(q, k), "attention_scores"), {"q": q, "k": k},
                       _seeded(out_shape, seed + 2), what="your attention_scores")
        return _op_result(found, ("q", "k"))
    return run


SCORES = Exercise(
    id="13.scores", title="scaled dot-product scores (warm-up)", entry="attention_scores",
    rtol=FLOAT64_RTOL,
    points=1, forbids=_ATTENTION,
    cases=[
        Case("3 queries and 5 keys of width d = 4, no batch axes: the (3, 5) scores, then the "
             "gradients of q and k after backward with a fixed incoming gradient",
             _scores_case((3, 4), (5, 4), 0)),
        Case("4 queries and 4 keys of width 4 (a square case)", _scores_case((4, 4), (4, 4), 10)),
        Case("a batch of 2 lines with 3 heads: q (2, 3, 6, 2) and k (2, 3, 5, 2)",
             _scores_case((2, 3, 6, 2), (2, 3, 5, 2), 20)),
    ],
    mistakes={
        "scores_no_scale":
            "the scores are not scaled: divide q kᵀ by √d, where d = q.shape[-1] is the width "
            "of a query. Without it the spread of the scores grows like √d and the softmax "
            "saturates",
        "scores_divide_by_d":
            "you divided by d: the scale is 1/√d (math.sqrt(d)), which brings the spread of a "
            "dot product of d random terms back to 1; 1/d shrinks the scores too much",
        "scores_no_transpose":
            "the keys are not transposed: the score of query t and key s is q_t · k_s, so the "
            "product is q @ kᵀ, rows of q against rows of k",
        "scores_sqrt_length":
            "you scaled by the square root of a sequence length: the scale depends on the "
            "width of a query and key, d = q.shape[-1], the last axis",
        "scores_T_all_axes":
            "k.T reverses every axis of a batched tensor (heads and batch included): swap "
            "only the last two with k.transpose(-2, -1)",
    },
    hints=[
        "Each score is the dot product of one query with one key, divided by the square root "
        "of their width d, the last axis of q.",
        "The step people get stuck on: one matrix product gives every query against every key "
        "at once, if k's last two axes are swapped, and only those two (batch and head axes "
        "must stay where they are). d is the width of a query, its last axis, not a sequence "
        "length.",
        "Worked on shapes: q (2, 3, 6, 2) and k (2, 3, 5, 2). Swapping k's last two axes gives "
        "(2, 3, 2, 5); the product is (2, 3, 6, 5); then divide every entry by √2. Use "
        "transpose(-2, -1), not .T, so the batch axes stay where they are.",
    ],
)


# -- 13.causal_weights ---------------------------------------------------------------------------


def _causal_case(shape, seed, scale=1.0):
    def run(answer):
        scores = leaf(_seeded(shape, seed, scale))
        with _no_warnings():
            found = run_op(lambda: _output(answer(scores), "causal_attention_weights"),
                           {"scores": scores}, _seeded(shape, seed + 1),
                           what="your causal_attention_weights")
        if not np.all(np.isfinite(found["value"].data)):
            # Which gradients come back through nan weights depends on the ops used (a
            # masked_fill stops them, an addition passes nan on): the weights say it all.
            found["grad scores"] = "not compared: the weights are not all finite numbers"
        return _op_result(found, ("scores",))
    return run


CAUSAL = Exercise(
    id="13.causal_weights", title="causal attention weights", entry="causal_attention_weights",
    points=1, forbids=_ATTENTION,
    cases=[
        Case("a (4, 4) matrix of scores: the weights, then the gradient of the scores after "
             "backward with a fixed incoming gradient", _causal_case((4, 4), 0)),
        Case("a batch of 2 lines with 3 heads, scores (2, 3, 5, 5)",
             _causal_case((2, 3, 5, 5), 10)),
        Case("(3, 3) scores of size about ±1000: every weight must be finite",
             _causal_case((3, 3), 20, 1000.0)),
    ],
    mistakes={
        "causal_mask_after_softmax":
            "the future was zeroed after the softmax, so the rows no longer sum to 1: mask the "
            "scores before the softmax (add -inf above the diagonal), and the allowed weights "
            "share the whole 1",
        "causal_mask_diagonal":
            "the diagonal is masked too: position t may look at itself (key t), only keys "
            "after it are hidden. With the diagonal masked, the first row has nothing left "
            "and becomes nan. Mask strictly above the diagonal (np.triu(..., 1))",
        "causal_mask_past":
            "the mask hides the past instead of the future: query t may see keys 0..t, so the "
            "masked entries are those with key s > t, above the diagonal (np.triu, not "
            "np.tril)",
        "causal_mask_zero":
            "the future scores were set to 0, not -inf: e^0 = 1, so the future still gets "
            "weight. Use -inf (or add a matrix with -inf above the diagonal): e^-inf is "
            "exactly 0",
        "causal_naive_softmax":
            "the softmax overflows or underflows: with scores near ±1000, e^s is inf or 0 and "
            "the weights become nan. Mask first, then subtract from each row its largest "
            "remaining score before exp (chapter 8), or use F.softmax on the masked scores",
    },
    hints=[
        "Hide the future before the softmax: a score whose key comes after its query must "
        "end up with weight exactly 0, and each row must still sum to 1.",
        "Where learners slip: mask the scores before the softmax (zeroing weights afterwards "
        "breaks the rows' sums), hide only the keys strictly after the query (each query may "
        "see itself), make the hidden scores minus infinity rather than 0, and keep the "
        "softmax stable along the keys' axis. Build new tensors: the scores stay as given.",
        "Worked on T = 2: the mask is [[0, -inf], [0, 0]], so the first row's scores become [s00, "
        "-inf] and its weights [1, 0]; the second row is an ordinary softmax of [s10, s11].",
    ],
)


# -- 13.split_heads ------------------------------------------------------------------------------


def _split_case(shape, heads, seed=None):
    def run(answer):
        if seed is None:
            x = leaf(np.arange(float(np.prod(shape))).reshape(shape))
        else:
            x = leaf(_seeded(shape, seed))
        N, T, E = shape
        found = run_op(lambda: _output(answer(x, heads), "split_heads"), {"x": x},
                       _seeded((N, heads, T, E // heads), 99), view_ok=True,
                       what="your split_heads")
        return _op_result(found, ("x",))
    return run


SPLIT = Exercise(
    id="13.split_heads", title="split a width into heads", entry="split_heads", points=1,
    forbids=_ATTENTION,
    cases=[
        Case("x = 0, 1, …, 11 shaped (1, 3, 4), split into 2 heads of width 2: the (1, 2, 3, 2) "
             "result, then the gradient of x after backward", _split_case((1, 3, 4), 2)),
        Case("random x of shape (2, 5, 6), 3 heads of width 2", _split_case((2, 5, 6), 3, 0)),
        Case("one head: x of shape (2, 4, 3) becomes (2, 1, 4, 3)", _split_case((2, 4, 3), 1, 1)),
    ],
    mistakes={
        "split_heads_no_permute":
            "you reshaped straight to (N, heads, T, d): the shape is right, but each head then "
            "holds pieces of several positions. Reshape to (N, T, heads, d) first, which cuts "
            "each position's vector into slices, then move the heads axis forward with "
            "permute(0, 2, 1, 3)",
        "split_heads_interleaved":
            "each head got every heads-th column (0, 2, 4, … for head 0) instead of a "
            "contiguous slice: reshape to (N, T, heads, d), so head h holds columns h·d to "
            "(h + 1)·d − 1",
        "split_heads_last_two_swapped":
            "the last two axes are swapped: the result should be (N, heads, T, d), one row per "
            "position inside each head; permute with (0, 2, 1, 3)",
    },
    hints=[
        "Cut each position's vector of width E into `heads` consecutive slices of width "
        "d = E // heads, then make the heads an axis in front of the positions.",
        "The step people get stuck on: a single reshape straight to the final shape mixes "
        "positions together. Cut each position's vector first (the slices are then an axis "
        "right after the positions), and only then move that axis in front of the positions. "
        "Tensor operations carry the gradient back on their own.",
        "Worked on x of shape (1, 3, 4) with 2 heads: after `x.reshape(1, 3, 2, 2)`, "
        "`x2[0, t, h]` is `x[0, t, 2*h:2*h + 2]`; after `x2.permute(0, 2, 1, 3)`, "
        "`result[0, h, t]` is that same slice: head 0 holds columns 0-1 and head 1 columns "
        "2-3.",
    ],
)


# -- 13.sinusoidal -------------------------------------------------------------------------------


def _sinusoidal_case(T, E):
    def run(answer):
        result = _output(answer(T, E), "sinusoidal_positions")
        if isinstance(result, Tensor):
            broken("sinusoidal_positions should return a NumPy array, as the text asks, but it "
                   "returned a Tensor: return the array itself")
        if not isinstance(result, np.ndarray):
            broken(f"sinusoidal_positions should return a NumPy array of shape ({T}, {E}), but "
                   f"it returned a {type(result).__name__}")
        return {"the positions": result}
    return run


SINUSOIDAL = Exercise(
    id="13.sinusoidal", title="sinusoidal positions", entry="sinusoidal_positions", points=1,
    pure=True,
    cases=[
        Case("T = 4 positions of width E = 4", _sinusoidal_case(4, 4)),
        Case("T = 20 positions of width E = 8", _sinusoidal_case(20, 8)),
        Case("T = 1 position of width E = 2", _sinusoidal_case(1, 2)),
        Case("T = 100 positions of width E = 16 (angles up to 99, where rounding in the "
             "angle shows in the sines)", _sinusoidal_case(100, 16)),
    ],
    mistakes={
        "sinusoidal_swapped":
            "sin and cos are swapped: the even columns (0, 2, 4, …) hold the sines and the odd "
            "columns the cosines",
        "sinusoidal_halves":
            "the sines fill the first half of the columns and the cosines the second half: "
            "the text asks for them interleaved, column 2i the sine and column 2i + 1 the "
            "cosine of the same frequency",
        "sinusoidal_column_exponent":
            "each column got a frequency of its own: columns 2i and 2i + 1 share one, "
            "1 / 10000^(2i / E), so the exponent uses the even column number 2i for both "
            "(use 2 * (j // 2) for column j)",
        "sinusoidal_pair_exponent":
            "the exponent lost its 2: pair i's angle is t / 10000^(2i / E), not t / 10000^(i / "
            "E), so that the last pair's frequency comes close to 1 / 10000 (with i / E it only "
            "reaches 1 / 100)",
        "sinusoidal_times":
            "the positions were multiplied by 10000^(2i / E): the angle is t divided by it, "
            "t / 10000^(2i / E), so the first columns turn fastest and the last ones slowest",
    },
    hints=[
        "Column pair (2i, 2i + 1) is one wave: the sine and the cosine of the same angle t / "
        "10000^(2i / E), for every position t.",
        "Build a column of positions t = 0..T-1 and a row of the E / 2 frequencies 1 / 10000^(2i "
        "/ E) for i = 0..E/2-1; their product (broadcast) is a (T, E / 2) array of angles. Fill "
        "the even columns of a (T, E) array with their sines and the odd columns with their "
        "cosines (slices 0::2 and 1::2).",
        "Worked on E = 6: the column pairs are (0, 1), (2, 3) and (4, 5), so i = 0, 1, 2 and the "
        "angles are t / 1, t / 10000^(2/6) ≈ t / 21.5 and t / 10000^(4/6) ≈ t / 464. Column 3, "
        "for example, holds cos(t / 21.5) for every position t.",
    ],
)


# -- 13.greedy -----------------------------------------------------------------------------------


class ScoringModel(nn.Module):
    """A stand-in for a trained decoder: the scores for the next token after position t
    come from two fixed random tables, one for the token at t and where it sits, one for
    the token before it, plus a little of every earlier token.  So the answer depends on
    the whole line so far and on positions.  It remembers, for every call, whether a graph
    was being recorded and whether it was in training mode."""

    def __init__(self, vocab: int, length: int, seed: int):
        super().__init__()
        rng = np.random.default_rng(seed)
        self.here = rng.normal(size=(length, vocab, vocab))
        self.before = rng.normal(size=(vocab, vocab))
        self.earlier = rng.normal(0.0, 0.3, size=(vocab, vocab))
        self.shift = nn.Parameter(np.zeros(vocab))
        self.head = nn.Sequential(nn.Dropout(0.0), nn.Identity())     # submodules, as in a
        self.calls = []                                                # real decoder

    def forward(self, ids):
        ids = ids.data if isinstance(ids, Tensor) else np.asarray(ids)
        if ids.ndim != 2 or ids.dtype.kind not in "iu":
            raise TypeError(f"the model takes a 2-D array of token ids (N, T), but got "
                            f"{'a ' + str(ids.ndim) + '-D' if ids.ndim != 2 else 'an'} array of "
                            f"{ids.dtype}")
        self.calls.append((mg.is_grad_enabled(), any(m.training for m in self.modules()),
                           ids.shape[1]))
        T = ids.shape[1]
        scores = self.here[np.arange(T), ids]                             # (N, T, vocab)
        scores[:, 1:] += self.before[ids[:, :-1]]
        scores += np.cumsum(self.earlier[ids], axis=1)
        return self.head(Tensor(scores) + self.shift)


def _twice(answer, given, steps, vocab, seed, training, model):
    """The answer's tokens for ``model``, then for a fresh copy of it with NumPy's and
    minigrad's generators started elsewhere: a decoder that draws tokens at random writes
    other tokens (the same way on every run of the check).  The learner's generators are
    left as they were."""
    with generators_kept():
        results = []
        for shift, decoder in ((0, model), (1, ScoringModel(vocab, given.shape[1] + steps, seed))):
            decoder.train(training)
            np.random.seed(seed + shift)
            mg.manual_seed(seed + shift)
            results.append(_output(answer(decoder, given if shift == 0 else given.copy(),
                                          steps), "greedy_decode"))
    return results[0], results[1]


def _check_lengths(lengths: list, start: int, steps: int) -> None:
    """The model must read the whole line so far: the prompt, then one token longer at every
    step."""
    if lengths == list(range(start, start + steps)):
        return
    if lengths and all(n == 1 for n in lengths) and start > 1:
        broken("the model was given only the last token at every step: it needs the whole "
               "line so far (the prompt and every token written), because each prediction "
               "depends on all of it")
    if lengths and all(n == start for n in lengths) and steps > 1:
        broken("the line the model reads never grew: after each step, append the chosen "
               "tokens to the line, so that the next call of the model reads them too")
    broken(f"the model read lines of {lengths} tokens at its {len(lengths)} calls; with a "
           f"prompt of {start} tokens and {steps} steps it should read the whole line so far, "
           f"{list(range(start, start + steps))}")


def _greedy_case(prompt, steps, vocab, seed, training=True):
    def run(answer):
        given = np.array(prompt, dtype=np.int64)
        model = ScoringModel(vocab, given.shape[1] + steps, seed)
        model.train(training)
        kept = Untouched(prompt=given)
        result, again = _twice(answer, given, steps, vocab, seed, training, model)
        kept.check("your greedy_decode")
        if not model.calls:
            broken("greedy_decode never called the model")
        if any(grad for grad, _, _ in model.calls):
            broken("the model was called while a graph was being recorded: decoding needs no "
                   "gradients, so run the loop inside `with mg.no_grad():` (a graph kept for "
                   "every step only costs memory)")
        if any(mode for _, mode, _ in model.calls):
            broken("the model (or a module inside it) was called in training mode: call "
                   "model.eval() before decoding, which sets every submodule's mode (layers "
                   "such as Dropout behave differently in training)")
        _check_lengths([length for _, _, length in model.calls], given.shape[1], steps)
        if model.training != training:
            broken(f"the model was left in {'training' if model.training else 'evaluation'} "
                   f"mode, but it was in {'training' if training else 'evaluation'} mode when "
                   f"it was handed over: remember model.training first and put it back with "
                   f"model.train(...) at the end")
        if any(m.training != training for m in model.modules()):
            broken(f"the model's own flag is back, but a module inside it (its dropout) is "
                   f"still in {'evaluation' if training else 'training'} mode: assigning "
                   f"model.training changes the top module only, while model.train(mode) "
                   f"sets the mode of every submodule too")
        first, second = (np.asarray(getattr(r, "data", r)) for r in (result, again))
        if first.shape == second.shape and not np.array_equal(first, second):
            broken("greedy_decode wrote other tokens for the same prompt and the same model "
                   "when run again: greedy decoding takes the best token (the argmax of the "
                   "scores) every time; it never draws a token at random")
        return {"the tokens written": result}
    return run


GREEDY = Exercise(
    id="13.greedy", title="a greedy decoder", entry="greedy_decode", points=2,
    cases=[
        Case("one prompt of 3 tokens, 4 steps, a vocabulary of 5 tokens, a model in training "
             "mode", _greedy_case([[1, 4, 0]], 4, 5, 3)),
        Case("three prompts of 2 tokens, 5 steps, a vocabulary of 7, a model in training mode",
             _greedy_case([[0, 1], [6, 6], [3, 2]], 5, 7, 1)),
        Case("one step only, from a model handed over in evaluation mode",
             _greedy_case([[2, 2, 1, 0]], 1, 4, 2, training=False)),
    ],
    mistakes={
        "greedy_first_position":
            "you took the scores at the first position of the line: the next token is "
            "predicted at the last one, logits[:, -1]",
        "greedy_no_append":
            "the line the model reads never grew: after each step, append the chosen tokens "
            "to the line, so that the next call of the model reads them too",
        "greedy_last_token_only":
            "the model was given only the last token at every step: it needs the whole line so "
            "far (the prompt and every token written), because each prediction depends on all "
            "of it",
        "greedy_includes_prompt":
            "the result includes the prompt: return only the `steps` tokens the model wrote, "
            "an array (N, steps)",
        "greedy_wrong_axis":
            "the argmax ran over the wrong axis: the scores at one position have shape (N, "
            "vocabulary), and each line's best token is the argmax along the vocabulary, "
            "axis=-1",
    },
    hints=[
        "Repeat `steps` times: run the model on the whole line so far, take the best-scoring "
        "token at the last position for each line, and append it to the line.",
        "Where learners slip: the model reads the whole line so far, not only the last token; "
        "the next token's scores are at the last position, and the best token is the argmax "
        "along the vocabulary; the prompt itself stays unchanged; and the mode is restored "
        "with `model.train(...)`, which reaches every submodule (assigning `model.training` "
        "does not).",
        "Worked on one step: with line = [[1, 4, 0]] and scores at the last position [[0.1, "
        "2.0, -1.0, 0.3, 0.5]], the best token is 1, and the line becomes [[1, 4, 0, 1]]: "
        "`np.concatenate([line, best[:, None]], axis=1)`. The answer is the last `steps` "
        "columns.",
    ],
)


# -- 13.attention_op -----------------------------------------------------------------------------


def _op_case(T, S, d, e, seed, scale=1.0):
    def run(answer):
        q = leaf(_seeded((T, d), seed, scale))
        k = leaf(_seeded((S, d), seed + 1, scale))
        v = leaf(_seeded((S, e), seed + 2))
        with _no_warnings():
            found = run_op(lambda: _output(answer(q, k, v), "attention_op"),
                           {"q": q, "k": k, "v": v}, _seeded((T, e), seed + 3),
                           what="your attention_op", single=(q, k, v), own_backward=True)
        return _op_result(found, ("q", "k", "v"))
    return run


ATTENTION_OP = Exercise(
    id="13.attention_op", title="attention as one recorded op, with its backward (stretch)",
    entry="attention_op", points=2, forbids=_ATTENTION,
    cases=[
        Case("3 queries, 3 keys and values, d = 4, values of width 2: the output, recorded as "
             "one op, then the gradients of q, k and v after backward with a fixed incoming "
             "gradient", _op_case(3, 3, 4, 2, 10)),
        Case("3 queries, 4 keys and values, d = 2, values of width 3",
             _op_case(3, 4, 2, 3, 0)),
        Case("queries and keys of size about ±40, so that some scores are near ±1000: "
             "everything must be finite", _op_case(2, 3, 2, 2, 20, 40.0)),
    ],
    mistakes={
        "op_softmax_elementwise":
            "the softmax's backward is missing its second term: every weight in a row depends "
            "on every score of that row, so dS = P ⊙ (dP − rowsum(dP ⊙ P)), not P ⊙ dP",
        "op_no_scale_in_backward":
            "the scale is missing from the gradients of q and k: the scores are q kᵀ / √d, so "
            "both gradients carry the factor 1/√d too",
        "op_dk_not_transposed":
            "the gradient of k is not transposed: dK = dSᵀ Q / √d (one row per key), not dS Q",
        "op_dv_not_transposed":
            "the gradient of v uses P where Pᵀ belongs: dV = Pᵀ g, one row per value",
        "op_ignores_upstream":
            "the incoming gradient g was ignored: by the chain rule every gradient starts from "
            "it (dV = Pᵀ g, dP = g Vᵀ), it is not a matrix of ones",
        "op_naive_softmax":
            "no max subtraction in the softmax: scores near 1000 overflow e^s to inf and the "
            "output becomes nan. Subtract each row's largest score before exp",
    },
    hints=[
        "Forward with NumPy on the inputs' arrays: scores, a stable softmax P, then P V. Keep P "
        "for backward, and give record a backward that returns three gradients, one per "
        "input.",
        "The two products follow chapter 3's rule (each gradient has its input's shape: try "
        "the transposes). The step people get stuck on is the softmax: write dS_k = Σ_j dP_j "
        "P_j([j = k] − P_k) out for one row, split the sum into its j = k term and the rest, "
        "and it becomes P times (dP minus one number per row). Do not forget the scale, in "
        "both dQ and dK.",
        "Worked on shapes: q (3, 2), k (4, 2), v (4, 3), g (3, 3). P is (3, 4); dV = Pᵀ g is (4, "
        "3); dP = g Vᵀ is (3, 4), and so is dS; dQ = dS K / √2 is (3, 2) and dK = dSᵀ Q / √2 is "
        "(4, 2): each gradient has its input's shape. The row sum is (dP * P).sum(axis=1, "
        "keepdims=True).",
    ],
)

EXERCISES = [SCORES, CAUSAL, SPLIT, SINUSOIDAL, GREEDY, ATTENTION_OP]
