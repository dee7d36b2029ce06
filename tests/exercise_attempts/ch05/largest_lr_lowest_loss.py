# EXERCISE 05.largest_lr
# expect: mistake: largest_lr_lowest_loss
def largest_stable_lr(run, lrs):
    best, best_loss = None, np.inf
    for lr in lrs:
        losses = run(lr)
        if np.all(np.isfinite(losses)) and losses[-1] < losses[0] and losses[-1] < best_loss:
            best, best_loss = lr, losses[-1]
    return best
