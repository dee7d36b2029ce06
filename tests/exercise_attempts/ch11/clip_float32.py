# EXERCISE 11.clip_grad_norm
# expect: incorrect: what float32 (about 7 digits) leaves behind
# From the blind attempts of issue 22 (fresh/ch11/clip_float32.py):
# the norm in float32.
def clip_grad_norm(parameters, max_norm):
    grads = [p.grad for p in parameters if p.grad is not None]
    total = float(np.sqrt(sum((g.data.astype(np.float32) ** 2).sum() for g in grads)))
    if total > max_norm:
        for g in grads:
            g.data *= max_norm / total
    return total
