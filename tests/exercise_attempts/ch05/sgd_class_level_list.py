# EXERCISE 05.sgd_class
# expect: incorrect: shared
# Keeps the parameters in a list that belongs to the class, so every SGD shares it.
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
