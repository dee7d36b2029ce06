# EXERCISE 11.warmup_cosine
# expect: shortcut
# Steps the library's CosineAnnealingLR on a dummy optimizer to read off the rate.
def warmup_cosine(step, total_steps, warmup_steps, base_lr, min_lr=0.0):
    if step < warmup_steps:
        return base_lr * (step + 1) / warmup_steps
    if step >= total_steps:
        return min_lr
    opt = mg.optim.SGD([Tensor(np.zeros(1), requires_grad=True)], lr=base_lr)
    sched = mg.optim.lr_scheduler.CosineAnnealingLR(opt, total_steps - warmup_steps, min_lr)
    for _ in range(step - warmup_steps):
        sched.step()
    return opt.param_groups[0]["lr"]
