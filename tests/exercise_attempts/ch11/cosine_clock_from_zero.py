# EXERCISE 11.warmup_cosine
# expect: mistake: cosine_clock_from_zero
# The cosine counts from step 0, not from the end of the warm-up.
def warmup_cosine(step, total_steps, warmup_steps, base_lr, min_lr=0.0):
    if step < warmup_steps:
        return base_lr * (step + 1) / warmup_steps
    if step >= total_steps:
        return min_lr
    return min_lr + (base_lr - min_lr) * (1 + math.cos(math.pi * step / total_steps)) / 2
