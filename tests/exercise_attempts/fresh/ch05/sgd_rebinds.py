# EXERCISE 05.sgd_class
# expect: incorrect: rebinds a local name, the parameters never change
class SGD:
    def __init__(self, params, lr):
        self.params = list(params)
        self.lr = lr

    def step(self):
        for p in self.params:
            if p.grad is not None:
                p = Tensor(p.data - self.lr * p.grad.data, requires_grad=True)

    def zero_grad(self):
        for p in self.params:
            p.grad = None
