# EXERCISE 06.linear
# expect: incorrect: NumPy's global generator, not minigrad's
class Linear(Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        b = 1 / np.sqrt(in_features)
        self.weight = Parameter(np.random.uniform(-b, b, (out_features, in_features)))
        self.bias = Parameter(np.random.uniform(-b, b, out_features))

    def forward(self, x):
        return x @ self.weight.T + self.bias
