# EXERCISE 03.sub
# expect: incorrect: negates the same array in place, so a's gradient becomes -grad too
def sub(a, b):
    def backward(g):
        gb = g
        gb *= -1
        return g, gb
    return record(a.data - b.data, (a, b), backward, "sub")
