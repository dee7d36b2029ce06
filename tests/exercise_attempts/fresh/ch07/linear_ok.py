# EXERCISE 07.linear
# expect: correct
class Linear(Layer):
    def __init__(self, n_in, n_out, rng=None):
        gen = rng if rng is not None else np.random.default_rng(0)
        bound = 1 / np.sqrt(n_in)
        self.W = Param(gen.uniform(-bound, bound, (n_out, n_in)))
        self.b = Param(gen.uniform(-bound, bound, n_out))

    def params(self):
        return [self.W, self.b]

    def forward(self, X):
        W, b = self.W, self.b
        Y = X @ W.value.T + b.value

        def backward(dY):
            W.grad += dY.T @ X
            b.grad += dY.sum(axis=0)
            return dY @ W.value

        return Y, backward
