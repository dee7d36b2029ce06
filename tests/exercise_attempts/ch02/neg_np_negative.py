# EXERCISE 02.neg
# expect: correct
def neg(a):
    return record(np.negative(a.data), (a,), lambda g: (np.negative(g),), "neg")
