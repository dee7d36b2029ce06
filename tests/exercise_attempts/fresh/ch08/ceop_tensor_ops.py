# EXERCISE 08.cross_entropy_op
# expect: incorrect: built from several tensor ops, not one record
def cross_entropy_op(logits, target):
    z = logits - logits.data.max(axis=1, keepdims=True)
    logp = z - z.exp().sum(dim=1, keepdims=True).log()
    return -logp[np.arange(len(target)), target].mean()
