# EXERCISE 05.sgd_class
# expect: shortcut
class SGD(mg.optim.SGD):
    def __init__(self, params, lr):
        super().__init__(params, lr=lr)
