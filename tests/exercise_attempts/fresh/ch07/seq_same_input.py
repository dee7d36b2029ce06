# EXERCISE 07.sequential
# expect: incorrect: every layer sees the original X
class Sequential(Layer):
    def __init__(self, *layers):
        self.layers = list(layers)

    def params(self):
        return [p for layer in self.layers for p in layer.params()]

    def forward(self, X):
        backs, Y = [], X
        for layer in self.layers:
            Y, back = layer(X)
            backs.append(back)

        def backward(dY):
            for back in reversed(backs):
                dY = back(dY)
            return dY

        return Y, backward
