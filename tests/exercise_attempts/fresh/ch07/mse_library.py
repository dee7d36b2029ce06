# EXERCISE 07.mse_loss
# expect: incorrect: the finished closures.mse_loss
from classroom.designs.closures import mse_loss as _m


def mse_loss(pred, target):
    return _m(pred, target)
