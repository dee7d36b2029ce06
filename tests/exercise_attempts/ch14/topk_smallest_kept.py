# EXERCISE 14.top_k
# expect: mistake: top_k_smallest
def sample_probabilities(logits, temperature, top_k):
    z = logits / temperature
    if top_k is not None:
        z[np.argsort(z)[top_k:]] = -np.inf
    e = np.exp(z - z.max())
    return e / e.sum()
