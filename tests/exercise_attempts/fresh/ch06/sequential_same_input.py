# EXERCISE 06.sequential
# expect: incorrect: every layer gets the original input
class Sequential(Module):
    def __init__(self, *layers):
        super().__init__()
        self.layers = list(layers)

    def forward(self, x):
        out = x
        for layer in self.layers:
            out = layer(x)
        return out
