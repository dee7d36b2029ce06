# EXERCISE 07.sequential
# expect: incorrect: calls the closures first to last
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
            for back in backs:
                dY = back(dY)
            return dY

        return X, backward
