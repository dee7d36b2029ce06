# EXERCISE 07.sequential
# expect: correct
# Builds the backward closure up one layer at a time, like a chain of compositions.
class Sequential(Layer):
    def __init__(self, *layers):
        self.layers = list(layers)

    def params(self):
        return [p for layer in self.layers for p in layer.params()]

    def forward(self, X):
        chain = lambda d: d
        for layer in self.layers:
            X, back = layer(X)
            chain = (lambda prev, b: (lambda d: prev(b(d))))(chain, back)
        return X, chain
