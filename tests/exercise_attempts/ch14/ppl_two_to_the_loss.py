# EXERCISE 14.perplexity
# expect: mistake: perplexity_base_two
def perplexity_and_bits(loss):
    return 2 ** loss, loss / math.log(2)
