# EXERCISE 12.conv_weight_grad
# expect: incorrect: only the first image's share
def conv2d_weight_grad(x, grad_out):
    N, C, H, W = x.shape
    _, O, Ho, Wo = grad_out.shape
    kh, kw = H - Ho + 1, W - Wo + 1
    gw = np.zeros((O, C, kh, kw))
    for p in range(kh):
        for q in range(kw):
            gw[:, :, p, q] = np.einsum("oij,cij->oc", grad_out[0], x[0, :, p:p + Ho, q:q + Wo])
    return gw
