# EXERCISE 11.clip_grad_norm
# expect: incorrect: assigns new gradient Tensors instead of changing them in place
def clip_grad_norm(parameters, max_norm):
    params = [p for p in parameters if p.grad is not None]
    total = math.sqrt(sum(float((p.grad.data ** 2).sum()) for p in params))
    if total > max_norm:
        for p in params:
            p.grad = Tensor(p.grad.data * (max_norm / total))
    return total
