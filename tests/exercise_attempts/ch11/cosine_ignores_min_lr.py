# EXERCISE 11.warmup_cosine
# expect: mistake: cosine_ignores_min_lr
# Adds min_lr on top of the full cosine, so the rate starts above base_lr.
def warmup_cosine(step, total_steps, warmup_steps, base_lr, min_lr=0.0):
    if step < warmup_steps:
        return base_lr * (step + 1) / warmup_steps
    if step >= total_steps:
        return min_lr
    t, T = step - warmup_steps, total_steps - warmup_steps
    return min_lr + base_lr * (1 + math.cos(math.pi * t / T)) / 2
