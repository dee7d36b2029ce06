# EXERCISE 12.conv_weight_grad
# expect: mistake: weight_grad_last_image
def conv2d_weight_grad(x, grad_out):
    N, C, H, W = x.shape
    _, O, Ho, Wo = grad_out.shape
    kh, kw = H - Ho + 1, W - Wo + 1
    grad = np.zeros((O, C, kh, kw))
    for n in range(N):
        for p in range(kh):
            for q in range(kw):
                grad[:, :, p, q] = np.einsum("oij,cij->oc", grad_out[n],
                                             x[n, :, p:p + Ho, q:q + Wo])
    return grad
