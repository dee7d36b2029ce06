# EXERCISE 08.cross_entropy
# expect: incorrect: one shift for the whole batch
def cross_entropy(logits, target):
    z = logits - logits.data.max()
    logp = z - z.exp().sum(dim=1, keepdims=True).log()
    return -logp[np.arange(len(target)), target].mean()
