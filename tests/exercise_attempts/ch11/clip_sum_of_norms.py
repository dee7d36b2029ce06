# EXERCISE 11.clip_grad_norm
# expect: incorrect: `total norm (returned)` has the wrong value
# Adds up the norms of the gradients instead of taking the norm of all of them together.
def clip_grad_norm(parameters, max_norm):
    params = [p for p in parameters if p.grad is not None]
    total = sum(float(np.linalg.norm(p.grad.data)) for p in params)
    if total > max_norm:
        for p in params:
            p.grad.data *= max_norm / total
    return total
