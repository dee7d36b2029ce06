# EXERCISE 07.relu
# expect: correct
class ReLU(Layer):
    def forward(self, X):
        Y = np.maximum(X, 0)

        def backward(dY):
            return dY * (Y > 0)

        return Y, backward
