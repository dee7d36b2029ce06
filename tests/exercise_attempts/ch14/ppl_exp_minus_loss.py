# EXERCISE 14.perplexity
# expect: mistake: perplexity_of_minus_loss
def perplexity_and_bits(loss):
    return math.exp(-loss), loss / math.log(2)
