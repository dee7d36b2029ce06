# EXERCISE 13.sinusoidal
# expect: incorrect: exponent i / E instead of 2i / E
def sinusoidal_positions(T, E):
    t = np.arange(T)[:, None]
    freq = 1.0 / 10000 ** (np.arange(E // 2) / E)
    P = np.zeros((T, E))
    P[:, 0::2] = np.sin(t * freq)
    P[:, 1::2] = np.cos(t * freq)
    return P
