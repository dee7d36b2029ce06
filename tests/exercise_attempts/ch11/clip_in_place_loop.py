# EXERCISE 11.clip_grad_norm
# expect: correct
# Collects the gradients first, then scales each one's array in place.
def clip_grad_norm(parameters, max_norm):
    grads = [p.grad for p in parameters if p.grad is not None]
    total = float(np.sqrt(sum((g.data ** 2).sum() for g in grads)))
    if total > max_norm:
        factor = max_norm / total
        for g in grads:
            np.multiply(g.data, factor, out=g.data)
    return total
