# EXERCISE 07.relu
# expect: incorrect: the mask in a module-level variable
_mask = None


class ReLU(Layer):
    def forward(self, X):
        global _mask
        _mask = X > 0
        return X * _mask, (lambda dY: dY * _mask)
