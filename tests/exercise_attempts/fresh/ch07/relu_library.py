# EXERCISE 07.relu
# expect: incorrect: the finished closures.ReLU
from classroom.designs.closures import ReLU as _R


class ReLU(_R):
    pass
