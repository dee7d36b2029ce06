# EXERCISE 08.cross_entropy
# expect: shortcut
def cross_entropy(logits, target):
    logp = logits.log_softmax(dim=1)
    return -logp[np.arange(len(target)), target].mean()
