# EXERCISE 06.linear
# expect: incorrect: wraps mg.nn.Linear
class Linear(Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        inner = mg.nn.Linear(in_features, out_features)
        self.weight, self.bias = inner.weight, inner.bias

    def forward(self, x):
        return mg.nn.functional.linear(x, self.weight, self.bias)
