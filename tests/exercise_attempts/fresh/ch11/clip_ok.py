# EXERCISE 11.clip_grad_norm
# expect: correct
def clip_grad_norm(parameters, max_norm):
    grads = [p.grad for p in parameters if p.grad is not None]
    total = math.sqrt(sum(float((g.data ** 2).sum()) for g in grads))
    if total > max_norm:
        scale = max_norm / total
        for g in grads:
            g.data *= scale
    return float(total)
