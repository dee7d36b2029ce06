# EXERCISE 05.largest_lr
# expect: incorrect: every loss must be finite
# Checks only that the last loss is below the first, not that every loss is finite.
def largest_stable_lr(run, lrs):
    best = None
    for lr in lrs:
        losses = run(lr)
        if losses[-1] < losses[0] and (best is None or lr > best):
            best = lr
    return best
