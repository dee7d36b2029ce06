# EXERCISE 06.linear
# expect: correct
class Linear(Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        gen = mg.random.get_rng()
        k = in_features ** -0.5
        # bias first, and scaled from [0, 1): the text asks for the range, not the order
        self.bias = Parameter((gen.random(out_features) * 2 - 1) * k)
        self.weight = Parameter((gen.random((out_features, in_features)) * 2 - 1) * k)

    def forward(self, x):
        return (self.weight @ x.T).T + self.bias
