# EXERCISE 12.conv_weight_grad
# expect: shortcut
# Lets the library's convolution and autograd do the work.
def conv2d_weight_grad(x, grad_out):
    C, H = x.shape[1], x.shape[2]
    O, Ho, Wo = grad_out.shape[1:]
    w = Tensor(np.zeros((O, C, H - Ho + 1, x.shape[3] - Wo + 1)), requires_grad=True)
    out = mg.nn.functional.conv2d(Tensor(x), w)
    out.backward(grad_out)
    return w.grad.data
