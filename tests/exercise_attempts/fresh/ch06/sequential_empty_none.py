# EXERCISE 06.sequential
# expect: incorrect: with no layers returns None
class Sequential(Module):
    def __init__(self, *layers):
        super().__init__()
        self.layers = list(layers)

    def forward(self, x):
        out = None
        for layer in self.layers:
            out = layer(x if out is None else out)
        return out
