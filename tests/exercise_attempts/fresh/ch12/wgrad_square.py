# EXERCISE 12.conv_weight_grad
# expect: incorrect: assumes a square kernel
def conv2d_weight_grad(x, grad_out):
    N, C, H, W = x.shape
    _, O, Ho, Wo = grad_out.shape
    k = H - Ho + 1
    gw = np.zeros((O, C, k, k))
    for p in range(k):
        for q in range(k):
            gw[:, :, p, q] = np.einsum("noij,ncij->oc", grad_out, x[:, :, p:p + Ho, q:q + Wo])
    return gw
