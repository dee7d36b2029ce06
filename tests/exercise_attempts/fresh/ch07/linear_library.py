# EXERCISE 07.linear
# expect: incorrect: the finished closures.Linear
from classroom.designs import closures as _c


class Linear(_c.Linear):
    pass
