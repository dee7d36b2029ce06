# EXERCISE 14.top_k
# expect: mistake: top_k_keeps_one_fewer
def sample_probabilities(logits, temperature, top_k):
    z = np.array(logits, dtype=float)
    if top_k is not None:
        kth = np.sort(z)[-top_k]
        z[z <= kth] = -np.inf
    z = z / temperature
    e = np.exp(z - z.max())
    return e / e.sum()
