# EXERCISE 05.largest_lr
# expect: incorrect: checks only the last loss for being finite
def largest_stable_lr(run, lrs):
    good = []
    for lr in lrs:
        L = run(lr)
        if np.isfinite(L[-1]) and L[-1] < L[0]:
            good.append(lr)
    return max(good) if good else None
