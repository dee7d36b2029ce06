# EXERCISE 14.top_k
# expect: mistake: top_k_not_renormalised
def sample_probabilities(logits, temperature, top_k):
    z = logits / temperature
    p = np.exp(z - z.max())
    p = p / p.sum()
    if top_k is not None:
        p[np.argsort(p)[:-top_k]] = 0.0
    return p
