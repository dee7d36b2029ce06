# EXERCISE 08.softmax
# expect: correct
# exp(z - m - log Σ exp(z - m)): one division fewer.
def softmax(logits):
    shift = logits - Tensor(np.max(logits.data, axis=-1, keepdims=True))
    log_norm = shift.exp().sum(dim=-1, keepdims=True).log()
    return (shift - log_norm).exp()
