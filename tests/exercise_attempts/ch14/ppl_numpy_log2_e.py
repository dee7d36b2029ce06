# EXERCISE 14.perplexity
# expect: correct
def perplexity_and_bits(loss):
    bits = loss * np.log2(np.e)
    return float(np.e ** loss), float(bits)
