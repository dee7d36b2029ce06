# EXERCISE 11.clip_grad_norm
# expect: incorrect: returns the norm after clipping
def clip_grad_norm(parameters, max_norm):
    grads = [p.grad for p in parameters if p.grad is not None]
    total = math.sqrt(sum(float((g.data ** 2).sum()) for g in grads))
    if total > max_norm:
        for g in grads:
            g.data *= max_norm / total
        total = max_norm
    return float(total)
