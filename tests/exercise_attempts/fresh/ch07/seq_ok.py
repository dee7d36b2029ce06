# EXERCISE 07.sequential
# expect: correct
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
            for back in reversed(backs):
                dY = back(dY)
            return dY

        return X, backward
