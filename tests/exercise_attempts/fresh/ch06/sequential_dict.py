# EXERCISE 06.sequential
# expect: incorrect: keeps the layers in a dict, where parameters() does not look
class Sequential(Module):
    def __init__(self, *layers):
        super().__init__()
        self.layers = {str(i): layer for i, layer in enumerate(layers)}

    def forward(self, x):
        for layer in self.layers.values():
            x = layer(x)
        return x
