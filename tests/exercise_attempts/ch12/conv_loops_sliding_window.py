# EXERCISE 12.conv2d_loops
# expect: correct
# No explicit loops: every patch as a view, then one einsum.
def conv2d_loops(x, weight, bias):
    kh, kw = weight.shape[2:]
    patches = np.lib.stride_tricks.sliding_window_view(x, (kh, kw), axis=(2, 3))
    return np.einsum("ncijpq,ocpq->noij", patches, weight) + bias[None, :, None, None]
