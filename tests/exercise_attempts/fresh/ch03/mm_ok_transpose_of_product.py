# EXERCISE 03.mm
# expect: correct
def mm(a, b):
    A, B = a.data, b.data
    # (B g^T)^T is g B^T; (g^T A)^T is A^T g
    return record(np.matmul(A, B), (a, b), lambda g: ((B @ g.T).T, (g.T @ A).T), "mm")
