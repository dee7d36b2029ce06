# EXERCISE 11.clip_grad_norm
# expect: mistake: clip_each_tensor
# Clips every gradient by its own norm.
def clip_grad_norm(parameters, max_norm):
    grads = [p.grad for p in parameters if p.grad is not None]
    total = math.sqrt(sum(float((g.data ** 2).sum()) for g in grads))
    for g in grads:
        own = float(np.linalg.norm(g.data))
        if own > max_norm:
            g.data *= max_norm / own
    return total
