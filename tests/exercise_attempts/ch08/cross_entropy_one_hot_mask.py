# EXERCISE 08.cross_entropy
# expect: correct
# Picks each row's log-probability with a one-hot mask instead of indexing.
def cross_entropy(logits, target):
    N, C = logits.shape
    onehot = np.zeros((N, C))
    onehot[np.arange(N), np.asarray(target)] = 1.0
    z = logits - Tensor(logits.data.max(axis=1, keepdims=True))
    logp = z - z.exp().sum(dim=1, keepdims=True).log()
    return (logp * Tensor(onehot)).sum() * (-1.0 / N)
