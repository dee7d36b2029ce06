# EXERCISE 03.numeric_grad
# expect: incorrect: wrong values
# Handles vectors and matrices (two nested loops) but not other shapes.
def numeric_grad(f, x, eps=1e-6):
    grad = np.zeros(x.shape)
    X = x.reshape(x.shape[0], -1) if x.ndim > 1 else x.reshape(1, -1)
    G = grad.reshape(X.shape)
    for i in range(X.shape[0]):
        for j in range(min(X.shape[1], 3)):
            old = X[i, j]
            X[i, j] = old + eps
            up = f(x)
            X[i, j] = old - eps
            down = f(x)
            X[i, j] = old
            G[i, j] = (up - down) / (2 * eps)
    return grad
