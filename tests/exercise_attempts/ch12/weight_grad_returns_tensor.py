# EXERCISE 12.conv_weight_grad
# expect: incorrect: NumPy array
# (issue 22 escape, the same contract) Right numbers, but wrapped in a Tensor.
def conv2d_weight_grad(x, grad_out):
    N, C, H, W = x.shape
    _, O, Ho, Wo = grad_out.shape
    kh, kw = H - Ho + 1, W - Wo + 1
    grad = np.zeros((O, C, kh, kw))
    for p in range(kh):
        for q in range(kw):
            grad[:, :, p, q] = np.einsum("noij,ncij->oc", grad_out, x[:, :, p:p + Ho, q:q + Wo])
    return Tensor(grad)
