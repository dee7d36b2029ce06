# EXERCISE 12.conv_weight_grad
# expect: incorrect: shape
# Keeps one gradient per image instead of adding the images' contributions up.
def conv2d_weight_grad(x, grad_out):
    N, C, H, W = x.shape
    _, O, Ho, Wo = grad_out.shape
    kh, kw = H - Ho + 1, W - Wo + 1
    grad = np.zeros((N, O, C, kh, kw))
    for p in range(kh):
        for q in range(kw):
            window = x[:, :, p:p + Ho, q:q + Wo]
            grad[:, :, :, p, q] = np.einsum("noij,ncij->noc", grad_out, window)
    return grad
