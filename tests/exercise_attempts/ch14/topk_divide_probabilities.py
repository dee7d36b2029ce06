# EXERCISE 14.top_k
# expect: mistake: temperature_after_softmax
def sample_probabilities(logits, temperature, top_k):
    z = logits.copy()
    if top_k is not None:
        z[np.argsort(z)[:-top_k]] = -np.inf
    e = np.exp(z - z.max())
    return e / e.sum() / temperature
