# EXERCISE 14.initial_loss
# expect: mistake: initial_bits
def initial_loss(vocab_size):
    return np.log2(vocab_size)
