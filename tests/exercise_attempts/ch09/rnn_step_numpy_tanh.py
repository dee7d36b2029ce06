# EXERCISE 09.rnn_step
# expect: incorrect: NumPy
# tanh from NumPy on the data: the value is right, the graph is cut.
def rnn_step(x, h, W_ih, W_hh, b_ih, b_hh):
    pre = x @ W_ih.T + b_ih + h @ W_hh.T + b_hh
    return Tensor(np.tanh(pre.data))
