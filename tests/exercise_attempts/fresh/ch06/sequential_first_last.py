# EXERCISE 06.sequential
# expect: incorrect: applies only the first and the last layer
class Sequential(Module):
    def __init__(self, *layers):
        super().__init__()
        self.layers = list(layers)

    def forward(self, x):
        if not self.layers:
            return x
        x = self.layers[0](x)
        return self.layers[-1](x) if len(self.layers) > 1 else x
