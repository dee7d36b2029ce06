# EXERCISE 07.relu
# expect: incorrect: backward returns the mask, not the masked gradient
class ReLU(Layer):
    def forward(self, X):
        mask = (X > 0).astype(float)
        return X * mask, (lambda dY: mask + 0 * dY)
