# EXERCISE 09.rnn_step
# expect: correct
# nn.functional.linear for both products: the exercise forbids only the cell.
def rnn_step(x, h, W_ih, W_hh, b_ih, b_hh):
    F = nn.functional
    return (F.linear(x, W_ih, b_ih) + F.linear(h, W_hh, b_hh)).tanh()
