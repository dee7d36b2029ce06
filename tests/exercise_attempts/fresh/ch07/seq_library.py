# EXERCISE 07.sequential
# expect: incorrect: the finished closures.Sequential's forward
from classroom.designs import closures as _c


class Sequential(_c.Sequential):
    pass
