# EXERCISE 05.largest_lr
# expect: incorrect: <= lets a flat run count as converged
def largest_stable_lr(run, lrs):
    good = []
    for lr in lrs:
        L = run(lr)
        if np.all(np.isfinite(L)) and L[-1] <= L[0]:
            good.append(lr)
    return max(good) if good else None
