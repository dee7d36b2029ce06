# EXERCISE 11.clip_grad_norm
# expect: incorrect: in place
# Replaces each .grad with a scaled copy instead of scaling in place.
def clip_grad_norm(parameters, max_norm):
    params = list(parameters)
    squares = 0.0
    for p in params:
        if p.grad is not None:
            squares += (p.grad.data ** 2).sum()
    total = math.sqrt(squares)
    if total > max_norm:
        scale = max_norm / total
        for p in params:
            if p.grad is not None:
                p.grad = Tensor(p.grad.data * scale)
    return total
