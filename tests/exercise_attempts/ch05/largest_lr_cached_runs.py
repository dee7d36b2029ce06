# EXERCISE 05.largest_lr
# expect: incorrect: the global `RUNS`
# Caches every run by its learning rate, so a run is never trained twice.
RUNS = {}


def largest_stable_lr(run, lrs):
    best = None
    for lr in lrs:
        if lr not in RUNS:
            RUNS[lr] = run(lr)
        losses = RUNS[lr]
        if np.all(np.isfinite(losses)) and losses[-1] < losses[0]:
            best = lr if best is None else max(best, lr)
    return best
