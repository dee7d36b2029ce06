# EXERCISE 07.relu
# expect: mistake: ReLUAtZero
class ReLU(Layer):
    def forward(self, X):
        keep = X >= 0
        return np.maximum(X, 0), lambda dY: dY * keep
