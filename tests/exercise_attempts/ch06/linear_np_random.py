# EXERCISE 06.linear
# expect: incorrect: manual_seed
# Draws from NumPy's global generator instead of minigrad's.
class Linear(Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        bound = 1 / np.sqrt(in_features)
        self.weight = Parameter(np.random.uniform(-bound, bound, (out_features, in_features)))
        self.bias = Parameter(np.random.uniform(-bound, bound, out_features))

    def forward(self, x):
        return x @ self.weight.T + self.bias
