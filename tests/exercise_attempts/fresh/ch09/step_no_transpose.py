# EXERCISE 09.rnn_step
# expect: incorrect: weights used without the transpose
def rnn_step(x, h, W_ih, W_hh, b_ih, b_hh):
    return (x @ W_ih + b_ih + h @ W_hh + b_hh).tanh()
