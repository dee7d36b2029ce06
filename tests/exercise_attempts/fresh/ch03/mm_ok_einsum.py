# EXERCISE 03.mm
# expect: correct
def mm(a, b):
    A, B = a.data, b.data

    def backward(g):
        return np.einsum("mn,kn->mk", g, B), np.einsum("mk,mn->kn", A, g)

    return record(np.einsum("mk,kn->mn", A, B), (a, b), backward, "mm")
