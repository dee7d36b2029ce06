# EXERCISE 12.conv_weight_grad
# expect: incorrect: lets F.conv2d's backward compute it
def conv2d_weight_grad(x, grad_out):
    N, C, H, W = x.shape
    _, O, Ho, Wo = grad_out.shape
    w = Tensor(np.zeros((O, C, H - Ho + 1, W - Wo + 1)), requires_grad=True)
    out = mg.nn.functional.conv2d(Tensor(x), w)
    (out * Tensor(grad_out)).sum().backward()
    return w.grad.data
