# EXERCISE 07.relu
# expect: incorrect: zeroes the caller's X in place
class ReLU(Layer):
    def forward(self, X):
        mask = X > 0
        X[~mask] = 0
        return X, (lambda dY: dY * mask)
