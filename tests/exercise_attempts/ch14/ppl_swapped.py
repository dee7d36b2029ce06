# EXERCISE 14.perplexity
# expect: mistake: perplexity_swapped
def perplexity_and_bits(loss):
    return loss / math.log(2), math.exp(loss)
