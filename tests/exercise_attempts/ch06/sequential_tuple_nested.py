# EXERCISE 06.sequential
# expect: correct
# Keeps the layers in a list built from the tuple, and runs them with a plain loop.
class Sequential(Module):
    def __init__(self, *layers):
        super().__init__()
        self.layers = []
        for layer in layers:
            self.layers.append(layer)

    def forward(self, x):
        out = x
        for i in range(len(self.layers)):
            out = self.layers[i](out)
        return out
