# EXERCISE 12.conv_weight_grad
# expect: mistake: weight_grad_flipped
# Remembers that "the backward of a convolution flips the kernel" and flips here too.
def conv2d_weight_grad(x, grad_out):
    N, C, H, W = x.shape
    _, O, Ho, Wo = grad_out.shape
    kh, kw = H - Ho + 1, W - Wo + 1
    grad = np.zeros((O, C, kh, kw))
    for n in range(N):
        for o in range(O):
            for i in range(Ho):
                for j in range(Wo):
                    grad[o] += grad_out[n, o, i, j] * x[n, :, i:i + kh, j:j + kw]
    return grad[:, :, ::-1, ::-1]
