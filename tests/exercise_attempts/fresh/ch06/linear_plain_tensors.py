# EXERCISE 06.linear
# expect: incorrect: plain Tensors, not Parameters
class Linear(Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        rng = mg.random.get_rng()
        b = 1 / np.sqrt(in_features)
        self.weight = Tensor(rng.uniform(-b, b, (out_features, in_features)), requires_grad=True)
        self.bias = Tensor(rng.uniform(-b, b, out_features), requires_grad=True)

    def forward(self, x):
        return x @ self.weight.T + self.bias
