# EXERCISE 14.perplexity
# expect: correct
def perplexity_and_bits(loss):
    return math.exp(loss), loss / math.log(2)
