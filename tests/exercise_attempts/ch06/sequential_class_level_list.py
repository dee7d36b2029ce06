# EXERCISE 06.sequential
# expect: incorrect: shared
# The list of layers is a class attribute, so two Sequentials share (and pile up) layers.
class Sequential(Module):
    layers = []

    def __init__(self, *layers):
        super().__init__()
        self.layers.extend(layers)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x
