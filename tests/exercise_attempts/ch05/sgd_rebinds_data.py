# EXERCISE 05.sgd_class
# expect: correct
# Rebinds each parameter's .data to a new array: the parameters stay the same tensor objects,
# which is what the model and the loss hold on to.
class SGD:
    def __init__(self, params, lr):
        self.params = list(params)
        self.lr = lr

    def step(self):
        for p in self.params:
            if p.grad is not None:
                p.data = p.data - self.lr * p.grad.data

    def zero_grad(self):
        for p in self.params:
            p.grad = None
