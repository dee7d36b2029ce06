# EXERCISE 06.sequential
# expect: incorrect: the layer list is a class attribute shared by every model
class Sequential(Module):
    layers = []

    def __init__(self, *layers):
        super().__init__()
        self.layers.extend(layers)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x
