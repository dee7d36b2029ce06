# EXERCISE 14.initial_loss
# expect: correct
def initial_loss(vocab_size):
    p = 1.0 / vocab_size
    return float(-np.log(p))
