# EXERCISE 14.top_k
# expect: correct
def sample_probabilities(logits, temperature, top_k):
    z = logits / temperature
    if top_k is not None:
        z = np.where(z >= np.sort(z)[-top_k], z, -np.inf)
    z = z - z.max()
    p = np.exp(z)
    return p / p.sum()
