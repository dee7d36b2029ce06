# EXERCISE 12.conv_weight_grad
# expect: correct
# The gradient as one matrix product with the columns of im2col: grad_out @ cols^T.
def conv2d_weight_grad(x, grad_out):
    N, C, H, W = x.shape
    _, O, Ho, Wo = grad_out.shape
    kh, kw = H - Ho + 1, W - Wo + 1
    cols = np.empty((N, C, kh, kw, Ho, Wo))
    for p in range(kh):
        for q in range(kw):
            cols[:, :, p, q] = x[:, :, p:p + Ho, q:q + Wo]
    cols = cols.reshape(N, C * kh * kw, Ho * Wo)
    g = grad_out.reshape(N, O, Ho * Wo)
    return (g @ cols.transpose(0, 2, 1)).sum(axis=0).reshape(O, C, kh, kw)
