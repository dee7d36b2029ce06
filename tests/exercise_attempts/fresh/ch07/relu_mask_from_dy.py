# EXERCISE 07.relu
# expect: incorrect: the mask comes from the gradient's sign
class ReLU(Layer):
    def forward(self, X):
        return np.maximum(X, 0), (lambda dY: np.maximum(dY, 0))
