# EXERCISE 08.cross_entropy
# expect: incorrect: averages over every entry of the masked table (divides by N*C)
def cross_entropy(logits, target):
    N, C = logits.shape
    onehot = np.eye(C)[target]
    z = logits - logits.data.max(axis=1, keepdims=True)
    logp = z - z.exp().sum(dim=1, keepdims=True).log()
    return -(logp * onehot).mean()
