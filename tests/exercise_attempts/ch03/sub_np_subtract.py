# EXERCISE 03.sub
# expect: correct
def sub(a, b):
    def backward(grad):
        return np.array(grad), np.negative(grad)
    return record(np.subtract(a.data, b.data), (a, b), backward, "sub")
