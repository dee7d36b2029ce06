# EXERCISE 11.clip_grad_norm
# expect: incorrect: does not skip parameters without a gradient
def clip_grad_norm(parameters, max_norm):
    params = list(parameters)
    total = math.sqrt(sum(float((p.grad.data ** 2).sum()) for p in params))
    if total > max_norm:
        for p in params:
            p.grad.data *= max_norm / total
    return total
