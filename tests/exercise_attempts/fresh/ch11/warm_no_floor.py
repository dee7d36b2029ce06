# EXERCISE 11.warmup_cosine
# expect: incorrect: past total_steps the cosine climbs back up
def warmup_cosine(step, total_steps, warmup_steps, base_lr, min_lr=0.0):
    if step < warmup_steps:
        return float(base_lr * (step + 1) / warmup_steps)
    t, T = step - warmup_steps, total_steps - warmup_steps
    return float(min_lr + (base_lr - min_lr) * (1 + math.cos(math.pi * t / T)) / 2)
