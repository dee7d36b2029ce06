# EXERCISE 02.neg
# expect: correct
def neg(a):
    def backward(g):
        return (np.negative(g),)
    return record(np.negative(a.data), (a,), backward, op="neg")
