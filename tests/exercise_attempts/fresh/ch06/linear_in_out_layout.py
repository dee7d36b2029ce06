# EXERCISE 06.linear
# expect: incorrect: weight stored as (in, out)
class Linear(Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        rng = mg.random.get_rng()
        b = 1 / np.sqrt(in_features)
        self.weight = Parameter(rng.uniform(-b, b, (in_features, out_features)))
        self.bias = Parameter(rng.uniform(-b, b, out_features))

    def forward(self, x):
        return x @ self.weight + self.bias
