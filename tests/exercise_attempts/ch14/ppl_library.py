# EXERCISE 14.perplexity
# expect: shortcut
from minigrad.examples import char_lm


def perplexity_and_bits(loss):
    return math.exp(loss), char_lm.bits_per_character(loss)
