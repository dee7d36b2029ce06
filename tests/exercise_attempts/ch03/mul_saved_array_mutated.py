# EXERCISE 03.mul
# expect: incorrect: the second time it ran
# Reuses its saved copies as scratch space: right the first time backward runs, wrong the
# second time (backward twice with retain_graph=True).
def mul(a, b):
    saved = [a.data.copy(), b.data.copy()]

    def backward(grad):
        saved[1] *= grad
        saved[0] *= grad
        return saved[1], saved[0]

    return record(a.data * b.data, (a, b), backward, "mul")
