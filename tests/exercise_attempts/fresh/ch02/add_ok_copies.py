# EXERCISE 02.add
# expect: correct
def add(a, b):
    out = np.add(a.data, b.data)

    def backward(grad):
        ga = grad.copy()
        gb = grad.copy()
        return ga, gb

    return record(out, (a, b), backward, "add")
