"""Chapter 13's known mistakes, as code: the wrong answers whose behaviour
``classroom/exercises/ch13_attention.py`` names.  Only the expectation maker and the tests
run them (see instructor/README.md); keys are the mistakes' names there."""

import math

import numpy as np

import minigrad as mg
from minigrad.autograd import record
from minigrad.nn import functional as F


# -- 13.scores -------------------------------------------------------------------------------
def scores_no_scale(q, k):
    return q @ k.transpose(-2, -1)


def scores_divide_by_d(q, k):
    return q @ k.transpose(-2, -1) / q.shape[-1]


def scores_no_transpose(q, k):
    return q @ k / math.sqrt(q.shape[-1])


def scores_sqrt_length(q, k):
    return q @ k.transpose(-2, -1) / math.sqrt(k.shape[-2])


def scores_T_all_axes(q, k):
    return q @ k.T / math.sqrt(q.shape[-1])


# -- 13.causal_weights -----------------------------------------------------------------------
def _future(T, k=1):
    return np.triu(np.full((T, T), -np.inf), k)


def causal_mask_after_softmax(scores):
    T = scores.shape[-1]
    keep = np.tril(np.ones((T, T)))
    return F.softmax(scores, dim=-1) * keep


def causal_mask_diagonal(scores):
    return F.softmax(scores + _future(scores.shape[-1], 0), dim=-1)


def causal_mask_past(scores):
    T = scores.shape[-1]
    return F.softmax(scores + np.tril(np.full((T, T), -np.inf), -1), dim=-1)


def causal_mask_zero(scores):
    T = scores.shape[-1]
    keep = np.tril(np.ones((T, T)))
    return F.softmax(scores * keep, dim=-1)


def causal_naive_softmax(scores):
    e = (scores + _future(scores.shape[-1])).exp()
    return e / e.sum(dim=-1, keepdims=True)


# -- 13.split_heads --------------------------------------------------------------------------
def split_heads_no_permute(x, num_heads):
    N, T, E = x.shape
    return x.reshape(N, num_heads, T, E // num_heads)


def split_heads_interleaved(x, num_heads):
    N, T, E = x.shape
    return x.reshape(N, T, E // num_heads, num_heads).permute(0, 3, 1, 2)


def split_heads_last_two_swapped(x, num_heads):
    N, T, E = x.shape
    return x.reshape(N, T, num_heads, E // num_heads).permute(0, 2, 3, 1)


# -- 13.sinusoidal ---------------------------------------------------------------------------
def _angles(T, E, exponent):
    t = np.arange(T)[:, None]
    return t / 10000.0 ** (exponent / E)


def sinusoidal_swapped(T, E):
    P = np.zeros((T, E))
    angles = _angles(T, E, np.arange(0, E, 2)[None, :])
    P[:, 0::2], P[:, 1::2] = np.cos(angles), np.sin(angles)
    return P


def sinusoidal_halves(T, E):
    angles = _angles(T, E, np.arange(0, E, 2)[None, :])
    return np.concatenate([np.sin(angles), np.cos(angles)], axis=1)


def sinusoidal_column_exponent(T, E):
    angles = _angles(T, E, np.arange(E)[None, :])
    P = np.sin(angles)
    P[:, 1::2] = np.cos(angles[:, 1::2])
    return P


def sinusoidal_pair_exponent(T, E):
    P = np.zeros((T, E))
    angles = _angles(T, E, np.arange(E // 2)[None, :])
    P[:, 0::2], P[:, 1::2] = np.sin(angles), np.cos(angles)
    return P


def sinusoidal_times(T, E):
    t = np.arange(T)[:, None]
    angles = t * 10000.0 ** (np.arange(0, E, 2)[None, :] / E)
    P = np.zeros((T, E))
    P[:, 0::2], P[:, 1::2] = np.sin(angles), np.cos(angles)
    return P


# -- 13.greedy -------------------------------------------------------------------------------
def _greedy(model, prompt, steps, position=-1, append=True, context="all", keep_prompt=False,
            axis=-1):
    was = model.training
    model.eval()
    line = np.array(prompt)
    written = []
    with mg.no_grad():
        for _ in range(steps):
            seen = line if context == "all" else line[:, -1:]
            scores = model(seen).data[:, position]
            best = scores.argmax(axis=axis)
            written.append(best)
            if append:
                line = np.concatenate([line, best[:, None]], axis=1)
    model.train(was)
    out = np.stack(written, axis=1)
    return np.concatenate([np.array(prompt), out], axis=1) if keep_prompt else out


def greedy_first_position(model, prompt, steps):
    return _greedy(model, prompt, steps, position=0)


def greedy_no_append(model, prompt, steps):
    return _greedy(model, prompt, steps, append=False)


def greedy_last_token_only(model, prompt, steps):
    return _greedy(model, prompt, steps, context="last")


def greedy_includes_prompt(model, prompt, steps):
    return _greedy(model, prompt, steps, keep_prompt=True)


def greedy_wrong_axis(model, prompt, steps):
    return _greedy(model, prompt, steps, axis=0)


# -- 13.attention_op -------------------------------------------------------------------------
def _op(q, k, v, elementwise=False, scale_back=True, dk_transposed=True, dv_transposed=True,
        use_g=True, stable=True):
    Q, K, V = q.data, k.data, v.data
    scale = 1.0 / math.sqrt(Q.shape[-1])
    S = Q @ K.T * scale
    if stable:
        S = S - S.max(axis=-1, keepdims=True)
    E = np.exp(S)
    P = E / E.sum(axis=-1, keepdims=True)

    def backward(g):
        g = g if use_g else np.ones_like(g)
        dV = P.T @ g if dv_transposed else P @ g
        dP = g @ V.T
        dS = P * dP if elementwise else P * (dP - (dP * P).sum(axis=-1, keepdims=True))
        s = scale if scale_back else 1.0
        dQ = dS @ K * s
        dK = (dS.T @ Q if dk_transposed else dS @ Q) * s
        return dQ, dK, dV

    return record(P @ V, (q, k, v), backward, "attention")


def op_softmax_elementwise(q, k, v):
    return _op(q, k, v, elementwise=True)


def op_no_scale_in_backward(q, k, v):
    return _op(q, k, v, scale_back=False)


def op_dk_not_transposed(q, k, v):
    return _op(q, k, v, dk_transposed=False)


def op_dv_not_transposed(q, k, v):
    return _op(q, k, v, dv_transposed=False)


def op_ignores_upstream(q, k, v):
    return _op(q, k, v, use_g=False)


def op_naive_softmax(q, k, v):
    return _op(q, k, v, stable=False)


MISTAKES = {
    "13.scores": {
        "scores_no_scale": scores_no_scale,
        "scores_divide_by_d": scores_divide_by_d,
        "scores_no_transpose": scores_no_transpose,
        "scores_sqrt_length": scores_sqrt_length,
        "scores_T_all_axes": scores_T_all_axes,
    },
    "13.causal_weights": {
        "causal_mask_after_softmax": causal_mask_after_softmax,
        "causal_mask_diagonal": causal_mask_diagonal,
        "causal_mask_past": causal_mask_past,
        "causal_mask_zero": causal_mask_zero,
        "causal_naive_softmax": causal_naive_softmax,
    },
    "13.split_heads": {
        "split_heads_no_permute": split_heads_no_permute,
        "split_heads_interleaved": split_heads_interleaved,
        "split_heads_last_two_swapped": split_heads_last_two_swapped,
    },
    "13.sinusoidal": {
        "sinusoidal_swapped": sinusoidal_swapped,
        "sinusoidal_halves": sinusoidal_halves,
        "sinusoidal_column_exponent": sinusoidal_column_exponent,
        "sinusoidal_pair_exponent": sinusoidal_pair_exponent,
        "sinusoidal_times": sinusoidal_times,
    },
    "13.greedy": {
        "greedy_first_position": greedy_first_position,
        "greedy_no_append": greedy_no_append,
        "greedy_last_token_only": greedy_last_token_only,
        "greedy_includes_prompt": greedy_includes_prompt,
        "greedy_wrong_axis": greedy_wrong_axis,
    },
    "13.attention_op": {
        "op_softmax_elementwise": op_softmax_elementwise,
        "op_no_scale_in_backward": op_no_scale_in_backward,
        "op_dk_not_transposed": op_dk_not_transposed,
        "op_dv_not_transposed": op_dv_not_transposed,
        "op_ignores_upstream": op_ignores_upstream,
        "op_naive_softmax": op_naive_softmax,
    },
}
