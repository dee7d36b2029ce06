# EXERCISE 05.largest_lr
# expect: incorrect: an inf on the way is not noticed when the last loss is small
def largest_stable_lr(run, lrs):
    good = [lr for lr in lrs if (lambda L: L[-1] < L[0])(run(lr))]
    return max(good) if good else None
