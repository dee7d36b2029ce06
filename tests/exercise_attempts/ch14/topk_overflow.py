# EXERCISE 14.top_k
# expect: mistake: top_k_naive_softmax
def sample_probabilities(logits, temperature, top_k):
    z = logits / temperature
    if top_k is not None:
        z[np.argsort(z)[:-top_k]] = -np.inf
    e = np.exp(z)
    return e / e.sum()
