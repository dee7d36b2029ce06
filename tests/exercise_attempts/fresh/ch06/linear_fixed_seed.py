# EXERCISE 06.linear
# expect: incorrect: a generator with a fixed seed: every layer starts the same, manual_seed ignored
class Linear(Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        rng = np.random.default_rng(0)
        b = 1 / np.sqrt(in_features)
        self.weight = Parameter(rng.uniform(-b, b, (out_features, in_features)))
        self.bias = Parameter(rng.uniform(-b, b, out_features))

    def forward(self, x):
        return x @ self.weight.T + self.bias
