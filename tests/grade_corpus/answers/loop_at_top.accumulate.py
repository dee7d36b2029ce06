# EXERCISE 02.accumulate
def accumulate(tensor, grad):
    if tensor.grad is None:
        tensor.grad = Tensor(np.array(grad, dtype=float))
    else:
        tensor.grad = Tensor(tensor.grad.data + grad)


while True:              # the cell itself never finishes, so it must not be replayed
    pass
