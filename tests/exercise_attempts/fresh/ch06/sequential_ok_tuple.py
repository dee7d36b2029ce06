# EXERCISE 06.sequential
# expect: correct
class Sequential(Module):
    def __init__(self, *layers):
        super().__init__()
        self.layers = layers          # a tuple: Module finds modules in tuples as in lists

    def forward(self, x):
        out = x
        for layer in self.layers:
            out = layer.forward(out) if hasattr(layer, "forward") else layer(out)
        return out
