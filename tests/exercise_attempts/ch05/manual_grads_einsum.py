# EXERCISE 05.manual_grads
# expect: correct
# The same chain rule with einsum and a stable-enough sigmoid via tanh.
def manual_grads(X, y, W1, b1, W2, b2):
    H = 0.5 * (1 + np.tanh(0.5 * (np.einsum("nd,dh->nh", X, W1) + b1)))
    P = np.einsum("nh,ho->no", H, W2) + b2
    err = P - y
    N = err.size
    loss = (err ** 2).sum() / N
    dP = (2.0 / N) * err
    dZ = np.einsum("no,ho->nh", dP, W2) * H * (1 - H)
    return dict(loss=loss.item(), W1=np.einsum("nd,nh->dh", X, dZ), b1=dZ.sum(0),
                W2=np.einsum("nh,no->ho", H, dP), b2=dP.sum(0))
