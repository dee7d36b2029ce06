# EXERCISE 06.linear
# expect: incorrect: your bias starts at zero
# From the blind attempts of issue 22 (fresh/ch06/linear_zero_bias.py):
# the bias starts at zero, not at random.
class Linear(Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        rng = mg.random.get_rng()
        b = 1 / np.sqrt(in_features)
        self.weight = Parameter(rng.uniform(-b, b, (out_features, in_features)))
        self.bias = Parameter(np.zeros(out_features))

    def forward(self, x):
        return x @ self.weight.T + self.bias
