# EXERCISE 13.sinusoidal
# expect: mistake: sinusoidal_pair_exponent
# Pair i's frequency written 10000^(i/E) instead of 10000^(2i/E).
def sinusoidal_positions(T, E):
    t = np.arange(T)[:, None]
    i = np.arange(E // 2)[None, :]
    angle = t / 10000 ** (i / E)
    P = np.zeros((T, E))
    P[:, 0::2] = np.sin(angle)
    P[:, 1::2] = np.cos(angle)
    return P
