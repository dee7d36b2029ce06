# EXERCISE 07.relu
# expect: incorrect: in place
# Zeroes the negative entries of X itself.
class ReLU(Layer):
    def forward(self, X):
        X[X < 0] = 0
        return X, lambda dY: dY * (X > 0)
