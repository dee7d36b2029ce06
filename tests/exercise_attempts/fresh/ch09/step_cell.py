# EXERCISE 09.rnn_step
# expect: incorrect: borrows nn.RNNCell
def rnn_step(x, h, W_ih, W_hh, b_ih, b_hh):
    cell = nn.RNNCell(W_ih.shape[1], W_ih.shape[0])
    cell.weight_ih, cell.weight_hh, cell.bias_ih, cell.bias_hh = W_ih, W_hh, b_ih, b_hh
    return cell(x, h)
