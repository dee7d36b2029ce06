# EXERCISE 07.sequential
# expect: incorrect: with no layers backward returns None
class Sequential(Layer):
    def __init__(self, *layers):
        self.layers = list(layers)

    def params(self):
        return [p for layer in self.layers for p in layer.params()]

    def forward(self, X):
        backs = []
        for layer in self.layers:
            X, back = layer(X)
            backs.append(back)

        def backward(dY):
            dX = None
            for back in reversed(backs):
                dX = back(dY if dX is None else dX)
            return dX

        return X, backward
