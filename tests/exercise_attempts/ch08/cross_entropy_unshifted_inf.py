# EXERCISE 08.cross_entropy
# expect: mistake: cross_entropy_naive
# Log-sum-exp without the max shift: overflows (to inf here rather than nan).
def cross_entropy(logits, target):
    lse = logits.exp().sum(1, keepdims=True).log()
    picked = logits[np.arange(len(target)), target]
    return (lse.reshape(len(target)) - picked).mean()
