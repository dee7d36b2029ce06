# EXERCISE 05.sgd_class
# expect: incorrect: zero_grad fills zeros instead of None
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
                p.grad = Tensor(np.zeros_like(p.data))
