"""Chapter 9 exercises: training windows from a series, one RNN step with given weights,
unrolling a cell over a sequence, the gradient norm reaching each hidden state, and
(stretch) truncated backpropagation through time.

Answers use ``Tensor`` ops from chapters 1–6 (``@``, ``.T``, ``+``, ``.tanh()``,
``.retain_grad()``, ``.detach()`` …), ``minigrad.nn`` (``RNNCell`` and ``Linear`` are
handed to them by the checker) and NumPy.  ``09.rnn_step`` writes the cell's formula
itself instead of calling ``nn.RNNCell``.
"""

import numpy as np

from minigrad.nn import Linear, RNNCell
from minigrad.optim import SGD
from minigrad.tensor import Tensor
from .core import Case, Exercise, broken, plain
from .rules import Untouched, number, run_op

SETUP = """\
import numpy as np
import minigrad as mg
from minigrad import Tensor, nn
from classroom import check, hint, solution"""


NO_GRAD = "no gradient reached it"


def _seeded(shape, seed, scale=1.0):
    return np.random.default_rng(seed).uniform(-scale, scale, shape)


def leaf(values):
    return Tensor(np.array(values, dtype=float), requires_grad=True)


def _grad(t):
    return NO_GRAD if t.grad is None else t.grad.data


def _output(out, what):
    if out is None:
        raise TypeError(f"{what} returned None: did it forget to `return` its result?")
    return out


def _sincos(n, start=0.0, dt=0.25):
    x = start + np.arange(n) * dt
    return np.sin(x) * np.cos(x)


def _cell(input_size, hidden_size, seed):
    return RNNCell(input_size, hidden_size, rng=np.random.default_rng(seed))


# -- 09.windows ------------------------------------------------------------------------------


def _floats(result, what: str) -> list:
    """``result`` must be a list of Python numbers (one per step or chunk)."""
    if not isinstance(result, list):
        broken(f"{what} should be a list of floats, but it is "
               f"{'None' if result is None else 'a ' + type(result).__name__}")
    for value in result:
        number(value, f"each item of {what}")
    return [float(v) for v in result]


def _windows_case(series, steps):
    def run(answer):
        given = np.array(series, dtype=float)
        kept = Untouched(series=given)
        result = _output(answer(given, steps), "make_windows")
        kept.check("your make_windows")
        if not isinstance(result, tuple) or len(result) != 2:
            broken(f"make_windows should return a pair (X, y), a tuple of two arrays, but it "
                   f"returned a {type(result).__name__}"
                   + (f" of {len(result)} items" if isinstance(result, (list, tuple)) else ""))
        for name, value in zip("Xy", result):
            if not isinstance(value, np.ndarray):
                broken(f"{name} should be a NumPy array, but it is a {type(value).__name__}")
        return {"X": result[0], "y": result[1]}
    return run


WINDOWS = Exercise(
    id="09.windows", title="training windows from a series (warm-up)", entry="make_windows",
    points=1,
    cases=[
        Case("the series 0, 1, 2, …, 7 with windows of 3 values", _windows_case(np.arange(8.0), 3)),
        Case("30 samples of sin(x)·cos(x) with windows of 5 values",
             _windows_case(_sincos(30), 5)),
        Case("windows of a single value (steps = 1)", _windows_case([0.5, -1.0, 2.0, 4.0], 1)),
    ],
    mistakes={
        "windows_target_inside":
            "the target is the last value inside the window, which the model has already read: "
            "it must be the value right after the window, y[i] = series[i + steps]",
        "windows_non_overlapping":
            "your windows do not overlap: a new window should start at every position of the "
            "series (i = 0, 1, 2, …), not every `steps` positions, so that no example is wasted",
        "windows_one_short":
            "you made one window too few: the last window is series[n - steps - 1 : n - 1] and "
            "its target is the very last value, so there are len(series) - steps windows",
    },
    hints=[
        "Window i is `series[i:i + steps]` and its target is the value right after it. How "
        "many positions i leave room for a target?",
        "Where learners slip: the windows overlap (a new one starts at every position), the "
        "target lies outside its window, and the last window ends just before the last value, "
        "which is its target. Return a tuple of two NumPy arrays.",
        "Worked on 0, 1, 2, 3, 4 with steps = 2: X = [[0, 1], [1, 2], [2, 3]] and y = [2, 3, "
        "4]. Build X with `np.stack` (or fancy indexing) and return the tuple (X, y) of "
        "arrays.",
    ],
)


# -- 09.rnn_step -----------------------------------------------------------------------------


def _step_case(batch, input_size, hidden, seed):
    def run(answer):
        x = leaf(_seeded((batch, input_size), seed))
        h = leaf(_seeded((batch, hidden), seed + 1, 0.9))
        W_ih = leaf(_seeded((hidden, input_size), seed + 2))
        W_hh = leaf(_seeded((hidden, hidden), seed + 3, 0.6))
        b_ih = leaf(_seeded((hidden,), seed + 4, 0.5))
        b_hh = leaf(_seeded((hidden,), seed + 5, 0.5))
        inputs = {"x": x, "h": h, "W_ih": W_ih, "W_hh": W_hh, "b_ih": b_ih, "b_hh": b_hh}
        found = run_op(lambda: _output(answer(*inputs.values()), "rnn_step"), inputs,
                       _seeded((batch, hidden), seed + 6), what="your rnn_step")
        return {"the new hidden state": found["value"],
                **{f"gradient of {name}": NO_GRAD if found.get(f"grad {name}") is None
                   else found[f"grad {name}"] for name in inputs}}
    return run


RNN_STEP = Exercise(
    id="09.rnn_step", title="one step of a recurrent cell", entry="rnn_step", points=1,
    forbids=("minigrad.nn.RNNCell",),
    cases=[
        Case("a batch of 2, input size 3, hidden size 3: the new state, then every input's "
             "gradient after backward", _step_case(2, 3, 3, 0)),
        Case("a batch of 4 single numbers (input size 1), hidden size 5", _step_case(4, 1, 5, 10)),
    ],
    mistakes={
        "rnn_step_no_bias":
            "the biases are missing: the cell adds b_ih and b_hh before the tanh, and without "
            "them the two biases get no gradient and can never learn",
        "rnn_step_swapped":
            "the weights are swapped: W_ih (hidden, input) multiplies the input x, and W_hh "
            "(hidden, hidden) multiplies the previous state h",
        "rnn_step_no_tanh":
            "the tanh is missing: the sum of the two linear maps must be squashed by .tanh(), "
            "which keeps the state between -1 and 1 however long the sequence",
        "rnn_step_no_b_hh":
            "b_hh is missing: the cell adds both biases, b_ih and b_hh, before the tanh "
            "(PyTorch keeps one bias per linear map)",
        "rnn_step_no_b_ih":
            "b_ih is missing: the cell adds both biases, b_ih and b_hh, before the tanh "
            "(PyTorch keeps one bias per linear map)",
        "rnn_step_sigmoid":
            "you squashed with a sigmoid: the recurrent cell uses .tanh(), which keeps the state "
            "between -1 and 1, centred on 0",
        "rnn_step_no_transpose":
            "the weights are not transposed: in PyTorch's layout each weight has one row per "
            "hidden unit, so the products are x @ W_ih.T and h @ W_hh.T",
    },
    hints=[
        "Two linear maps, one for the input and one for the previous state, are added and "
        "squashed by tanh: the text's formula, written with Tensor operations.",
        "Where it goes wrong: each weight has one row per hidden unit (PyTorch's layout), so "
        "it is used transposed; W_ih goes with x and W_hh with h; both biases are added; and "
        "the tanh must be the Tensor's own, so that gradients flow.",
        "Worked on shapes: batch 2, input 3, hidden 4. `x @ W_ih.T` is (2, 3) times (3, 4) = (2, "
        "4); `h @ W_hh.T` is (2, 4) times (4, 4) = (2, 4); both biases (4,) broadcast over the "
        "batch. Add the four terms and apply the Tensor's own `.tanh()`.",
    ],
)


# -- 09.unroll -------------------------------------------------------------------------------


def _unroll_case(steps, batch, input_size, hidden, seed, with_h0=True, pass_h0=True):
    def run(answer):
        cell = _cell(input_size, hidden, seed)
        xs = [Tensor(_seeded((batch, input_size), seed + 1 + t)) for t in range(steps)]
        h0 = leaf(_seeded((batch, hidden), seed + 99, 0.8)) if with_h0 else None
        kept = Untouched(xs=xs)
        result = _output(answer(cell, xs, h0) if pass_h0 else answer(cell, xs), "unroll")
        kept.check("your unroll")
        obs = {"the list of hidden states": plain(result)}
        if isinstance(result, (list, tuple)) and result and isinstance(result[-1], Tensor):
            result[-1].sum().backward()
            obs["gradient of weight_hh after backward from the last state"] = \
                _grad(cell.weight_hh)
        return obs
    return run


UNROLL = Exercise(
    id="09.unroll", title="unroll a cell over a sequence", entry="unroll", points=1,
    cases=[
        Case("4 steps, a batch of 2 single numbers, hidden size 3, a given h0",
             _unroll_case(4, 2, 1, 3, 0)),
        Case("3 steps starting from h0 = None (zeros)", _unroll_case(3, 2, 1, 3, 10, False)),
        Case("a single step", _unroll_case(1, 1, 2, 4, 20)),
        Case("2 steps, called without h0 (its default, None)",
             _unroll_case(2, 3, 1, 2, 30, with_h0=False, pass_h0=False)),
    ],
    mistakes={
        "unroll_reuses_h0":
            "every step starts again from the initial state h0: each call of the cell must get "
            "the state the previous call returned (h = cell(x, h)), or the network has no memory",
        "unroll_includes_h0":
            "the initial state h0 is in the list: return only the states the cell computed, "
            "one per input (T inputs, T states)",
        "unroll_last_only":
            "you returned only the last hidden state: unroll should return the list of all T "
            "states, one per step (the last one is result[-1])",
    },
    hints=[
        "Keep a variable for the current state, starting at h0. For each input in order, "
        "replace it by what the cell returns and remember it.",
        "Where learners slip: every step continues from the state the previous step returned "
        "(not from h0 again), h0 itself is not in the result, and the list is made inside the "
        "function (a default list would be shared by every call).",
        "Worked on three inputs x1, x2, x3: h1 = cell(x1, h0), h2 = cell(x2, h1), h3 = cell(x3, "
        "h2), and the result is [h1, h2, h3]; h0 itself is not in it.",
    ],
)


# -- 09.grad_norms ---------------------------------------------------------------------------


def _norms_case(steps, batch, hidden, seed):
    def run(answer):
        rng = np.random.default_rng(seed)
        cell = RNNCell(1, hidden, rng=rng)
        head = Linear(hidden, 1, rng=rng)
        values = _sincos(steps + 1, start=0.1 * seed)
        xs = [Tensor(np.full((batch, 1), values[t]) + _seeded((batch, 1), seed + t, 0.1))
              for t in range(steps)]
        target = Tensor(np.full((batch, 1), values[steps]))
        kept = Untouched(xs=xs, target=target)
        result = _output(answer(cell, head, xs, target), "grad_norms")
        kept.check("your grad_norms")
        return {"the list of norms": _floats(result, "the list of norms")}
    return run


GRAD_NORMS = Exercise(
    id="09.grad_norms", title="the gradient reaching each hidden state", entry="grad_norms",
    points=2,
    cases=[
        Case("5 steps of one sequence (batch 1), hidden size 4", _norms_case(5, 1, 4, 0)),
        Case("3 steps, a batch of 2 sequences, hidden size 3", _norms_case(3, 2, 3, 1)),
    ],
    mistakes={
        "grad_norms_no_retain":
            "no gradient was kept on the hidden states: they are not leaves, so backward does "
            "not store their .grad unless you call h.retain_grad() on each one before "
            "backward",
        "grad_norms_reversed":
            "the norms are in reverse order: the list should start with step 1 (the first "
            "state) and end with step T (the state the prediction is made from)",
        "grad_norms_of_states":
            "these are the norms of the hidden states themselves (h.data); the exercise asks for "
            "the norms of their gradients, h.grad, after loss.backward()",
    },
    hints=[
        "Unroll the cell from a state of None, keeping every state in a list; predict from the "
        "last one, compute the loss and run backward.",
        "The sticking point: hidden states are not leaves, so backward does not keep their "
        "gradients unless you ask, on each state, before backward (the chapter shows how). "
        "Then measure the gradients, not the states, in the order the states were made.",
        "Worked for one state h: call `h.retain_grad()` right after `h = cell(x, h)`, keep h "
        "in a list, and after backward its norm is `float(np.linalg.norm(h.grad.data))`. "
        "Return the norms in the order the states were made, as a list of floats.",
    ],
)


# -- 09.truncated_bptt -----------------------------------------------------------------------


def _tbptt_case(length, k, hidden, seed, leftover=False):
    """``leftover``: the parameters arrive holding gradients from earlier code, which no
    chunk's step may use."""
    def run(answer):
        rng = np.random.default_rng(seed)
        cell = RNNCell(1, hidden, rng=rng)
        head = Linear(hidden, 1, rng=rng)
        params = list(cell.parameters()) + list(head.parameters())
        optimizer = SGD(params, lr=0.2)
        if leftover:
            for i, p in enumerate(params):
                p.grad = Tensor(_seeded(p.shape, seed + 50 + i, 3.0))
        series = _sincos(length + 1, start=0.3 * seed)
        xs, ys = series[:-1].copy(), series[1:].copy()
        kept = Untouched(xs=xs, ys=ys)
        given = _record_states(cell)
        try:
            result = _output(answer(cell, head, optimizer, xs, ys, k), "truncated_bptt")
        except RuntimeError as err:
            # A chunk's backward that reaches an earlier chunk meets weights the optimizer
            # has changed since (minigrad refuses, as PyTorch does): name the cause.
            if "changed in place after the forward pass" in str(err):
                _check_cuts(given, k)
            raise
        kept.check("your truncated_bptt")
        _check_cuts(given, k)
        return {"the list of chunk losses": _floats(result, "the list of chunk losses"),
                "the weights after training": np.concatenate([p.data.ravel() for p in params])}
    return run


def _record_states(cell) -> list:
    """Make ``cell`` remember the state it is handed at every call (a list it fills)."""
    given, forward = [], cell.forward

    def recording(x, h=None):
        given.append(h)
        return forward(x, h)
    cell.forward = recording
    return given


def _check_cuts(given: list, k: int) -> None:
    """The state handed to the cell at each step: carried into every chunk, cut from the
    graph once per chunk (at its start), and never in between."""
    for t, h in enumerate(given):
        if t % k == 0 and t > 0:
            if h is None:
                broken(f"the state handed to the cell at the start of chunk {t // k + 1} is "
                       f"None: truncation cuts the graph but keeps the state's values, so "
                       f"carry h into the next chunk (h = h.detach())")
            if isinstance(h, Tensor) and not h.is_leaf:
                broken(f"the state carried into chunk {t // k + 1} still holds the graph of "
                       f"the chunks before it, so its backward goes back further than k steps: "
                       f"cut it with h = h.detach() at the end of every chunk")
        elif t % k and isinstance(h, Tensor) and h.is_leaf:
            broken("the state was cut from the graph in the middle of a chunk, so the gradient "
                   "goes back less than k steps: detach once per chunk, after its backward")


TRUNCATED_BPTT = Exercise(
    id="09.truncated_bptt", title="truncated backpropagation through time (stretch)",
    entry="truncated_bptt", points=2,
    cases=[
        Case("12 steps of sin(x)·cos(x) in chunks of k = 4, hidden size 3, SGD with lr 0.2",
             _tbptt_case(12, 4, 3, 0)),
        Case("6 steps in chunks of k = 2", _tbptt_case(6, 2, 4, 1)),
        Case("8 steps in chunks of k = 4, the parameters still holding gradients from earlier "
             "code when the function is called: every step uses its own chunk's gradients only",
             _tbptt_case(8, 4, 3, 2, leftover=True)),
    ],
    mistakes={
        "tbptt_never_detach":
            "the hidden state was never detached: the second chunk's backward runs into the "
            "first chunk's graph, which the first backward already freed. Call h = h.detach() "
            "at the end of every chunk",
        "tbptt_detach_every_step":
            "the hidden state was detached after every step, so each gradient goes back only "
            "one step; detach once per chunk (every k steps), after its backward",
        "tbptt_no_zero_grad":
            "gradients pile up from chunk to chunk: backward adds into .grad, so call "
            "optimizer.zero_grad() at the start of every chunk",
        "tbptt_zero_after_step":
            "the first chunk's step also used the gradients the parameters held before the "
            "call: you zero the gradients after each step, so whatever was left over is added "
            "into the first chunk's gradient. Zero them at the start of every chunk, before "
            "its backward",
        "tbptt_sum":
            "the chunk's loss is the sum of its k squared errors: it should be their mean, "
            "the sum divided by k",
        "tbptt_reset_state":
            "the hidden state starts again from None in every chunk: truncation cuts the graph "
            "(h = h.detach()) but keeps the state's values, so carry h from one chunk into the "
            "next",
    },
    hints=[
        "Walk the sequence k steps at a time, carrying the state across chunks. Inside a chunk, "
        "build one loss from its k steps; at the end of the chunk: backward, step, and cut the "
        "graph so that the next chunk's backward stops there.",
        "Where learners slip: zero the gradients at the start of every chunk, before its "
        "backward (the parameters may arrive holding gradients); the chunk's loss is a mean "
        "over its k steps; and the cut keeps the state's values while dropping its history, "
        "once per chunk, never by starting again from None.",
        "Worked on T = 4, k = 2: chunk 1 zeroes the gradients, runs steps 0 and 1 from h = "
        "None, and its loss is (e0 + e1) / 2; after its step, `h = h.detach()`; chunk 2 runs "
        "steps 2 and 3 from that h. The result is the list of the two chunk losses.",
    ],
)

EXERCISES = [WINDOWS, RNN_STEP, UNROLL, GRAD_NORMS, TRUNCATED_BPTT]
