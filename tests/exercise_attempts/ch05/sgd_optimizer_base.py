# EXERCISE 05.sgd_class
# expect: shortcut
# Subclasses the library's optimizer base, which brings zero_grad and the parameter list.
from minigrad.optim.optimizer import Optimizer


class SGD(Optimizer):
    def __init__(self, params, lr):
        super().__init__(params, lr)

    def step(self):
        for p in self.params:
            if p.grad is not None:
                p.data -= self.lr * p.grad.data
