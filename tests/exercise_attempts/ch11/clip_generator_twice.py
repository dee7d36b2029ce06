# EXERCISE 11.clip_grad_norm
# expect: mistake: clip_generator_used_up
# Walks `parameters` twice: fine for a list, but a generator is empty the second time.
def clip_grad_norm(parameters, max_norm):
    total = math.sqrt(sum(float((p.grad.data ** 2).sum())
                          for p in parameters if p.grad is not None))
    if total > max_norm:
        for p in parameters:
            if p.grad is not None:
                p.grad.data *= max_norm / total
    return total
