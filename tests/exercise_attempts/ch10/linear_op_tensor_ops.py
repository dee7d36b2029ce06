# EXERCISE 10.linear_op
# expect: mistake: linear_op_tensor_ops
def linear(x, weight, bias):
    return x @ weight.T + bias
