# EXERCISE 08.cross_entropy
# expect: incorrect: forgets the minus
def cross_entropy(logits, target):
    z = logits - logits.data.max(axis=1, keepdims=True)
    logp = z - z.exp().sum(dim=1, keepdims=True).log()
    return logp[np.arange(len(target)), target].mean()
