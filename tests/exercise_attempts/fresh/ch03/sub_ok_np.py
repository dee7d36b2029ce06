# EXERCISE 03.sub
# expect: correct
def sub(a, b):
    def backward(g):
        return np.array(g), np.negative(g)
    return record(np.subtract(a.data, b.data), (a, b), backward, "sub")
