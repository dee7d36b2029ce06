# EXERCISE 05.sgd_class
# expect: correct
# np.subtract with out= writes into the parameter's own array.
class SGD:
    def __init__(self, params, lr):
        self._params = tuple(params)
        self._lr = float(lr)

    def step(self):
        for p in (q for q in self._params if q.grad is not None):
            np.subtract(p.data, self._lr * p.grad.data, out=p.data)

    def zero_grad(self):
        for p in self._params:
            p.grad = None
