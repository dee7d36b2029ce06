# EXERCISE 05.sgd_class
# expect: correct
# Updates through NumPy's out= argument, and keeps the parameters in a tuple.
class SGD:
    def __init__(self, params, lr):
        self.params = tuple(params)
        self.lr = lr

    def step(self):
        for p in self.params:
            if p.grad is None:
                continue
            np.subtract(p.data, self.lr * p.grad.data, out=p.data)

    def zero_grad(self):
        for p in self.params:
            p.grad = None
