# EXERCISE 11.warmup_cosine
# expect: incorrect: `rates at steps [0, 5, 30, 60]`[0] has the wrong value
# The warm-up climbs from min_lr, not from 0.
def warmup_cosine(step, total_steps, warmup_steps, base_lr, min_lr=0.0):
    if step < warmup_steps:
        return min_lr + (base_lr - min_lr) * (step + 1) / warmup_steps
    if step >= total_steps:
        return min_lr
    t, T = step - warmup_steps, total_steps - warmup_steps
    return min_lr + (base_lr - min_lr) * (1 + math.cos(math.pi * t / T)) / 2
