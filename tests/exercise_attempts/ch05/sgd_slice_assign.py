# EXERCISE 05.sgd_class
# expect: correct
# Writes the new values into the parameter's own array with a slice assignment: in place,
# although the right-hand side is computed as a new array first.
class SGD:
    def __init__(self, params, lr):
        self.params = [p for p in params]
        self.lr = lr

    def step(self):
        for p in self.params:
            if p.grad is not None:
                p.data[...] = p.data - self.lr * p.grad.data

    def zero_grad(self):
        for p in self.params:
            p.grad = None
