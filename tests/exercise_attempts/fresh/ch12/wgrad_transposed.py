# EXERCISE 12.conv_weight_grad
# expect: incorrect: (C, O, kh, kw)
def conv2d_weight_grad(x, grad_out):
    N, C, H, W = x.shape
    _, O, Ho, Wo = grad_out.shape
    kh, kw = H - Ho + 1, W - Wo + 1
    gw = np.zeros((C, O, kh, kw))
    for p in range(kh):
        for q in range(kw):
            gw[:, :, p, q] = np.einsum("noij,ncij->co", grad_out, x[:, :, p:p + Ho, q:q + Wo])
    return gw
