# EXERCISE 13.sinusoidal
# expect: incorrect: floating-point
# The table is made of integers, so every sine and cosine is truncated as it is stored.
def sinusoidal_positions(T, E):
    P = np.zeros((T, E), dtype=int)
    angles = np.arange(T)[:, None] / 10000 ** (np.arange(0, E, 2) / E)
    P[:, 0::2] = np.sin(angles)
    P[:, 1::2] = np.cos(angles)
    return P
