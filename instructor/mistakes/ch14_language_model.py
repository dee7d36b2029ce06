"""Chapter 14's known mistakes, as code: the wrong answers whose behaviour
``classroom/exercises/ch14_language_model.py`` names.  Only the expectation maker and the
tests run them (see instructor/README.md); keys are the mistakes' names there."""

import math

import numpy as np


# -- 14.windows ------------------------------------------------------------------------------
def _rows(starts, context, shift=0):
    return np.asarray(starts)[:, None] + shift + np.arange(context)


def windows_not_shifted(ids, starts, context):
    x = ids[_rows(starts, context)]
    return x, x.copy()


def windows_shifted_back(ids, starts, context):
    return ids[_rows(starts, context)], ids[_rows(starts, context, -1)]


def windows_too_long(ids, starts, context):
    return ids[_rows(starts, context + 1)], ids[np.minimum(_rows(starts, context + 1, 1),
                                                           len(ids) - 1)]


def windows_swapped(ids, starts, context):
    return ids[_rows(starts, context, 1)], ids[_rows(starts, context)]


def windows_targets_short(ids, starts, context):
    return ids[_rows(starts, context)], ids[_rows(starts, context - 1, 1)]


def windows_next_only(ids, starts, context):
    return ids[_rows(starts, context)], ids[np.asarray(starts) + context]


# -- 14.initial_loss -------------------------------------------------------------------------
def initial_bits(vocab_size):
    return math.log2(vocab_size)


def initial_log10(vocab_size):
    return math.log10(vocab_size)


def initial_negative(vocab_size):
    return math.log(1 / vocab_size)


def initial_probability(vocab_size):
    return 1 / vocab_size


# -- 14.top_k --------------------------------------------------------------------------------
def _softmax(z):
    e = np.exp(z - z.max())
    return e / e.sum()


def _cut(logits, top_k, largest=True):
    if top_k is None:
        return logits
    order = np.argsort(logits)
    drop = order[:-top_k] if largest else order[top_k:]
    out = logits.copy()
    out[drop] = -np.inf
    return out


def temperature_multiplies(logits, temperature, top_k):
    return _softmax(_cut(logits, top_k) * temperature)


def temperature_after_softmax(logits, temperature, top_k):
    return _softmax(_cut(logits, top_k)) / temperature


def top_k_not_renormalised(logits, temperature, top_k):
    p = _softmax(logits / temperature)
    if top_k is not None:
        p[np.argsort(logits)[:-top_k]] = 0.0
    return p


def top_k_smallest(logits, temperature, top_k):
    return _softmax(_cut(logits, top_k, largest=False) / temperature)


def top_k_naive_softmax(logits, temperature, top_k):
    e = np.exp(_cut(logits, top_k) / temperature)
    return e / e.sum()


def temperature_ignored(logits, temperature, top_k):
    return _softmax(_cut(logits, top_k))


def top_k_keeps_one_more(logits, temperature, top_k):
    return _softmax(_cut(logits, None if top_k is None else top_k + 1) / temperature)


def top_k_keeps_one_fewer(logits, temperature, top_k):
    if top_k is None:
        return _softmax(logits / temperature)
    return _softmax(_cut(logits, top_k - 1) / temperature) if top_k > 1 else \
        np.full(len(logits), np.nan)


def top_k_cut_to_zero(logits, temperature, top_k):
    z = _cut(logits, top_k)
    return _softmax(np.where(np.isinf(z), 0.0, z) / temperature)


def shift_before_temperature(logits, temperature, top_k):
    z = _cut(logits, top_k)
    e = np.exp(z / temperature - z.max())
    return e / e.sum()


# -- 14.kv_cache -----------------------------------------------------------------------------
def _attend(q, keys, values, scale=True):
    scores = np.einsum("hd,hsd->hs", q, keys) / (math.sqrt(q.shape[-1]) if scale else 1.0)
    w = np.exp(scores - scores.max(axis=-1, keepdims=True))
    w /= w.sum(axis=-1, keepdims=True)
    return np.einsum("hs,hsd->hd", w, values)


def cache_new_key_left_out(q, k, v, keys, values):
    out = _attend(q, keys, values)
    return (out, np.concatenate([keys, k[:, None]], axis=1),
            np.concatenate([values, v[:, None]], axis=1))


def cache_no_scale(q, k, v, keys, values):
    keys = np.concatenate([keys, k[:, None]], axis=1)
    values = np.concatenate([values, v[:, None]], axis=1)
    return _attend(q, keys, values, scale=False), keys, values


def cache_prepended(q, k, v, keys, values):
    keys = np.concatenate([k[:, None], keys], axis=1)
    values = np.concatenate([v[:, None], values], axis=1)
    return _attend(q, keys, values), keys, values


def cache_wrong_axis(q, k, v, keys, values):
    keys = np.concatenate([keys, k[:, None]], axis=2)
    values = np.concatenate([values, v[:, None]], axis=2)
    return q.copy(), keys, values


def cache_softmax_over_heads(q, k, v, keys, values):
    keys = np.concatenate([keys, k[:, None]], axis=1)
    values = np.concatenate([values, v[:, None]], axis=1)
    scores = np.einsum("hd,hsd->hs", q, keys) / math.sqrt(q.shape[-1])
    w = np.exp(scores - scores.max(axis=0, keepdims=True))
    w /= w.sum(axis=0, keepdims=True)
    return np.einsum("hs,hsd->hd", w, values), keys, values


def cache_returned_unchanged(q, k, v, keys, values):
    out = _attend(q, np.concatenate([keys, k[:, None]], axis=1),
                  np.concatenate([values, v[:, None]], axis=1))
    return out, keys.copy(), values.copy()


# -- 14.perplexity ---------------------------------------------------------------------------
def perplexity_base_two(loss):
    return 2 ** loss, loss / math.log(2)


def bits_times_ln2(loss):
    return math.exp(loss), loss * math.log(2)


def bits_log2_of_loss(loss):
    return math.exp(loss), math.log2(loss) if loss > 0 else float("-inf")


def perplexity_swapped(loss):
    return loss / math.log(2), math.exp(loss)


def perplexity_of_minus_loss(loss):
    return math.exp(-loss), loss / math.log(2)


MISTAKES = {
    "14.windows": {f.__name__: f for f in (windows_not_shifted, windows_shifted_back,
                                           windows_too_long, windows_swapped,
                                           windows_targets_short, windows_next_only)},
    "14.initial_loss": {f.__name__: f for f in (initial_bits, initial_log10, initial_negative,
                                                initial_probability)},
    "14.top_k": {f.__name__: f for f in (temperature_multiplies, temperature_after_softmax,
                                         top_k_not_renormalised, top_k_smallest,
                                         top_k_naive_softmax, temperature_ignored,
                                         top_k_keeps_one_more, top_k_keeps_one_fewer,
                                         top_k_cut_to_zero, shift_before_temperature)},
    "14.kv_cache": {f.__name__: f for f in (cache_new_key_left_out, cache_no_scale,
                                            cache_prepended, cache_wrong_axis,
                                            cache_softmax_over_heads,
                                            cache_returned_unchanged)},
    "14.perplexity": {f.__name__: f for f in (perplexity_base_two, bits_times_ln2,
                                              bits_log2_of_loss, perplexity_swapped,
                                              perplexity_of_minus_loss)},
}
