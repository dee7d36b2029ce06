# EXERCISE 05.largest_lr
# expect: incorrect: the last converging rate in list order, not the largest
def largest_stable_lr(run, lrs):
    found = None
    for lr in lrs:
        L = run(lr)
        if np.all(np.isfinite(L)) and L[-1] < L[0]:
            found = lr
    return found
