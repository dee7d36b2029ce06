# EXERCISE 05.sgd_class
# expect: incorrect: None
# Zeroes gradients by filling them with zeros instead of setting .grad to None.
class SGD:
    def __init__(self, params, lr):
        self.params = list(params)
        self.lr = lr

    def step(self):
        for p in self.params:
            if p.grad is not None:
                p.data -= self.lr * p.grad.data

    def zero_grad(self):
        for p in self.params:
            if p.grad is not None:
                p.grad.data[...] = 0.0
