# EXERCISE 07.sequential
# expect: mistake: SequentialClosuresOnSelf
# Keeps the closures on the model, so a second forward replaces the first one's.
class Sequential(Layer):
    def __init__(self, *layers):
        self.layers = list(layers)

    def params(self):
        return [p for layer in self.layers for p in layer.params()]

    def forward(self, X):
        self.backwards = []
        for layer in self.layers:
            X, back = layer.forward(X)
            self.backwards.append(back)

        def backward(dY):
            for back in self.backwards[::-1]:
                dY = back(dY)
            return dY

        return X, backward
