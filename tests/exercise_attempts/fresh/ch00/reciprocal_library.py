# EXERCISE 00.reciprocal
# expect: incorrect: the library's Reciprocal, renamed
from classroom.designs.static_graph import Reciprocal as _Done


class Reciprocal(_Done):
    pass
