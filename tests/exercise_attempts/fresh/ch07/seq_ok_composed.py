# EXERCISE 07.sequential
# expect: correct
class Sequential(Layer):
    def __init__(self, *layers):
        self.layers = list(layers)

    def params(self):
        return [p for layer in self.layers for p in layer.params()]

    def forward(self, X):
        def chain(inner, outer):
            return lambda d: inner(outer(d))

        backward = lambda d: d          # noqa: E731
        Y = X
        for layer in self.layers:
            Y, step_back = layer.forward(Y)
            backward = chain(backward, step_back)
        return Y, backward
