# EXERCISE 08.accuracy
# expect: incorrect: no class above probability 0.5
# From the blind attempts of issue 22 (fresh/ch08/acc_softmax_threshold.py):
# counts a row right when its true class gets probability above 0.5.
def accuracy(logits, target):
    z = logits.data - logits.data.max(axis=1, keepdims=True)
    p = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)
    return float((p[np.arange(len(target)), target] > 0.5).mean())
