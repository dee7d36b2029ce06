# EXERCISE 03.mm
# expect: correct
def mm(a, b):
    A, B = a.data, b.data
    out = np.einsum("ik,kj->ij", A, B)

    def backward(g):
        return np.einsum("ij,kj->ik", g, B), np.einsum("ik,ij->kj", A, g)

    return record(out, (a, b), backward, "mm")
