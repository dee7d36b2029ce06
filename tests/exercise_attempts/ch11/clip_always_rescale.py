# EXERCISE 11.clip_grad_norm
# expect: mistake: clip_always
# Rescales to max_norm whatever the norm was.
def clip_grad_norm(parameters, max_norm):
    grads = [p.grad.data for p in parameters if p.grad is not None]
    total = math.sqrt(sum((g ** 2).sum() for g in grads))
    for g in grads:
        g *= max_norm / total
    return total
