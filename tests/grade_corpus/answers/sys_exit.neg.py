# EXERCISE 02.neg
import sys

sys.exit("done here")    # ends a script; the cell's definitions below never happen


def neg(a):
    return record(-a.data, (a,), lambda grad: (-grad,), "neg")
