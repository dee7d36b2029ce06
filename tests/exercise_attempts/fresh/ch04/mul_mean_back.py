# EXERCISE 04.mul
# expect: incorrect: averages instead of summing the broadcast copies
def mul(a, b):
    A, B = a.data, b.data

    def back(g, shape):
        while g.ndim > len(shape):
            g = g.mean(axis=0)
        for i, s in enumerate(shape):
            if s == 1 and g.shape[i] != 1:
                g = g.mean(axis=i, keepdims=True)
        return g

    return record(A * B, (a, b), lambda g: (back(g * B, A.shape), back(g * A, B.shape)), "mul")
