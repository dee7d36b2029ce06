# EXERCISE 11.warmup_cosine
# expect: incorrect: a full cosine, not halved and shifted
def warmup_cosine(step, total_steps, warmup_steps, base_lr, min_lr=0.0):
    if step < warmup_steps:
        return float(base_lr * (step + 1) / warmup_steps)
    if step >= total_steps:
        return float(min_lr)
    t, T = step - warmup_steps, total_steps - warmup_steps
    return float(min_lr + (base_lr - min_lr) * math.cos(math.pi * t / T))
