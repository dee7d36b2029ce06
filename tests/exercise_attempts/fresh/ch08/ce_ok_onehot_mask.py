# EXERCISE 08.cross_entropy
# expect: correct
def cross_entropy(logits, target):
    N, C = logits.shape
    onehot = np.zeros((N, C))
    onehot[np.arange(N), np.asarray(target)] = 1.0
    z = logits - logits.data.max(axis=1, keepdims=True)
    logp = z - z.exp().sum(1, keepdim=True).log()
    return (logp * onehot).sum() * (-1.0 / N)
