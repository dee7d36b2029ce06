# EXERCISE 05.largest_lr
# expect: correct
import math


def largest_stable_lr(run, lrs):
    for lr in sorted(lrs, reverse=True):
        L = run(lr)
        if all(math.isfinite(v) for v in L) and L[-1] < L[0]:
            return lr
    return None
