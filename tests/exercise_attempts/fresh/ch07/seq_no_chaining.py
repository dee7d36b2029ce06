# EXERCISE 07.sequential
# expect: incorrect: hands every closure the original dY
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
            out = dY
            for back in reversed(backs):
                out = back(dY)
            return out

        return X, backward
