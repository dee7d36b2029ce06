# EXERCISE 12.conv_weight_grad
# expect: mistake: weight_grad_channels_swapped
def conv2d_weight_grad(x, grad_out):
    N, C, H, W = x.shape
    _, O, Ho, Wo = grad_out.shape
    kh, kw = H - Ho + 1, W - Wo + 1
    grad = np.zeros((C, O, kh, kw))
    for p in range(kh):
        for q in range(kw):
            grad[:, :, p, q] = np.einsum("ncij,noij->co", x[:, :, p:p + Ho, q:q + Wo], grad_out)
    return grad
