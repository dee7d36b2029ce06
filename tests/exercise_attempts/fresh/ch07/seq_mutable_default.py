# EXERCISE 07.sequential
# expect: incorrect: the closures list is a default argument of forward
class Sequential(Layer):
    def __init__(self, *layers):
        self.layers = list(layers)

    def params(self):
        return [p for layer in self.layers for p in layer.params()]

    def forward(self, X, backs=[]):
        backs.clear()
        for layer in self.layers:
            X, back = layer(X)
            backs.append(back)

        def backward(dY):
            for back in reversed(backs):
                dY = back(dY)
            return dY

        return X, backward
