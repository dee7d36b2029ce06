# EXERCISE 06.linear
# expect: incorrect: manual_seed
# Its own generator with a fixed seed: repeatable, but deaf to mg.manual_seed, and every
# layer starts from the same numbers.
class Linear(Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        rng = np.random.default_rng(0)
        bound = 1 / np.sqrt(in_features)
        self.weight = Parameter(rng.uniform(-bound, bound, (out_features, in_features)))
        self.bias = Parameter(rng.uniform(-bound, bound, out_features))

    def forward(self, x):
        return x @ self.weight.T + self.bias
