# EXERCISE 05.sgd_class
# expect: incorrect: instead of changing its own in place
# Rebinds each parameter's .data to a new array. The parameters stay the same tensor objects,
# but the text asks for the update **in place** ("change its NumPy array p.data", hint 3: "in
# the very same array"), as PyTorch's optimizers do (p.add_): code holding that array, a view
# of the parameter for one, would keep the old numbers.
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
