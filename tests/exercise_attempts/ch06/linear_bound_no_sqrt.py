# EXERCISE 06.linear
# expect: incorrect: check the bound you draw from
# From the blind attempts of issue 22 (fresh/ch06/linear_bound_no_sqrt.py):
# bound 1/in_features instead of 1/sqrt(in_features).
class Linear(Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        rng = mg.random.get_rng()
        b = 1 / in_features
        self.weight = Parameter(rng.uniform(-b, b, (out_features, in_features)))
        self.bias = Parameter(rng.uniform(-b, b, out_features))

    def forward(self, x):
        return x @ self.weight.T + self.bias
