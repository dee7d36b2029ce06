# EXERCISE 11.warmup_cosine
# expect: mistake: cosine_without_half
# Uses the cosine itself, which goes negative.
def warmup_cosine(step, total_steps, warmup_steps, base_lr, min_lr=0.0):
    if step < warmup_steps:
        return base_lr * (step + 1) / warmup_steps
    if step >= total_steps:
        return min_lr
    t, T = step - warmup_steps, total_steps - warmup_steps
    return min_lr + (base_lr - min_lr) * math.cos(math.pi * t / T)
