# EXERCISE 14.perplexity
# expect: correct
def perplexity_and_bits(loss):
    perplexity = np.exp(loss)
    return float(perplexity), float(np.log2(perplexity))
