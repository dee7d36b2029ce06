# EXERCISE 09.rnn_step
# expect: correct
# mm with explicit transposes, the biases added first.
def rnn_step(x, h, W_ih, W_hh, b_ih, b_hh):
    bias = b_ih + b_hh
    pre = x.mm(W_ih.transpose()) + h.mm(W_hh.transpose()) + bias
    return pre.tanh()
