# EXERCISE 12.conv_weight_grad
# expect: correct
def conv2d_weight_grad(x, grad_out):
    N, C, H, W = x.shape
    O, Ho, Wo = grad_out.shape[1:]
    kh, kw = H - Ho + 1, W - Wo + 1
    out = np.empty((O, C, kh, kw))
    g = grad_out.transpose(1, 0, 2, 3).reshape(O, -1)           # (O, N*Ho*Wo)
    for p in range(kh):
        for q in range(kw):
            patch = x[:, :, p:p + Ho, q:q + Wo].transpose(1, 0, 2, 3).reshape(C, -1)
            out[:, :, p, q] = g @ patch.T
    return out
