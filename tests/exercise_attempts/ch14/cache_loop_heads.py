# EXERCISE 14.kv_cache
# expect: correct
def attend_with_cache(q, k, v, keys, values):
    heads, S, d = keys.shape
    new_keys = np.empty((heads, S + 1, d))
    new_values = np.empty((heads, S + 1, d))
    new_keys[:, :S], new_keys[:, S] = keys, k
    new_values[:, :S], new_values[:, S] = values, v
    out = np.empty((heads, d))
    for h in range(heads):
        s = new_keys[h] @ q[h] / np.sqrt(d)
        p = np.exp(s - s.max())
        out[h] = (p / p.sum()) @ new_values[h]
    return out, new_keys, new_values
