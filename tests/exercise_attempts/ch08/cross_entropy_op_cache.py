# EXERCISE 08.cross_entropy_op
# expect: incorrect: the global `CACHE`
# Caches the log-probabilities in a global between forward and backward.
CACHE = {}


def cross_entropy_op(logits, target):
    n = logits.shape[0]
    L = logits.data - logits.data.max(axis=1, keepdims=True)
    CACHE["logp"] = L - np.log(np.exp(L).sum(axis=1, keepdims=True))

    def backward(g):
        grad = np.exp(CACHE["logp"])
        grad[np.arange(n), target] -= 1
        return (g * grad / n,)

    return record(np.asarray(-CACHE["logp"][np.arange(n), target].mean()), (logits,),
                  backward, "cross_entropy")
