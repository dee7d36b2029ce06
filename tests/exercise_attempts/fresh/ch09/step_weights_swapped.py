# EXERCISE 09.rnn_step
# expect: incorrect: W_hh with x and W_ih with h (fits only when input_size == hidden_size)
def rnn_step(x, h, W_ih, W_hh, b_ih, b_hh):
    return (x @ W_hh.T + b_ih + h @ W_ih.T + b_hh).tanh()
