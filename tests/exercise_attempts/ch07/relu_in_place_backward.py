# EXERCISE 07.relu
# expect: incorrect: in place
# Zeroes the entries of the incoming dY itself.
class ReLU(Layer):
    def forward(self, X):
        keep = X > 0

        def backward(dY):
            dY[~keep] = 0
            return dY

        return np.maximum(X, 0), backward
