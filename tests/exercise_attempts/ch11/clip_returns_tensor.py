# EXERCISE 11.clip_grad_norm
# expect: incorrect: Python number
# Returns the total norm as a Tensor, as the library does, not as a float.
def clip_grad_norm(parameters, max_norm):
    params = [p for p in parameters if p.grad is not None]
    total = math.sqrt(sum(float((p.grad.data ** 2).sum()) for p in params))
    if total > max_norm:
        for p in params:
            p.grad.data *= max_norm / total
    return Tensor(total)
