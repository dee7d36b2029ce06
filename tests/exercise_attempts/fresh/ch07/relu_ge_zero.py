# EXERCISE 07.relu
# expect: incorrect: an input of exactly 0 lets the gradient through
class ReLU(Layer):
    def forward(self, X):
        mask = X >= 0
        return np.where(mask, X, 0.0), (lambda dY: np.where(mask, dY, 0.0))
