# EXERCISE 05.sgd_class
# expect: incorrect: minigrad.optim.SGD
from minigrad.optim import SGD as _LibrarySGD


class SGD(_LibrarySGD):
    pass
