# EXERCISE 06.sequential
# expect: correct
# A tuple is a sequence Module.parameters() looks inside too.
class Sequential(Module):
    def __init__(self, *layers):
        super().__init__()
        self.layers = layers

    def forward(self, x):
        out = x
        for i in range(len(self.layers)):
            out = self.layers[i](out)
        return out
