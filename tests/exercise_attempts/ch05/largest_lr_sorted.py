# EXERCISE 05.largest_lr
# expect: correct
def largest_stable_lr(run, lrs):
    for lr in sorted(lrs, reverse=True):
        losses = run(lr)
        if all(np.isfinite(losses)) and losses[-1] < losses[0]:
            return lr
    return None
