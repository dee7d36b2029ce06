# EXERCISE 07.relu
# expect: incorrect: the mask lives on self; a second forward replaces it
class ReLU(Layer):
    def forward(self, X):
        self.mask = X > 0

        def backward(dY):
            return dY * self.mask

        return X * self.mask, backward
