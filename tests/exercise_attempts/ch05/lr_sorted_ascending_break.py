# EXERCISE 05.largest_lr
# expect: incorrect: a rate that fails says nothing about the larger ones
# From the blind attempts of issue 22 (fresh/ch05/lr_sorted_ascending_break.py):
# stops at the first rate that fails, assuming all larger ones fail too.
def largest_stable_lr(run, lrs):
    best = None
    for lr in sorted(lrs):
        L = run(lr)
        if np.all(np.isfinite(L)) and L[-1] < L[0]:
            best = lr
        else:
            break
    return best
