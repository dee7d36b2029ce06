# EXERCISE 14.initial_loss
# expect: mistake: initial_log10
def initial_loss(vocab_size):
    return math.log10(vocab_size)
