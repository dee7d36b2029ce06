# EXERCISE 14.initial_loss
# expect: correct
def initial_loss(vocab_size):
    return math.log(vocab_size)
