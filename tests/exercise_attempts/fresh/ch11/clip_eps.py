# EXERCISE 11.clip_grad_norm
# expect: incorrect: divides by the norm plus 1e-6
def clip_grad_norm(parameters, max_norm):
    grads = [p.grad for p in parameters if p.grad is not None]
    total = math.sqrt(sum(float((g.data ** 2).sum()) for g in grads))
    if total > max_norm:
        for g in grads:
            g.data *= max_norm / (total + 1e-6)
    return total
