# EXERCISE 06.sequential
# expect: incorrect: parameters
# Keeps the layers in a dict, where Module.parameters() does not look.
class Sequential(Module):
    def __init__(self, *layers):
        super().__init__()
        self.named = {str(i): layer for i, layer in enumerate(layers)}

    def forward(self, x):
        for layer in self.named.values():
            x = layer(x)
        return x
