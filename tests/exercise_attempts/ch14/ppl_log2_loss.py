# EXERCISE 14.perplexity
# expect: mistake: bits_log2_of_loss
def perplexity_and_bits(loss):
    return math.exp(loss), math.log2(loss)
