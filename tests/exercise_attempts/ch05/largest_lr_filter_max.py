# EXERCISE 05.largest_lr
# expect: correct
import math


def largest_stable_lr(run, lrs):
    def converges(lr):
        losses = run(lr)
        return all(math.isfinite(v) for v in losses) and losses[-1] < losses[0]

    good = [lr for lr in lrs if converges(lr)]
    return max(good) if good else None
