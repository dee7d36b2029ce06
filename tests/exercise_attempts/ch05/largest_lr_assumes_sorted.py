# EXERCISE 05.largest_lr
# expect: mistake: largest_lr_assumes_sorted
def largest_stable_lr(run, lrs):
    for lr in reversed(lrs):
        losses = run(lr)
        if np.all(np.isfinite(losses)) and losses[-1] < losses[0]:
            return lr
    return None
