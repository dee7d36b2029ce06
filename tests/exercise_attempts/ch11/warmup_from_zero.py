# EXERCISE 11.warmup_cosine
# expect: mistake: warmup_from_zero
# The warm-up starts at 0 instead of base_lr / warmup_steps.
def warmup_cosine(step, total_steps, warmup_steps, base_lr, min_lr=0.0):
    if step < warmup_steps:
        return base_lr * step / warmup_steps
    if step >= total_steps:
        return min_lr
    t, T = step - warmup_steps, total_steps - warmup_steps
    return min_lr + (base_lr - min_lr) * (1 + math.cos(math.pi * t / T)) / 2
