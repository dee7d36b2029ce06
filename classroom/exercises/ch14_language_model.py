"""Chapter 14 exercises: windows with their targets, the loss a language model starts at,
temperature and top-k, one step of attention with a KV cache, and perplexity and bits per
character from a loss.

Answers use NumPy and ``math``.  They do not call the pieces of
``minigrad.examples.char_lm`` that they write (``random_batches``, ``eval_windows``,
``top_k_filter``, ``next_probabilities``, ``forward_cached``, ``KVCache``,
``bits_per_character``).
"""

import math

import numpy as np

from .core import Case, Exercise

SETUP = """\
import math
import numpy as np
import minigrad as mg
from classroom import check, hint, solution"""

_CHAR_LM = ("minigrad.examples.char_lm.random_batches", "minigrad.examples.char_lm.eval_windows",
            "minigrad.examples.char_lm.top_k_filter",
            "minigrad.examples.char_lm.next_probabilities",
            "minigrad.examples.char_lm.forward_cached", "minigrad.examples.char_lm.KVCache",
            "minigrad.examples.char_lm.bits_per_character")


def _output(out, what):
    if out is None:
        raise TypeError(f"{what} returned None: did it forget to `return` its result?")
    return out


def _pair(out, what, first, second):
    out = _output(out, what)
    if not isinstance(out, tuple) or len(out) != 2:
        raise TypeError(f"{what} must return a pair ({first}, {second}), got "
                        f"{type(out).__name__}.")
    return out


# -- 14.windows ----------------------------------------------------------------------------------


def _windows_case(ids, starts, context):
    def run(answer):
        data = np.array(ids, dtype=np.int64)
        given = np.array(starts, dtype=np.int64)
        x, y = _pair(answer(data.copy(), given.copy(), context), "make_batch", "inputs",
                     "targets")
        return {"the inputs": np.asarray(x), "the targets": np.asarray(y)}
    return run


WINDOWS = Exercise(
    id="14.windows", title="windows and their targets", entry="make_batch", points=1,
    forbids=_CHAR_LM, pure=True,
    cases=[
        Case("ids 10, 11, …, 29 (twenty of them), windows of 4 starting at 1, 6 and 12",
             _windows_case(range(10, 30), [1, 6, 12], 4)),
        Case("the ids of 'to be or not to be' (a–z as 0–25, a space as 26), windows of 5 "
             "starting at 3 and 9",
             _windows_case([ord(c) - 97 if c != " " else 26 for c in "to be or not to be"],
                           [3, 9], 5)),
        Case("ids 0, 1, …, 9, one window of 9 starting at 0: the longest that fits",
             _windows_case(range(10), [0], 9)),
    ],
    mistakes={
        "windows_not_shifted":
            "the targets are the inputs themselves: the model would learn to copy the "
            "character it is reading. The target at each position is the character that "
            "comes next, so the target window starts one step later",
        "windows_shifted_back":
            "the targets are shifted the wrong way: they start one character *before* the "
            "inputs, so the model would be asked for the character it has just read past. "
            "The target of position t is the character at t + 1",
        "windows_too_long":
            "the windows are one character too long: each should hold exactly `context` ids "
            "(the targets reach one character further along the text, they are not longer)",
        "windows_swapped":
            "inputs and targets are swapped: return (inputs, targets), the inputs being the "
            "windows that start at `starts`",
        "windows_targets_short":
            "the targets are one character short: a target window is as long as its input "
            "window, `context` ids from start + 1 up to and including start + context (a "
            "slice stops just before its end index)",
        "windows_next_only":
            "the targets hold only the character after each window: every position of a "
            "window is a prediction, so the targets are a whole window too, the inputs "
            "shifted by one",
    },
    hints=[
        "A window of `context` ids starts at each start; its targets are the window of the "
        "same length that starts one id later.",
        "Where learners slip: the targets are shifted forward by one (not backward, and not "
        "at all), and both windows hold exactly `context` ids. A matrix of indices, one row "
        "per start, builds all the windows at once: row i is start_i + 0, 1, …, context-1.",
        "Worked on `ids = [5, 6, 7, 8, 9]`, `starts = [1]`, `context = 2`: the input window "
        "is `ids[1:3]`, that is [6, 7], and the target window `ids[2:4]`, that is [7, 8]; the "
        "result is the pair of arrays [[6, 7]] and [[7, 8]], each of shape (1, 2).",
    ],
)


# -- 14.initial_loss -----------------------------------------------------------------------------


def _initial_case(vocab_size):
    def run(answer):
        return {"the loss": float(_output(answer(vocab_size), "initial_loss"))}
    return run


INITIAL = Exercise(
    id="14.initial_loss", title="the loss before training (warm-up)", entry="initial_loss",
    points=1, pure=True,
    cases=[
        Case("a vocabulary of 76 characters (the chapter's)", _initial_case(76)),
        Case("a vocabulary of 65 characters (nanoGPT's Shakespeare)", _initial_case(65)),
        Case("a vocabulary of 2 (a coin)", _initial_case(2)),
        Case("a vocabulary of 1: nothing to guess", _initial_case(1)),
    ],
    mistakes={
        "initial_bits":
            "that is the loss in bits (a base-2 logarithm): cross-entropy as PyTorch and "
            "minigrad compute it uses the natural logarithm, so the loss is in nats",
        "initial_log10":
            "that is a base-10 logarithm: cross-entropy uses the natural logarithm (math.log)",
        "initial_negative":
            "the sign is wrong: a loss is -log(probability of the right character), and a "
            "probability below 1 has a negative log, so the loss is positive",
        "initial_probability":
            "that is the probability the model gives every character, not the loss: the loss "
            "is minus its logarithm",
    },
    hints=[
        "An untrained model (weights near zero) gives every character the same probability. "
        "What is the cross-entropy of that guess, whatever the right character is?",
        "The cross-entropy of one prediction is -ln(p), where p is the probability given to "
        "the right character; averaged over many characters it stays the same when p is the "
        "same for all of them. Use the natural logarithm.",
        "Worked on a vocabulary of 4: each character gets probability 1/4, and -ln(1/4) = "
        "ln 4 ≈ 1.386.",
    ],
)


# -- 14.top_k ------------------------------------------------------------------------------------


def _top_k_case(logits, temperature, top_k):
    def run(answer):
        given = np.array(logits, dtype=np.float64)
        with np.errstate(all="ignore"):
            p = _output(answer(given.copy(), temperature, top_k), "sample_probabilities")
        return {"the probabilities": np.asarray(p, dtype=np.float64)}
    return run


TOP_K = Exercise(
    id="14.top_k", title="temperature and top-k", entry="sample_probabilities", points=1,
    forbids=_CHAR_LM, pure=True,
    cases=[
        Case("logits [2, 1, 0.5, -1, 3], temperature 1, no top-k",
             _top_k_case([2.0, 1.0, 0.5, -1.0, 3.0], 1.0, None)),
        Case("the same logits at temperature 0.5, no top-k",
             _top_k_case([2.0, 1.0, 0.5, -1.0, 3.0], 0.5, None)),
        Case("the same logits, temperature 1, top-2",
             _top_k_case([2.0, 1.0, 0.5, -1.0, 3.0], 1.0, 2)),
        Case("logits [0.3, -2, 1.7, 0.9, 4, -0.5], temperature 2, top-3",
             _top_k_case([0.3, -2.0, 1.7, 0.9, 4.0, -0.5], 2.0, 3)),
        Case("large logits [1000, 998, 995, 0], temperature 1, no top-k: every probability "
             "must be a finite number", _top_k_case([1000.0, 998.0, 995.0, 0.0], 1.0, None)),
        Case("the same large logits at temperature 0.5, no top-k: every probability must "
             "still be finite", _top_k_case([1000.0, 998.0, 995.0, 0.0], 0.5, None)),
    ],
    mistakes={
        "temperature_multiplies":
            "the logits were multiplied by the temperature: divide them by it, so that a "
            "temperature below 1 sharpens the distribution and one above 1 flattens it",
        "temperature_after_softmax":
            "the temperature was applied after the softmax, so the probabilities no longer "
            "sum to 1: divide the logits by the temperature, then take the softmax",
        "top_k_not_renormalised":
            "the characters outside the top k were zeroed after the softmax, but the rest was "
            "not renormalised, so the probabilities sum to less than 1: cut the logits (to "
            "-inf) before the softmax, or divide by the new sum",
        "top_k_smallest":
            "the k *smallest* logits were kept: top-k keeps the k largest",
        "top_k_naive_softmax":
            "the softmax overflows: with logits near 1000, e^1000 is inf and the "
            "probabilities become nan. Subtract the largest logit before exp (chapter 8)",
        "temperature_ignored":
            "the temperature changes nothing in your answer: divide the logits by it before "
            "the softmax (at temperature 0.5 every logit doubles, and the favourite gains)",
        "top_k_keeps_one_more":
            "one character too many survives the cut: top-k keeps exactly k logits, the k-th "
            "largest being the last one kept",
        "top_k_keeps_one_fewer":
            "one character too few survives the cut: the k-th largest logit itself is kept, "
            "only the logits strictly below it are cut",
        "top_k_cut_to_zero":
            "the cut logits were set to 0, not to -inf: e^0 = 1, so those characters can "
            "still be drawn. A character outside the top k must get probability exactly 0",
        "shift_before_temperature":
            "the softmax overflows at a low temperature: the largest logit was subtracted "
            "before dividing by the temperature, but what goes into exp is the logits divided "
            "by it. Divide first, then subtract the largest of the results",
    },
    hints=[
        "Three steps, in order: keep the k largest logits (the rest can no longer be drawn), "
        "divide by the temperature, and turn what is left into probabilities that sum to 1.",
        "Where learners slip: the temperature divides the logits (it is not applied to the "
        "probabilities), exactly k logits survive the cut (the k-th largest is the last one "
        "kept), a character cut by top-k gets probability exactly 0 and the others share all "
        "of 1, and the softmax must not overflow on large logits at any temperature (subtract "
        "the largest of the very values you exponentiate). Setting a cut logit to -inf does "
        "the cutting, since e^-inf = 0.",
        "Worked on logits [1, 3, 2] with top-2 at temperature 1: the 1 is cut, so the "
        "softmax of [-inf, 3, 2] is [0, e/(e + 1), 1/(e + 1)] ≈ [0, 0.731, 0.269].",
    ],
)


# -- 14.kv_cache ---------------------------------------------------------------------------------


def _seeded(shape, seed):
    return np.random.default_rng(seed).normal(size=shape)


def _cache_case(heads, cached, d, seed):
    def run(answer):
        q, k, v = (_seeded((heads, d), seed + i) for i in range(3))
        keys, values = _seeded((heads, cached, d), seed + 3), _seeded((heads, cached, d), seed + 4)
        given = [q.copy(), k.copy(), v.copy(), keys.copy(), values.copy()]
        out = _output(answer(*given), "attend_with_cache")
        for name, before, after in zip(("q", "k", "v", "keys", "values"),
                                       (q, k, v, keys, values), given):
            if after.shape != before.shape or not np.array_equal(after, before):
                raise ValueError(f"attend_with_cache changed the array `{name}` it was given: "
                                 f"build new arrays instead (the caller still uses it).")
        if not isinstance(out, tuple) or len(out) != 3:
            raise TypeError(f"attend_with_cache must return three arrays (output, keys, "
                            f"values), got {type(out).__name__}.")
        o, K, V = (np.asarray(a, dtype=np.float64) for a in out)
        return {"the output": o, "the keys": K, "the values": V}
    return run


KV_CACHE = Exercise(
    id="14.kv_cache", title="one step with a KV cache", entry="attend_with_cache", points=2,
    forbids=_CHAR_LM, pure=True,
    cases=[
        Case("2 heads of width 4, 3 positions cached", _cache_case(2, 3, 4, 0)),
        Case("1 head of width 3 and an empty cache (the first character)",
             _cache_case(1, 0, 3, 10)),
        Case("4 heads of width 2, 5 positions cached", _cache_case(4, 5, 2, 20)),
    ],
    mistakes={
        "cache_new_key_left_out":
            "the new position did not attend to itself: append its key and value to the cache "
            "first, then attend over all of them (the causal mask lets a position see itself)",
        "cache_no_scale":
            "the scores are not scaled: divide each q · k by √d, d being the width of a head "
            "(the last axis), as in chapter 13",
        "cache_prepended":
            "the new key and value went to the front of the cache: they belong after the "
            "positions already there (at the end of the time axis), so that position t stays "
            "at index t",
        "cache_wrong_axis":
            "the new key and value were joined along the wrong axis: the cache is (heads, "
            "positions, d), and a new position adds one row along the positions' axis (axis "
            "1, or -2) of every head",
        "cache_softmax_over_heads":
            "the softmax ran over the heads instead of the positions: each head's weights "
            "over its S + 1 positions must sum to 1 (the positions' axis of the scores)",
        "cache_returned_unchanged":
            "the keys and values returned are the cache you were given: return the cache "
            "with the new position's key and value added, so that the next step sees them",
    },
    hints=[
        "The new position's key and value join the cache; then its query attends over every "
        "key in it, its own included, exactly as one row of chapter 13's attention.",
        "Shapes guide it: the new k is (heads, d) and the cache (heads, S, d), so give k a "
        "positions axis of length 1 before joining along that axis, giving (heads, S + 1, "
        "d). The scores of one query against S + 1 keys are a (heads, S + 1) array, scaled "
        "by 1/√d; a softmax over the keys' axis, then a weighted sum of the values.",
        "Worked with one head, d = 1 and an empty cache: the keys become [[k]], the one "
        "score gets weight 1, and the output is v itself.",
    ],
)


# -- 14.perplexity -------------------------------------------------------------------------------


def _perplexity_case(loss):
    def run(answer):
        ppl, bits = _pair(answer(loss), "perplexity_and_bits", "perplexity", "bits")
        return {"the perplexity": float(ppl), "the bits per character": float(bits)}
    return run


PERPLEXITY = Exercise(
    id="14.perplexity", title="perplexity and bits per character", entry="perplexity_and_bits",
    points=1, forbids=_CHAR_LM, pure=True,
    cases=[
        Case("a loss of 1.942 nats (the chapter's checkpoint)", _perplexity_case(1.942)),
        Case("a loss of ln 76 (a uniform guess among 76)", _perplexity_case(math.log(76))),
        Case("a loss of 0: a model that is always sure and right", _perplexity_case(0.0)),
    ],
    mistakes={
        "perplexity_base_two":
            "the perplexity was computed as 2 to the loss: the loss is in nats (natural "
            "logarithm), so the perplexity is e to the loss",
        "bits_times_ln2":
            "the bits were multiplied by ln 2: to change a logarithm from base e to base 2, "
            "divide by ln 2 (one bit is ln 2 ≈ 0.693 nats, so there are more bits than nats)",
        "bits_log2_of_loss":
            "that is the base-2 logarithm of the loss: the loss already is a logarithm, so "
            "changing its base is a division by ln 2",
        "perplexity_swapped":
            "the two are swapped: return (perplexity, bits)",
        "perplexity_of_minus_loss":
            "that is e^-loss, the (geometric) average probability the model gives the right "
            "character; perplexity is one over it, e^loss, a number of choices (1 or more)",
    },
    hints=[
        "The loss is an average of -ln p in nats. Perplexity undoes the logarithm; bits "
        "change its base.",
        "Perplexity is e^loss (a uniform guess among n characters has perplexity n). Bits "
        "per character are the same average in base 2: log2(x) = ln(x) / ln 2. The loss is "
        "already a mean over characters: e to a *sum* of losses would grow with the length "
        "of the text, which a perplexity must not.",
        "Worked on a loss of ln 4 ≈ 1.386: the perplexity is 4 and the bits per character "
        "1.386 / 0.693 = 2, the bits it takes to name one of four equally likely choices.",
    ],
)

EXERCISES = [WINDOWS, INITIAL, TOP_K, KV_CACHE, PERPLEXITY]
