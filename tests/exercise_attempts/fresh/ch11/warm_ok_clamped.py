# EXERCISE 11.warmup_cosine
# expect: correct
def warmup_cosine(step, total_steps, warmup_steps, base_lr, min_lr=0.0):
    if warmup_steps and step < warmup_steps:
        return base_lr * (step + 1) / warmup_steps
    progress = min(1.0, (step - warmup_steps) / (total_steps - warmup_steps))
    return float(min_lr + 0.5 * (base_lr - min_lr) * (1.0 + np.cos(np.pi * progress)))
