# EXERCISE 05.largest_lr
# expect: incorrect: returns the index of the rate
def largest_stable_lr(run, lrs):
    best = None
    for i, lr in enumerate(lrs):
        L = run(lr)
        if np.all(np.isfinite(L)) and L[-1] < L[0] and (best is None or lr > lrs[best]):
            best = i
    return best
