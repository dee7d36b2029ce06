# EXERCISE 11.clip_grad_norm
# expect: incorrect: in place
# (issue 22 escape) Assigns a new gradient Tensor instead of changing .grad in place: code
# that holds the old gradient (an optimizer's buffer, a hook) never sees the clipping.
def clip_grad_norm(parameters, max_norm):
    params = [p for p in parameters if p.grad is not None]
    total = math.sqrt(sum(float((p.grad.data ** 2).sum()) for p in params))
    if total > max_norm:
        for p in params:
            p.grad = p.grad * (max_norm / total)
    return total
