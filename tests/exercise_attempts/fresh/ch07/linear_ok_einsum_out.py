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
        Xc = np.array(X, copy=True)
        Y = np.einsum("ni,oi->no", Xc, self.W.value) + self.b.value

        def backward(dY):
            np.add(self.W.grad, np.einsum("no,ni->oi", dY, Xc), out=self.W.grad)
            np.add(self.b.grad, dY.sum(0), out=self.b.grad)
            return np.einsum("no,oi->ni", dY, self.W.value)

        return Y, backward
