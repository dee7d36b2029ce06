# EXERCISE 03.mul
# expect: correct
# Saves copies of the inputs' arrays, so later changes to them cannot leak in.
def mul(a, b):
    saved_a, saved_b = a.data.copy(), b.data.copy()

    def backward(grad):
        return np.multiply(grad, saved_b), np.multiply(grad, saved_a)

    return record(np.multiply(a.data, b.data), (a, b), backward, "mul")
