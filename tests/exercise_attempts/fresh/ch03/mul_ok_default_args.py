# EXERCISE 03.mul
# expect: correct
def mul(a, b):
    def backward(g, A=a.data.copy(), B=b.data.copy()):
        return np.multiply(g, B), np.multiply(g, A)
    return record(np.multiply(a.data, b.data), (a, b), backward, "mul")
