# EXERCISE 07.relu
# expect: correct
class ReLU(Layer):
    def forward(self, X):
        mask = X > 0
        Y = X * mask

        def backward(dY):
            return dY * mask

        return Y, backward
