# EXERCISE 07.sequential
# expect: incorrect: the closures list lives on self; a second forward replaces it
class Sequential(Layer):
    def __init__(self, *layers):
        self.layers = list(layers)

    def params(self):
        return [p for layer in self.layers for p in layer.params()]

    def forward(self, X):
        self.backs = []
        for layer in self.layers:
            X, back = layer(X)
            self.backs.append(back)

        def backward(dY):
            for back in reversed(self.backs):
                dY = back(dY)
            return dY

        return X, backward
