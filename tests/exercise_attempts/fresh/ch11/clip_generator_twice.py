# EXERCISE 11.clip_grad_norm
# expect: incorrect: walks the generator twice, so nothing is clipped
def clip_grad_norm(parameters, max_norm):
    total = math.sqrt(sum(float((p.grad.data ** 2).sum()) for p in parameters if p.grad is not None))
    if total > max_norm:
        for p in parameters:
            if p.grad is not None:
                p.grad.data *= max_norm / total
    return total
