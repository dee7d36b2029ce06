# EXERCISE 11.clip_grad_norm
# expect: incorrect: clips each gradient by its own norm
def clip_grad_norm(parameters, max_norm):
    params = [p for p in parameters if p.grad is not None]
    total = math.sqrt(sum(float((p.grad.data ** 2).sum()) for p in params))
    for p in params:
        n = float(np.linalg.norm(p.grad.data))
        if n > max_norm:
            p.grad.data *= max_norm / n
    return total
