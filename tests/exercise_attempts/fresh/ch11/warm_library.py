# EXERCISE 11.warmup_cosine
# expect: incorrect: reads the rate off the library's schedules
def warmup_cosine(step, total_steps, warmup_steps, base_lr, min_lr=0.0):
    opt = mg.optim.SGD([nn.Parameter(np.zeros(1))], lr=base_lr)
    sched = mg.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=total_steps - warmup_steps,
                                                    eta_min=min_lr)
    if step < warmup_steps:
        return float(base_lr * (step + 1) / warmup_steps)
    for _ in range(min(step, total_steps) - warmup_steps):
        opt.step()
        sched.step()
    return float(opt.param_groups[0]["lr"])
