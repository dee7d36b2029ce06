# EXERCISE 11.clip_grad_norm
# expect: mistake: clip_values
# Clamps each entry instead of scaling the whole vector.
def clip_grad_norm(parameters, max_norm):
    grads = [p.grad.data for p in parameters if p.grad is not None]
    total = math.sqrt(sum(float((g ** 2).sum()) for g in grads))
    for g in grads:
        np.clip(g, -max_norm, max_norm, out=g)
    return total
