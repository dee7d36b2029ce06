# EXERCISE 08.cross_entropy
# expect: incorrect: log of a softmax: -inf when a probability underflows
def cross_entropy(logits, target):
    m = logits.data.max(axis=1, keepdims=True)
    e = (logits - m).exp()
    p = e / e.sum(dim=1, keepdims=True)
    return -p.log()[np.arange(len(target)), target].mean()
