# EXERCISE 07.linear
# expect: correct
# Copies X into the closure and adds with np.add(..., out=).
class Linear(Layer):
    def __init__(self, n_in, n_out, rng=None):
        gen = rng if rng is not None else np.random.default_rng(0)
        bound = 1 / np.sqrt(n_in)
        self.W = Param(gen.uniform(-bound, bound, (n_out, n_in)))
        self.b = Param(gen.uniform(-bound, bound, n_out))

    def params(self):
        return [self.W, self.b]

    def forward(self, X):
        X_saved = np.array(X, copy=True)
        W, b = self.W, self.b
        Y = np.einsum("ni,oi->no", X_saved, W.value) + b.value

        def backward(dY):
            np.add(W.grad, np.einsum("no,ni->oi", dY, X_saved), out=W.grad)
            np.add(b.grad, dY.sum(0), out=b.grad)
            return np.einsum("no,oi->ni", dY, W.value)

        return Y, backward
