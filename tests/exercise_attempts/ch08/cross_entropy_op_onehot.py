# EXERCISE 08.cross_entropy_op
# expect: correct
# Softmax kept from the forward pass (a copy), one-hot built with np.eye.
def cross_entropy_op(logits, target):
    Z = logits.data
    N, C = Z.shape
    e = np.exp(Z - Z.max(axis=1, keepdims=True))
    probs = e / e.sum(axis=1, keepdims=True)
    onehot = np.eye(C)[target]
    m = Z.max(axis=1)
    loss = np.mean(m + np.log(e.sum(axis=1)) - Z[np.arange(N), target])

    def backward(g):
        return ((probs - onehot) / N * g,)

    return record(np.asarray(loss), (logits,), backward, "cross_entropy")
