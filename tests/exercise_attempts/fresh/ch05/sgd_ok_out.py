# EXERCISE 05.sgd_class
# expect: correct
class SGD:
    def __init__(self, params, lr):
        self.params, self.lr = tuple(params), float(lr)

    def step(self):
        for p in filter(lambda q: q.grad is not None, self.params):
            np.subtract(p.data, self.lr * p.grad.data, out=p.data)

    def zero_grad(self):
        for p in self.params:
            if p.grad is not None:
                p.grad = None
