# EXERCISE 11.clip_grad_norm
# expect: incorrect: gradients afterwards
# Divides by the total norm but forgets to multiply by max_norm: clips to length 1.
def clip_grad_norm(parameters, max_norm):
    params = [p for p in parameters if p.grad is not None]
    total = math.sqrt(sum(float((p.grad.data ** 2).sum()) for p in params))
    if total > max_norm:
        for p in params:
            p.grad.data /= total
    return total
