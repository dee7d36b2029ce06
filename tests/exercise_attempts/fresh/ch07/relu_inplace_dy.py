# EXERCISE 07.relu
# expect: incorrect: zeroes the caller's dY in place
class ReLU(Layer):
    def forward(self, X):
        mask = X > 0

        def backward(dY):
            dY[~mask] = 0
            return dY

        return np.maximum(X, 0), backward
