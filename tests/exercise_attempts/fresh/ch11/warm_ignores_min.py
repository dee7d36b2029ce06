# EXERCISE 11.warmup_cosine
# expect: incorrect: decays to 0 whatever min_lr is
def warmup_cosine(step, total_steps, warmup_steps, base_lr, min_lr=0.0):
    if step < warmup_steps:
        return float(base_lr * (step + 1) / warmup_steps)
    if step >= total_steps:
        return 0.0
    t, T = step - warmup_steps, total_steps - warmup_steps
    return float(base_lr * (1 + math.cos(math.pi * t / T)) / 2)
