# EXERCISE 09.rnn_step
# expect: correct
def rnn_step(x, h, W_ih, W_hh, b_ih, b_hh):
    from_input = x.mm(W_ih.transpose(0, 1)) + b_ih
    from_state = h.mm(W_hh.transpose(0, 1)) + b_hh
    return (from_state + from_input).tanh()
