# EXERCISE 11.clip_grad_norm
# expect: mistake: clip_epsilon
# One long vector with np.concatenate; the factor with PyTorch's 1e-6 safety term, which
# the text does not ask for (it shows only for tiny norms).
def clip_grad_norm(parameters, max_norm):
    with_grads = [p for p in parameters if p.grad is not None]
    flat = np.concatenate([p.grad.data.ravel() for p in with_grads])
    total = float(np.linalg.norm(flat))
    factor = max_norm / (total + 1e-6)
    if factor < 1:
        for p in with_grads:
            p.grad.data[...] = p.grad.data * factor
    return total
