# EXERCISE 11.warmup_cosine
# expect: incorrect: the cosine's clock starts at step 0, not at the end of the warm-up
def warmup_cosine(step, total_steps, warmup_steps, base_lr, min_lr=0.0):
    if step < warmup_steps:
        return float(base_lr * (step + 1) / warmup_steps)
    if step >= total_steps:
        return float(min_lr)
    return float(min_lr + (base_lr - min_lr) * (1 + math.cos(math.pi * step / total_steps)) / 2)
