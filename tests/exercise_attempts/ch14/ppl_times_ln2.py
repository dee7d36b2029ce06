# EXERCISE 14.perplexity
# expect: mistake: bits_times_ln2
def perplexity_and_bits(loss):
    return math.exp(loss), loss * math.log(2)
