# EXERCISE 11.warmup_cosine
# expect: incorrect: (the cosine)
# Starts the clock after the warm-up but keeps T = total_steps, so it never reaches min_lr.
def warmup_cosine(step, total_steps, warmup_steps, base_lr, min_lr=0.0):
    if step < warmup_steps:
        return base_lr * (step + 1) / warmup_steps
    if step >= total_steps:
        return min_lr
    t = step - warmup_steps
    return min_lr + (base_lr - min_lr) * (1 + math.cos(math.pi * t / total_steps)) / 2
