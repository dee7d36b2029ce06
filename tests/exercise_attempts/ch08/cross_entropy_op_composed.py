# EXERCISE 08.cross_entropy_op
# expect: incorrect: 1
# Tensor operations again instead of one recorded op.
def cross_entropy_op(logits, target):
    m = Tensor(logits.data.max(axis=1, keepdims=True))
    shifted = logits - m
    log_probs = shifted - shifted.exp().sum(1, keepdims=True).log()
    return -log_probs[np.arange(len(target)), target].mean()
