# EXERCISE 14.top_k
# expect: shortcut
from minigrad.examples.char_lm import next_probabilities


def sample_probabilities(logits, temperature, top_k):
    return next_probabilities(logits, temperature, top_k)
