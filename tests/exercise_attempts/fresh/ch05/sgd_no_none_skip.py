# EXERCISE 05.sgd_class
# expect: incorrect: crashes on a parameter without a gradient
class SGD:
    def __init__(self, params, lr):
        self.params = list(params)
        self.lr = lr

    def step(self):
        for p in self.params:
            p.data -= self.lr * p.grad.data

    def zero_grad(self):
        for p in self.params:
            p.grad = None
