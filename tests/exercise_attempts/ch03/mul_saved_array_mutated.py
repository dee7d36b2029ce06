# EXERCISE 03.mul
# expect: incorrect: twice
# Reuses its saved copies as scratch space: right the first time backward runs, wrong the
# second time (backward twice with retain_graph=True).
def mul(a, b):
    saved_a, saved_b = a.data.copy(), b.data.copy()

    def backward(grad):
        saved_b *= grad
        saved_a *= grad
        return saved_b, saved_a

    return record(a.data * b.data, (a, b), backward, "mul")
