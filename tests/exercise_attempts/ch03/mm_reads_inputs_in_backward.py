# EXERCISE 03.mm
# expect: correct
# Reads the inputs' arrays inside backward (the tensors themselves are captured).
def mm(a, b):
    def backward(grad):
        return np.matmul(grad, b.data.T), np.matmul(a.data.T, grad)

    return record(np.matmul(a.data, b.data), (a, b), backward, "mm")
