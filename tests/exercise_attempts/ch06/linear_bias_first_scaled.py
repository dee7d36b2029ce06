# EXERCISE 06.linear
# expect: correct
# Draws the bias first, from [0, 1) scaled to the interval; transposes with .transpose().
class Linear(Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        gen = mg.random.get_rng()
        k = 1.0 / in_features ** 0.5
        b = (gen.random(out_features) * 2 - 1) * k
        w = (gen.random((out_features, in_features)) * 2 - 1) * k
        self.bias = Parameter(b)
        self.weight = Parameter(w)

    def forward(self, x):
        return x.mm(self.weight.transpose()) + self.bias
