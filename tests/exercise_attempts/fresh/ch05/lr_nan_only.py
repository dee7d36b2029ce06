# EXERCISE 05.largest_lr
# expect: incorrect: checks for nan but not inf
import math


def largest_stable_lr(run, lrs):
    good = []
    for lr in lrs:
        L = run(lr)
        if not any(math.isnan(v) for v in L) and L[-1] < L[0]:
            good.append(lr)
    return max(good) if good else None
