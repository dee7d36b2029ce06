# EXERCISE 11.warmup_cosine
# expect: incorrect: divides by warmup_steps even when it is 0
def warmup_cosine(step, total_steps, warmup_steps, base_lr, min_lr=0.0):
    ramp = min(1.0, (step + 1) / warmup_steps)
    if step < warmup_steps:
        return float(base_lr * ramp)
    if step >= total_steps:
        return float(min_lr)
    t, T = step - warmup_steps, total_steps - warmup_steps
    return float(min_lr + (base_lr - min_lr) * (1 + math.cos(math.pi * t / T)) / 2)
