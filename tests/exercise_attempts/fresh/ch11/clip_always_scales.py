# EXERCISE 11.clip_grad_norm
# expect: incorrect: scales every time, stretching small gradients up to max_norm
def clip_grad_norm(parameters, max_norm):
    grads = [p.grad for p in parameters if p.grad is not None]
    total = math.sqrt(sum(float((g.data ** 2).sum()) for g in grads))
    for g in grads:
        g.data *= max_norm / total
    return total
