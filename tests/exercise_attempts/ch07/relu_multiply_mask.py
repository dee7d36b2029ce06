# EXERCISE 07.relu
# expect: correct
# Multiplies by a float mask made once per call.
class ReLU(Layer):
    def forward(self, X):
        positive = (X > 0).astype(X.dtype)
        return X * positive, lambda dY: dY * positive
