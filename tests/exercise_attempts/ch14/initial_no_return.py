# EXERCISE 14.initial_loss
# expect: incorrect: forget to `return`
def initial_loss(vocab_size):
    loss = math.log(vocab_size)
