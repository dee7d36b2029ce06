# EXERCISE 12.conv2d_loops
# expect: correct
def conv2d_loops(x, weight, bias):
    N, C, H, W = x.shape
    O, _, kh, kw = weight.shape
    Ho, Wo = H - kh + 1, W - kw + 1
    out = np.broadcast_to(np.asarray(bias, dtype=float)[None, :, None, None], (N, O, Ho, Wo)).copy()
    for p in range(kh):
        for q in range(kw):
            out += np.einsum("nchw,oc->nohw", x[:, :, p:p + Ho, q:q + Wo], weight[:, :, p, q])
    return out
