# EXERCISE 14.kv_cache
# expect: incorrect: changed the array `keys`
def attend_with_cache(q, k, v, keys, values):
    heads, S, d = keys.shape
    keys.resize((heads, S + 1, d), refcheck=False)
    values.resize((heads, S + 1, d), refcheck=False)
    keys[:, S], values[:, S] = k, v
    scores = np.einsum("hd,hsd->hs", q, keys) / math.sqrt(d)
    w = np.exp(scores - scores.max(axis=-1, keepdims=True))
    w = w / w.sum(axis=-1, keepdims=True)
    return np.einsum("hs,hsd->hd", w, values), keys, values
