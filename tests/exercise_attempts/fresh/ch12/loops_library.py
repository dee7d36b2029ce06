# EXERCISE 12.conv2d_loops
# expect: incorrect: F.conv2d
def conv2d_loops(x, weight, bias):
    return mg.nn.functional.conv2d(Tensor(x), Tensor(weight), Tensor(bias)).data
