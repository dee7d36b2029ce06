# EXERCISE 14.kv_cache
# expect: incorrect: concatenation axis must match
def attend_with_cache(q, k, v, keys, values):
    keys = np.concatenate([keys, k[None, :, :]], axis=0) if keys.size else k[None]
    values = np.concatenate([values, v[None, :, :]], axis=0) if values.size else v[None]
    return v.copy(), keys, values
