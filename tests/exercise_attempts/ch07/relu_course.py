# EXERCISE 07.relu
# expect: shortcut
from classroom.designs.closures import ReLU as _ReLU


class ReLU(_ReLU):
    pass
