# EXERCISE 14.initial_loss
# expect: mistake: initial_negative
def initial_loss(vocab_size):
    return math.log(1 / vocab_size)
