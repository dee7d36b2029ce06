# EXERCISE 11.warmup_cosine
# expect: correct
# Three explicit phases.
def warmup_cosine(step, total_steps, warmup_steps, base_lr, min_lr=0.0):
    if step >= total_steps:
        return float(min_lr)
    if step < warmup_steps:
        fraction = (step + 1) / warmup_steps
        return float(base_lr * fraction)
    t = step - warmup_steps
    T = total_steps - warmup_steps
    cosine = math.cos(math.pi * t / T)
    return float(min_lr + (base_lr - min_lr) * (cosine + 1) / 2)
