# EXERCISE 14.top_k
# expect: mistake: top_k_cut_to_zero
def sample_probabilities(logits, temperature, top_k):
    z = np.array(logits, dtype=float)
    if top_k is not None:
        z[np.argsort(z)[:-top_k]] = 0.0
    z = z / temperature
    e = np.exp(z - z.max())
    return e / e.sum()
