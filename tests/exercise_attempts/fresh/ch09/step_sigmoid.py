# EXERCISE 09.rnn_step
# expect: incorrect: a sigmoid instead of tanh
def rnn_step(x, h, W_ih, W_hh, b_ih, b_hh):
    return (x @ W_ih.T + b_ih + h @ W_hh.T + b_hh).sigmoid()
