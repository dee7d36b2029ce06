# EXERCISE 05.sgd_class
# expect: incorrect: the parameter list is a class attribute shared by every optimizer
class SGD:
    params = []

    def __init__(self, params, lr):
        self.params.extend(params)
        self.lr = lr

    def step(self):
        for p in self.params:
            if p.grad is not None:
                p.data -= self.lr * p.grad.data

    def zero_grad(self):
        for p in self.params:
            p.grad = None
