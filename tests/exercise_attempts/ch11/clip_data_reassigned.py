# EXERCISE 11.clip_grad_norm
# expect: correct
# Gives each gradient Tensor a new, scaled array (the Tensor itself stays the same).
def clip_grad_norm(parameters, max_norm):
    params = list(parameters)
    total = math.sqrt(sum(float(np.vdot(p.grad.data, p.grad.data))
                          for p in params if p.grad is not None))
    if total > max_norm:
        for p in params:
            if p.grad is not None:
                p.grad.data = p.grad.data * (max_norm / total)
    return total
