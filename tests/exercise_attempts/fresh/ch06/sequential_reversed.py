# EXERCISE 06.sequential
# expect: incorrect: applies the layers last to first
class Sequential(Module):
    def __init__(self, *layers):
        super().__init__()
        self.layers = list(layers)

    def forward(self, x):
        for layer in reversed(self.layers):
            x = layer(x)
        return x
