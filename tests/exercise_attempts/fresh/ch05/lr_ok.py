# EXERCISE 05.largest_lr
# expect: correct
def largest_stable_lr(run, lrs):
    best = None
    for lr in lrs:
        losses = run(lr)
        if all(np.isfinite(losses)) and losses[-1] < losses[0]:
            if best is None or lr > best:
                best = lr
    return best
