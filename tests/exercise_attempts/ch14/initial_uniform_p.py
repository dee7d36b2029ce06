# EXERCISE 14.initial_loss
# expect: mistake: initial_probability
def initial_loss(vocab_size):
    return 1 / vocab_size
