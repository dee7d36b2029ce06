# EXERCISE 07.relu
# expect: mistake: ReLUMaskOnSelf
# (issue 22 escape) Keeps the mask on the layer: a second forward replaces it before the
# first call's backward runs.
class ReLU(Layer):
    def forward(self, X):
        self.mask = X > 0

        def backward(dY):
            return dY * self.mask

        return X * self.mask, backward
