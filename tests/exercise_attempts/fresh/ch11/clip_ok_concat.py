# EXERCISE 11.clip_grad_norm
# expect: correct
def clip_grad_norm(parameters, max_norm):
    params = [p for p in list(parameters) if p.grad is not None]
    if not params:
        return 0.0
    flat = np.concatenate([p.grad.data.ravel() for p in params])
    norm = float(np.linalg.norm(flat))
    if norm > max_norm:
        for p in params:
            np.multiply(p.grad.data, max_norm / norm, out=p.grad.data)
    return norm
