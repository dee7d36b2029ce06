# EXERCISE 14.top_k
# expect: mistake: temperature_multiplies
def sample_probabilities(logits, temperature, top_k):
    z = logits * temperature
    if top_k is not None:
        z = np.where(z >= np.sort(z)[-top_k], z, -np.inf)
    e = np.exp(z - z.max())
    return e / e.sum()
