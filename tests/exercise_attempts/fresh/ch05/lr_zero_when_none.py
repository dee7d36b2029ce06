# EXERCISE 05.largest_lr
# expect: incorrect: returns 0.0 when nothing converges
def largest_stable_lr(run, lrs):
    good = [lr for lr in lrs if (lambda L: np.all(np.isfinite(L)) and L[-1] < L[0])(run(lr))]
    return max(good, default=0.0)
