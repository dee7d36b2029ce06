# EXERCISE 07.linear
# expect: incorrect: never fills the bias's gradient
class Linear(Layer):
    def __init__(self, n_in, n_out, rng=None):
        gen = rng if rng is not None else np.random.default_rng(0)
        bound = 1 / np.sqrt(n_in)
        self.W = Param(gen.uniform(-bound, bound, (n_out, n_in)))
        self.b = Param(gen.uniform(-bound, bound, n_out))

    def params(self):
        return [self.W, self.b]

    def forward(self, X):
        Y = X @ self.W.value.T + self.b.value

        def backward(dY):
            self.W.grad += dY.T @ X
            return dY @ self.W.value

        return Y, backward
