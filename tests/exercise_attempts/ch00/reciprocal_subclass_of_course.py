# EXERCISE 00.reciprocal
# expect: shortcut
from classroom.designs.static_graph import Reciprocal as _Finished


class Reciprocal(_Finished):
    pass
