# EXERCISE 02.accumulate
# expect: mistake: accumulate_overwrites
# Overwrites, and without a copy either: the first failing case is the overwrite.
def accumulate(tensor, grad):
    tensor.grad = Tensor(grad)
