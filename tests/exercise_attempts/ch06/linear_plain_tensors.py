# EXERCISE 06.linear
# expect: mistake: LinearPlainTensors
class Linear(Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        bound = 1 / np.sqrt(in_features)
        rng = mg.random.get_rng()
        self.weight = Tensor(rng.uniform(-bound, bound, (out_features, in_features)),
                             requires_grad=True)
        self.bias = Tensor(rng.uniform(-bound, bound, out_features), requires_grad=True)

    def forward(self, x):
        return x @ self.weight.T + self.bias
