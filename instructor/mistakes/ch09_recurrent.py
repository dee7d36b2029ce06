"""Chapter 9's known mistakes, as code: the wrong answers whose behaviour
``classroom/exercises/ch09_recurrent.py`` names.  Only the expectation maker and the tests
run them (see instructor/README.md); keys are the mistakes' names there."""

import numpy as np

from minigrad.tensor import Tensor


def windows_target_inside(series, steps):
    series = np.asarray(series, dtype=float)
    n = len(series) - steps
    X = np.stack([series[i:i + steps] for i in range(n)])
    return X, series[steps - 1:-1].copy()


def windows_non_overlapping(series, steps):
    series = np.asarray(series, dtype=float)
    starts = range(0, len(series) - steps, steps)
    X = np.stack([series[i:i + steps] for i in starts])
    return X, np.array([series[i + steps] for i in starts])


def windows_one_short(series, steps):
    series = np.asarray(series, dtype=float)
    n = len(series) - steps - 1
    X = np.stack([series[i:i + steps] for i in range(n)])
    return X, series[steps:-1].copy()


def rnn_step_no_bias(x, h, W_ih, W_hh, b_ih, b_hh):
    return (x @ W_ih.T + h @ W_hh.T).tanh()


def rnn_step_swapped(x, h, W_ih, W_hh, b_ih, b_hh):
    return (x @ W_hh.T + b_ih + h @ W_ih.T + b_hh).tanh()


def rnn_step_no_tanh(x, h, W_ih, W_hh, b_ih, b_hh):
    return x @ W_ih.T + b_ih + h @ W_hh.T + b_hh


def rnn_step_no_b_hh(x, h, W_ih, W_hh, b_ih, b_hh):
    return (x @ W_ih.T + b_ih + h @ W_hh.T).tanh()


def rnn_step_no_b_ih(x, h, W_ih, W_hh, b_ih, b_hh):
    return (x @ W_ih.T + h @ W_hh.T + b_hh).tanh()


def rnn_step_sigmoid(x, h, W_ih, W_hh, b_ih, b_hh):
    return (x @ W_ih.T + b_ih + h @ W_hh.T + b_hh).sigmoid()


def rnn_step_no_transpose(x, h, W_ih, W_hh, b_ih, b_hh):
    return (x @ W_ih + b_ih + h @ W_hh + b_hh).tanh()


def unroll_reuses_h0(cell, xs, h0=None):
    return [cell(x, h0) for x in xs]


def unroll_includes_h0(cell, xs, h0=None):
    states, h = [h0], h0
    for x in xs:
        h = cell(x, h)
        states.append(h)
    return states


def unroll_last_only(cell, xs, h0=None):
    h = h0
    for x in xs:
        h = cell(x, h)
    return h


def _norms_loop(cell, head, xs, target, retain=True):
    states, h = [], None
    for x in xs:
        h = cell(x, h)
        if retain:
            h.retain_grad()
        states.append(h)
    diff = head(h) - target
    (diff * diff).mean().backward()
    return states


def grad_norms_reference(cell, head, xs, target):
    states = _norms_loop(cell, head, xs, target)
    return [float(np.linalg.norm(h.grad.data)) for h in states]


def grad_norms_no_retain(cell, head, xs, target):
    states = _norms_loop(cell, head, xs, target, retain=False)
    return [float(np.linalg.norm(h.grad.data)) for h in states]


def grad_norms_reversed(cell, head, xs, target):
    return grad_norms_reference(cell, head, xs, target)[::-1]


def grad_norms_of_states(cell, head, xs, target):
    states = _norms_loop(cell, head, xs, target)
    return [float(np.linalg.norm(h.data)) for h in states]


def _tbptt(cell, head, optimizer, xs, ys, k, detach="chunk", zero_grad=True, mean=True,
           reset=False, zero_after=False):
    losses, h = [], None
    for start in range(0, len(xs), k):
        if reset:
            h = None
        if zero_grad and not zero_after:
            optimizer.zero_grad()
        total = None
        for t in range(start, start + k):
            h = cell(Tensor([[xs[t]]]), h)
            diff = head(h) - Tensor([[ys[t]]])
            err = (diff * diff).sum()
            total = err if total is None else total + err
            if detach == "step":
                h = h.detach()
        loss = total / k if mean else total
        loss.backward()
        optimizer.step()
        if zero_after:
            optimizer.zero_grad()
        losses.append(float(loss.data))
        if detach == "chunk":
            h = h.detach()
    return losses


def tbptt_never_detach(cell, head, optimizer, xs, ys, k):
    return _tbptt(cell, head, optimizer, xs, ys, k, detach="never")


def tbptt_detach_every_step(cell, head, optimizer, xs, ys, k):
    return _tbptt(cell, head, optimizer, xs, ys, k, detach="step")


def tbptt_no_zero_grad(cell, head, optimizer, xs, ys, k):
    return _tbptt(cell, head, optimizer, xs, ys, k, zero_grad=False)


def tbptt_zero_after_step(cell, head, optimizer, xs, ys, k):
    return _tbptt(cell, head, optimizer, xs, ys, k, zero_after=True)


def tbptt_sum(cell, head, optimizer, xs, ys, k):
    return _tbptt(cell, head, optimizer, xs, ys, k, mean=False)


def tbptt_reset_state(cell, head, optimizer, xs, ys, k):
    return _tbptt(cell, head, optimizer, xs, ys, k, reset=True)


MISTAKES = {
    "09.windows": {
        "windows_target_inside": windows_target_inside,
        "windows_non_overlapping": windows_non_overlapping,
        "windows_one_short": windows_one_short,
    },
    "09.rnn_step": {
        "rnn_step_no_bias": rnn_step_no_bias,
        "rnn_step_swapped": rnn_step_swapped,
        "rnn_step_no_tanh": rnn_step_no_tanh,
        "rnn_step_no_b_hh": rnn_step_no_b_hh,
        "rnn_step_no_b_ih": rnn_step_no_b_ih,
        "rnn_step_sigmoid": rnn_step_sigmoid,
        "rnn_step_no_transpose": rnn_step_no_transpose,
    },
    "09.unroll": {
        "unroll_reuses_h0": unroll_reuses_h0,
        "unroll_includes_h0": unroll_includes_h0,
        "unroll_last_only": unroll_last_only,
    },
    "09.grad_norms": {
        "grad_norms_no_retain": grad_norms_no_retain,
        "grad_norms_reversed": grad_norms_reversed,
        "grad_norms_of_states": grad_norms_of_states,
    },
    "09.truncated_bptt": {
        "tbptt_never_detach": tbptt_never_detach,
        "tbptt_detach_every_step": tbptt_detach_every_step,
        "tbptt_no_zero_grad": tbptt_no_zero_grad,
        "tbptt_zero_after_step": tbptt_zero_after_step,
        "tbptt_sum": tbptt_sum,
        "tbptt_reset_state": tbptt_reset_state,
    },
}
