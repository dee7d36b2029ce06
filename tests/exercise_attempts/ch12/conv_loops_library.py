# EXERCISE 12.conv2d_loops
# expect: shortcut
def conv2d_loops(x, weight, bias):
    from minigrad.nn import functional as F
    return F.conv2d(Tensor(x), Tensor(weight), Tensor(bias)).data
