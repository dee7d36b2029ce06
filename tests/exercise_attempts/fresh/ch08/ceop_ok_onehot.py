# EXERCISE 08.cross_entropy_op
# expect: correct
def cross_entropy_op(logits, target):
    z = logits.data
    N, C = z.shape
    onehot = np.eye(C)[np.asarray(target)]
    m = z.max(axis=1, keepdims=True)
    lse = m + np.log(np.sum(np.exp(z - m), axis=1, keepdims=True))
    p = np.exp(z - lse)
    loss = float(np.sum((lse - z) * onehot) / N)
    return record(np.asarray(loss), (logits,), lambda g: ((p - onehot) * g / N,), "cross_entropy")
